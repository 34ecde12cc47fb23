import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ObjectReply } from '../../contracts/api/objects.ts';
import { checkPage, describeBrowser, useBrowserApp, useSession } from './harness.ts';
import { createCommunity, ok, type Member, registerAuthor } from './api.ts';

/**
 * Issue 21 §7: the history tab's "Ouvrir" shows a past version as the note
 * looked (title, body through the note's own renderer, authors by name, who
 * made which change) and what changed since the version before: words
 * inserted and deleted (<ins>/<del>), the title, the authors, the permission.
 */

const admin = { userName: 'directrice', password: 'admin-pass1' };
const paragraph = (...content: object[]) => ({ type: 'doc', content: [{ type: 'paragraph', content }] });
const text = (value: string, bold = false) => ({ type: 'text', text: value, ...(bold ? { marks: [{ type: 'strong' }] } : {}) });

describeBrowser('the history of a note', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let lea: Member;
  let hugo: Member;
  let noteId = '';
  let page: Page;

  const save = async (title: string, body: object) => {
    const object = await ok<ObjectReply>(app.url, `/api/objects/${noteId}`, lea.token);
    await ok(app.url, `/api/objects/${community._id}/${noteId}`, lea.token, 'PUT', {
      revision: object.revision,
      title,
      body,
      status: 'active',
    });
  };

  /** Opens the version whose list entry reads `label` and waits for it to show. */
  const openVersion = async (label: string) => {
    const entry = page.getByTestId('history-entry').filter({ hasText: label });
    await entry.getByTestId('history-open').click();
    await page.getByTestId('historical-version').waitFor();
    return page.getByTestId('historical');
  };

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: '5e B Sciences',
      registrationKey: 'classe-5b',
      managerRegistrationKey: 'profs-5b',
    });
    viewId = community.views[0] ?? '';
    lea = await registerAuthor(app.url, 'lea', 'lea-pass1', community._id, 'classe-5b');
    hugo = await registerAuthor(app.url, 'hugo', 'hugo-pass1', community._id, 'classe-5b');
    noteId = (
      await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, lea.token, 'POST', {
        type: 'Note',
        placement: { viewId, x: 100, y: 100 },
      })
    ).contribution._id;
    // Contributed, then edited (title and words), then Hugo added as co-author, then made public.
    await save('La glace', paragraph(text('La glace '), text('flotte', true), text(' sur l’eau liquide.')));
    await save(
      'Pourquoi la glace flotte',
      paragraph(text('La glace '), text('flotte', true), text(' sur l’eau car elle est moins dense.')),
    );
    await ok(app.url, `/api/objects/${community._id}/${noteId}/authors`, lea.token, 'POST', { authorId: hugo.authorId });
    await ok(app.url, `/api/objects/${community._id}/${noteId}/permission`, lea.token, 'PUT', { permission: 'public', group: null });

    page = await app.newPage();
    page.setDefaultTimeout(20_000);
    await useSession(page, lea.token);
    await page.goto(`${app.url}/contribution/${noteId}/${viewId}`);
    await page.getByTestId('contribution-pane').waitFor();
    await page.getByTestId('tab-history').click();
    await page.getByTestId('history-entry').nth(4).waitFor();
  });

  it('lists each version with the kind of change and who made it, in French', async () => {
    expect(await page.getByTestId('history-entry').count()).toBe(5);
    const entries = await page.getByTestId('history-entry').allTextContents();
    expect(entries.map((entry) => entry.replace(/^.*?(Création|Contribution|Modification|Ajout|Changement)/, '$1'))).toEqual([
      expect.stringContaining('Création par Test lea'),
      expect.stringContaining('Contribution par Test lea'),
      expect.stringContaining('Modification par Test lea'),
      expect.stringContaining("Ajout d'un coauteur par Test lea"),
      expect.stringContaining('Changement de permission par Test lea'),
    ]);
  });

  it('opens an edit as the note looked, with the words inserted and deleted since the version before', async () => {
    const shown = await openVersion('Modification par');
    expect(await shown.getByTestId('historical-title').textContent()).toBe('Pourquoi la glace flotte');
    expect(await shown.getByTestId('historical-change').textContent()).toContain('Modification par Test lea');
    expect(await shown.getByTestId('historical-authors').textContent()).toBe('Auteurs : Test lea');
    // The body through the note's renderer: the bold word is a <strong>.
    const body = shown.getByTestId('historical-body');
    expect(await body.locator('strong').textContent()).toBe('flotte');
    expect(await body.textContent()).toBe('La glace flotte sur l’eau car elle est moins dense.');
    // The title and the words that changed, marked <del>/<ins> with a word for screen readers.
    const title = shown.getByTestId('diff-title');
    expect(await title.locator('del').textContent()).toBe('supprimé : La glace');
    expect(await title.locator('ins').textContent()).toBe('ajouté : Pourquoi la glace flotte');
    const words = shown.getByTestId('diff-text');
    expect(await words.locator('del').allTextContents()).toEqual(['supprimé : liquide']);
    expect(await words.locator('ins').allTextContents()).toEqual(['ajouté : car elle est moins dense']);
    expect(await words.textContent()).toContain('La glace flotte sur l’eau');
    // Not colour alone: a deletion is struck through, an insertion underlined.
    expect(await words.locator('del').evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
    expect(await words.locator('ins').evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('underline');
    await checkPage(page, 'history-version-diff');
  });

  it('names a co-author added and a permission change, and says the first version has nothing to compare', async () => {
    await page.goto(`${app.url}/contribution/${noteId}/${viewId}`);
    await page.getByTestId('tab-history').click();
    let shown = await openVersion("Ajout d'un coauteur");
    expect(await shown.getByTestId('diff-authors-added').textContent()).toBe('Auteurs ajoutés : Test hugo');
    expect(await shown.getByTestId('historical-authors').textContent()).toBe('Auteurs : Test lea, Test hugo');
    expect(await shown.getByTestId('diff-text').count()).toBe(0);

    shown = await openVersion('Changement de permission');
    expect(await shown.getByTestId('diff-permission').textContent()).toBe('Permission : Protégée → Publique');
    expect(await shown.getByTestId('historical-permission').textContent()).toBe('Permission : Publique');

    shown = await openVersion('Création par');
    expect(await shown.getByTestId('historical-diff').textContent()).toContain('première version');

    // The same version on its own page.
    shown = await openVersion('Contribution par');
    const href = (await page.getByTestId('historical-page-link').getAttribute('href')) ?? '';
    await page.goto(`${app.url}${href}`);
    const alone = page.getByTestId('historical-page');
    await alone.getByTestId('historical-version').waitFor();
    expect(await alone.getByTestId('historical-title').textContent()).toBe('La glace');
    expect(await alone.getByTestId('diff-title').locator('ins').textContent()).toContain('La glace');
    expect(await alone.getByTestId('diff-status').textContent()).toBe('Statut : Brouillon → Publiée');
    expect(await alone.getByTestId('diff-text').locator('ins').textContent()).toBe('ajouté : La glace flotte sur l’eau liquide.');
  });
});
