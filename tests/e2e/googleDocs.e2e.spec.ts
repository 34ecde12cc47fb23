import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fakeGoogleEnv, solidPng, startFakeGoogle } from '../support/fakeGoogle.ts';
import { ok } from './api.ts';
import { describeBrowser, expectAccessible, loginThroughUi, screenshotDir, useBrowserApp } from './harness.ts';
import { noteClass, type NoteClass } from './noteClass.ts';

/**
 * Issue 18 §6 in the browser: the contribution window shows "Créer un document Google" and
 * "Importer le document Google" under a note only when the community's googledocs plugin is on
 * (the server has Google configured, against the local protocol fake). The whole flow is covered
 * by services/api/routes/google/google.int.spec.ts. With the googledrive plugin, the canvas's
 * toolbar offers "Importer depuis Google Drive": a dialog lists the pupil's Drive files and puts
 * the chosen one on the view (a Google Drawing exported as PNG, shown in place).
 */
const fake = await startFakeGoogle();
afterAll(async () => fake.close());

const admin = { userName: 'principal', password: 'admin-pass1' };
const keys = { writers: 'google-5e', managers: 'profs-5e' };

describeBrowser('Google Docs buttons in the contribution window', () => {
  const app = useBrowserApp({ admin, env: fakeGoogleEnv(fake) as Record<string, string> });
  let cls: NoteClass;

  beforeAll(async () => {
    cls = await noteClass(app, admin, { title: 'Classe Google 5e', keys, teacher: 'mme-martin', pupil: 'lea' });
  });

  it('hides the buttons while the googledocs plugin is off', async () => {
    await cls.setPlugins({ googledocs: false });
    const page = await cls.openNote();
    await page.getByTestId('build-on').waitFor();
    expect(await page.getByTestId('google-doc-create').count()).toBe(0);
    expect(await page.getByTestId('google-doc-export').count()).toBe(0);
  });

  it('shows them, in French, once the plugin is on', async () => {
    await cls.setPlugins({ googledocs: true });
    const page = await cls.openNote();
    await page.getByTestId('google-doc-create').waitFor();
    expect(await page.getByTestId('google-doc-create').textContent()).toContain('Créer un document Google');
    expect(await page.getByTestId('google-doc-export').textContent()).toContain('Importer le document Google');
  });
});

describeBrowser('Import from Google Drive onto the canvas', () => {
  const app = useBrowserApp({ admin, env: fakeGoogleEnv(fake) as Record<string, string> });
  let cls: NoteClass;

  beforeAll(async () => {
    cls = await noteClass(app, admin, {
      title: 'Classe Drive 5e',
      keys: { writers: 'drive-5e', managers: 'profs-drive-5e' },
      teacher: 'm-roy',
      pupil: 'zoe',
    });
    await cls.setPlugins({ googledrive: true });
  });

  const openView = async () => {
    const page = await app.newPage();
    await loginThroughUi(page, app.url, cls.pupil.userName, cls.pupil.password);
    await page.goto(`${app.url}/view/${cls.community.views[0] ?? ''}`);
    await page.getByTestId('view-page').waitFor();
    return page;
  };

  /** Google's consent as the browser goes through it: our consent URL, the fake's page, our callback. */
  const consent = async () => {
    const { data } = await ok<{ data: string }>(app.url, '/auth/googleOAuth/getOAuthUrl', cls.pupil.token, 'POST', {
      viewId: cls.community.views[0],
    });
    const back = new URL((await fetch(data, { redirect: 'manual' })).headers.get('location') ?? '');
    const reply = await fetch(`${app.url}${back.pathname}${back.search}`, { redirect: 'manual' });
    expect(reply.status).toBe(302);
    return fake.refreshTokens.at(-1) ?? '';
  };

  it('leads a pupil who has not authorised Google to the consent page first', async () => {
    const page = await openView();
    await page.getByTestId('tool-google-drive').click();
    await page.getByTestId('drive-consent').waitFor();
    expect(await page.getByTestId('drive-consent').textContent()).toContain("Autorisez d'abord Buildon à utiliser votre compte Google.");
    expect(await page.getByTestId('drive-authorise').textContent()).toBe('Continuer vers Google');
  });

  it("lists the pupil's Drive files with their kinds and puts the chosen one on the canvas", async () => {
    const grant = await consent();
    fake.addFile('Notre exposé', 'application/vnd.google-apps.document', new Uint8Array(), grant);
    fake.addFile('Tableau des mesures', 'application/vnd.google-apps.spreadsheet', new Uint8Array(), grant);
    fake.addFile('Photo du potager.png', 'image/png', solidPng(40, 30), grant);
    fake.addFile('Schéma de la photosynthèse', 'application/vnd.google-apps.drawing', solidPng(180, 120), grant);
    const page = await openView();
    await page.getByTestId('tool-google-drive').click();
    const dialog = page.getByTestId('drive-dialog');
    await dialog.getByTestId('drive-file').first().waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Importer depuis Google Drive');
    const names = await dialog.getByTestId('drive-file').locator('strong').allTextContents();
    // Newest first.
    expect(names).toEqual(['Schéma de la photosynthèse', 'Photo du potager.png', 'Tableau des mesures', 'Notre exposé']);
    expect(await dialog.getByTestId('drive-file').first().textContent()).toContain('Dessin Google');
    expect(await dialog.getByTestId('drive-file').last().textContent()).toContain('Document Google');

    // Nothing chosen: the spec's message, in French.
    await dialog.getByTestId('drive-import').click();
    await dialog.getByTestId('drive-message').filter({ hasText: "Veuillez sélectionner l'un de vos documents." }).waitFor();
    await dialog.getByTestId('drive-file').first().click();
    // Choosing a file takes the message away.
    expect(await dialog.getByTestId('drive-message').count()).toBe(0);
    await expectAccessible(page);
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, 'drive-import-dialog-1280.png') });

    await dialog.getByTestId('drive-import').click();
    await page.getByTestId('canvas-notice').filter({ hasText: '« Schéma de la photosynthèse » a été placé sur la perspective.' }).waitFor();
    expect(await page.getByTestId('drive-dialog').count()).toBe(0);
    // The drawing came as a PNG: an image shown in place on the canvas.
    const placed = page.locator('[data-ref-to] img').first();
    await placed.waitFor();
    expect(await page.locator('[data-ref-to]').filter({ hasText: 'Schéma de la photosynthèse' }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(screenshotDir, 'drive-imported-1280.png') });
  });
});
