import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin, Scaffold } from '../../contracts/api/communities.ts';
import { createCommunity, ok, registerAuthor, writtenNote, type Member } from './api.ts';
import { findEnglish, visibleStrings } from './frenchText.ts';
import { checkPage, describeBrowser, openPageAs, useBrowserApp } from './harness.ts';

/**
 * The scaffold support tracker in the browser (issue 13 §6): every support
 * pre-selected; the search draws the usage table, the bar chart (plotly) and
 * the radar; the detail table links each note (not its view) and downloads
 * as CSV; chosen notes go into a view and into a rise-above there. A pupil
 * sees letters for classmates. Axe and screenshots at 1280 and 375 px; no
 * English in the French interface.
 */

const admin = { userName: 'directrice', password: 'admin-pass1' };
const keys = { registrationKey: 'eleves-6a', managerRegistrationKey: 'profs-6a' };

describeBrowser('scaffold support tracker', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let teacher: Member;
  let pupil: Member;
  let classmate: Member;
  let scaffolds: Scaffold[] = [];
  const notes: Record<string, string> = {};
  type CanvasRefs = { refs: { _id: string; to: string }[] };

  /** A note whose body holds these supports (each with a few words inside). */
  const supportedNote = async (who: Member, title: string, supports: { _id: string; title: string }[], x: number) => {
    const created = await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, who.token, 'POST', {
      type: 'Note',
      placement: { viewId, x, y: 120 },
    });
    const id = created.contribution._id;
    const { revision } = await ok<{ revision: number }>(app.url, `/api/objects/${id}`, who.token);
    await ok(app.url, `/api/objects/${community._id}/${id}`, who.token, 'PUT', {
      revision,
      title,
      body: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: supports.map((support) => ({
              type: 'support',
              attrs: { supportId: support._id, linkId: null, title: support.title },
              content: [{ type: 'text', text: `${title} ici` }],
            })),
          },
        ],
      },
      status: 'active',
    });
    return id;
  };

  const search = async (page: Page) => {
    await page.getByTestId('tracker-search').click();
    await page.getByTestId('tracker-summary').waitFor();
    await expect.poll(() => page.getByTestId('tracker').getAttribute('data-status')).toBe('ready');
  };

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, { title: 'Histoire 6e A', ...keys });
    viewId = community.views[0] ?? '';
    teacher = await registerAuthor(app.url, 'm-leroy', 'leroy-pass-1', community._id, keys.managerRegistrationKey);
    pupil = await registerAuthor(app.url, 'eleve-noah', 'noah-pass-1', community._id, keys.registrationKey);
    classmate = await registerAuthor(app.url, 'eleve-jade', 'jade-pass-1', community._id, keys.registrationKey);
    scaffolds = await ok<Scaffold[]>(app.url, `/api/communities/${community._id}/scaffolds`, teacher.token);
    const [idea, understand, better] = scaffolds[0]?.supports ?? [];
    if (!idea || !understand || !better) throw new Error('the default scaffold has no supports');
    notes.a = await supportedNote(pupil, 'Les pyramides', [idea, idea, understand], 80);
    notes.b = await supportedNote(classmate, 'Le Nil', [idea, better], 320);
    notes.c = await writtenNote(app.url, classmate.token, community._id, { title: 'Sans soutien', viewId, x: 560, y: 120 });
  });

  it('a teacher searches with every support pre-selected: table, bar and radar charts, details with CSV', async () => {
    const page = await openPageAs(app, teacher.token, `/scaffoldsupporttracker/${community._id}`);
    const boxes = page.getByTestId('tracker-support');
    const total = scaffolds.reduce((sum, s) => sum + s.supports.length, 0);
    await expect.poll(() => boxes.count()).toBe(total);
    await expect.poll(() => page.locator('[data-testid="tracker-support"]:checked').count()).toBe(total);
    await search(page);
    expect(await page.getByTestId('tracker-summary').textContent()).toBe('2 notes utilisent les soutiens choisis, sur 3 notes trouvées.');

    const usage = await page
      .getByTestId('tracker-usage-table')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim() ?? '')));
    const [idea, understand, better] = scaffolds[0]?.supports ?? [];
    expect(usage[0]).toEqual([idea?.title, scaffolds[0]?.title, '3', '2']);
    expect(
      usage
        .slice(1, 3)
        .map((row) => row[0])
        .sort(),
    ).toEqual([understand?.title, better?.title].sort());
    expect(usage.slice(3).every((row) => row[2] === '0')).toBe(true);

    // The bar chart drawn by plotly; the radar drawn as SVG.
    await page.getByTestId('chart-support-usage').locator('.main-svg').first().waitFor({ state: 'attached' });
    expect(await page.getByTestId('radar-shape').count()).toBe(1);

    // Details: one row per (note, support); each links to its note, never to a view.
    const links = await page.getByTestId('tracker-note-link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(new Set(links)).toEqual(new Set([`/contribution/${notes.a}`, `/contribution/${notes.b}`]));
    expect(links.some((href) => href?.includes(viewId))).toBe(false);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tracker-csv').click()]);
    expect(download.suggestedFilename()).toBe('suivi-soutiens.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Note,Auteur,Créée le,Soutien,Nombre,URL');
    expect(lines).toHaveLength(5);
    expect(csv).toContain(`${app.url}/contribution/${notes.a}`);
    expect(csv).toContain('Test eleve-noah');

    await checkPage(page, 'scaffold-tracker');
    // Scaffold and support titles are the class's content (the default English scaffold among them); the radar shortens long ones.
    const titles = scaffolds.flatMap((s) => [s.title, ...s.supports.map((support) => support.title)]);
    const content = [...titles, ...titles.map((title) => `${title.slice(0, 23)}…`)];
    const leaks = findEnglish(await visibleStrings(page), 'support tracker', [
      ...content,
      'Les pyramides',
      'Le Nil',
      'Test',
      'eleve-noah',
      'eleve-jade',
      'm-leroy',
      'Histoire 6e A',
    ]);
    expect(leaks).toEqual([]);
  });

  it('asks for a support before searching ("Sélectionnez des soutiens :")', async () => {
    const page = await openPageAs(app, teacher.token, `/scaffoldsupporttracker/${community._id}`);
    const scaffoldBoxes = page.getByTestId('tracker-scaffold');
    await expect.poll(() => scaffoldBoxes.count()).toBe(scaffolds.length);
    for (let i = 0; i < scaffolds.length; i++) await scaffoldBoxes.nth(i).uncheck();
    await page.getByTestId('tracker-search').click();
    expect(await page.getByTestId('tracker-problem').textContent()).toBe('Sélectionnez des soutiens :');
    expect(await page.getByTestId('tracker').count()).toBe(0);
  });

  it('adds the chosen notes to a view, then wraps them in a rise-above there', async () => {
    const target = await ok<{ _id: string }>(app.url, `/api/communities/${community._id}/views`, teacher.token, 'POST', {
      title: 'Synthèse',
    });
    const page = await openPageAs(app, teacher.token, `/scaffoldsupporttracker/${community._id}`);
    await expect.poll(() => page.locator('[data-testid="tracker-support"]:checked').count()).toBeGreaterThan(0);
    await search(page);
    await page.getByTestId('tracker-select-all').check();
    expect(await page.getByTestId('tracker-selected').textContent()).toBe('2 notes choisies');
    await expect.poll(() => page.getByTestId('tracker-target').locator('option').count()).toBeGreaterThan(1);
    await page.getByTestId('tracker-target').selectOption(target._id);

    // No name: the rise-above asks for one.
    await page.getByTestId('tracker-rise').click();
    await expect.poll(() => page.getByTestId('tracker-outcome').textContent()).toContain('Veuillez saisir un nom..');

    await page.getByTestId('tracker-add').click();
    await expect.poll(() => page.getByTestId('tracker-outcome').textContent()).toContain('2 notes ajoutées à Synthèse.');
    let canvas = await ok<CanvasRefs>(app.url, `/api/views/${target._id}/canvas`, teacher.token);
    expect(canvas.refs.map((ref) => ref.to).sort()).toEqual([notes.a, notes.b].sort());

    await page.getByTestId('tracker-rise-title').fill('Les civilisations du fleuve');
    await page.getByTestId('tracker-rise').click();
    await expect.poll(() => page.getByTestId('tracker-outcome').textContent()).toContain('Les civilisations du fleuve');
    canvas = await ok<CanvasRefs>(app.url, `/api/views/${target._id}/canvas`, teacher.token);
    // The two notes moved into the rise-above: the view holds the rise-above's ref only.
    expect(canvas.refs).toHaveLength(1);
    expect(canvas.refs.map((ref) => ref.to)).not.toContain(notes.a);
  });

  it('a pupil sees letters for classmates', async () => {
    const page = await openPageAs(app, pupil.token, `/scaffoldsupporttracker/${community._id}`);
    await expect.poll(() => page.locator('[data-testid="tracker-support"]:checked').count()).toBeGreaterThan(0);
    await search(page);
    const authors = await page
      .getByTestId('tracker-details')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));
    expect(authors).toContain('Test eleve-noah');
    expect(authors.some((name) => /^Étudiant [A-Z]+$/.test(name))).toBe(true);
    expect(authors.join(' ')).not.toContain('jade');
    await checkPage(page, 'scaffold-tracker-pupil');
  });
});
