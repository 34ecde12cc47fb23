import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import { createCommunity, ok, registerAuthor, writtenNote, type Member } from './api.ts';
import { findEnglish, visibleStrings } from './frenchText.ts';
import { describeBrowser, openPageAs, screenshots, useBrowserApp } from './harness.ts';

/**
 * Search in the browser, each type and its pages (issue 14 §2): "Notes",
 * "Perspectives", "Annotation" and "Tout" find what their type holds, and a
 * search of 23 notes with 10 a page shows three pages of different notes,
 * the last with 3, every note once. Fixtures through the API; the searching
 * and paging through the page, in French.
 */

const admin = { userName: 'directrice', password: 'admin-pass1' };
const keys = { registrationKey: 'eleves-5b', managerRegistrationKey: 'profs-5b' };
const word = 'volcan';

describeBrowser('search: each type, and pages that really page', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let pupil: Member;
  const noteIds: string[] = [];
  let viewId = '';
  let annotationId = '';

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, { title: 'Géographie 5e B', ...keys });
    pupil = await registerAuthor(app.url, 'eleve-lina', 'lina-pass-1', community._id, keys.registrationKey);
    const welcome = community.views[0] ?? '';
    for (let i = 0; i < 23; i++) {
      noteIds.push(
        await writtenNote(app.url, pupil.token, community._id, {
          title: `Éruption ${String(i + 1).padStart(2, '0')}`,
          viewId: welcome,
          x: 40 + (i % 6) * 160,
          y: 40 + Math.floor(i / 6) * 120,
          text: `Le ${word} numéro ${i + 1} crache de la lave.`,
        }),
      );
    }
    const view = await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, pupil.token, 'POST', {
      type: 'View',
      title: `Les ${word}s du monde`,
    });
    viewId = view.contribution._id;
    const annotation = await ok<{ _id: string }>(
      app.url,
      `/api/objects/${community._id}/${noteIds[0] ?? ''}/annotations`,
      pupil.token,
      'POST',
      { ranges: [{ start: 0, end: 2 }], quote: 'Le', text: `Ce ${word} est en Islande ?`, permission: 'protected' },
    );
    annotationId = annotation._id;
  });

  const search = async (page: Page, type: string) => {
    await page.getByLabel('Type').selectOption(type);
    await page.getByTestId('search-query').fill(word);
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/search'),
    );
    await page.getByTestId('search-submit').click();
    await answered;
    await expect.poll(() => page.getByTestId('search').getAttribute('data-status')).toBe('searched');
  };
  const shownIds = (page: Page) =>
    page.getByTestId('search-result').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id') ?? ''));

  it('finds notes, views and annotations each under its own type, and all but annotations under "Tout"', async () => {
    const page = await openPageAs(app, pupil.token, `/search/${community._id}`);
    await page.getByTestId('search-query').waitFor();

    await search(page, 'view');
    expect(await shownIds(page)).toEqual([viewId]);
    await search(page, 'annotation');
    expect(await shownIds(page)).toEqual([annotationId]);
    await search(page, 'main_search');
    expect(await page.getByTestId('search-status').textContent()).toBe('Résultats : 24');
    expect(new Set(await shownIds(page))).toEqual(new Set([...noteIds, viewId]));
    await screenshots(page, 'search-types');
    // The query's tokens are the spec's syntax, shown as they are typed.
    const tokens = ['-author:', '-view:', '-from:', '-to:', '-private', '-type:', '-scaffold:', '-searchMode:title'];
    expect(findEnglish(await visibleStrings(page), 'search types', ['Géographie 5e B', 'eleve-lina', word, ...tokens])).toEqual([]);
  });

  it('pages 23 notes by 10: three pages of different notes, every note once', async () => {
    const page = await openPageAs(app, pupil.token, `/search/${community._id}`);
    await page.getByTestId('search-query').waitFor();
    await page.getByTestId('search-advanced').locator('summary').click();
    await page.getByLabel('Taille de page').selectOption('10');
    await search(page, 'notes');
    expect(await page.getByTestId('search-status').textContent()).toBe('Résultats : 23');
    const seen: string[][] = [await shownIds(page)];
    for (const expected of [2, 3]) {
      const before = seen.at(-1)?.[0];
      await page.getByTestId('search-next').click();
      await expect.poll(async () => (await shownIds(page))[0]).not.toBe(before);
      await expect.poll(() => page.getByTestId('search-pager').textContent()).toContain(`Page ${expected} sur 3`);
      seen.push(await shownIds(page));
    }
    expect(seen.map((ids) => ids.length)).toEqual([10, 10, 3]);
    expect(new Set(seen.flat())).toEqual(new Set(noteIds));
    expect(await page.getByTestId('search-next').isDisabled()).toBe(true);
  });
});
