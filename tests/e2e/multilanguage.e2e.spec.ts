import { dataOf } from '../../contracts/contributionData.ts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommunityAdmin, Scaffold } from '../../contracts/api/communities.ts';
import type { Connection, ObjectReply } from '../../contracts/api/objects.ts';
import type { ViewCanvasReply } from '../../contracts/api/views.ts';
import { describeBrowser, loginThroughUi, screenshots, useBrowserApp } from './harness.ts';
import { ok, refByTitle, type Member, registerAuthor } from './api.ts';
import { inFrench } from './frenchText.ts';

/**
 * Issue 6 (multilanguage notes, new note from a template, attach links) and
 * issue 5 item 1 (the title bar's language picker), in the browser. Fixtures
 * go through the API; what is under test goes through the page.
 */

const admin = { userName: 'principal', password: 'admin-pass1' };
const keys = { writers: 'bilingue-6e', managers: 'profs-6e' };
const editor = (page: Page) => page.getByTestId('note-editor');

describeBrowser('multilanguage notes, templates and attachments', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let teacher: Member;
  let student: Member;
  let reader: Member;
  let noteId = '';

  const login = async (who: Member, path: string): Promise<Page> => {
    const page = await app.newPage();
    page.setDefaultTimeout(20_000);
    await loginThroughUi(page, app.url, who.userName, who.password);
    await page.goto(`${app.url}${path}`);
    return page;
  };

  const openView = async (who: Member): Promise<Page> => {
    const page = await login(who, `/view/${viewId}`);
    await page.getByTestId('canvas-plane').waitFor();
    return page;
  };

  const newNote = async (who: Member, x: number, y: number) =>
    (
      await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, who.token, 'POST', {
        type: 'Note',
        placement: { viewId, x, y },
      })
    ).contribution._id;

  beforeAll(async () => {
    const { token } = await ok<{ token: string }>(app.url, '/auth/local', '', 'POST', admin);
    community = await ok<CommunityAdmin>(app.url, '/api/communities', token, 'POST', {
      title: 'Classe bilingue 6e',
      registrationKey: keys.writers,
      managerRegistrationKey: keys.managers,
    });
    viewId = community.views[0] ?? '';
    teacher = await registerAuthor(app.url, 'mme-dupont', 'teach-pass1', community._id, keys.managers);
    student = await registerAuthor(app.url, 'ines', 'ines-pass1', community._id, keys.writers);
    reader = await registerAuthor(app.url, 'tom', 'tom-pass1', community._id, keys.writers);
  });

  it('the teacher turns multilanguage on: a default language is required, then French (default) and English', async () => {
    const page = await login(teacher, `/communitysettings/${community._id}`);
    await page.getByTestId('settings-form').waitFor();
    await page.locator('input[data-flag="multilanguage"]').check();
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('settings-result').textContent()).toContain(inFrench('community.defaultLanguageRequired'));
    await page.getByTestId('default-lang').selectOption('fr');
    await page.getByLabel('English', { exact: true }).check();
    await page.getByTestId('settings-save').click();
    await expect
      .poll(
        async () =>
          (
            await ok<{ data: { defaultLang: string; languages: string[]; plugins: { multilanguage: boolean } } }>(
              app.url,
              `/api/communities/${community._id}/settings`,
              teacher.token,
            )
          ).data,
      )
      .toMatchObject({
        defaultLang: 'fr',
        languages: ['en'],
        plugins: { multilanguage: true },
      });
    await page.close();
  });

  it('a student writes a note with a French and an English title and body', async () => {
    noteId = await newNote(student, 300, 200);
    const page = await login(student, `/contribution/${noteId}/${viewId}`);
    const bar = page.getByTestId('edit-language');
    await bar.waitFor();
    // The editor opens in the default language.
    await expect.poll(() => bar.getAttribute('data-editing')).toBe('fr');
    await page.getByTestId('title-input').fill('Le cycle de l’eau');
    await editor(page).click();
    await page.keyboard.type('L’eau s’évapore puis retombe en pluie.');
    await bar.locator('button[data-lang="en"]').click();
    await expect.poll(() => bar.getAttribute('data-editing')).toBe('en');
    await expect.poll(() => page.getByTestId('title-input').inputValue()).toBe('');
    // The editor holds the English body (empty) before anything is typed into it.
    await expect.poll(() => editor(page).textContent()).not.toContain('retombe en pluie');
    await page.getByTestId('title-input').fill('The water cycle');
    await editor(page).click();
    await page.keyboard.type('Water evaporates and falls again as rain.');
    // Back to French: what was typed is still there.
    await bar.locator('button[data-lang="fr"]').click();
    await expect.poll(() => bar.getAttribute('data-editing')).toBe('fr');
    await expect.poll(() => page.getByTestId('title-input').inputValue()).toBe('Le cycle de l’eau');
    await expect.poll(() => editor(page).textContent()).toContain('retombe en pluie');
    await screenshots(page, 'multilanguage-editor');
    await page.getByTestId('contribute').click();
    await page.getByTestId('save-success').waitFor();
    const saved = await ok<ObjectReply>(app.url, `/api/objects/${noteId}`, student.token);
    expect(saved).toMatchObject({ title: 'Le cycle de l’eau', status: 'active', langInNote: ['fr', 'en'] });
    expect(dataOf(saved, 'Note')?.en_title).toBe('The water cycle');
    expect(JSON.stringify(dataOf(saved, 'Note')?.en)).toContain('falls again as rain');
    expect(saved.text4search).toContain('falls again as rain');
    await page.close();
  });

  it('the reader switches the title bar picker and sees the other language on the canvas and in the window, kept after a reload', async () => {
    const page = await openView(reader);
    await refByTitle(page, 'Le cycle de l’eau').waitFor();
    const picker = page.getByTestId('language-picker');
    await expect.poll(() => picker.inputValue()).toBe('fr');
    await picker.selectOption('en');
    await refByTitle(page, 'The water cycle').waitFor();
    expect(await refByTitle(page, 'Le cycle de l’eau').count()).toBe(0);
    await screenshots(page, 'multilanguage-canvas');

    await refByTitle(page, 'The water cycle').dblclick();
    const window = page.getByTestId('internal-window');
    await window.waitFor();
    await expect.poll(() => window.getByTestId('read-body').textContent()).toContain('Water evaporates');
    expect(await window.getByTestId('contribution-title').textContent()).toContain('The water cycle');
    expect(await window.getByTestId('read-language').getAttribute('data-shown')).toBe('en');
    await window.getByTestId('window-close').click();

    // Kept in this browser per community.
    await page.reload();
    await page.getByTestId('canvas-plane').waitFor();
    await refByTitle(page, 'The water cycle').waitFor();
    expect(await page.getByTestId('language-picker').inputValue()).toBe('en');
    await picker.selectOption('fr');
    await refByTitle(page, 'Le cycle de l’eau').waitFor();
    await page.close();
  });

  it('with sideToSideNotePosition, the window shows the other language beside the reader’s (issue 21 §15)', async () => {
    const settings = await login(teacher, `/communitysettings/${community._id}`);
    await settings.getByTestId('settings-form').waitFor();
    await settings.locator('input[data-flag="sideToSideNotePosition"]').check();
    await settings.getByTestId('settings-save').click();
    await expect
      .poll(
        async () =>
          (
            await ok<{ data: { plugins: { sideToSideNotePosition: boolean } } }>(
              app.url,
              `/api/communities/${community._id}/settings`,
              teacher.token,
            )
          ).data.plugins.sideToSideNotePosition,
      )
      .toBe(true);
    await settings.close();

    const page = await openView(reader);
    await refByTitle(page, 'Le cycle de l’eau').dblclick();
    const window = page.getByTestId('internal-window');
    await window.getByTestId('side-by-side').waitFor();
    await expect.poll(() => window.getByTestId('read-body').textContent()).toContain('retombe en pluie');
    const companion = window.getByTestId('read-companion');
    expect(await companion.getAttribute('lang')).toBe('en');
    expect(await companion.textContent()).toContain('The water cycle');
    expect(await companion.getByTestId('read-companion-body').textContent()).toContain('falls again as rain');
    // Side by side where there is room: the two versions share a row.
    const [left, right] = [await window.getByTestId('read-tab').boundingBox(), await companion.boundingBox()];
    expect(right?.x).toBeGreaterThan((left?.x ?? 0) + (left?.width ?? 0) - 1);
    await screenshots(page, 'multilanguage-side-by-side');
    await window.getByTestId('window-close').click();
    await page.close();

    await ok(
      app.url,
      `/api/communities/${community._id}/settings`,
      teacher.token,
      'PUT',
      await (async () => {
        const current = await ok<{ data: { plugins: Record<string, boolean> }; scaffoldIds: string[] }>(
          app.url,
          `/api/communities/${community._id}/settings`,
          teacher.token,
        );
        return {
          data: { ...current.data, plugins: { ...current.data.plugins, sideToSideNotePosition: false } },
          scaffoldIds: current.scaffoldIds,
        };
      })(),
    );
  });

  describe('new note from a template', () => {
    it('the teacher marks a scaffold as a template; a student makes a note from it below the editor, placed at +100,+100 and building on the note', async () => {
      const scaffolds = await ok<Scaffold[]>(app.url, `/api/communities/${community._id}/scaffolds`, teacher.token);
      const template = scaffolds[0];
      if (!template) throw new Error('no scaffold');
      const settings = await login(teacher, `/communitysettings/${community._id}`);
      const flag = settings.locator(`input[data-scaffold="${template._id}"]`);
      await flag.check();
      await expect
        .poll(async () =>
          (await ok<{ _id: string }[]>(app.url, `/api/communities/${community._id}/templates`, teacher.token)).map((t) => t._id),
        )
        .toEqual([template._id]);
      await screenshots(settings, 'templates-settings');
      await settings.close();

      const page = await openView(reader);
      await refByTitle(page, 'Le cycle de l’eau').dblclick();
      const window = page.getByTestId('internal-window');
      await window.waitFor();
      await window.getByTestId('new-from-template').click();
      await page.getByTestId('template-menu').waitFor();
      await page.getByTestId('template-choice').first().click();
      // The new note opens in its own window, in the Edit tab, with the template's supports.
      const windows = page.getByTestId('internal-window');
      await expect.poll(() => windows.count()).toBe(2);
      const created = windows.nth(1);
      const newId = (await created.getAttribute('data-target')) ?? '';
      expect(newId).toMatch(/^[0-9a-f]{24}$/);
      await expect.poll(() => created.getByTestId('note-editor').locator('.kf-support').count()).toBe(template.supports.length);
      await created.getByTestId('title-input').fill('Mon hypothèse sur la pluie');
      await created.getByTestId('contribute').click();
      await created.getByTestId('save-success').waitFor();

      const canvas = await ok<ViewCanvasReply>(app.url, `/api/views/${viewId}/canvas`, reader.token);
      const parent = canvas.refs.find((ref) => ref.to === noteId);
      const child = canvas.refs.find((ref) => ref.to === newId);
      expect(child?.data.x).toBe((parent?.data.x ?? 0) + 100);
      expect(child?.data.y).toBe((parent?.data.y ?? 0) + 100);
      expect(canvas.links.some((link) => link.from === newId && link.to === noteId && link.type === 'buildson')).toBe(true);
      const links = await ok<Connection[]>(app.url, `/api/links/from/${newId}`, reader.token);
      expect(links.filter((link) => link.type === 'supports').length).toBe(template.supports.length);
      await page.close();
    });
  });

  describe('attachments of a note', () => {
    it('an attachment uploaded in the attachments tab but not inserted is still listed after a reload (attach link)', async () => {
      const id = await newNote(student, 600, 200);
      const page = await login(student, `/contribution/${id}/${viewId}`);
      await page.getByTestId('tab-attachments').click();
      await page
        .getByTestId('upload-input')
        .setInputFiles({ name: 'releve-pluie.txt', mimeType: 'text/plain', buffer: Buffer.from('lundi 3 mm\nmardi 0 mm\n') });
      await page.getByTestId('attachment-item').first().waitFor();
      await page.reload();
      await page.getByTestId('contribution-pane').waitFor();
      await page.getByTestId('tab-attachments').click();
      await expect.poll(() => page.getByTestId('attachment-item').count()).toBe(1);
      expect(await page.getByTestId('attachment-item').first().textContent()).toContain('releve-pluie.txt');
      const links = await ok<Connection[]>(app.url, `/api/links/from/${id}`, student.token);
      expect(links.filter((link) => link.type === 'attach').map((link) => link.other.title)).toEqual(['releve-pluie.txt']);

      // The author removes it (its attach link) after confirming; the list updates without a reload, the file stays.
      const removedId = links.find((link) => link.type === 'attach')?.other._id ?? '';
      await page
        .getByTestId('upload-input')
        .setInputFiles({ name: 'notes-terrain.txt', mimeType: 'text/plain', buffer: Buffer.from('ciel couvert\n') });
      await expect.poll(() => page.getByTestId('attachment-item').count()).toBe(2);
      const removeReleve = page.getByRole('button', { name: 'Retirer « releve-pluie.txt » de la note' });
      page.once('dialog', (dialog) => void dialog.dismiss());
      await removeReleve.click();
      expect(await page.getByTestId('attachment-item').count()).toBe(2);
      let question = '';
      page.once('dialog', (dialog) => {
        question = dialog.message();
        void dialog.accept();
      });
      await removeReleve.click();
      await expect.poll(() => page.getByTestId('attachment-item').count()).toBe(1);
      expect(question).toContain('releve-pluie.txt');
      expect(await page.getByTestId('attachment-item').first().textContent()).toContain('notes-terrain.txt');
      await expect.poll(() => page.getByTestId('attachment-notice').textContent()).toContain('a été retirée de la note');
      await screenshots(page, 'attachments-removed');
      expect((await ok<ObjectReply>(app.url, `/api/objects/${removedId}`, student.token)).status).toBe('active');
      const after = await ok<Connection[]>(app.url, `/api/links/from/${id}`, student.token);
      expect(after.filter((link) => link.type === 'attach').map((link) => link.other.title)).toEqual(['notes-terrain.txt']);
      await page.reload();
      await page.getByTestId('contribution-pane').waitFor();
      await page.getByTestId('tab-attachments').click();
      await expect.poll(() => page.getByTestId('attachment-item').first().textContent()).toContain('notes-terrain.txt');
      expect(await page.getByTestId('attachment-item').count()).toBe(1);
      expect(await page.getByTestId('attachment-remove').count()).toBe(1);
      await page.close();
    });
  });
});
