import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ViewCanvasReply } from '../../contracts/api/views.ts';
import { createCommunity, ok, refByTitle, waitForLive, writtenNote, registerAuthor } from './api.ts';
import { describeBrowser, expectAccessible, useBrowserApp, type ApiUser, openPageAs } from './harness.ts';

/**
 * Issue 25 §1: the canvas with the keyboard only. The canvas is one Tab stop;
 * arrows go from note to note by position, or along the thread after T;
 * Space lifts a note, arrows move it, Space drops it (saved), Escape puts it
 * back; every step is announced in a polite live region. The note menu opens
 * on Shift+F10, offers "Déplacer", and gives focus back to its note.
 */
const admin = { userName: 'directeur', password: 'admin-pass1' };

describeBrowser('the canvas with the keyboard only (issue 25 §1)', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let pupil: ApiUser;

  // A 2×2 grid, written bottom-right first: the Tab stop follows reading order, not creation order.
  const grid = [
    { title: 'Les racines', x: 420, y: 320 },
    { title: 'Les feuilles', x: 120, y: 320 },
    { title: 'La tige', x: 420, y: 120 },
    { title: 'La graine', x: 120, y: 120 },
  ];

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'CM1 Les plantes',
      registrationKey: 'classe-cm1',
      managerRegistrationKey: 'maitres-cm1',
    });
    viewId = community.views[0] ?? '';
    pupil = await registerAuthor(app.url, 'ines', 'ines-pass-1', community._id, 'classe-cm1');
    const ids = new Map<string, string>();
    for (const note of grid) ids.set(note.title, await writtenNote(app.url, pupil.token, community._id, { ...note, viewId }));
    // A build-on of "La graine", then moved below the grid: by position it is far from its parent, along the thread next to it.
    const buildOn = await writtenNote(app.url, pupil.token, community._id, {
      title: 'Elle germe',
      viewId,
      x: 0,
      y: 0,
      buildsOn: ids.get('La graine') ?? '',
    });
    const canvas = await ok<ViewCanvasReply>(app.url, `/api/views/${viewId}/canvas`, pupil.token);
    const ref = canvas.refs.find((item) => item.to === buildOn);
    await ok(app.url, `/api/links/${ref?._id ?? ''}`, pupil.token, 'PUT', { data: { x: 700, y: 520 } });
  });

  const focusedTitle = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.title ?? null);
  const announced = (page: Page) => page.getByTestId('canvas-announcement').textContent();
  const positionOf = async (title: string) => {
    const canvas = await ok<ViewCanvasReply>(app.url, `/api/views/${viewId}/canvas`, pupil.token);
    const ref = canvas.refs.find((item) => item._to.title === title);
    return ref ? { x: ref.data.x, y: ref.data.y } : null;
  };

  const openCanvas = async () => {
    const page = await openPageAs(app, pupil.token, `/view/${viewId}`);
    await refByTitle(page, 'Elle germe').waitFor();
    await waitForLive(page);
    return page;
  };

  /** Tabs from the top of the page until a note has focus; returns how many Tabs it took. */
  const tabIntoCanvas = async (page: Page) => {
    await page.locator('body').focus();
    for (let tabs = 1; tabs <= 40; tabs++) {
      await page.keyboard.press('Tab');
      if (await focusedTitle(page)) return tabs;
    }
    throw new Error('no note reached in 40 Tabs');
  };

  it('is one Tab stop that starts at the top-left note; arrows go by position, T along the thread', async () => {
    const page = await openCanvas();
    expect(await page.locator('[data-testid="ref"][tabindex="0"]').count()).toBe(1);
    const tabs = await tabIntoCanvas(page);
    expect(await focusedTitle(page)).toBe('La graine');
    // The header (its notification bell since issue 18 §5) and the toolbar come before the canvas; five notes cost no extra Tab.
    expect(tabs).toBeLessThanOrEqual(25);

    const path: [string, string][] = [
      ['ArrowRight', 'La tige'],
      ['ArrowDown', 'Les racines'],
      ['ArrowLeft', 'Les feuilles'],
      ['ArrowUp', 'La graine'],
    ];
    for (const [key, title] of path) {
      await page.keyboard.press(key);
      expect(await focusedTitle(page)).toBe(title);
    }
    // After the last note in a direction, focus stays and the pupil hears why.
    await page.keyboard.press('ArrowLeft');
    expect(await focusedTitle(page)).toBe('La graine');
    expect(await announced(page)).toContain('Aucune contribution');

    await page.keyboard.press('t');
    expect(await announced(page)).toContain('Mode fil');
    await page.keyboard.press('ArrowDown');
    expect(await focusedTitle(page)).toBe('Elle germe');
    await page.keyboard.press('ArrowUp');
    expect(await focusedTitle(page)).toBe('La graine');
    await page.keyboard.press('t');
    expect(await announced(page)).toContain('Mode plan');

    // One Tab leaves the canvas: the other notes are not in the Tab order.
    await page.keyboard.press('Tab');
    expect(await focusedTitle(page)).toBeNull();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedTitle(page)).toBe('La graine');
    await expectAccessible(page);
  });

  it('Space lifts a note, arrows move it (Shift further), Space drops and saves; Escape puts it back', async () => {
    const page = await openCanvas();
    await tabIntoCanvas(page);
    await page.keyboard.press('ArrowDown');
    expect(await focusedTitle(page)).toBe('Les feuilles');

    await page.keyboard.press('Space');
    expect(await announced(page)).toContain('« Les feuilles » soulevée');
    await page.keyboard.press('ArrowRight');
    expect(await announced(page)).toContain('Déplacée à droite');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    expect(await announced(page)).toContain('Déplacée vers le bas');
    await page.keyboard.press('Space');
    expect(await announced(page)).toContain('Déposée');
    await expect.poll(() => positionOf('Les feuilles')).toEqual({ x: 140, y: 370 });
    expect(await focusedTitle(page)).toBe('Les feuilles');

    // Lifted, moved, then Escape: nothing is saved and the card is back where it was.
    const before = await refByTitle(page, 'Les feuilles').boundingBox();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Escape');
    expect(await announced(page)).toContain('annulé');
    expect(await refByTitle(page, 'Les feuilles').boundingBox()).toEqual(before);
    expect(await positionOf('Les feuilles')).toEqual({ x: 140, y: 370 });

    // Ctrl+Space selects without lifting.
    await page.keyboard.press('Control+Space');
    await expect.poll(() => refByTitle(page, 'Les feuilles').getAttribute('data-selected')).toBe('true');
    expect(await announced(page)).toContain('Sélectionnée');
  });

  it('Shift+F10 opens the note menu; Escape gives focus back to the note; "Déplacer" lifts it', async () => {
    const page = await openCanvas();
    await tabIntoCanvas(page);
    await page.keyboard.press('ArrowRight');
    expect(await focusedTitle(page)).toBe('La tige');

    await page.keyboard.press('Shift+F10');
    const menu = page.getByTestId('ref-menu');
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // The menu hands focus back as it closes, a frame after it leaves the page on a loaded machine.
    await expect.poll(() => focusedTitle(page)).toBe('La tige');

    await page.keyboard.press('Shift+F10');
    await menu.waitFor();
    await page.getByRole('menuitem', { name: 'Déplacer' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => announced(page)).toContain('« La tige » soulevée');
    expect(await focusedTitle(page)).toBe('La tige');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(() => positionOf('La tige')).toEqual({ x: 410, y: 120 });

    // Enter opens the note in its window.
    await page.keyboard.press('Enter');
    await page.getByTestId('internal-window').waitFor();
  });

  it('says who wrote a note and what it builds on, and announces a classmate’s new note (issue 25 §3)', async () => {
    const page = await openCanvas();
    const label = await refByTitle(page, 'Elle germe').getAttribute('aria-label');
    expect(label).toContain('par Test ines');
    expect(label).toContain('élabore « La graine »');
    expect(label).toMatch(/modifiée le \d/);

    const classmate = await registerAuthor(app.url, 'malik', 'malik-pass-1', community._id, 'classe-cm1');
    await writtenNote(app.url, classmate.token, community._id, { title: 'Les fleurs', viewId, x: 700, y: 120 });
    await refByTitle(page, 'Les fleurs').waitFor();
    await expect.poll(() => announced(page), { timeout: 10_000 }).toContain('a ajouté « Les fleurs »');
  });

  it('draws arrows at 4.5:1 against the canvas, and keeps arrows and new/selected marks in forced-colours mode (issue 25 §5)', async () => {
    const page = await openCanvas();
    const contrast = await page.evaluate(() => {
      const rgb = (value: string) => (value.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
      const luminance = (value: string) => {
        const [r = 0, g = 0, b = 0] = rgb(value).map((c) => {
          const x = c / 255;
          return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const ratio = (a: string, b: string) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
        return (hi + 0.05) / (lo + 0.05);
      };
      const background = getComputedStyle(document.body).backgroundColor;
      const line = document.querySelector('[data-link-type="buildson"]');
      if (!line) throw new Error('no build-on arrow');
      const style = getComputedStyle(line);
      return { ratio: ratio(style.stroke, background), opacity: Number(style.opacity) };
    });
    expect(contrast.opacity).toBe(1);
    expect(contrast.ratio).toBeGreaterThanOrEqual(4.5);

    await page.emulateMedia({ forcedColors: 'active' });
    await tabIntoCanvas(page);
    await page.keyboard.press('Control+Space');
    const forced = await page.evaluate(() => {
      const selected = document.querySelector('[data-testid="ref"][data-selected]');
      const line = document.querySelector('[data-link-type="buildson"]');
      return {
        selectedOutline: selected ? getComputedStyle(selected).outlineStyle : 'none',
        arrowStroke: line ? getComputedStyle(line).stroke : 'none',
      };
    });
    expect(forced.selectedOutline).not.toBe('none');
    expect(forced.arrowStroke).not.toBe('none');
  });
  it('rises above a selection with the keyboard only: Ctrl+Space selects, the toolbar’s rise-above asks a title, focus ends on the new note', async () => {
    const page = await openCanvas();
    await tabIntoCanvas(page);
    expect(await focusedTitle(page)).toBe('La graine');
    await page.keyboard.press('Control+Space');
    await page.keyboard.press('ArrowRight');
    expect(await focusedTitle(page)).toBe('La tige');
    await page.keyboard.press('Control+Space');
    expect(await page.locator('[data-testid="ref"][data-selected]').count()).toBe(2);
    // Back to the toolbar (Shift+Tab leaves the canvas's one Tab stop), to "Élever le propos".
    for (let presses = 0; presses < 30; presses++) {
      if ((await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)) === 'tool-riseabove') break;
      await page.keyboard.press('Shift+Tab');
    }
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('tool-riseabove');
    await page.keyboard.press('Enter');
    const input = page.getByTestId('ask-input');
    await input.waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('ask-input');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Ce qui pousse');
    await page.keyboard.press('Enter');
    // The two notes now live inside the rise-above, which takes their place on the canvas.
    await expect.poll(() => positionOf('La graine')).toBeNull();
    await expect.poll(() => positionOf('Ce qui pousse')).not.toBeNull();
    await refByTitle(page, 'Ce qui pousse').waitFor();
    await expect.poll(() => focusedTitle(page)).toBe('Ce qui pousse');
    await expectAccessible(page);
  });
  it('deletes a selected note with the Delete key after a confirmation, by keyboard only; focus stays on the canvas', async () => {
    const page = await openCanvas();
    await tabIntoCanvas(page);
    // One of her own notes (a classmate's note is not hers to delete): the arrows go round the canvas until one has focus.
    const own = ['Les feuilles', 'Les racines'];
    for (const key of ['ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'ArrowRight']) {
      if (own.includes((await focusedTitle(page)) ?? '')) break;
      await page.keyboard.press(key);
    }
    const target = (await focusedTitle(page)) ?? '';
    expect(own).toContain(target);
    await page.keyboard.press('Control+Space');
    await page.keyboard.press('Delete');
    const dialog = page.getByTestId('ask-dialog');
    await dialog.waitFor();
    // The confirmation has focus; Enter on its OK button confirms.
    for (let presses = 0; presses < 5; presses++) {
      if ((await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)) === 'ask-ok') break;
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('ask-ok');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => positionOf(target)).toBeNull();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="view-page"]') !== null)).toBe(true);
  });
});
