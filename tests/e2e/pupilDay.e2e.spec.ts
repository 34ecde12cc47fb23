import { noteBodyOf } from '../../contracts/contributionData.ts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ObjectReply } from '../../contracts/api/objects.ts';
import type { ViewCanvasReply } from '../../contracts/api/views.ts';
import { createCommunity, ok, refByTitle, waitForLive } from './api.ts';
import { describeBrowser, loginThroughUi, registerUser, runCli, screenshotDir, useBrowserApp, type ApiUser } from './harness.ts';

/**
 * Issue 21, "done when": a class's first morning, end to end in Chromium, with
 * a teacher and two pupils in separate browser contexts. The teacher imports
 * the class; the pupils log in, write inside a scaffold, draw, build on each
 * other's notes and see them and their arrows arrive live; the teacher rises
 * above three contributions; a pupil opens her note's history; the teacher
 * replays the morning in the time machine at 1×; a pupil looks on a phone.
 *
 * `npm run screenshots` runs it with BUILDON_SCREENSHOTS_DIR=docs/screenshots:
 * its pictures illustrate the guides (docs/guides) and the README.
 */
const admin = { userName: 'direction', password: 'direction-pass-1' };
const keys = { writers: 'cm1-sciences-eleves', managers: 'cm1-sciences-profs' };
const pupils = {
  lea: { firstName: 'Léa', lastName: 'Martin', userName: 'lea.martin', password: 'lea-soleil-42' },
  hugo: { firstName: 'Hugo', lastName: 'Bernard', userName: 'hugo.bernard', password: 'hugo-nuage-17' },
};
const titles = {
  question: 'Où va l’eau de la flaque ?',
  drawing: 'Le soleil chauffe la flaque',
  buildOn: 'Elle monte dans le ciel',
  synthesis: 'Le cycle de l’eau',
};

/** The guides' pictures: a viewport shot (what the person sees), into docs/screenshots with `npm run screenshots`. */
const guideDir = process.env.BUILDON_SCREENSHOTS_DIR
  ? join(process.cwd(), process.env.BUILDON_SCREENSHOTS_DIR)
  : join(screenshotDir, 'pupil-day');
const shot = async (page: Page, name: string) => {
  mkdirSync(guideDir, { recursive: true });
  await page.screenshot({ path: join(guideDir, `${name}.png`) });
};

const arrows = (page: Page) => page.locator('[data-testid="canvas-links"] line[data-link-type="buildson"]').count();

describeBrowser('a class’s first morning (issue 21)', () => {
  const app = useBrowserApp({
    prepare: (dataDir) => void runCli(dataDir, ['create-admin', '--user', admin.userName, '--password', admin.password]),
  });
  let community: CommunityAdmin;
  let viewId = '';
  let teacher: ApiUser;
  let teacherPage: Page;
  let leaPage: Page;
  let hugoPage: Page;
  let questionId = '';

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'CM1 Sciences',
      registrationKey: keys.writers,
      managerRegistrationKey: keys.managers,
    });
    viewId = community.views[0] ?? '';
    teacher = await registerUser(app.url, 'mme.durand', 'durand-classe-1');
    await ok(app.url, '/api/authors', teacher.token, 'POST', {
      userId: teacher.id,
      communityId: community._id,
      registrationKey: keys.managers,
    });
  });

  const openView = async (page: Page) => {
    await page.goto(`${app.url}/view/${viewId}`);
    await page.getByTestId('canvas-plane').waitFor();
    await waitForLive(page);
  };

  it('the teacher imports the class from a CSV file', async () => {
    teacherPage = await app.newPage();
    await loginThroughUi(teacherPage, app.url, teacher.userName, teacher.password);
    await teacherPage.goto(`${app.url}/authormanager/${community._id}`);
    const rows = Object.values(pupils).map((p) =>
      [p.firstName, p.lastName, `${p.userName}@ecole.example`, p.userName, p.password].join(','),
    );
    await teacherPage.getByTestId('csv-file').setInputFiles({
      name: 'classe.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['firstName,lastName,email,username,password', ...rows].join('\n') + '\n'),
    });
    await teacherPage.getByTestId('csv-validate').click();
    await teacherPage.getByTestId('csv-check-message').waitFor();
    await teacherPage.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-testid="csv-submit"]')?.disabled);
    await teacherPage.getByTestId('csv-submit').click();
    await teacherPage.getByTestId('csv-result-message').waitFor({ timeout: 60_000 });
    expect(await teacherPage.getByTestId('csv-result-message').textContent()).toContain('Comptes créés : 2');
    await shot(teacherPage, 'teacher-authors');
  });

  it('the pupils log in with their new accounts and open the class’s view with the teacher', async () => {
    leaPage = await app.newPage();
    hugoPage = await app.newPage();
    await loginThroughUi(leaPage, app.url, pupils.lea.userName, pupils.lea.password);
    await loginThroughUi(hugoPage, app.url, pupils.hugo.userName, pupils.hugo.password);
    await Promise.all([openView(leaPage), openView(hugoPage), openView(teacherPage)]);
    // Everyone sees who else is here.
    await expect.poll(() => teacherPage.getByTestId('view-titlebar').textContent()).toContain('Léa');
  });

  it('Léa writes her question inside the scaffold “Mon idée”; the others see it arrive', async () => {
    await leaPage.getByTestId('tool-new-note').click();
    const window = leaPage.getByTestId('internal-window');
    await window.waitFor();
    questionId = (await window.getAttribute('data-target')) ?? '';
    await window.getByTestId('title-input').fill(titles.question);
    const editor = window.getByTestId('note-editor');
    await editor.click();
    await leaPage.keyboard.type('Hier il y avait une flaque. ');
    await window.locator('[data-testid="support-button"][data-support="Mon idée"]').click();
    await leaPage.keyboard.type('l’eau s’évapore quand le soleil chauffe');
    // The words are inside the scaffold, between its start and end markers.
    await expect.poll(() => editor.locator('.kf-support').first().textContent()).toContain('l’eau s’évapore quand le soleil chauffe');
    await shot(leaPage, 'pupil-day-scaffold');
    await window.getByTestId('contribute').click();
    await window.getByTestId('save-success').waitFor();
    await window.getByTestId('window-close').click();
    await expect.poll(() => refByTitle(hugoPage, titles.question).count()).toBe(1);
    await expect.poll(() => refByTitle(teacherPage, titles.question).count()).toBe(1);
    // Her own note counts as read for her (issue 21 §11).
    expect(await refByTitle(leaPage, titles.question).getAttribute('data-read')).not.toBe('unread');
    const saved = await ok<ObjectReply>(app.url, `/api/objects/${questionId}`, teacher.token);
    expect(JSON.stringify(noteBodyOf(saved))).toContain('l’eau s’évapore');
  });

  it('Hugo draws the sun over the puddle, writing “Soleil” on the drawing; Léa sees the drawing', async () => {
    await hugoPage.getByTestId('tool-new-drawing').click();
    const window = hugoPage.getByTestId('internal-window');
    await window.waitFor();
    const canvas = window.getByTestId('drawing-canvas');
    await canvas.waitFor();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no drawing canvas');
    await window.getByTestId('draw-ellipse').click();
    await hugoPage.mouse.move(box.x + 60, box.y + 40);
    await hugoPage.mouse.down();
    await hugoPage.mouse.move(box.x + 130, box.y + 110, { steps: 6 });
    await hugoPage.mouse.up();
    await window.getByTestId('draw-text').click();
    await hugoPage.mouse.click(box.x + 150, box.y + 80);
    await window.getByTestId('draw-text-input').waitFor();
    await hugoPage.keyboard.type('Soleil');
    await hugoPage.keyboard.press('Enter');
    await window.getByTestId('draw-text-input').waitFor({ state: 'detached' });
    await window.getByTestId('title-input').fill(titles.drawing);
    await shot(hugoPage, 'pupil-day-drawing');
    await window.getByTestId('contribute').click();
    await window.getByTestId('save-success').waitFor();
    await window.getByTestId('window-close').click();

    await expect.poll(() => refByTitle(leaPage, titles.drawing).count()).toBe(1);
    await refByTitle(leaPage, titles.drawing).dblclick({ position: { x: 12, y: 10 } });
    const seen = leaPage.getByTestId('internal-window');
    const preview = seen.getByTestId('drawing-preview');
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await seen.getByTestId('window-close').click();
  });

  it('Hugo builds on Léa’s question; both see the new note and its arrow live', async () => {
    const before = await arrows(leaPage);
    await refByTitle(hugoPage, titles.question).dblclick({ position: { x: 12, y: 10 } });
    const windows = hugoPage.getByTestId('internal-window');
    await windows.first().getByTestId('build-on').click();
    await expect.poll(() => windows.count()).toBe(2);
    const created = windows.nth(1);
    await created.getByTestId('title-input').fill(titles.buildOn);
    await created.getByTestId('note-editor').click();
    await hugoPage.keyboard.type('La vapeur monte et forme les nuages.');
    await created.getByTestId('contribute').click();
    await created.getByTestId('save-success').waitFor();
    await shot(hugoPage, 'pupil-day-buildon');
    await created.getByTestId('window-close').click();
    await windows.first().getByTestId('window-close').click();

    for (const page of [leaPage, teacherPage]) {
      await expect.poll(() => refByTitle(page, titles.buildOn).count()).toBe(1);
      await expect.poll(() => arrows(page)).toBe(before + 1);
    }
    await shot(leaPage, 'pupil-day-canvas');
  });

  it('the teacher rises above the three contributions; the pupils see the synthesis replace them', async () => {
    for (const title of [titles.question, titles.drawing, titles.buildOn]) {
      await refByTitle(teacherPage, title).click({ position: { x: 12, y: 10 }, modifiers: ['Shift'] });
    }
    await teacherPage.getByTestId('tool-riseabove').click();
    await teacherPage.getByTestId('ask-input').fill(titles.synthesis);
    await teacherPage.getByTestId('ask-ok').click();
    for (const page of [leaPage, hugoPage]) {
      await expect.poll(() => refByTitle(page, titles.synthesis).count()).toBe(1);
      await expect.poll(() => refByTitle(page, titles.question).count()).toBe(0);
    }
    // Opened, it shows the three inside, under the synthesis's own title.
    await refByTitle(teacherPage, titles.synthesis).dblclick({ position: { x: 12, y: 10 } });
    const inner = teacherPage.getByTestId('internal-window');
    await inner.locator(`[data-testid="ref"][data-title="${titles.buildOn}"]`).waitFor();
    await expect.poll(() => inner.getByTestId('view-title').textContent()).toContain(titles.synthesis);
    await shot(teacherPage, 'pupil-day-riseabove');
    await teacherPage.getByTestId('window-close').click();
    const canvas = await ok<ViewCanvasReply>(app.url, `/api/views/${viewId}/canvas`, teacher.token);
    const innerViewId = canvas.refs.find((ref) => ref._to.title === titles.synthesis)?._to.riseaboveViewId;
    const innerCanvas = await ok<ViewCanvasReply>(app.url, `/api/views/${innerViewId}/canvas`, teacher.token);
    expect(innerCanvas.refs.map((ref) => ref._to.title).sort()).toEqual([titles.buildOn, titles.drawing, titles.question].sort());
    // The build-on arrow stays with its notes.
    expect(innerCanvas.links.filter((link) => link.type === 'buildson')).toHaveLength(1);
  });

  it('Léa improves her question, then opens its history and sees what changed', async () => {
    await leaPage.goto(`${app.url}/contribution/${questionId}/${viewId}`);
    await leaPage.getByTestId('contribution-pane').waitFor();
    await leaPage.getByTestId('tab-edit').click();
    const editor = leaPage.getByTestId('note-editor');
    await editor.click();
    await leaPage.keyboard.press('ControlOrMeta+End');
    await leaPage.keyboard.type(' Où va la vapeur ?');
    await leaPage.getByTestId('contribute').click();
    await leaPage.getByTestId('save-success').waitFor();
    await leaPage.getByTestId('tab-history').click();
    const latest = leaPage.getByTestId('history-entry').last();
    await latest.getByTestId('history-open').click();
    const shown = leaPage.getByTestId('historical');
    await shown.getByTestId('historical-version').waitFor();
    await expect
      .poll(async () => (await shown.getByTestId('diff-text').locator('ins').allTextContents()).join(' '))
      .toContain('Où va la vapeur ?');
    await shot(leaPage, 'pupil-day-history');
  });

  it('the teacher replays the morning in the time machine at 1×, with captions that say what happened', async () => {
    await teacherPage.getByTestId('tool-timemachine').click();
    await teacherPage.getByTestId('tm-screen').waitFor();
    expect(await teacherPage.getByTestId('tm-speed').inputValue()).toBe('1');
    const screen = teacherPage.getByTestId('tm-screen');
    const stops = Number(await screen.getAttribute('data-stops'));
    expect(stops).toBeGreaterThan(3);
    await teacherPage.getByTestId('tm-play').click();
    await teacherPage.locator('[data-testid="tm-screen"][data-playing]').waitFor();
    await expect.poll(() => screen.getAttribute('data-frame')).not.toBe('-1');
    // At 1× (one stop a second) the morning is still playing once the first change shows.
    expect(await screen.getAttribute('data-playing')).not.toBeNull();
    await shot(teacherPage, 'pupil-day-timemachine');
    await teacherPage.locator('[data-testid="tm-screen"]:not([data-playing])').waitFor({ timeout: stops * 1_500 + 10_000 });
    expect(await teacherPage.getByTestId('tm-play').isDisabled()).toBe(true);
    const record = (await teacherPage.getByTestId('tm-record').textContent()) ?? '';
    expect(record).not.toMatch(/supprim/i);
    // On the last frame the synthesis stands where the three were.
    await refByTitle(teacherPage, titles.synthesis).waitFor();
  });

  it('on a phone, Léa sees the view and opens the synthesis with a tap', async () => {
    const phone = await app.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    await loginThroughUi(phone, app.url, pupils.lea.userName, pupils.lea.password);
    await openView(phone);
    await refByTitle(phone, titles.synthesis).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The class's notes were placed in the middle of a laptop's screen: the view opens on them (issue 21 §10), no finger needed.
    const seen = await refByTitle(phone, titles.synthesis).boundingBox();
    const canvas = await phone.getByTestId('canvas').boundingBox();
    expect(seen && canvas && seen.x >= canvas.x && seen.y >= canvas.y && seen.x + seen.width <= canvas.x + canvas.width).toBe(true);
    expect(seen && canvas && seen.y + seen.height <= canvas.y + canvas.height).toBe(true);
    await shot(phone, 'pupil-day-phone');
    await refByTitle(phone, titles.synthesis).tap();
    await phone.getByTestId('internal-window').waitFor();
  });
});
