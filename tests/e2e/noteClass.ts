import type { Page } from 'playwright-core';
import type { CommunityAdmin, CommunitySettings } from '../../contracts/api/communities.ts';
import { ok, registerAuthor, type Member } from './api.ts';
import { loginThroughUi, type BrowserApp } from './harness.ts';

export type NoteClass = {
  community: CommunityAdmin;
  teacher: Member;
  pupil: Member;
  /** The pupil's active note "La photosynthèse", placed on the community's first view. */
  noteId: string;
  /** Turns the community's plugins on or off, as its teacher does in its settings. */
  setPlugins(flags: Record<string, boolean>): Promise<void>;
  /** The pupil's contribution window on the note, once its actions under the editor show. */
  openNote(): Promise<Page>;
};

/**
 * A class for the contribution window's plugin buttons (translation, Google
 * Docs): a community the admin creates, its teacher and a pupil, and the
 * pupil's note with a line of text.
 */
export const noteClass = async (
  app: BrowserApp,
  admin: { userName: string; password: string },
  setup: { title: string; keys: { writers: string; managers: string }; teacher: string; pupil: string },
): Promise<NoteClass> => {
  const { token } = await ok<{ token: string }>(app.url, '/auth/local', '', 'POST', admin);
  const community = await ok<CommunityAdmin>(app.url, '/api/communities', token, 'POST', {
    title: setup.title,
    registrationKey: setup.keys.writers,
    managerRegistrationKey: setup.keys.managers,
  });
  const teacher = await registerAuthor(app.url, setup.teacher, 'teach-pass1', community._id, setup.keys.managers);
  const pupil = await registerAuthor(app.url, setup.pupil, `${setup.pupil}-pass1`, community._id, setup.keys.writers);
  const noteId = (
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
  return {
    community,
    teacher,
    pupil,
    noteId,
    setPlugins: async (flags) => {
      const url = `/api/communities/${community._id}/settings`;
      const settings = await ok<CommunitySettings>(app.url, url, teacher.token, 'GET');
      Object.assign(settings.data.plugins, flags);
      await ok(app.url, url, teacher.token, 'PUT', { data: settings.data, scaffoldIds: settings.scaffoldIds });
    },
    openNote: async () => {
      const page = await app.newPage();
      await loginThroughUi(page, app.url, pupil.userName, pupil.password);
      await page.goto(`${app.url}/contribution/${noteId}/${community.views[0] ?? ''}`);
      await page.getByTestId('below-editor').waitFor();
      await page.getByTestId('build-on').waitFor();
      return page;
    },
  };
};
