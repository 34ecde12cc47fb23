import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import { createCommunity, ok, refByTitle, waitForLive, writtenNote, registerAuthor } from './api.ts';
import { describeBrowser, useBrowserApp, useSession, type ApiUser } from './harness.ts';

/**
 * Issue 21 §10, a phone's first look. A view opens showing its contributions:
 * notes placed on a laptop (the middle of a 1366 px screen) are off a 375 px
 * phone's screen when the canvas opens at its top-left corner, so the canvas
 * opens scrolled to them, at every screen size, once (a live update never
 * moves it). And every tab of the contribution window is within reach of a
 * finger without scrolling the tab row sideways.
 */
const admin = { userName: 'directrice', password: 'admin-pass1' };
const phone = { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true };
const laptopNotes = [
  { title: 'Les nuages', x: 620, y: 330 },
  { title: 'La pluie', x: 820, y: 420 },
  { title: 'La neige', x: 700, y: 520 },
];
const shotDir = '/tmp/buildon-phone-opening';

const shot = async (page: Page, name: string) => {
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `${name}.png`) });
};

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

describeBrowser('a phone’s first look at a view and a note (issue 21 §10)', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let farViewId = '';
  let pupil: ApiUser;
  let adminToken = '';

  const placedNote = (title: string, x: number, y: number, inView = viewId) =>
    writtenNote(app.url, pupil.token, community._id, { title, viewId: inView, x, y });

  /** Opens a view and waits for its refs, touching nothing: what shows is where the canvas opened. */
  const openView = async (page: Page, id: string, firstTitle: string) => {
    await page.goto(`${app.url}/view/${id}`);
    await page.getByTestId('canvas-plane').waitFor();
    await refByTitle(page, firstTitle).waitFor();
    await waitForLive(page);
  };

  /** The refs whose whole card is inside the visible canvas (and the window). */
  const refsInSight = async (page: Page): Promise<string[]> => {
    const canvas = await page.getByTestId('canvas').boundingBox();
    const screen = page.viewportSize();
    if (!canvas || !screen) throw new Error('no canvas');
    const seen: string[] = [];
    for (const ref of await page.getByTestId('ref').all()) {
      const box = await ref.boundingBox();
      if (box && inside(box, canvas) && inside(box, { x: 0, y: 0, ...screen })) seen.push((await ref.getAttribute('data-title')) ?? '');
    }
    return seen;
  };

  const canvasScroll = (page: Page) =>
    page.getByTestId('canvas').evaluate((element) => ({ left: element.scrollLeft, top: element.scrollTop }));

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'CE2 La météo',
      registrationKey: 'classe-ce2',
      managerRegistrationKey: 'maitres-ce2',
    });
    viewId = community.views[0] ?? '';
    adminToken = (await ok<{ token: string }>(app.url, '/auth/local', '', 'POST', admin)).token;
    pupil = await registerAuthor(app.url, 'sami', 'sami-pass-1', community._id, 'classe-ce2');
    for (const note of laptopNotes) await placedNote(note.title, note.x, note.y);
    // A second view whose notes all sit far right and below, even for a laptop.
    const far = await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, adminToken, 'POST', {
      type: 'View',
      title: 'Le grand tableau',
    });
    farViewId = far.contribution._id;
    await placedNote('Tout au fond', 1700, 1400, farViewId);
    await placedNote('Encore plus loin', 1900, 1600, farViewId);
  });

  it('on a 375 px phone, a view opens on the notes placed on a laptop, without a finger scrolling to them', async () => {
    const page = await app.newPage(phone);
    await useSession(page, pupil.token);
    await openView(page, viewId, laptopNotes[0]?.title ?? '');
    await shot(page, 'view-opened');
    expect((await refsInSight(page)).length).toBeGreaterThan(0);
    // Scrolled, not zoomed: the page is still 375 px wide, the canvas scrolled to the notes' top-left corner.
    expect(await page.evaluate(() => ({ width: document.documentElement.scrollWidth, zoom: window.visualViewport?.scale }))).toEqual({
      width: 375,
      zoom: 1,
    });
    const scroll = await canvasScroll(page);
    expect(scroll.left).toBeGreaterThan(500);
    expect(scroll.left).toBeLessThanOrEqual(620);
    expect(scroll.top).toBeGreaterThan(250);
    expect(scroll.top).toBeLessThanOrEqual(330);
    // The note nearest the top-left corner shows whole; a tap opens it.
    expect(await refsInSight(page)).toContain('Les nuages');
    await refByTitle(page, 'Les nuages').tap();
    await page.getByTestId('internal-window').waitFor();
  });

  it('only when it opens: a note arriving live does not move the canvas the pupil scrolled', async () => {
    const page = await app.newPage(phone);
    await useSession(page, pupil.token);
    await openView(page, viewId, laptopNotes[0]?.title ?? '');
    // The pupil goes back to the canvas's corner, where nothing is yet.
    await page.getByTestId('canvas').evaluate((element) => element.scrollTo({ left: 0, top: 0, behavior: 'instant' }));
    expect(await refsInSight(page)).toEqual([]);
    const plane = page.getByTestId('canvas-plane');
    const count = Number(await plane.getAttribute('data-ref-count'));
    await placedNote('Le brouillard', 1100, 900);
    // It arrives off-screen: in the canvas's model (its count), not drawn (issue 16 §2 draws only what is near the screen).
    await expect.poll(async () => Number(await plane.getAttribute('data-ref-count'))).toBe(count + 1);
    expect(await refByTitle(page, 'Le brouillard').count()).toBe(0);
    expect(await canvasScroll(page)).toEqual({ left: 0, top: 0 });
  });

  it('on a laptop, a view with a note in sight stays at its corner; one whose notes all sit far off opens on them', async () => {
    const page = await app.newPage({ viewport: { width: 1366, height: 768 } });
    await useSession(page, pupil.token);
    await openView(page, viewId, laptopNotes[0]?.title ?? '');
    expect(await canvasScroll(page)).toEqual({ left: 0, top: 0 });
    expect(await refsInSight(page)).toEqual(expect.arrayContaining(laptopNotes.map((note) => note.title)));

    await openView(page, farViewId, 'Tout au fond');
    expect(await refsInSight(page)).toContain('Tout au fond');
    // Scrolled right and down towards them (as far as the canvas goes).
    const scroll = await canvasScroll(page);
    expect(scroll.left).toBeGreaterThan(1000);
    expect(scroll.top).toBeGreaterThan(1000);
  });

  it('at 375 px, every tab of the contribution window is reachable without scrolling the tab row sideways', async () => {
    const page = await app.newPage(phone);
    await useSession(page, pupil.token);
    await openView(page, viewId, laptopNotes[0]?.title ?? '');
    await refByTitle(page, 'Les nuages').tap();
    const window = page.getByTestId('internal-window');
    await window.waitFor();
    const list = window.getByRole('tablist');
    await list.waitFor();
    const tabs = list.getByRole('tab');
    // The pupil's own note: every tab a writer has (read, edit, attachments, authors, links, history, properties).
    await expect.poll(() => tabs.count()).toBe(7);
    await shot(page, 'note-tabs');
    const sizes = await list.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.clientWidth);
    const listBox = await list.boundingBox();
    if (!listBox) throw new Error('no tab list');
    // Each tab keeps its accessible name, and sits whole inside the row and the screen.
    const names = ['Lire', 'Modifier', 'Pièces jointes', 'Auteurs', 'Liens', 'Historique', 'Propriétés'];
    for (const name of names) {
      const tab = list.getByRole('tab', { name, exact: true });
      expect(await tab.isVisible(), name).toBe(true);
      const box = await tab.boundingBox();
      expect(box && inside(box, listBox) && inside(box, { x: 0, y: 0, width: 375, height: 667 }), name).toBe(true);
    }
    // And a tap on the last one opens it.
    await tabs.last().tap();
    expect(await tabs.last().getAttribute('data-state')).toBe('active');
  });
});
