import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ViewCanvasReply } from '../../contracts/api/views.ts';
import { createCommunity, ok, writtenNote, registerAuthor } from './api.ts';
import { expectNoAxeViolations } from './axeStrict.ts';
import { describeBrowser, expectAccessible, useBrowserApp, type ApiUser, openPageAs } from './harness.ts';

/**
 * Issue 25 §1: a search result is placed in a view without dragging. With the
 * keyboard only, a pupil searches, reaches the result's "Placer dans une
 * perspective…", picks one of the views they may write in (a classmate's
 * protected view is not offered), and places it: the ref lands below what the
 * view holds, the search says so, and the focus is back on the button.
 */
const admin = { userName: 'directeur', password: 'admin-pass1' };
const title = 'Les feuilles vertes';

describeBrowser('placing a search result in a view with the keyboard (issue 25 §1)', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let welcomeId = '';
  let ownViewId = '';
  let noteId = '';
  let pupil: ApiUser;
  let classmate: ApiUser;

  /** A view of `who`, protected (only its authors and the managers write in it). */
  const protectedView = async (who: ApiUser, viewTitle: string) => {
    const id = (
      await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, who.token, 'POST', {
        type: 'View',
        title: viewTitle,
      })
    ).contribution._id;
    await ok(app.url, `/api/objects/${community._id}/${id}/permission`, who.token, 'PUT', { permission: 'protected', group: null });
    return id;
  };

  const refsOf = async (viewId: string) =>
    (await ok<ViewCanvasReply>(app.url, `/api/views/${viewId}/canvas`, pupil.token)).refs.map((ref) => ({
      to: ref.to,
      x: ref.data.x,
      y: ref.data.y,
    }));

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'SVT 5e B',
      registrationKey: 'classe-5b',
      managerRegistrationKey: 'profs-5b',
    });
    welcomeId = community.views[0] ?? '';
    pupil = await registerAuthor(app.url, 'lina', 'lina-pass-1', community._id, 'classe-5b');
    classmate = await registerAuthor(app.url, 'theo', 'theo-pass-1', community._id, 'classe-5b');
    noteId = await writtenNote(app.url, classmate.token, community._id, {
      title,
      viewId: welcomeId,
      x: 100,
      y: 300,
      text: 'La chlorophylle capte la lumière.',
    });
    ownViewId = await protectedView(pupil, 'Mes idées');
    await protectedView(classmate, 'Les idées de Théo');
  });

  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element ? `${element.dataset.testid ?? element.tagName}` : null;
    });

  const tabTo = async (page: Page, wanted: string) => {
    for (let presses = 0; presses < 60; presses++) {
      if ((await focused(page)) === wanted) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`${wanted} never took the focus`);
  };

  it('a pupil places a result in a view of theirs, then in the welcome view, by keyboard only', async () => {
    const page = await openPageAs(app, pupil.token, `/search/${community._id}`);
    await page.getByTestId('search').waitFor();

    await page.locator('body').focus();
    await tabTo(page, 'search-query');
    await page.keyboard.type('chlorophylle');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('search').getAttribute('data-status')).toBe('searched');

    // The result's action, named with the result.
    await tabTo(page, 'search-place');
    const button = page.getByTestId('search-place');
    expect(await button.getAttribute('aria-label')).toBe(`Placer dans une perspective… « ${title} »`);
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('search-place-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('role')).toBe('dialog');
    // Only the views the pupil may write in: the welcome view and their own, not a classmate's protected one.
    const select = page.getByTestId('search-place-view');
    expect(await select.locator('option').allTextContents()).toEqual(['Bienvenue', 'Mes idées']);
    await expectAccessible(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/search-place-dialog.png' });

    await tabTo(page, 'search-place-view');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => select.inputValue()).toBe(ownViewId);
    await tabTo(page, 'search-place-submit');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // Said, focus back on the button, and the ref is in the view (empty before: the server's default spot).
    await expect
      .poll(() => page.getByTestId('search-place-status').textContent())
      .toBe(`« ${title} » est placée dans la perspective « Mes idées ».`);
    await expect.poll(() => focused(page)).toBe('search-place');
    expect(await refsOf(ownViewId)).toEqual([{ to: noteId, x: 100, y: 100 }]);

    // Again, into the welcome view (the dialog remembers the last view chosen): on a free spot the server finds, not on the note there.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await select.inputValue()).toBe(ownViewId);
    await tabTo(page, 'search-place-view');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => select.inputValue()).toBe(welcomeId);
    await tabTo(page, 'search-place-submit');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('search-place-status').textContent())
      .toBe(`« ${title} » est placée dans la perspective « Bienvenue ».`);
    const welcome = await refsOf(welcomeId);
    expect(welcome).toHaveLength(2);
    const [there, placed] = welcome as [{ x: number; y: number }, { to: string; x: number; y: number }];
    expect(placed.to).toBe(noteId);
    // Off the 80×40 icon box of the ref already there.
    expect(placed.x >= there.x + 80 || placed.y >= there.y + 40 || placed.x + 80 <= there.x || placed.y + 40 <= there.y).toBe(true);

    // Escape closes the dialog without placing; the focus comes back too.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('search-place');
    expect(await refsOf(welcomeId)).toHaveLength(2);
    await expectAccessible(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/search-place-done.png' });
    await page.close();
  });
});
