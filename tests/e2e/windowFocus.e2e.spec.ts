import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import { createCommunity, refByTitle, waitForLive, writtenNote, registerAuthor } from './api.ts';
import { describeBrowser, expectAccessible, useBrowserApp, type ApiUser, openPageAs } from './harness.ts';

/**
 * Issue 25 §2: note and view windows are labelled non-modal dialogs. Opening,
 * making a new note or building on one moves focus into the window (its
 * title field or heading); Escape closes it; focus goes back to the card or
 * control that opened it, never to <body>; what a window covers cannot take
 * focus, on a laptop and on a phone.
 */
const admin = { userName: 'directeur', password: 'admin-pass1' };

describeBrowser('windows and the keyboard focus (issue 25 §2)', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let pupil: ApiUser;

  // At 1280×800 a window opens over x 288–992 of the screen: the left column shows, the right one is covered.
  const grid = [
    { title: 'La graine', x: 120, y: 120 },
    { title: 'La tige', x: 520, y: 120 },
    { title: 'Les feuilles', x: 120, y: 320 },
    { title: 'Les racines', x: 520, y: 320 },
  ];

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'CM1 Les plantes',
      registrationKey: 'classe-cm1',
      managerRegistrationKey: 'maitres-cm1',
    });
    viewId = community.views[0] ?? '';
    pupil = await registerAuthor(app.url, 'ines', 'ines-pass-1', community._id, 'classe-cm1');
    for (const note of grid) await writtenNote(app.url, pupil.token, community._id, { ...note, viewId });
  });

  const active = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return {
        tag: element?.tagName.toLowerCase() ?? null,
        testId: element?.dataset.testid ?? null,
        title: element?.dataset.title ?? null,
        name: element?.getAttribute('name') ?? null,
        dialog: element?.closest('[role="dialog"]')?.querySelector('[data-testid="window-title"]')?.textContent ?? null,
      };
    });

  const openCanvas = async (viewport?: { width: number; height: number }) => {
    const page = await openPageAs(app, pupil.token, `/view/${viewId}`, viewport ? { viewport } : {});
    await refByTitle(page, 'Les racines').waitFor();
    await waitForLive(page);
    return page;
  };

  /** Tabs from the top of the page until a note has focus. */
  const tabIntoCanvas = async (page: Page) => {
    await page.locator('body').focus();
    for (let tabs = 1; tabs <= 40; tabs++) {
      await page.keyboard.press('Tab');
      if ((await active(page)).title) return;
    }
    throw new Error('no note reached in 40 Tabs');
  };

  it('opens a note as a dialog named by its title, with focus on its heading; Escape closes it and focus goes back to the card', async () => {
    const page = await openCanvas();
    await tabIntoCanvas(page);
    expect((await active(page)).title).toBe('La graine');
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'La graine', exact: true });
    await dialog.waitFor();
    await expect.poll(() => active(page)).toMatchObject({ testId: 'window-title', dialog: 'La graine' });
    // The note loaded: focus stays on the heading (a note to read has no field to start in).
    await dialog.getByTestId('contribution-pane').waitFor();
    expect((await active(page)).testId).toBe('window-title');
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await active(page)).toMatchObject({ testId: 'ref', title: 'La graine' });
  });

  it('opened with the mouse, a note gives focus back to its card, not to what had focus before', async () => {
    const page = await openCanvas();
    await page.getByTestId('tool-settings').focus();
    await refByTitle(page, 'Les feuilles').dblclick();
    const dialog = page.getByRole('dialog', { name: 'Les feuilles' });
    await dialog.waitFor();
    await expect.poll(() => active(page)).toMatchObject({ testId: 'window-title', dialog: 'Les feuilles' });
    await dialog.getByTestId('window-close').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await active(page)).toMatchObject({ testId: 'ref', title: 'Les feuilles' });
  });

  it('a new note from the canvas menu: focus in its title, the dialog follows the title, Contribuer then Terminer gives focus to its card', async () => {
    const page = await openCanvas();
    // From the last note (the bottom right): the new note lands below it, out of the other tests' way.
    await tabIntoCanvas(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect((await active(page)).title).toBe('Les racines');
    await page.keyboard.press('Control+Shift+F10');
    await page.getByTestId('canvas-menu').waitFor();
    await page.getByRole('menuitem', { name: 'Nouvelle note ici' }).focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Nouvelle note' });
    await dialog.waitFor();
    await expect.poll(() => active(page)).toMatchObject({ tag: 'input', name: 'contribution-title', dialog: 'Nouvelle note' });
    await page.keyboard.type('Les bourgeons');
    const renamed = page.getByRole('dialog', { name: 'Les bourgeons' });
    await renamed.waitFor();

    await renamed.locator('.ProseMirror').focus();
    await page.keyboard.type('Ils poussent au printemps.');
    await renamed.getByTestId('contribute').focus();
    await page.keyboard.press('Enter');
    // The button pressed is gone with the save: focus is on "Terminer et fermer", not lost.
    await expect.poll(() => active(page)).toMatchObject({ testId: 'finish-close', dialog: 'Les bourgeons' });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => active(page)).toMatchObject({ testId: 'ref', title: 'Les bourgeons' });
  });

  it('Élaborer moves focus to the build-on’s title; closing it gives focus back; Escape used by a popup inside does not close the window', async () => {
    const page = await openCanvas();
    await tabIntoCanvas(page);
    await page.keyboard.press('ArrowDown');
    expect((await active(page)).title).toBe('Les feuilles');
    await page.keyboard.press('Enter');
    const parent = page.getByRole('dialog', { name: 'Les feuilles' });
    await parent.getByTestId('build-on').focus();
    await page.keyboard.press('Enter');

    // Named after the note it builds on until it has a title of its own: a screen reader says which it is.
    const buildOn = page.getByRole('dialog', { name: 'Élaboration de « Les feuilles »' });
    await buildOn.waitFor();
    await expect
      .poll(() => active(page))
      .toMatchObject({ tag: 'input', name: 'contribution-title', dialog: 'Élaboration de « Les feuilles »' });
    await expectAccessible(page);

    // The reference dialog (a modal inside the editor) takes Escape for itself: the note window stays.
    await buildOn.getByRole('button', { name: 'Citer une contribution' }).focus();
    await page.keyboard.press('Enter');
    const reference = page.getByRole('dialog', { name: 'Citer une contribution' });
    await reference.waitFor();
    await page.keyboard.press('Escape');
    await reference.waitFor({ state: 'detached' });
    expect(await buildOn.isVisible()).toBe(true);

    // Closed before it was contributed, the build-on has no card yet: focus goes back to the button that made it.
    await buildOn.getByTestId('title-input').focus();
    await page.keyboard.press('Escape');
    await buildOn.waitFor({ state: 'detached' });
    expect(await active(page)).toMatchObject({ testId: 'build-on', dialog: 'Les feuilles' });
  });

  it('what a window covers cannot take focus: Tab and the arrows skip the notes under it', async () => {
    const page = await openCanvas();
    await tabIntoCanvas(page);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'La graine', exact: true }).waitFor();

    await expect.poll(() => refByTitle(page, 'La tige').getAttribute('inert')).toBe('');
    expect(await refByTitle(page, 'Les racines').getAttribute('inert')).toBe('');
    expect(await refByTitle(page, 'La graine').getAttribute('inert')).toBeNull();

    await tabIntoCanvas(page);
    expect((await active(page)).title).toBe('La graine');
    await page.keyboard.press('ArrowRight');
    expect((await active(page)).title).toBe('La graine');
    await page.keyboard.press('ArrowDown');
    expect((await active(page)).title).toBe('Les feuilles');

    // A second window over the first: the first one's fields under it are inert, its title bar (still in sight) is not.
    const first = page.getByRole('dialog', { name: 'La graine', exact: true });
    await first.getByTestId('build-on').focus();
    await page.keyboard.press('Enter');
    const second = page.getByRole('dialog', { name: 'Élaboration de « La graine »' });
    await second.waitFor();
    await expect.poll(() => first.getByTestId('build-on').getAttribute('inert')).toBe('');
    expect(await first.getByTestId('window-close').getAttribute('inert')).toBeNull();
    await page.keyboard.press('Escape');
    await second.waitFor({ state: 'detached' });
    expect(await first.getByTestId('build-on').getAttribute('inert')).toBeNull();

    // The window closed: the notes it covered take focus again.
    await first.getByTestId('window-close').click();
    await expect.poll(() => refByTitle(page, 'La tige').getAttribute('inert')).toBeNull();
    await refByTitle(page, 'Les feuilles').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    expect((await active(page)).title).toBe('La tige');
  });

  it('on a phone a window fills the screen: the page and the windows behind it are inert', async () => {
    const page = await openCanvas({ width: 390, height: 800 });
    await refByTitle(page, 'La graine').focus();
    await page.keyboard.press('Enter');
    const first = page.getByRole('dialog', { name: 'La graine', exact: true });
    await first.waitFor();
    expect(await page.locator('#root').getAttribute('inert')).toBe('');
    await first.getByTestId('build-on').focus();
    await page.keyboard.press('Enter');
    const second = page.getByRole('dialog', { name: 'Élaboration de « La graine »' });
    await second.waitFor();
    await expect.poll(() => first.getAttribute('inert')).toBe('');
    expect(await second.getAttribute('inert')).toBeNull();
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await second.waitFor({ state: 'detached' });
    await expect.poll(() => first.getAttribute('inert')).toBeNull();
    expect(await page.locator('#root').getAttribute('inert')).toBe('');
    await page.keyboard.press('Escape');
    await first.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('#root').getAttribute('inert')).toBeNull();
    expect((await active(page)).tag).not.toBe('body');
  });

  it('the end of time-machine play leaves focus on the player, not on <body>', async () => {
    const page = await openPageAs(app, pupil.token, `/timemachine/${viewId}`);
    await page.locator('[data-testid="tm-screen"]:not([data-count="0"])').waitFor();
    await page.getByTestId('tm-speed').selectOption('8');
    await page.getByTestId('tm-play').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="tm-screen"][data-playing]').waitFor();
    await page.locator('[data-testid="tm-screen"]:not([data-playing])').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('tm-play').isDisabled()).toBe(true);
    // The first button that still works: back to the start, from where Play replays.
    await expect.poll(() => active(page)).toMatchObject({ testId: 'tm-first' });
  });
});
