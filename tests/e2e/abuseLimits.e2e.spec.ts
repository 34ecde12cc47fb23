import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import { checkPage, describeBrowser, openPageAs, useBrowserApp } from './harness.ts';
import { createCommunity, ok, registerAuthor, type Member } from './api.ts';
import { inFrench } from './frenchText.ts';

/**
 * Issue 17 §5 in the browser: what a pupil reads when an abuse limit refuses
 * them, in French, from the server's message code. The server runs with a
 * 1 MB community share and 2 searches a minute (a search from the page is one
 * request, its results with their pager), so the limits are reached in a few steps.
 */

const admin = { userName: 'directrice', password: 'admin-pass1' };
const keys = { registrationKey: 'eleves-5b', managerRegistrationKey: 'profs-5b' };

/** The French text of `code` with its wait replaced by a pattern: the seconds depend on the moment. */
const withAnyWait = (code: 'limits.tooManySearches') =>
  new RegExp(
    `^${inFrench(code, { seconds: '999' })
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('999', '\\d+')}$`,
  );

describeBrowser('abuse limits: the refusals a pupil reads', () => {
  const app = useBrowserApp({ admin, env: { BUILDON_COMMUNITY_QUOTA_MB: '1', BUILDON_SEARCHES_PER_MINUTE: '2' } });
  let community: CommunityAdmin;
  let pupil: Member;
  let noteId = '';

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, { title: 'Sciences 5e B', ...keys });
    pupil = await registerAuthor(app.url, 'lina', 'lina-pass1', community._id, keys.registrationKey);
    const viewId = community.views[0] ?? '';
    const reply = await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, pupil.token, 'POST', {
      type: 'Note',
      placement: { viewId, x: 80, y: 80 },
    });
    noteId = reply.contribution._id;
    await ok(app.url, `/api/objects/${community._id}/${noteId}`, pupil.token, 'PUT', {
      revision: 0,
      title: 'Mes relevés',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Voici mes relevés de température.' }] }] },
      status: 'active',
    });
  });

  const uploadOnPage = async (page: Page, name: string, size: number) => {
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/upload/'));
    await page.getByTestId('upload-input').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.alloc(size, 7) });
    return (await answered).status();
  };

  it('says in French, in the upload box, that the community has no room left for the file', async () => {
    const page = await openPageAs(app, pupil.token, `/contribution/${noteId}/${community.views[0] ?? ''}`);
    page.setDefaultTimeout(20_000);
    await page.getByTestId('contribution-pane').waitFor();
    await page.getByTestId('tab-edit').click();
    await page.getByTestId('tab-attachments').click();
    expect(await uploadOnPage(page, 'releves-septembre.dat', 700 * 1024)).toBe(201);
    await page.getByTestId('attachment-item').first().waitFor();
    expect(await uploadOnPage(page, 'releves-octobre.dat', 700 * 1024)).toBe(413);
    const error = page.getByTestId('upload-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(
      `Échec de l'envoi du fichier. (${inFrench('limits.communityQuotaFull', { used: 1, quota: 1 })})`,
    );
    expect(await page.getByTestId('attachment-item').count()).toBe(1);
    await checkPage(page, 'limits-community-quota');
    await page.close();
  });

  it('says in French, on the search page, to wait before searching again', async () => {
    const page = await openPageAs(app, pupil.token, `/search/${community._id}`);
    await page.getByTestId('search').waitFor();
    const search = async (words: string) => {
      await page.getByTestId('search-query').fill(words);
      const answered = page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/search'),
      );
      await page.getByTestId('search-submit').click();
      const status = (await answered).status();
      await expect.poll(() => page.getByTestId('search').getAttribute('data-status')).toMatch(/^(searched|noresult|error)$/);
      return status;
    };
    expect(await search('température')).toBe(200);
    expect(await search('relevés')).toBe(200);
    expect(await search('septembre')).toBe(429);
    expect(await page.getByTestId('search').getAttribute('data-status')).toBe('error');
    expect((await page.getByTestId('search-status').textContent())?.trim()).toMatch(withAnyWait('limits.tooManySearches'));
    await checkPage(page, 'limits-searches');
    await page.close();
  });
});
