import { afterAll, beforeAll, expect, it } from 'vitest';
import { fakeLibreTranslateEnv, startFakeLibreTranslate } from '../support/fakeLibreTranslate.ts';
import { checkPage, describeBrowser, loginThroughUi, screenshots, useBrowserApp } from './harness.ts';
import { noteClass, type NoteClass } from './noteClass.ts';

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
  let cls: NoteClass;

  beforeAll(async () => {
    cls = await noteClass(app, admin, { title: 'Classe Traduction 5e', keys, teacher: 'mme-li', pupil: 'hugo' });
  });

  it('offers the two translation plugins on the settings page, since this server translates', async () => {
    const page = await app.newPage();
    await loginThroughUi(page, app.url, cls.teacher.userName, cls.teacher.password);
    await page.goto(`${app.url}/communitysettings/${cls.community._id}`);
    await page.getByTestId('settings-form').waitFor();
    await page.locator('input[data-flag="translateToEnglish"]').waitFor();
    expect(await page.locator('input[data-flag="translateToChinese"]').count()).toBe(1);
    expect(await page.getByText("Traduire vers l'anglais").count()).toBe(1);
  });

  it('hides the translation buttons while the plugins are off', async () => {
    await cls.setPlugins({ translateToEnglish: false, translateToChinese: false });
    const page = await cls.openNote();
    expect(await page.getByTestId('translate-en').count()).toBe(0);
    expect(await page.getByTestId('translate-zh').count()).toBe(0);
  });

  it('translates the note into English in a panel below the editor, and says so in French when the server fails', async () => {
    await cls.setPlugins({ translateToEnglish: true, translateToChinese: false });
    const page = await cls.openNote();
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
        headers: { authorization: `Bearer ${cls.pupil.token}` },
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
