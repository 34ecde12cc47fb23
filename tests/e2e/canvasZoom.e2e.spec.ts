import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ViewCanvasReply } from '../../contracts/api/views.ts';
import { createCommunity, ok, refByTitle, registerAuthor, waitForLive, writtenNote, type Member } from './api.ts';
import { expectNoAxeViolations } from './axeStrict.ts';
import { describeBrowser, openPageAs, screenshotDir, useBrowserApp } from './harness.ts';

/**
 * Issue 16 §1: canvas navigation. Zoom with the buttons, the keys and ctrl + wheel; positions stay stored in
 * canvas coordinates at any zoom (a drag and a drop at 50 % store what they would at 100 %); fit shows every
 * ref; the zoom and scroll come back after a reload; a contribution dragged in with
 * `application/x-buildon-contribution` is placed where it is dropped (and one of another community is not).
 */
const admin = { userName: 'proviseur', password: 'admin-pass1' };
const dragType = 'application/x-buildon-contribution';

describeBrowser('canvas zoom and navigation (issue 16 §1)', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let other: CommunityAdmin;
  let pupil: Member;
  let stranger: Member;
  let viewId = '';
  let largeViewId = '';
  let foreignNote = '';
  let loose = '';

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: '4e Optique',
      registrationKey: 'classe-4e',
      managerRegistrationKey: 'profs-4e',
    });
    other = await createCommunity(app.url, admin, { title: '3e Autre', registrationKey: 'classe-3e', managerRegistrationKey: 'profs-3e' });
    viewId = community.views[0] ?? '';
    pupil = await registerAuthor(app.url, 'lea', 'lea-pass-12', community._id, 'classe-4e');
    stranger = await registerAuthor(app.url, 'tom', 'tom-pass-12', other._id, 'classe-3e');
    await writtenNote(app.url, pupil.token, community._id, { title: 'La lumière', viewId, x: 300, y: 200 });
    await writtenNote(app.url, pupil.token, community._id, { title: 'Les ombres', viewId, x: 700, y: 500 });
    await writtenNote(app.url, pupil.token, community._id, { title: 'Le prisme', viewId, x: 1500, y: 1200 });
    foreignNote = await writtenNote(app.url, stranger.token, other._id, {
      title: 'Ailleurs',
      viewId: other.views[0] ?? '',
      x: 100,
      y: 100,
    });
    // A second view of ~100 refs (screenshots, fit, minimap) and a note placed only there (the drop).
    const { token } = await ok<{ token: string }>(app.url, '/auth/local', '', 'POST', admin);
    largeViewId = (await ok<{ _id: string }>(app.url, `/api/communities/${community._id}/views`, token, 'POST', { title: 'Cent idées' }))
      ._id;
    const cells = Array.from({ length: 100 }, (_, index) => index);
    for (let start = 0; start < cells.length; start += 10) {
      await Promise.all(
        cells.slice(start, start + 10).map((index) =>
          writtenNote(app.url, pupil.token, community._id, {
            title: `Idée ${index + 1} : pourquoi le ciel est-il bleu le jour et rouge le soir ?`,
            viewId: largeViewId,
            x: 40 + (index % 10) * 185,
            y: 40 + Math.floor(index / 10) * 110,
          }),
        ),
      );
    }
    loose = await writtenNote(app.url, pupil.token, community._id, { title: 'La loupe', viewId: largeViewId, x: 1900, y: 1900 });
  }, 240_000);

  const zoomOf = async (page: Page) => Number(await page.getByTestId('zoom-level').getAttribute('data-zoom'));
  const canvasOf = (id: string) => ok<ViewCanvasReply>(app.url, `/api/views/${id}/canvas`, pupil.token);
  const open = async (id = viewId) => {
    const page = await openPageAs(app, pupil.token, `/view/${id}`);
    await page.locator('[data-testid="ref"]').first().waitFor();
    await waitForLive(page);
    return page;
  };
  /** Clicks an empty spot of the canvas (it takes focus there, for the keys). */
  const clickEmptyCanvas = async (page: Page) => {
    const box = await page.getByTestId('canvas').boundingBox();
    if (!box) throw new Error('no canvas');
    await page.mouse.click(box.x + box.width - 260, box.y + 20);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('canvas');
  };
  const focusCanvas = (page: Page) => page.getByTestId('canvas').focus();
  const scrollHome = (page: Page) => page.getByTestId('canvas').evaluate((el) => el.scrollTo({ left: 0, top: 0, behavior: 'instant' }));

  it('zooms with the buttons, the + − 0 keys and ctrl + wheel around the pointer', async () => {
    const page = await open();
    expect(await zoomOf(page)).toBe(1);
    await page.getByRole('button', { name: 'Zoom avant' }).click();
    expect(await zoomOf(page)).toBe(1.1);
    await page.getByRole('button', { name: 'Zoom arrière' }).click();
    await page.getByRole('button', { name: 'Zoom arrière' }).click();
    expect(await zoomOf(page)).toBe(0.9);
    await clickEmptyCanvas(page);
    await page.keyboard.press('+');
    expect(await zoomOf(page)).toBe(1);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    expect(await zoomOf(page)).toBe(0.75);
    await page.keyboard.press('0');
    expect(await zoomOf(page)).toBe(1);
    // The level button says the zoom and goes back to 100 %.
    await page.getByRole('button', { name: 'Zoom avant' }).click();
    await page.getByRole('button', { name: /Zoom : 110 %/ }).click();
    expect(await zoomOf(page)).toBe(1);

    // ctrl + wheel over a note: it zooms in, and the note stays under the pointer.
    const before = await refByTitle(page, 'Les ombres').boundingBox();
    if (!before) throw new Error('no ref');
    const pointer = { x: before.x + 20, y: before.y + 10 };
    await page.mouse.move(pointer.x, pointer.y);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -200);
    await page.keyboard.up('Control');
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(1.2);
    const after = await refByTitle(page, 'Les ombres').boundingBox();
    const zoom = await zoomOf(page);
    expect(Math.abs((after?.x ?? 0) + 20 * zoom - pointer.x)).toBeLessThan(3);
    expect(Math.abs((after?.y ?? 0) + 10 * zoom - pointer.y)).toBeLessThan(3);
    // A plain wheel scrolls, it does not zoom.
    await page.mouse.wheel(0, 120);
    expect(await zoomOf(page)).toBe(zoom);
    await page.close();
  });

  it('drags a note at 50 %: the stored position moves by the canvas distance (twice the screen distance)', async () => {
    const page = await open();
    await focusCanvas(page);
    for (let i = 0; i < 4; i++) await page.keyboard.press('-');
    expect(await zoomOf(page)).toBe(0.5);
    await scrollHome(page);
    const box = await refByTitle(page, 'La lumière').boundingBox();
    if (!box) throw new Error('no ref');
    const x = box.x + 6;
    const y = box.y + 5;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(x + (100 * step) / 8, y + (50 * step) / 8);
    await page.mouse.up();
    await expect
      .poll(async () => (await canvasOf(viewId)).refs.find((ref) => ref._to.title === 'La lumière')?.data)
      .toMatchObject({ x: 500, y: 300 });
    // And at 200 %, 100 screen pixels are 50 canvas pixels.
    // (The dragged note hid while it moved and lost focus with it: the canvas takes it back.)
    await focusCanvas(page);
    await page.keyboard.press('0');
    expect(await zoomOf(page)).toBe(1);
    for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Zoom avant' }).click();
    expect(await zoomOf(page)).toBe(2);
    await refByTitle(page, 'La lumière').scrollIntoViewIfNeeded();
    const big = await refByTitle(page, 'La lumière').boundingBox();
    if (!big) throw new Error('no ref');
    await page.mouse.move(big.x + 12, big.y + 10);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(big.x + 12 + (100 * step) / 8, big.y + 10 + (40 * step) / 8);
    await page.mouse.up();
    await expect
      .poll(async () => (await canvasOf(viewId)).refs.find((ref) => ref._to.title === 'La lumière')?.data)
      .toMatchObject({ x: 550, y: 320 });
    await page.close();
  });

  it('pans with the arrows when the canvas (not a note) has focus, and zooms to the selection', async () => {
    const page = await open(largeViewId);
    await scrollHome(page);
    await focusCanvas(page);
    const scroll = () => page.getByTestId('canvas').evaluate((el) => ({ left: el.scrollLeft, top: el.scrollTop }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(scroll).toEqual({ left: 60, top: 240 });
    await page.keyboard.press('ArrowLeft');
    await expect.poll(scroll).toEqual({ left: 0, top: 240 });
    // Space held: a drag on the canvas moves the view (no marquee); the hand button does the same until pressed again.
    const dragOnCanvas = async () => {
      const box = await page.getByTestId('canvas').boundingBox();
      if (!box) throw new Error('no canvas');
      await page.mouse.move(box.x + box.width - 200, box.y + box.height - 100);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 300, box.y + box.height - 180, { steps: 5 });
      await page.mouse.up();
    };
    await scrollHome(page);
    await focusCanvas(page);
    await page.keyboard.down(' ');
    await dragOnCanvas();
    await page.keyboard.up(' ');
    await expect.poll(scroll).toEqual({ left: 100, top: 80 });
    expect(await page.locator('[data-testid="ref"][data-selected]').count()).toBe(0);
    const hand = page.getByRole('button', { name: 'Main : faire glisser pour déplacer la vue' });
    await hand.click();
    expect(await hand.getAttribute('aria-pressed')).toBe('true');
    await dragOnCanvas();
    await expect.poll(scroll).toEqual({ left: 200, top: 160 });
    await hand.click();
    expect(await hand.getAttribute('aria-pressed')).toBe('false');
    // A selected note: the button zooms to it (at most 200 %) and centres it.
    await scrollHome(page);
    await refByTitle(page, 'Idée 12 : pourquoi le ciel est-il bleu le jour et rouge le soir ?').click({ position: { x: 8, y: 6 } });
    await page.getByRole('button', { name: 'Zoomer sur la sélection' }).click();
    expect(await zoomOf(page)).toBe(2);
    // The keys do the same (the buttons are no Tab stop): Shift+1 fits everything, Shift+2 the selection.
    await focusCanvas(page);
    await page.keyboard.press('Shift+Digit1');
    await expect.poll(() => zoomOf(page)).toBeLessThan(1);
    await page.keyboard.press('Shift+Digit2');
    await expect.poll(() => zoomOf(page)).toBe(2);
    const scroller = await page.getByTestId('canvas').boundingBox();
    const ref = await refByTitle(page, 'Idée 12 : pourquoi le ciel est-il bleu le jour et rouge le soir ?').boundingBox();
    if (!scroller || !ref) throw new Error('no canvas');
    // Its 160 × 40 box (320 × 80 at 200 %) is centred.
    expect(Math.abs(ref.x + 160 - (scroller.x + scroller.width / 2))).toBeLessThan(20);
    expect(Math.abs(ref.y + 40 - (scroller.y + scroller.height / 2))).toBeLessThan(20);
    await page.close();
  });

  it('selects by marquee at 50 % the notes inside it in canvas coordinates', async () => {
    const page = await open();
    await focusCanvas(page);
    for (let i = 0; i < 4; i++) await page.keyboard.press('-');
    await scrollHome(page);
    const plane = await page.getByTestId('canvas-plane').boundingBox();
    if (!plane) throw new Error('no plane');
    // Canvas 450..900 × 250..600 holds "La lumière" (550, 320) and "Les ombres" (700, 500): 225..450 × 125..300 on screen.
    await page.mouse.move(plane.x + 225, plane.y + 125);
    await page.mouse.down();
    await page.mouse.move(plane.x + 350, plane.y + 200, { steps: 4 });
    await page.mouse.move(plane.x + 450, plane.y + 300, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => page.locator('[data-testid="ref"][data-selected]').count()).toBe(2);
    await page.close();
  });

  it('fits every ref of a large view, remembers the zoom and scroll after a reload, and stays accessible', async () => {
    const page = await open(largeViewId);
    await page.getByRole('button', { name: 'Voir toute la perspective' }).click();
    const zoom = await zoomOf(page);
    expect(zoom).toBeLessThan(1);
    await page.waitForTimeout(300);
    const scroller = await page.getByTestId('canvas').boundingBox();
    if (!scroller) throw new Error('no canvas');
    const boxes = await page
      .locator('[data-testid="canvas"] [data-testid="ref"]')
      .evaluateAll((elements) =>
        elements.map((el) => el.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, right: r.right, bottom: r.bottom })),
      );
    expect(boxes.length).toBe(101);
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(scroller.x - 1);
      expect(box.y).toBeGreaterThanOrEqual(scroller.y - 1);
      expect(box.right).toBeLessThanOrEqual(scroller.x + scroller.width + 1);
      expect(box.bottom).toBeLessThanOrEqual(scroller.y + scroller.height + 1);
    }
    await expectNoAxeViolations(page);
    // A minimap for a view larger than what shows at 100 %.
    await page.getByRole('button', { name: /Zoom : / }).click();
    await page.getByTestId('canvas-minimap').waitFor();
    await expectNoAxeViolations(page);
    // The minimap moves the view: a click on its bottom-right corner scrolls there.
    const map = await page.getByTestId('canvas-minimap').boundingBox();
    if (!map) throw new Error('no minimap');
    await page.mouse.click(map.x + map.width - 4, map.y + map.height - 4);
    await expect.poll(() => page.getByTestId('canvas').evaluate((el) => el.scrollTop)).toBeGreaterThan(100);

    // Remembered: a zoom and a scroll, back after a reload.
    await focusCanvas(page);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    const remembered = await zoomOf(page);
    await page.getByTestId('canvas').evaluate((el) => el.scrollTo({ left: 120, top: 90, behavior: 'instant' }));
    await page.waitForTimeout(400);
    await page.reload();
    await page.locator('[data-testid="ref"]').first().waitFor();
    expect(await zoomOf(page)).toBe(remembered);
    expect(await page.getByTestId('canvas').evaluate((el) => ({ left: el.scrollLeft, top: el.scrollTop }))).toEqual({ left: 120, top: 90 });
    // Per user and view: the small view still opens at 100 %.
    await page.goto(`${app.url}/view/${viewId}`);
    await page.locator('[data-testid="ref"]').first().waitFor();
    expect(await zoomOf(page)).toBe(1);
    await page.close();
  });

  /** Drops a synthetic drag of `application/x-buildon-contribution` at a client point of the canvas. */
  const dropAt = (page: Page, client: { x: number; y: number }, payload: { id: string; communityId: string }) =>
    page.getByTestId('canvas-plane').evaluate(
      (plane, { client, payload, dragType }) => {
        const data = new DataTransfer();
        data.setData(dragType, JSON.stringify(payload));
        for (const type of ['dragenter', 'dragover', 'drop']) {
          plane.dispatchEvent(
            new DragEvent(type, { bubbles: true, cancelable: true, clientX: client.x, clientY: client.y, dataTransfer: data }),
          );
        }
      },
      { client, payload, dragType },
    );

  it('places a dropped contribution at the canvas point under the pointer at 50 %, and ignores another community’s', async () => {
    const page = await open();
    await focusCanvas(page);
    for (let i = 0; i < 4; i++) await page.keyboard.press('-');
    expect(await zoomOf(page)).toBe(0.5);
    await scrollHome(page);
    const plane = await page.getByTestId('canvas-plane').boundingBox();
    if (!plane) throw new Error('no plane');
    // 420, 380 screen pixels from the plane's corner at 50 %: canvas 840, 760 (an empty spot).
    await dropAt(page, { x: plane.x + 420, y: plane.y + 380 }, { id: loose, communityId: community._id });
    await expect.poll(async () => (await canvasOf(viewId)).refs.find((ref) => ref.to === loose)?.data).toMatchObject({ x: 840, y: 760 });
    await refByTitle(page, 'La loupe').waitFor();

    const count = (await canvasOf(viewId)).refs.length;
    await dropAt(page, { x: plane.x + 100, y: plane.y + 500 }, { id: foreignNote, communityId: other._id });
    await page.getByTestId('canvas-notice').first().waitFor();
    await page.waitForTimeout(500);
    expect((await canvasOf(viewId)).refs.length).toBe(count);
    await page.close();
  });

  it('takes screenshots of 100 refs at 30 %, 100 % and 200 % (compact cards below 50 %)', async () => {
    mkdirSync(screenshotDir, { recursive: true });
    for (const zoom of [0.3, 1, 2]) {
      const page = await openPageAs(app, pupil.token, `/view/${largeViewId}`);
      await page.evaluate(({ key, zoom }) => localStorage.setItem(key, JSON.stringify({ zoom, scrollX: 0, scrollY: 0 })), {
        key: `buildon.canvas.viewport.${pupil.id}.${largeViewId}`,
        zoom,
      });
      await page.reload();
      await page.locator('[data-testid="ref"]').first().waitFor();
      expect(await zoomOf(page)).toBe(zoom);
      expect(await page.getByTestId('canvas-plane').getAttribute('data-compact')).toBe(zoom < 0.5 ? 'true' : null);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotDir, `canvas-zoom-${Math.round(zoom * 100)}.png`) });
      await page.close();
    }
  });

  it('gives the time machine the same zoom buttons and fit', async () => {
    const page = await openPageAs(app, pupil.token, `/timemachine/${largeViewId}`);
    await page.getByTestId('tm-screen').waitFor();
    // It opens before the first change: the last frame shows the 101 refs.
    await page.getByTestId('tm-last').click();
    await page.locator('[data-testid="tm-canvas"] [data-testid="ref"]').first().waitFor();
    const level = page.getByTestId('zoom-level');
    expect(Number(await level.getAttribute('data-zoom'))).toBe(1);
    await page.getByRole('button', { name: 'Zoom arrière' }).click();
    expect(Number(await level.getAttribute('data-zoom'))).toBe(0.9);
    await page.getByRole('button', { name: 'Voir toute la perspective' }).click();
    expect(Number(await level.getAttribute('data-zoom'))).toBeLessThan(0.9);
    await page.close();
  });
});
