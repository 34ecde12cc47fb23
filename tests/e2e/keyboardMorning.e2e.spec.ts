import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ObjectReply } from '../../contracts/api/objects.ts';
import type { ViewCanvasReply } from '../../contracts/api/views.ts';
import { noteBodyOf } from '../../contracts/contributionData.ts';
import { createCommunity, ok, writtenNote } from './api.ts';
import { expectNoAxeViolations } from './axeStrict.ts';
import { findEnglish } from './frenchText.ts';
import { describeBrowser, expectAccessible, registerUser, runCli, screenshotDir, useBrowserApp, type ApiUser } from './harness.ts';

/**
 * Issue 25, "done when": a pupil's morning with the keyboard only. Léa logs
 * in on the login page, reaches her class's view, finds her own note on the
 * canvas, moves it (saved), opens it, writes inside a scaffold, contributes,
 * builds on her classmate Malik's note and contributes that, and closes the
 * windows with Escape. Only `page.keyboard` drives the page: no click, no
 * fill, no focus(). At each step the test says where focus is (which element,
 * in which window) and what the live regions say, in French; axe (every WCAG
 * 2.1 A/AA rule) runs on the canvas, the open note, the editor with its
 * scaffold and the build-on window.
 */
const admin = { userName: 'direction', password: 'direction-pass-1' };
const lea = { userName: 'lea.martin', password: 'lea-soleil-42' };
const titles = { own: 'La flaque', classmate: 'Les nuages', buildOn: 'Le soleil chauffe la flaque' };

/** Where focus is: the element, and the window (dialog) it is in, by the window's title. */
type Focus = {
  tag: string | null;
  testId: string | null;
  /** A card's title (`data-title`). */
  title: string | null;
  name: string | null;
  support: string | null;
  text: string;
  /** The focused element's accessible description (`aria-describedby`), as a screen reader reads it after its name. */
  description: string | null;
  dialog: string | null;
};

describeBrowser('a pupil’s morning with the keyboard only (issue 25)', () => {
  const app = useBrowserApp({
    prepare: (dataDir) => void runCli(dataDir, ['create-admin', '--user', admin.userName, '--password', admin.password]),
  });
  let community: CommunityAdmin;
  let viewId = '';
  let pupil: ApiUser;
  let classmate: ApiUser;
  let ownId = '';
  let classmateId = '';

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'CM1 Sciences',
      registrationKey: 'classe-cm1',
      managerRegistrationKey: 'maitres-cm1',
    });
    viewId = community.views[0] ?? '';
    pupil = await registerUser(app.url, lea.userName, lea.password);
    classmate = await registerUser(app.url, 'malik.diallo', 'malik-pluie-17');
    for (const user of [pupil, classmate]) {
      await ok(app.url, '/api/authors', user.token, 'POST', { userId: user.id, communityId: community._id, registrationKey: 'classe-cm1' });
    }
    // Malik's note is at the top left, where Tab lands on the canvas; Léa's is below it, one arrow away.
    classmateId = await writtenNote(app.url, classmate.token, community._id, {
      title: titles.classmate,
      viewId,
      x: 120,
      y: 120,
      text: 'Les nuages sont faits de gouttes.',
    });
    ownId = await writtenNote(app.url, pupil.token, community._id, {
      title: titles.own,
      viewId,
      x: 120,
      y: 360,
      text: 'Hier il y avait une flaque.',
    });
  });

  const focus = (page: Page): Promise<Focus> =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const described = (element?.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim();
      return {
        tag: element?.tagName.toLowerCase() ?? null,
        testId: element?.dataset.testid ?? null,
        title: element?.dataset.title ?? null,
        name: element?.getAttribute('name') ?? null,
        support: element?.dataset.support ?? null,
        text: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        description: described || null,
        dialog: element?.closest('[role="dialog"]')?.querySelector('[data-testid="window-title"]')?.textContent ?? null,
      };
    });

  /** Presses `key` until `wanted` says focus is where it should be, at most `max` times; returns how many presses it took. */
  const pressUntil = async (page: Page, key: string, wanted: (where: Focus) => boolean, max: number) => {
    for (let presses = 0; presses <= max; presses++) {
      if (wanted(await focus(page))) return presses;
      await page.keyboard.press(key);
    }
    throw new Error(`${key} × ${max} never reached it; focus is on ${JSON.stringify(await focus(page))}`);
  };

  /** The text of every live region of the page (aria-live, role=status or alert), by test id, with the window it is in. */
  const liveRegions = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('[aria-live], [role="status"], [role="alert"]'))
        .map((region) => ({
          id: region.dataset.testid ?? region.getAttribute('role') ?? '',
          dialog: region.closest('[role="dialog"]')?.querySelector('[data-testid="window-title"]')?.textContent ?? null,
          text: (region.textContent ?? '').replace(/\s+/g, ' ').trim(),
        }))
        .filter((region) => region.text !== ''),
    );

  /** What one live region says now ('' when empty or absent). */
  const said = (page: Page, testId: string) =>
    page.evaluate((id) => (document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '').trim(), testId);

  /** No English in any live region (the names this test wrote are allowed). */
  const expectFrenchAnnouncements = async (page: Page, step: string) => {
    const texts = (await liveRegions(page)).map((region) => region.text);
    expect(findEnglish(texts, step, [...Object.values(titles), 'Test lea.martin', 'Test malik.diallo', 'CM1 Sciences'])).toEqual([]);
  };

  const positionOf = async (title: string) => {
    const canvas = await ok<ViewCanvasReply>(app.url, `/api/views/${viewId}/canvas`, pupil.token);
    const ref = canvas.refs.find((item) => item._to.title === title);
    return ref ? { x: ref.data.x, y: ref.data.y } : null;
  };

  const shot = async (page: Page, name: string) => {
    const dir = join(screenshotDir, 'keyboard-morning');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${name}.png`) });
  };

  it('logs in, moves her note, writes in a scaffold, builds on a classmate’s note and closes the windows, all by keyboard', async () => {
    const page = await app.newPage();
    // Nothing here may click, fill or focus(): only the keyboard moves focus. A lost focus would show as <body> below.

    // 1. The login page: Tab to the user name, type, Tab, type the password, Enter.
    await page.goto(`${app.url}/login`);
    await page.locator('input[name="login-userName"]').waitFor();
    await expectNoAxeViolations(page);
    const tabsToLogin = await pressUntil(page, 'Tab', (f) => f.name === 'login-userName', 15);
    expect(tabsToLogin).toBeGreaterThan(0);
    await page.keyboard.type(lea.userName);
    await page.keyboard.press('Tab');
    expect(await focus(page)).toMatchObject({ tag: 'input', name: 'login-password' });
    await page.keyboard.type(lea.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.getByTestId('enter-link').waitFor();
    await expectNoAxeViolations(page);

    // 2. Home: a few Tabs from the heading reach the class's link; Enter goes to the class's view.
    await pressUntil(page, 'Tab', (f) => f.testId === 'enter-link', 10);
    expect((await focus(page)).text).toBe('Entrer dans CM1 Sciences');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/view/${viewId}`);
    await page.locator('[data-testid="view-page"][data-live="subscribed"]').first().waitFor({ state: 'attached' });
    await page.locator(`[data-testid="ref"][data-title="${titles.own}"]`).waitFor();
    expect(await page.title()).toBe('Bienvenue · Buildon');

    // 3. The canvas is one Tab stop after the toolbar: it starts on the top-left note, Malik's, named with its author and read state.
    const tabsToCanvas = await pressUntil(page, 'Tab', (f) => f.testId === 'ref', 20);
    expect(tabsToCanvas).toBeLessThanOrEqual(20);
    let where = await focus(page);
    expect(where).toMatchObject({ title: titles.classmate, dialog: null });
    expect(where.text).toContain('par Test malik.diallo');
    expect(where.text).toContain('non lue');
    expect(await said(page, 'canvas-announcement')).toBe('');
    await expectAccessible(page);
    await expectNoAxeViolations(page);
    await shot(page, '1-canvas');

    // 4. Down to her own note.
    await page.keyboard.press('ArrowDown');
    where = await focus(page);
    expect(where).toMatchObject({ title: titles.own, dialog: null });
    expect(where.text).toContain('par Test lea.martin');

    // 5. Move it: Space lifts, arrows move (Shift further), Space drops; each step is said; the place is saved.
    await page.keyboard.press('Space');
    expect(await said(page, 'canvas-announcement')).toBe(
      '« La flaque » soulevée. Flèches pour déplacer, Maj pour aller plus loin, Espace pour déposer, Échap pour annuler.',
    );
    await page.keyboard.press('ArrowRight');
    expect(await said(page, 'canvas-announcement')).toBe('Déplacée à droite.');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    expect(await said(page, 'canvas-announcement')).toBe('Déplacée vers le bas.');
    await page.keyboard.press('Space');
    expect(await said(page, 'canvas-announcement')).toBe('Déposée.');
    await expect.poll(() => positionOf(titles.own)).toEqual({ x: 140, y: 410 });
    expect(await focus(page)).toMatchObject({ title: titles.own, dialog: null });
    await expectFrenchAnnouncements(page, 'after the move');

    // 6. Enter opens it: a dialog named by its title, focus on its heading (a note to read).
    await page.keyboard.press('Enter');
    const own = page.getByRole('dialog', { name: titles.own });
    await own.getByTestId('contribution-pane').waitFor();
    await expect.poll(() => focus(page)).toMatchObject({ testId: 'window-title', dialog: titles.own });
    await expectAccessible(page);
    await expectNoAxeViolations(page);
    await shot(page, '2-open-note');

    // 7. To the editor: Tab to the tabs, Right to "Modifier" (the tabs' own keys), Tab through the title and toolbar to the text.
    await pressUntil(page, 'Tab', (f) => f.testId === 'tab-read', 5);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focus(page)).toMatchObject({ testId: 'tab-edit', text: 'Modifier', dialog: titles.own });
    await pressUntil(page, 'Tab', (f) => f.testId === 'note-editor', 20);
    expect((await focus(page)).dialog).toBe(titles.own);

    // 8. A new line, then the scaffold panel is the next Tab stop; Enter puts "Mon idée" in, the caret inside, and says so.
    // Ctrl+End to the end of the text (pressed again if the editor was still placing its caret from the focus).
    const caret = () => own.getByTestId('note-editor').locator('xpath=..').getAttribute('data-position');
    await expect
      .poll(async () => {
        await page.keyboard.press('Control+End');
        const [from, to, size] = ((await caret()) ?? '').split(':').map(Number);
        return from === to && to === (size ?? 0) - 1;
      })
      .toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Le soleil ');
    await page.keyboard.press('Tab');
    expect(await focus(page)).toMatchObject({ testId: 'support-button', support: 'Mon idée', dialog: titles.own });
    await page.keyboard.press('Enter');
    await expect.poll(() => focus(page)).toMatchObject({ testId: 'note-editor', dialog: titles.own });
    await expect
      .poll(() => said(page, 'scaffold-announcement'))
      .toBe('Échafaudage « Mon idée » inséré. Écris dedans ; à la fin, la flèche droite en sort.');
    await page.keyboard.type('la fait monter dans le ciel');
    const supports = () =>
      own
        .getByTestId('note-editor')
        .evaluate((editor) => Array.from(editor.querySelectorAll('.kf-support-words')).map((words) => words.textContent));
    await expect.poll(supports).toEqual(['la fait monter dans le ciel']);
    await expectFrenchAnnouncements(page, 'the scaffold');
    await expectAccessible(page);
    await expectNoAxeViolations(page);
    await shot(page, '3-scaffold');

    // 9. Contribute: Tab to the button, Enter. Focus goes to "Terminer et fermer", described by the success message.
    await pressUntil(page, 'Tab', (f) => f.testId === 'contribute', 30);
    expect(await focus(page)).toMatchObject({ text: 'Enregistrer', dialog: titles.own });
    await page.keyboard.press('Enter');
    await expect
      .poll(() => focus(page))
      .toMatchObject({ testId: 'finish-close', text: 'Terminer et fermer', description: 'Contribution enregistrée.', dialog: titles.own });
    expect(await said(page, 'save-success')).toBe('Contribution enregistrée.');
    expect((await liveRegions(page)).find((region) => region.id === 'save-success')?.dialog).toBe(titles.own);
    await expectFrenchAnnouncements(page, 'contributed');
    const saved = await ok<ObjectReply>(app.url, `/api/objects/${ownId}`, pupil.token);
    // Her first line as it was, then the new line with the words inside the support.
    const [first, second] = (noteBodyOf(saved) as { content: unknown[] }).content.map((block) => JSON.stringify(block));
    expect(first).toContain('"text":"Hier il y avait une flaque."');
    expect(second).toMatch(/"text":"Le soleil ".*"type":"support".*"text":"la fait monter dans le ciel"/);

    // 10. Escape closes her note; focus is back on its card.
    await page.keyboard.press('Escape');
    await own.waitFor({ state: 'detached' });
    expect(await focus(page)).toMatchObject({ testId: 'ref', title: titles.own, dialog: null });

    // 11. Up to Malik's note, Enter: its window, focus on its heading.
    await page.keyboard.press('ArrowUp');
    expect(await focus(page)).toMatchObject({ testId: 'ref', title: titles.classmate });
    await page.keyboard.press('Enter');
    const parent = page.getByRole('dialog', { name: titles.classmate });
    await parent.getByTestId('contribution-pane').waitFor();
    await expect.poll(() => focus(page)).toMatchObject({ testId: 'window-title', dialog: titles.classmate });

    // 12. Tab to "Élaborer" (a classmate's note opens on "Lire"; no edit tab), Enter: the build-on's window, focus in its title.
    await pressUntil(page, 'Tab', (f) => f.testId === 'build-on', 10);
    expect(await focus(page)).toMatchObject({ text: 'Élaborer', dialog: titles.classmate });
    await page.keyboard.press('Enter');
    await expect
      .poll(() => focus(page))
      .toMatchObject({
        tag: 'input',
        name: 'contribution-title',
        dialog: `Élaboration de « ${titles.classmate} »`,
      });
    const buildOnWindow = page.locator('[data-testid="internal-window"]').last();
    const buildOnId = (await buildOnWindow.getAttribute('data-target')) ?? '';
    expect(buildOnId).not.toBe(classmateId);
    await expectAccessible(page);
    await expectNoAxeViolations(page);
    await shot(page, '4-build-on');

    // 13. Its title renames the dialog; Tab to the text, write, Tab to Contribuer, Enter.
    await page.keyboard.type(titles.buildOn);
    await expect.poll(() => focus(page)).toMatchObject({ name: 'contribution-title', dialog: titles.buildOn });
    await pressUntil(page, 'Tab', (f) => f.testId === 'note-editor', 20);
    await page.keyboard.type('Alors les nuages viennent aussi de la flaque.');
    await pressUntil(page, 'Tab', (f) => f.testId === 'contribute', 30);
    expect(await focus(page)).toMatchObject({ text: 'Contribuer', dialog: titles.buildOn });
    await page.keyboard.press('Enter');
    await expect
      .poll(() => focus(page))
      .toMatchObject({ testId: 'finish-close', description: 'Contribution enregistrée.', dialog: titles.buildOn });
    expect((await liveRegions(page)).find((region) => region.id === 'save-success')?.dialog).toBe(titles.buildOn);
    await expectFrenchAnnouncements(page, 'build-on contributed');
    const canvas = await ok<ViewCanvasReply>(app.url, `/api/views/${viewId}/canvas`, pupil.token);
    expect(canvas.links.some((link) => link.type === 'buildson' && link.from === buildOnId && link.to === classmateId)).toBe(true);
    const written = await ok<ObjectReply>(app.url, `/api/objects/${buildOnId}`, pupil.token);
    expect(written.title).toBe(titles.buildOn);
    expect(JSON.stringify(noteBodyOf(written))).toContain('Alors les nuages viennent aussi de la flaque.');

    // 14. Escape closes the build-on: focus goes to its new card on the canvas, named as building on Malik's note.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: titles.buildOn }).waitFor({ state: 'detached' });
    await expect.poll(() => focus(page)).toMatchObject({ testId: 'ref', title: titles.buildOn, dialog: null });
    expect((await focus(page)).text).toContain('élabore « Les nuages »');
    // Her own contribution is not announced to her as a classmate's would be.
    expect(await said(page, 'canvas-announcement')).not.toContain('a ajouté');
    await shot(page, '5-build-on-closed');

    // 15. Malik's window is still open: Tab leaves the canvas (one stop) into it, Escape closes it, focus is back on his card.
    await page.keyboard.press('Tab');
    expect((await focus(page)).dialog).toBe(titles.classmate);
    await page.keyboard.press('Escape');
    await parent.waitFor({ state: 'detached' });
    where = await focus(page);
    expect(where).toMatchObject({ testId: 'ref', title: titles.classmate, dialog: null });
    // Read now.
    expect(where.text).toContain(', lue');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectFrenchAnnouncements(page, 'the end');
    await expectAccessible(page);
    await expectNoAxeViolations(page);
    await shot(page, '6-end');
  });
});
