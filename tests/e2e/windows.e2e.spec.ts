import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin, ViewSummary } from '../../contracts/api/communities.ts';
import type { ObjectReply } from '../../contracts/api/objects.ts';
import { describeBrowser, screenshots, useBrowserApp, useSession, type ApiUser, openPageAs } from './harness.ts';
import { ok, waitForLive, registerAuthor } from './api.ts';

/**
 * Issue 22 §8: note and view windows are components of the one app. Two note
 * windows and a view window open on a canvas with no iframe and one
 * websocket for the page; a note saved in one window reaches the canvas, the
 * view window and the other note window live; windows move, resize, come to
 * the front and close as before.
 */

const admin = { userName: 'directrice', password: 'admin-pass1' };
const keys = { writers: 'eleves-5b', managers: 'profs-5b' };

describeBrowser('note and view windows share the one app (issue 22 §8)', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let pupil: ApiUser;
  let teacher: ApiUser;

  /** A note by the pupil, placed in `inView` (building on `buildsOn` when given), with its title and text saved. */
  const note = async (title: string, x: number, y: number, buildsOn?: string, inView = viewId): Promise<string> => {
    const reply = await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, pupil.token, 'POST', {
      type: 'Note',
      placement: { viewId: inView, x, y },
      ...(buildsOn ? { buildsOn } : {}),
    });
    const id = reply.contribution._id;
    const object = await ok<ObjectReply>(app.url, `/api/objects/${id}`, pupil.token);
    await ok(app.url, `/api/objects/${community._id}/${id}`, pupil.token, 'PUT', {
      revision: object.revision,
      title,
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `${title} : une idée.` }] }] },
      status: 'active',
    });
    return id;
  };

  beforeAll(async () => {
    const adminToken = (await ok<{ token: string }>(app.url, '/auth/local', '', 'POST', admin)).token;
    community = await ok<CommunityAdmin>(app.url, '/api/communities', adminToken, 'POST', {
      title: 'Sciences 5e B',
      registrationKey: keys.writers,
      managerRegistrationKey: keys.managers,
    });
    viewId = community.views[0] ?? '';
    teacher = await registerAuthor(app.url, 'm-leroy', 'teach-pass1', community._id, keys.managers);
    pupil = await registerAuthor(app.url, 'noa', 'noa-pass-1', community._id, keys.writers);
  });

  /** The window showing a note or a view. */
  const windowOf = (page: Page, targetId: string) => page.locator(`[data-testid="internal-window"][data-target="${targetId}"]`);
  /** A ref by its title on the page's own canvas (not in a window). */
  const canvasRef = (page: Page, title: string) =>
    page.locator(`#main [data-testid="view-page"][data-view-id="${viewId}"] [data-testid="ref"][data-title="${title}"]`);
  const zOf = async (page: Page, targetId: string) => Number(await windowOf(page, targetId).evaluate((el) => getComputedStyle(el).zIndex));
  const near = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) <= 2;

  it('opens two note windows and a view window with no iframe and one websocket; a save reaches them all live', async () => {
    // Along the left edge: the windows open in the middle of the screen.
    const clouds = await note('Les nuages', 20, 60);
    const rainId = await note('La pluie', 20, 200, clouds);
    // The water cycle view holds the same note, and the canvas links to that view.
    const cycle = (
      await ok<ViewSummary>(app.url, `/api/communities/${community._id}/views`, teacher.token, 'POST', { title: 'Le cycle de l’eau' })
    )._id;
    await ok(app.url, '/api/links', teacher.token, 'POST', { from: cycle, to: clouds, type: 'contains', data: { x: 60, y: 60 } });
    await ok(app.url, '/api/links', teacher.token, 'POST', { from: viewId, to: cycle, type: 'contains', data: { x: 20, y: 340 } });

    const page = await app.newPage();
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await useSession(page, pupil.token);
    await page.goto(`${app.url}/view/${viewId}`);
    await waitForLive(page);

    await canvasRef(page, 'Les nuages').dblclick({ position: { x: 12, y: 10 } });
    await windowOf(page, clouds).getByTestId('contribution-pane').waitFor();
    await canvasRef(page, 'La pluie').dblclick({ position: { x: 12, y: 10 } });
    await windowOf(page, rainId).getByTestId('contribution-pane').waitFor();
    await canvasRef(page, 'Le cycle de l’eau').click({ button: 'right', position: { x: 12, y: 10 } });
    await page.getByTestId('menu-open-internal').click();
    const cycleWindow = windowOf(page, cycle);
    await waitForLive(cycleWindow);
    await cycleWindow.locator('[data-testid="ref"][data-title="Les nuages"]').waitFor();

    // Components of the page: no iframe, one socket for the canvas and the view window.
    expect(await page.getByTestId('internal-window').count()).toBe(3);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(sockets).toHaveLength(1);

    // The other note window lists the note it builds on.
    const rain = windowOf(page, rainId);
    // The windows cascade: each comes to the front by its title bar.
    await rain.getByTestId('window-title').click({ position: { x: 4, y: 4 } });
    await rain.getByTestId('tab-connections').click();
    await rain.getByTestId('connection').filter({ hasText: 'Les nuages' }).waitFor();
    await screenshots(page, 'windows-three-open');

    // Saved in its window: the canvas, the view window and the other note window show the new title.
    const clouds1 = windowOf(page, clouds);
    await clouds1.getByTestId('window-title').click({ position: { x: 4, y: 4 } });
    await clouds1.getByTestId('tab-edit').click();
    await clouds1.getByTestId('title-input').fill('Les nuages de pluie');
    await clouds1.getByTestId('contribute').click();
    await clouds1.getByTestId('save-success').waitFor();
    await canvasRef(page, 'Les nuages de pluie').waitFor({ timeout: 5_000 });
    await cycleWindow.locator('[data-testid="ref"][data-title="Les nuages de pluie"]').waitFor({ timeout: 5_000 });
    await rain.getByTestId('connection').filter({ hasText: 'Les nuages de pluie' }).waitFor({ timeout: 5_000 });
    await screenshots(page, 'windows-saved-live');

    // Bring to front, move, resize, close: as before.
    const title = clouds1.getByTestId('window-title');
    // A click anywhere in a window (here the part the others leave in sight) brings it to the front.
    const cycleBox = await cycleWindow.boundingBox();
    if (!cycleBox) throw new Error('no view window');
    await page.mouse.click(cycleBox.x + cycleBox.width - 12, cycleBox.y + cycleBox.height - 12);
    expect(await zOf(page, cycle)).toBeGreaterThan(await zOf(page, clouds));
    await title.click({ position: { x: 4, y: 4 } });
    expect(await zOf(page, clouds)).toBeGreaterThan(await zOf(page, cycle));
    const bar = await title.boundingBox();
    const start = await clouds1.boundingBox();
    if (!bar || !start) throw new Error('no window');
    await page.mouse.move(bar.x + 20, bar.y + 5);
    await page.mouse.down();
    await page.mouse.move(bar.x + 60, bar.y + 45, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => near((await clouds1.boundingBox())?.x, start.x + 40)).toBe(true);
    const corner = await clouds1.getByTestId('window-resize').boundingBox();
    if (!corner) throw new Error('no resize grip');
    await page.mouse.move(corner.x + 8, corner.y + 8);
    await page.mouse.down();
    await page.mouse.move(corner.x - 92, corner.y - 42, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => near((await clouds1.boundingBox())?.width, start.width - 100)).toBe(true);
    await cycleWindow.getByTestId('window-close').click();
    await expect.poll(() => page.getByTestId('internal-window').count()).toBe(2);

    expect(sockets).toHaveLength(1);
    await page.close();
  });

  it('follows a view link inside a view window, and opens a standalone note page by its URL', async () => {
    const inner = (
      await ok<ViewSummary>(app.url, `/api/communities/${community._id}/views`, teacher.token, 'POST', { title: 'Les saisons' })
    )._id;
    const outer = (await ok<ViewSummary>(app.url, `/api/communities/${community._id}/views`, teacher.token, 'POST', { title: 'Le climat' }))
      ._id;
    await ok(app.url, '/api/links', teacher.token, 'POST', { from: outer, to: inner, type: 'contains', data: { x: 40, y: 40 } });
    await ok(app.url, '/api/links', teacher.token, 'POST', { from: viewId, to: outer, type: 'contains', data: { x: 560, y: 320 } });
    const snow = await note('La neige', 700, 120);

    const page = await openPageAs(app, pupil.token, `/view/${viewId}`);
    await waitForLive(page);
    await canvasRef(page, 'Le climat').click({ button: 'right', position: { x: 12, y: 10 } });
    await page.getByTestId('menu-open-internal').click();
    const win = page.getByTestId('internal-window');
    await win.locator('[data-testid="ref"][data-title="Les saisons"]').dblclick({ position: { x: 12, y: 10 } });
    // The same window now shows the linked view; the page stays on its canvas.
    await expect.poll(() => win.getByTestId('view-title').textContent()).toContain('Les saisons');
    expect(await win.count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe(`/view/${viewId}`);

    // A note opened in its own tab by URL still works.
    await page.goto(`${app.url}/contribution/${snow}/${viewId}`);
    await expect.poll(() => page.getByTestId('contribution-pane').textContent()).toContain('La neige');
    expect(await page.getByTestId('internal-window').count()).toBe(0);
    await page.close();
  });

  it('shows a rise-above in place from the shared cache, live, without an iframe', async () => {
    const a = await note('Le soleil chauffe', 700, 400);
    const b = await note('L’eau s’évapore', 760, 480);
    const canvas = await ok<{ refs: { _id: string; to: string }[] }>(app.url, `/api/views/${viewId}/canvas`, pupil.token);
    const linkIds = canvas.refs.filter((ref) => ref.to === a || ref.to === b).map((ref) => ref._id);
    const rise = await ok<{ ref: { _id: string }; viewId: string }>(app.url, `/api/views/${viewId}/riseabove`, pupil.token, 'POST', {
      title: 'L’évaporation',
      linkIds,
    });
    await ok(app.url, `/api/links/${rise.ref._id}`, pupil.token, 'PUT', { data: { showInPlace: true, width: 360, height: 240 } });

    const page = await app.newPage();
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await useSession(page, pupil.token);
    await page.goto(`${app.url}/view/${viewId}`);
    await waitForLive(page);
    const preview = canvasRef(page, 'L’évaporation').getByTestId('in-place-view');
    await preview.locator('[data-testid="ref"][data-title="Le soleil chauffe"]').waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    // A note added to the inner view appears in the preview live, over the page's one socket.
    await note('La vapeur monte', 40, 120, undefined, rise.viewId);
    await preview.locator('[data-testid="ref"][data-title="La vapeur monte"]').waitFor({ timeout: 5_000 });
    expect(sockets).toHaveLength(1);
    await screenshots(page, 'windows-riseabove-in-place');
    await page.close();
  });
});
