import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin, CommunitySettings } from '../../contracts/api/communities.ts';
import { fakeLibreTranslateEnv, startFakeLibreTranslate } from '../support/fakeLibreTranslate.ts';
import { ok, registerAuthor, type Member } from './api.ts';
import { checkPage, describeBrowser, loginThroughUi, screenshots, useBrowserApp } from './harness.ts';

/**
 * Issue 18 §4 and §8 in the browser, against a local LibreTranslate protocol fake
 * (tests/support/fakeLibreTranslate.ts): a pupil translates a note into English from the
 * contribution window when the community's translateToEnglish plugin is on, and sees the spec's
 * error text when the translation server fails; an admin opens Admin tools and reads the
 * "Intégrations" list in French, never a key.
 */
const fake = await startFakeLibreTranslate();
afterAll(async () => fake.close());

const admin = { userName: 'principal', password: 'admin-pass1' };
const keys = { writers: 'traduire-5e', managers: 'profs-5e' };

describeBrowser('translation and Admin tools › Intégrations', () => {
  const app = useBrowserApp({ admin, env: fakeLibreTranslateEnv(fake) as Record<string, string> });
  let community: CommunityAdmin;
  let teacher: Member;
  let pupil: Member;
  let noteId = '';

  const setPlugins = async (flags: { translateToEnglish: boolean; translateToChinese: boolean }) => {
    const url = `/api/communities/${community._id}/settings`;
    const settings = await ok<CommunitySettings>(app.url, url, teacher.token, 'GET');
    Object.assign(settings.data.plugins, flags);
    await ok(app.url, url, teacher.token, 'PUT', { data: settings.data, scaffoldIds: settings.scaffoldIds });
  };
  const openNote = async (): Promise<Page> => {
    const page = await app.newPage();
    await loginThroughUi(page, app.url, pupil.userName, pupil.password);
    await page.goto(`${app.url}/contribution/${noteId}/${community.views[0] ?? ''}`);
    await page.getByTestId('below-editor').waitFor();
    await page.getByTestId('build-on').waitFor();
    return page;
  };

  beforeAll(async () => {
    const { token } = await ok<{ token: string }>(app.url, '/auth/local', '', 'POST', admin);
    community = await ok<CommunityAdmin>(app.url, '/api/communities', token, 'POST', {
      title: 'Classe Traduction 5e',
      registrationKey: keys.writers,
      managerRegistrationKey: keys.managers,
    });
    teacher = await registerAuthor(app.url, 'mme-li', 'teach-pass1', community._id, keys.managers);
    pupil = await registerAuthor(app.url, 'hugo', 'hugo-pass1', community._id, keys.writers);
    noteId = (
      await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, pupil.token, 'POST', {
        type: 'Note',
        title: 'La photosynthèse',
        placement: { viewId: community.views[0], x: 100, y: 100 },
      })
    ).contribution._id;
    await ok(app.url, `/api/objects/${community._id}/${noteId}`, pupil.token, 'PUT', {
      revision: -1,
      title: 'La photosynthèse',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Les plantes font du sucre.' }] }] },
      status: 'active',
    });
  });

  it('offers the two translation plugins on the settings page, since this server translates', async () => {
    const page = await app.newPage();
    await loginThroughUi(page, app.url, teacher.userName, teacher.password);
    await page.goto(`${app.url}/communitysettings/${community._id}`);
    await page.getByTestId('settings-form').waitFor();
    await page.locator('input[data-flag="translateToEnglish"]').waitFor();
    expect(await page.locator('input[data-flag="translateToChinese"]').count()).toBe(1);
    expect(await page.getByText("Traduire vers l'anglais").count()).toBe(1);
  });

  it('hides the translation buttons while the plugins are off', async () => {
    await setPlugins({ translateToEnglish: false, translateToChinese: false });
    const page = await openNote();
    expect(await page.getByTestId('translate-en').count()).toBe(0);
    expect(await page.getByTestId('translate-zh').count()).toBe(0);
  });

  it('translates the note into English in a panel below the editor, and says so in French when the server fails', async () => {
    await setPlugins({ translateToEnglish: true, translateToChinese: false });
    const page = await openNote();
    await page.getByTestId('translate-en').waitFor();
    expect(await page.getByTestId('translate-en').textContent()).toContain('Traduire en anglais');
    expect(await page.getByTestId('translate-zh').count()).toBe(0);

    await page.getByTestId('translate-en').click();
    const text = page.getByTestId('translation-text');
    await text.waitFor();
    expect(await text.textContent()).toBe('[en] La photosynthèse\n\nLes plantes font du sucre.');
    expect(await text.getAttribute('lang')).toBe('en');
    expect(fake.requests.at(-1)).toMatchObject({ source: 'auto', target: 'en', format: 'text' });
    await screenshots(page, 'translate-panel');

    fake.failing = true;
    try {
      await page.getByTestId('translate-en').click();
      await page.getByTestId('translation-error').waitFor();
      expect(await page.getByTestId('translation-error').textContent()).toContain(
        'Erreur lors de la traduction de cette note. Veuillez réessayer plus tard.',
      );
    } finally {
      fake.failing = false;
    }
  });

  it('lists the integrations in Admin tools, in French, without the key', async () => {
    // A translation that fails, so that the list has a last error to show.
    fake.failing = true;
    try {
      const failed = await fetch(`${app.url}/api/translate?text=Bonjour&language=en`, {
        headers: { authorization: `Bearer ${pupil.token}` },
      });
      expect(failed.status).toBe(503);
    } finally {
      fake.failing = false;
    }
    const page = await app.newPage();
    await loginThroughUi(page, app.url, admin.userName, admin.password);
    await page.getByTestId('nav-admintools').click();
    const table = page.getByTestId('integrations');
    await table.waitFor();
    expect(await page.getByRole('heading', { name: 'Intégrations' }).count()).toBe(1);
    const translate = table.locator('tr[data-integration="translate"]');
    expect(await translate.textContent()).toContain('Traduction');
    expect(await translate.textContent()).toContain('Configurée');
    expect(await translate.textContent()).toContain('Joignable');
    // The failure met above, with its time; the host only, never the key.
    expect(await translate.textContent()).toContain('translation server failed (HTTP 500)');
    expect(await translate.textContent()).toContain(new URL(fake.url).host);
    const google = table.locator('tr[data-integration="google"]');
    expect(await google.textContent()).toContain('Non configurée');
    expect(await page.content()).not.toContain(fake.apiKey);
    await checkPage(page, 'admin-integrations');
  });
});
