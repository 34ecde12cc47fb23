import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin, CommunitySettings } from '../../contracts/api/communities.ts';
import { fakeGoogleEnv, startFakeGoogle } from '../support/fakeGoogle.ts';
import { ok, registerAuthor, type Member } from './api.ts';
import { describeBrowser, loginThroughUi, useBrowserApp } from './harness.ts';

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
  let community: CommunityAdmin;
  let teacher: Member;
  let pupil: Member;
  let noteId = '';

  const setPlugin = async (on: boolean) => {
    const url = `/api/communities/${community._id}/settings`;
    const settings = await ok<CommunitySettings>(app.url, url, teacher.token, 'GET');
    settings.data.plugins.googledocs = on;
    await ok(app.url, url, teacher.token, 'PUT', { data: settings.data, scaffoldIds: settings.scaffoldIds });
  };
  const openNote = async (): Promise<Page> => {
    const page = await app.newPage();
    await loginThroughUi(page, app.url, pupil.userName, pupil.password);
    await page.goto(`${app.url}/contribution/${noteId}/${community.views[0] ?? ''}`);
    await page.getByTestId('below-editor').waitFor();
    return page;
  };

  beforeAll(async () => {
    const { token } = await ok<{ token: string }>(app.url, '/auth/local', '', 'POST', admin);
    community = await ok<CommunityAdmin>(app.url, '/api/communities', token, 'POST', {
      title: 'Classe Google 5e',
      registrationKey: keys.writers,
      managerRegistrationKey: keys.managers,
    });
    teacher = await registerAuthor(app.url, 'mme-martin', 'teach-pass1', community._id, keys.managers);
    pupil = await registerAuthor(app.url, 'lea', 'lea-pass1', community._id, keys.writers);
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

  it('hides the buttons while the googledocs plugin is off', async () => {
    await setPlugin(false);
    const page = await openNote();
    await page.getByTestId('build-on').waitFor();
    expect(await page.getByTestId('google-doc-create').count()).toBe(0);
    expect(await page.getByTestId('google-doc-export').count()).toBe(0);
  });

  it('shows them, in French, once the plugin is on', async () => {
    await setPlugin(true);
    const page = await openNote();
    await page.getByTestId('google-doc-create').waitFor();
    expect(await page.getByTestId('google-doc-create').textContent()).toContain('Créer un document Google');
    expect(await page.getByTestId('google-doc-export').textContent()).toContain('Importer le document Google');
  });
});
