import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ViewCanvasReply } from '../../contracts/api/views.ts';
import { createCommunity, ok, refByTitle, registerAuthor, waitForLive, writtenNote, type Member } from './api.ts';
import { expectNoAxeViolations } from './axeStrict.ts';
import { describeBrowser, openPageAs, useBrowserApp } from './harness.ts';

/**
 * Issue 16 §2: a large view draws only the refs and arrows near the screen. What must still work with the others
 * out of the page: the canvas says how many notes it holds; a pan or a zoom draws those that come into sight; the
 * arrow keys walk every note (one off-screen is drawn, focused and scrolled to); a drag of a selection moves its
 * notes that are not drawn; an arrow between two far notes that crosses the screen is drawn. And the minimap
 * shows for that view but not for a view of one note (issue 16 §1).
 */
const admin = { userName: 'proviseur', password: 'admin-pass1' };
const grid = 7;
const step = 300;
const cell = (index: number) => ({ x: 40 + (index % grid) * step, y: 40 + Math.floor(index / grid) * step });
const title = (index: number) => `Idée ${index + 1}`;

describeBrowser('canvas windowing (issue 16 §2)', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let pupil: Member;
  let largeViewId = '';
  let smallViewId = '';
  const ids: string[] = [];

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: '5e Windowing',
      registrationKey: 'classe-5e',
      managerRegistrationKey: 'profs-5e',
    });
    pupil = await registerAuthor(app.url, 'ines', 'ines-pass-12', community._id, 'classe-5e');
    const { token } = await ok<{ token: string }>(app.url, '/auth/local', '', 'POST', admin);
    largeViewId = (await ok<{ _id: string }>(app.url, `/api/communities/${community._id}/views`, token, 'POST', { title: 'Grande vue' }))
      ._id;
    smallViewId = (await ok<{ _id: string }>(app.url, `/api/communities/${community._id}/views`, token, 'POST', { title: 'Une note' }))._id;
    // 49 notes from (40, 40) to (1840, 1840), 300 px apart.
    for (let start = 0; start < grid * grid; start += 7) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(7, grid * grid - start) }, (_, k) =>
          writtenNote(app.url, pupil.token, community._id, { title: title(start + k), viewId: largeViewId, ...cell(start + k) }),
        ),
      );
      ids.push(...batch);
    }
    // The last note (bottom right) builds on the first (top left): its arrow crosses the whole canvas.
    await ok(app.url, '/api/links', pupil.token, 'POST', { from: ids[grid * grid - 1], to: ids[0], type: 'buildson' });
    await writtenNote(app.url, pupil.token, community._id, { title: 'Seule', viewId: smallViewId, x: 60, y: 60 });
  }, 240_000);

  const open = async (viewId: string, size = { width: 1000, height: 700 }) => {
    const page = await openPageAs(app, pupil.token, `/view/${viewId}`, { viewport: size });
    await page.locator('[data-testid="ref"]').first().waitFor();
    await waitForLive(page);
    return page;
  };
  const drawnTitles = (page: Page) =>
    page.locator('[data-testid="ref"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-title') ?? ''));
  /** The canvas rect the scroller shows (canvas pixels). */
  const visible = (page: Page) =>
    page.getByTestId('canvas').evaluate((el) => {
      const zoom = Number(el.querySelector<HTMLElement>('[data-testid="canvas-plane"]')?.dataset.zoom ?? 1);
      return { x: el.scrollLeft / zoom, y: el.scrollTop / zoom, width: el.clientWidth / zoom, height: el.clientHeight / zoom };
    });
  const inside = (point: { x: number; y: number }, rect: { x: number; y: number; width: number; height: number }) =>
    point.x + 160 > rect.x && point.x < rect.x + rect.width && point.y + 40 > rect.y && point.y < rect.y + rect.height;
  const positions = async () => {
    const canvas = await ok<ViewCanvasReply>(app.url, `/api/views/${largeViewId}/canvas`, pupil.token);
    return new Map(canvas.refs.map((ref) => [ref._to.title, { x: ref.data.x, y: ref.data.y }]));
  };

  it('draws the notes in sight (not the others), says how many there are, and draws more as the view pans and zooms', async () => {
    const page = await open(largeViewId);
    const plane = page.getByTestId('canvas-plane');
    // Every note is counted for assistive technology, whatever is drawn.
    expect(await plane.getAttribute('aria-label')).toContain('49');
    expect(await plane.getAttribute('data-ref-count')).toBe('49');
    const drawn = await drawnTitles(page);
    expect(drawn.length).toBeLessThan(49);
    // Each note that shows is drawn (its model position in the visible rect).
    const shown = await visible(page);
    for (let index = 0; index < grid * grid; index++) {
      if (inside(cell(index), shown)) expect(drawn, title(index)).toContain(title(index));
    }
    expect(drawn).not.toContain(title(grid * grid - 1));
    // The far arrow crosses the screen: drawn though its far end is not.
    expect(await page.locator(`[data-testid="canvas-links"] line[data-link-type="buildson"]`).count()).toBe(1);
    await expectNoAxeViolations(page);

    // A pan to the bottom right: the last note is drawn, those of the top left are gone (but the first, the
    // canvas's Tab stop, which stays drawn wherever the view is: Tab always lands on a note).
    await page.getByTestId('canvas').evaluate((el) => el.scrollTo({ left: el.scrollWidth, top: el.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => refByTitle(page, title(grid * grid - 1)).count()).toBe(1);
    await expect.poll(() => refByTitle(page, title(1)).count()).toBe(0);
    expect(await refByTitle(page, title(grid)).count()).toBe(0);
    expect(await page.locator('[data-testid="ref"][tabindex="0"]').getAttribute('data-title')).toBe(title(0));

    // Zoomed out to show everything: every note is drawn.
    await page.getByRole('button', { name: 'Voir toute la perspective' }).click();
    await expect.poll(async () => (await drawnTitles(page)).length).toBe(49);
    await page.close();
  });

  it('walks every note with the arrow keys: one off-screen is drawn, focused and scrolled into sight', async () => {
    const page = await open(largeViewId);
    await page.getByTestId('canvas').evaluate((el) => el.scrollTo({ left: 0, top: 0, behavior: 'instant' }));
    await refByTitle(page, title(0)).focus();
    const last = title(grid * (grid - 1));
    expect(await refByTitle(page, last).count()).toBe(0);
    // Straight down the first column to the bottom-left note, far below the screen.
    for (let row = 1; row < grid; row++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-title'))).toBe(last);
    const box = await refByTitle(page, last).boundingBox();
    const canvas = await page.getByTestId('canvas').boundingBox();
    if (!box || !canvas) throw new Error('no box');
    expect(box.y).toBeGreaterThanOrEqual(canvas.y);
    expect(box.y + box.height).toBeLessThanOrEqual(canvas.y + canvas.height);
    // And back up: the first note is drawn again and has focus.
    for (let row = 1; row < grid; row++) await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-title'))).toBe(title(0));
    await page.close();
  });

  it('a drag of a selection moves its notes that are not drawn too', async () => {
    const page = await open(largeViewId);
    const before = await positions();
    // Zoomed out, everything drawn: select the first note and the last (far apart).
    await page.getByRole('button', { name: 'Voir toute la perspective' }).click();
    await expect.poll(async () => (await drawnTitles(page)).length).toBe(49);
    // The last first: the note clicked last has focus, and the focused note stays drawn.
    await refByTitle(page, title(grid * grid - 1)).click();
    await refByTitle(page, title(0)).click({ modifiers: ['Shift'] });
    await expect.poll(() => page.locator('[data-testid="ref"][data-selected]').count()).toBe(2);
    // Back to 100 % at the top left: the last note is no longer drawn.
    await page.keyboard.press('0');
    await page.getByTestId('canvas').evaluate((el) => el.scrollTo({ left: 0, top: 0, behavior: 'instant' }));
    await expect.poll(() => refByTitle(page, title(grid * grid - 1)).count()).toBe(0);
    // Drag the first note by (60, 45): both move.
    const box = await refByTitle(page, title(0)).boundingBox();
    if (!box) throw new Error('no ref');
    await page.mouse.move(box.x + 30, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + 30, { steps: 3 });
    await page.mouse.move(box.x + 90, box.y + 55, { steps: 3 });
    await page.mouse.up();
    await expect
      .poll(async () => (await positions()).get(title(grid * grid - 1)))
      .toEqual({ x: (before.get(title(grid * grid - 1))?.x ?? 0) + 60, y: (before.get(title(grid * grid - 1))?.y ?? 0) + 45 });
    expect((await positions()).get(title(0))).toEqual({ x: (before.get(title(0))?.x ?? 0) + 60, y: (before.get(title(0))?.y ?? 0) + 45 });
    await page.close();
  });

  it('shows the minimap for the large view, never for a view of one note (issue 16 §1)', async () => {
    const large = await open(largeViewId);
    await large.getByTestId('canvas-minimap').waitFor();
    await large.close();
    const small = await open(smallViewId, { width: 375, height: 700 });
    await small.getByTestId('canvas-zoom-controls').waitFor();
    expect(await small.getByTestId('canvas-minimap').count()).toBe(0);
    // Not when zoomed in either: the view still holds one note.
    await small.getByRole('button', { name: 'Zoom avant' }).click();
    await small.getByRole('button', { name: 'Zoom avant' }).click();
    await small.getByRole('button', { name: 'Zoom avant' }).click();
    expect(await small.getByTestId('canvas-minimap').count()).toBe(0);
    await small.close();
  });
});
