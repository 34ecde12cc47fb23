import { afterAll, beforeAll, expect, it } from 'vitest';
import { fakeGoogleEnv, startFakeGoogle } from '../support/fakeGoogle.ts';
import { describeBrowser, useBrowserApp } from './harness.ts';
import { noteClass, type NoteClass } from './noteClass.ts';

/**
 * Issue 18 §6 in the browser: the contribution window shows "Créer un document Google" and
 * "Importer le document Google" under a note only when the community's googledocs plugin is on
 * (the server has Google configured, against the local protocol fake). The whole flow is covered
 * by services/api/routes/google/google.int.spec.ts.
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
