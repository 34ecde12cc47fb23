import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ViewCanvasReply } from '../../contracts/api/views.ts';
import { createCommunity, ok, refByTitle, waitForLive, writtenNote, registerAuthor } from './api.ts';
import { describeBrowser, expectAccessible, useBrowserApp, type ApiUser, openPageAs } from './harness.ts';

/**
 * Issue 25 §3: the discussion for screen readers. One toggle in the toolbar
 * shows the view as a list by thread (build-ons under what they build on,
 * then by date), walked with the keyboard as a tree, live like the canvas,
 * kept per view; classmates' moves are announced on the canvas, batched.
 */
const admin = { userName: 'directeur', password: 'admin-pass1' };

describeBrowser('the list view and the announcement of moves (issue 25 §3)', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let pupil: ApiUser;
  let classmate: ApiUser;

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'CM1 Les plantes',
      registrationKey: 'classe-cm1',
      managerRegistrationKey: 'maitres-cm1',
    });
    viewId = community.views[0] ?? '';
    pupil = await registerAuthor(app.url, 'ines', 'ines-pass-1', community._id, 'classe-cm1');
    classmate = await registerAuthor(app.url, 'malik', 'malik-pass-1', community._id, 'classe-cm1');
    // Written in this order: two threads, the second started first on the canvas's right.
    const graine = await writtenNote(app.url, pupil.token, community._id, { title: 'La graine', viewId, x: 120, y: 120 });
    await writtenNote(app.url, classmate.token, community._id, { title: 'Les racines', viewId, x: 120, y: 420 });
    const germe = await writtenNote(app.url, classmate.token, community._id, { title: 'Elle germe', viewId, x: 0, y: 0, buildsOn: graine });
    await writtenNote(app.url, pupil.token, community._id, { title: 'Il lui faut de l’eau', viewId, x: 0, y: 0, buildsOn: germe });
    await writtenNote(app.url, pupil.token, community._id, { title: 'Et du soleil', viewId, x: 0, y: 0, buildsOn: graine });
  });

  const active = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return { testId: element?.dataset.testid ?? null, title: element?.dataset.title ?? null };
    });
  /** The rows as the keyboard meets them: [title, level]. */
  const rows = (page: Page) =>
    page
      .getByTestId('thread-item')
      .evaluateAll((items) => items.map((item) => [(item as HTMLElement).dataset.title, Number(item.getAttribute('aria-level'))]));

  const openView = async () => {
    const page = await openPageAs(app, pupil.token, `/view/${viewId}`);
    await page.locator('[data-testid="view-page"]').waitFor();
    await waitForLive(page);
    return page;
  };

  it('one toggle shows the view as threads; the tree is one Tab stop, arrows walk it, Enter opens the note', async () => {
    const page = await openView();
    await refByTitle(page, 'La graine').waitFor();
    const toggle = page.getByRole('button', { name: 'Liste par fil de discussion' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');

    const tree = page.getByRole('tree');
    await tree.waitFor();
    expect(await page.getByTestId('canvas').count()).toBe(0);
    expect(await rows(page)).toEqual([
      ['La graine', 1],
      ['Elle germe', 2],
      ['Il lui faut de l’eau', 3],
      ['Et du soleil', 2],
      ['Les racines', 1],
    ]);
    // Each row says what the card shows: title, type, authors, date, read state.
    const germe = page.getByRole('treeitem', { name: /^Elle germe \(/ });
    const name = (await germe.getAttribute('aria-label')) ?? '';
    expect(name).toContain('Note');
    expect(name).toContain('par Test malik');
    expect(name).toMatch(/écrite le \d/);
    expect(name).toContain('non lue');
    expect(await page.locator('[role="treeitem"][tabindex="0"]').count()).toBe(1);
    await expectAccessible(page);

    // Tab from the toolbar reaches the tree's first row; the arrows walk it.
    await page.keyboard.press('Tab');
    for (let tabs = 0; tabs < 30 && (await active(page)).testId !== 'thread-item'; tabs++) await page.keyboard.press('Tab');
    expect(await active(page)).toEqual({ testId: 'thread-item', title: 'La graine' });
    const path: [string, string][] = [
      ['ArrowDown', 'Elle germe'],
      ['ArrowRight', 'Il lui faut de l’eau'],
      ['ArrowLeft', 'Elle germe'],
      ['ArrowUp', 'La graine'],
      ['End', 'Les racines'],
      ['Home', 'La graine'],
    ];
    for (const [key, title] of path) {
      await page.keyboard.press(key);
      expect((await active(page)).title, key).toBe(title);
    }
    // Left on an open thread closes it: its build-ons leave the rows; Right opens it again.
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('treeitem', { name: /^La graine/ }).getAttribute('aria-expanded')).toBe('false');
    expect((await rows(page)).map(([title]) => title)).toEqual(['La graine', 'Les racines']);
    await page.keyboard.press('ArrowRight');
    expect((await rows(page)).length).toBe(5);

    await page.keyboard.press('ArrowDown');
    // A note open 1.2 s counts as read (ContributionPane): the pupil reads it before closing it.
    const markedRead = page.waitForResponse((response) => response.url().includes('/api/records/read/') && response.ok());
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Elle germe' });
    await dialog.waitFor();
    await expect.poll(() => active(page)).toMatchObject({ testId: 'window-title' });
    await expectAccessible(page);
    await markedRead;
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await active(page)).toEqual({ testId: 'thread-item', title: 'Elle germe' });
    // Read now: the row says so (live, from the same query as the canvas).
    await expect.poll(() => page.getByRole('treeitem', { name: /^Elle germe \(/ }).getAttribute('data-read')).toBe('read');
  });

  it('is kept per view in this browser, and live: a classmate’s note appears in its thread and is announced', async () => {
    const page = await openView();
    await page.getByRole('button', { name: 'Liste par fil de discussion' }).click();
    await page.getByRole('tree').waitFor();
    // Opened again, the view comes back as a list.
    await page.reload();
    await page.getByRole('tree').waitFor();
    await waitForLive(page);
    expect(await page.getByRole('button', { name: 'Liste par fil de discussion' }).getAttribute('aria-pressed')).toBe('true');

    const racines = (await ok<ViewCanvasReply>(app.url, `/api/views/${viewId}/canvas`, pupil.token)).refs.find(
      (ref) => ref._to.title === 'Les racines',
    );
    await writtenNote(app.url, classmate.token, community._id, { title: 'Elles boivent', viewId, x: 0, y: 0, buildsOn: racines?.to ?? '' });
    await expect.poll(() => rows(page)).toContainEqual(['Elles boivent', 2]);
    expect((await rows(page)).at(-1)).toEqual(['Elles boivent', 2]);
    await expect
      .poll(() => page.getByTestId('list-announcement').textContent(), { timeout: 10_000 })
      .toContain('a ajouté « Elles boivent »');

    // Back to the canvas: the toggle again.
    await page.getByRole('button', { name: 'Liste par fil de discussion' }).click();
    await refByTitle(page, 'La graine').waitFor();
    expect(await page.getByRole('tree').count()).toBe(0);
  });

  it('says on the canvas that a classmate moved notes, batched; not the pupil’s own moves', async () => {
    const page = await openView();
    await refByTitle(page, 'La graine').waitFor();
    const canvas = await ok<ViewCanvasReply>(app.url, `/api/views/${viewId}/canvas`, classmate.token);
    const refOf = (title: string) => canvas.refs.find((ref) => ref._to.title === title)?._id ?? '';

    await ok(app.url, `/api/links/${refOf('Les racines')}`, classmate.token, 'PUT', { data: { x: 600, y: 420 } });
    await expect
      .poll(() => page.getByTestId('canvas-announcement').textContent(), { timeout: 10_000 })
      .toContain('Test malik a déplacé « Les racines »');

    // Two notes moved together: one sentence.
    await ok(app.url, `/api/links/${refOf('La graine')}`, classmate.token, 'PUT', { data: { x: 600, y: 120 } });
    await ok(app.url, `/api/links/${refOf('Elle germe')}`, classmate.token, 'PUT', { data: { x: 600, y: 260 } });
    await expect
      .poll(() => page.getByTestId('canvas-announcement').textContent(), { timeout: 10_000 })
      .toContain('Test malik a déplacé 2 contributions : ');

    // The pupil's own move (from another tab of hers) is not a classmate's: in the same batch as Malik's, only his is said.
    await ok(app.url, `/api/links/${refOf('Et du soleil')}`, pupil.token, 'PUT', { data: { x: 300, y: 600 } });
    await ok(app.url, `/api/links/${refOf('Il lui faut de l’eau')}`, classmate.token, 'PUT', { data: { x: 300, y: 700 } });
    await expect
      .poll(() => page.getByTestId('canvas-announcement').textContent(), { timeout: 10_000 })
      .toMatch(/^Test malik a déplacé « Il lui faut de l’eau »\.\s?$/);
  });
});
