import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin, CommunitySettings } from '../../contracts/api/communities.ts';
import type { PromisingIdeaList } from '../../contracts/api/promisingIdeas.ts';
import { expectNoAxeViolations } from './axeStrict.ts';
import { checkPage, describeBrowser, openPageAs, useBrowserApp } from './harness.ts';
import { selectIn } from './selection.ts';
import { createCommunity, ok, registerAuthor, writtenNote, type Member } from './api.ts';

/**
 * Issue 14 §3: promising ideas end to end. The teacher turns the plugin on and labels yellow;
 * Bob selects passages of Alice's note in Read mode and marks them (colour, reason); the page
 * /promisingideas/{communityId}§§§{viewId} lists them newest first ('Aucune' reason, colour with
 * its label or '(Non attribuée)'), filters them, shows overlap, exports CSV, makes rows draggable,
 * creates a PI Pool note in the view, and warns when a passage is gone from the note.
 * Fixtures go through the API; everything under test goes through the page.
 */

const admin = { userName: 'piadmin', password: 'admin-pass1' };
const text = 'Les feuilles captent la lumière du soleil. Sans lumière, la plante jaunit.';

const ideasShown = (page: Page) => page.getByTestId('pi-idea').allTextContents();

describeBrowser('promising ideas', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let teacher: Member;
  let alice: Member;
  let bob: Member;
  let noteId = '';

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'CM1 Plantes',
      registrationKey: 'classe-cm1',
      managerRegistrationKey: 'maitres-cm1',
    });
    viewId = community.views[0] ?? '';
    teacher = await registerAuthor(app.url, 'pimaitre', 'maitre-pass1', community._id, 'maitres-cm1');
    alice = await registerAuthor(app.url, 'pialice', 'alice-pass1', community._id, 'classe-cm1');
    bob = await registerAuthor(app.url, 'pibob', 'bob-pass12', community._id, 'classe-cm1');
    noteId = await writtenNote(app.url, alice.token, community._id, { title: 'La lumière', viewId, x: 120, y: 120, text });
  });

  it('while the plugin is off nothing is offered; the teacher turns it on and labels yellow in the community settings', async () => {
    const before = await openPageAs(app, bob.token, `/contribution/${noteId}/${viewId}`);
    before.setDefaultTimeout(20_000);
    await before.getByTestId('read-body').waitFor();
    expect(await before.getByTestId('promising-mark').count()).toBe(0);
    expect(await before.getByTestId('tab-promising').count()).toBe(0);
    await before.goto(`${app.url}/promisingideas/${community._id}§§§${viewId}`);
    expect(await before.getByTestId('pi-error').textContent()).toContain(
      'Les idées prometteuses ne sont pas activées dans cette communauté.',
    );
    await before.close();

    const page = await openPageAs(app, teacher.token, `/communitysettings/${community._id}`);
    page.setDefaultTimeout(20_000);
    await page.getByTestId('settings-form').waitFor();
    expect(await page.getByTestId('colour-labels').count()).toBe(0);
    await page.locator('input[data-flag="promisingnessidea"]').check();
    await page.locator('input[name="colour-yellow"]').fill('Piste');
    await page.getByTestId('settings-save').click();
    await page.getByTestId('settings-result').waitFor();
    // The analytics menu now links the page, for the community (no view chosen).
    await page.getByTestId('open-promisingideas').waitFor();
    const settings = await ok<CommunitySettings>(app.url, `/api/communities/${community._id}/settings`, teacher.token);
    expect([settings.data.plugins.promisingnessidea, settings.data.colours.yellow.label]).toEqual([true, 'Piste']);
    await page.close();
  });

  it('Bob selects passages in Read mode and marks them as promising ideas, with a colour and a reason', async () => {
    const page = await openPageAs(app, bob.token, `/contribution/${noteId}/${viewId}`);
    page.setDefaultTimeout(20_000);
    await page.getByTestId('read-body').waitFor();
    const mark = page.getByTestId('promising-mark');
    expect(await mark.isDisabled()).toBe(true);

    await selectIn(page, 'read-body', 'captent la lumière');
    await expect.poll(() => mark.isDisabled()).toBe(false);
    await mark.click();
    const form = page.getByTestId('promising-form');
    expect(await form.textContent()).toContain('« captent la lumière »');
    // The spec's colours, in its order, the labelled one with its label.
    expect(await page.getByTestId('promising-colour').locator('option').allTextContents()).toEqual([
      'Aucune',
      'Jaune (Piste)',
      'Rouge',
      'Bleu',
      'Vert',
      'Rose',
      'Violet',
      'Pourpre',
      'Orange',
    ]);
    await page.getByTestId('promising-colour').selectOption('yellow');
    await page.getByTestId('promising-reason').fill('La photosynthèse');
    await checkPage(page, 'promising-ideas-mark');
    await expectNoAxeViolations(page);
    await page.getByTestId('promising-save').click();
    await page.getByTestId('promising-saved').waitFor();
    await form.waitFor({ state: 'detached' });

    await selectIn(page, 'read-body', 'la lumière');
    await mark.click();
    await page.getByTestId('promising-colour').selectOption('blue');
    await page.getByTestId('promising-save').click();
    await page.getByTestId('promising-saved').waitFor();

    // The note's promising-ideas tab lists both.
    await page.getByTestId('tab-promising').click();
    await expect.poll(() => page.getByTestId('promising-item').count()).toBe(2);
    await page.close();

    // The canvas marks the note holding them (its bulb badge, and « idée prometteuse » in its name).
    const canvas = await openPageAs(app, bob.token, `/view/${viewId}`);
    const card = canvas.locator(`[data-testid="ref"][data-ref-to="${noteId}"]`);
    await expect.poll(async () => (await card.getAttribute('aria-label')) ?? '').toContain('idée prometteuse');
    await canvas.close();
  });

  it('the page lists them newest first, filters them, shows overlap, exports CSV and makes rows draggable', async () => {
    // Alice's own idea, written through the API a moment later (the newest).
    await ok(app.url, `/api/promisingideas/${community._id}/note/${noteId}`, alice.token, 'POST', {
      idea: 'Sans lumière, la plante jaunit',
      color: 'green',
      reason: 'Une observation',
    });
    const page = await openPageAs(app, bob.token, `/promisingideas/${community._id}§§§${viewId}`);
    page.setDefaultTimeout(20_000);
    await page.getByTestId('pi-table').waitFor();
    await expect.poll(() => ideasShown(page)).toEqual(['Sans lumière, la plante jaunit', 'la lumière', 'captent la lumière']);
    expect(await page.getByTestId('pi-reason').allTextContents()).toEqual(['Une observation', 'Aucune', 'La photosynthèse']);
    expect(await page.getByTestId('pi-colour').allTextContents()).toEqual([
      'Vert (Non attribuée)',
      'Bleu (Non attribuée)',
      'Jaune (Piste)',
    ]);
    expect(await page.getByTestId('pi-note').first().textContent()).toBe('La lumière');
    await checkPage(page, 'promising-ideas-page');
    await expectNoAxeViolations(page);

    // Filters: colour, user, reason, keyword (white space ignored), hit count with the overlap rule.
    await page.getByTestId('pi-filter-colour').selectOption('blue');
    await expect.poll(() => ideasShown(page)).toEqual(['la lumière']);
    await page.getByTestId('pi-clear').click();
    await page.getByTestId('pi-filter-user').selectOption(alice.authorId);
    await expect.poll(() => ideasShown(page)).toEqual(['Sans lumière, la plante jaunit']);
    await page.getByTestId('pi-clear').click();
    await page.getByTestId('pi-filter-reason').fill('photo synthèse');
    await expect.poll(() => ideasShown(page)).toEqual(['captent la lumière']);
    await page.getByTestId('pi-clear').click();
    await page.getByTestId('pi-filter-keyword').fill('laplantejau');
    await expect.poll(() => ideasShown(page)).toEqual(['Sans lumière, la plante jaunit']);
    await page.getByTestId('pi-clear').click();
    await page.getByTestId('pi-show-overlap').check();
    await expect.poll(() => page.getByTestId('pi-hits').allTextContents()).toEqual(['1', '1', '2']);
    expect(await page.getByTestId('pi-overlapped').count()).toBe(1);
    await page.getByTestId('pi-filter-hits').fill('2');
    await expect.poll(() => ideasShown(page)).toEqual(['captent la lumière']);
    await page.getByTestId('pi-clear').click();
    await expect.poll(() => ideasShown(page)).toHaveLength(3);

    // CSV of the rows shown.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pi-csv').click()]);
    expect(download.suggestedFilename()).toBe('idees-prometteuses.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Note,Idée,Raison,Couleur,Auteur,Date,Reprises,URL');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain('captent la lumière,La photosynthèse,Jaune (Piste)');

    // A row carries its note for a view canvas to place.
    const dragged = await page
      .getByTestId('pi-row')
      .first()
      .evaluate((row) => {
        const transfer = new DataTransfer();
        row.dispatchEvent(new DragEvent('dragstart', { bubbles: true, dataTransfer: transfer }));
        return transfer.getData('application/x-buildon-contribution');
      });
    expect(JSON.parse(dragged)).toEqual({ id: noteId, communityId: community._id });
    expect(await page.getByTestId('pi-row').first().getAttribute('draggable')).toBe('true');
    await page.close();
  });

  it('Bob creates a PI Pool note from chosen ideas in the view; the spec refuses it without ideas', async () => {
    const page = await openPageAs(app, bob.token, `/promisingideas/${community._id}§§§${viewId}`);
    page.setDefaultTimeout(20_000);
    await page.getByTestId('pi-table').waitFor();
    await page.getByTestId('pi-pool-create').click();
    expect(await page.getByTestId('pi-pool-problem').textContent()).toContain("Aucune idée prometteuse n'est sélectionnée.");
    const boxes = page.getByTestId('pi-select');
    await expect.poll(() => boxes.count()).toBe(3);
    await boxes.nth(1).check();
    await boxes.nth(2).check();
    expect(await page.getByTestId('pi-pool-count').textContent()).toContain('2');
    await page.getByTestId('pi-pool-title').fill('');
    await page.getByTestId('pi-pool-create').click();
    await page.getByText('Le titre de la note est vide.').waitFor();
    await page.getByTestId('pi-pool-title').fill('Nos idées sur la lumière');
    // The view the page was opened from is chosen already.
    expect(await page.getByTestId('pi-pool-views').locator(`input[data-view-id="${viewId}"]`).isChecked()).toBe(true);
    await page.getByTestId('pi-pool-create').click();
    await page.getByTestId('pi-pool-done').waitFor();
    await checkPage(page, 'promising-ideas-pool');

    const refs = await ok<{ to: string; type: string; _to?: { title?: string } }[]>(app.url, `/api/links/from/${viewId}`, bob.token);
    const poolRef = refs.find((ref) => ref.type === 'contains' && ref._to?.title === 'Nos idées sur la lumière');
    expect(poolRef).toBeDefined();
    const pool = await ok<{ status: string; data: { body: unknown; promisingContains?: unknown } }>(
      app.url,
      `/api/objects/${poolRef?.to}`,
      bob.token,
    );
    expect(pool.status).toBe('active');
    expect(pool.data.promisingContains).toBeTruthy();
    expect(JSON.stringify(pool.data.body)).toContain('captent la lumière');
    await page.close();
  });

  it('Bob edits the reason and colour of his own ideas only; the teacher may edit every idea', async () => {
    const page = await openPageAs(app, bob.token, `/promisingideas/${community._id}§§§${viewId}`);
    page.setDefaultTimeout(20_000);
    await page.getByTestId('pi-table').waitFor();
    await expect.poll(() => ideasShown(page)).toHaveLength(3);
    // Alice's idea (the newest, first) offers Bob no edit; his two do.
    const rows = page.getByTestId('pi-row');
    expect(await rows.nth(0).getByTestId('pi-edit').count()).toBe(0);
    expect(await page.getByTestId('pi-edit').count()).toBe(2);
    await rows.nth(1).getByTestId('pi-edit').click();
    const form = page.getByTestId('pi-edit-form');
    // The spec's colours, with the community's label.
    expect(await form.getByTestId('pi-edit-colour').locator('option').allTextContents()).toEqual([
      'Aucune',
      'Jaune (Piste)',
      'Rouge',
      'Bleu',
      'Vert',
      'Rose',
      'Violet',
      'Pourpre',
      'Orange',
    ]);
    expect(await form.getByTestId('pi-edit-colour').inputValue()).toBe('blue');
    await expectNoAxeViolations(page);
    await checkPage(page, 'promising-ideas-edit');
    await form.getByTestId('pi-edit-colour').selectOption('yellow');
    await form.getByTestId('pi-edit-reason').fill('Elle revient souvent');
    await form.getByTestId('pi-edit-save').click();
    await page.getByTestId('pi-edit-saved').waitFor();
    expect(await page.getByTestId('pi-edit-saved').textContent()).toBe('Idée prometteuse modifiée.');
    await expect
      .poll(() => page.getByTestId('pi-reason').allTextContents())
      .toEqual(['Une observation', 'Elle revient souvent', 'La photosynthèse']);
    expect(await page.getByTestId('pi-colour').nth(1).textContent()).toBe('Jaune (Piste)');
    await page.close();

    const asTeacher = await openPageAs(app, teacher.token, `/promisingideas/${community._id}§§§${viewId}`);
    asTeacher.setDefaultTimeout(20_000);
    await asTeacher.getByTestId('pi-table').waitFor();
    await expect.poll(() => asTeacher.getByTestId('pi-edit').count()).toBe(3);
    await asTeacher.close();
  });

  it("warns that an idea's content no longer exists once the note has changed", async () => {
    const { revision } = await ok<{ revision: number }>(app.url, `/api/objects/${noteId}`, alice.token);
    await ok(app.url, `/api/objects/${community._id}/${noteId}`, alice.token, 'PUT', {
      revision,
      title: 'La lumière',
      body: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Les feuilles captent la lumière du soleil.' }] }],
      },
    });
    const list = await ok<PromisingIdeaList>(app.url, `/api/promisingideas/${community._id}?views=${viewId}`, bob.token);
    expect(list.ideas.filter((idea) => !idea.contentExists).map((idea) => idea.idea)).toEqual(['Sans lumière, la plante jaunit']);
    const page = await openPageAs(app, bob.token, `/promisingideas/${community._id}§§§${viewId}`);
    page.setDefaultTimeout(20_000);
    await page.getByTestId('pi-content-gone').waitFor();
    expect(await page.getByTestId('pi-content-gone').count()).toBe(1);
    expect(await page.getByTestId('pi-content-gone').textContent()).toBe("Le contenu de cette idée n'existe plus dans la note.");
    await expectNoAxeViolations(page);
    await page.close();
  });
});
