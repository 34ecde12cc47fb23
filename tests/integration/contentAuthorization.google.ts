import type { CommunitySettings } from '../../contracts/api/communities.ts';
import type { FakeGoogle } from '../support/fakeGoogle.ts';
import { samplePng } from '../support/objects.ts';
import { bearer } from '../support/testApp.ts';
import { anyUser, classReaders, must, note, own, view, type Row, type User, type World } from './contentAuthorization.world.ts';

/**
 * The rows of the content authorization matrix about Google Docs / Drive (issue 18 §6; run by
 * contentAuthorization.google.int.spec.ts against tests/support/fakeGoogle.ts): a Doc is made from,
 * brought back into, or shared for a note only by who may edit it; a Drive file goes onto a view, and
 * the caller's Drive files are listed for it, only for who may add to the view (a protected view of
 * the pupil: not the classmate, who reads it). Each caller who may gets through Google's consent
 * first, as in the browser.
 */

/** Set by the spec before the rows run. */
export const googleFake: { current: FakeGoogle | null } = { current: null };

const plugins = async (w: World) => {
  const url = `/api/communities/${w.communityId}/settings`;
  const settings = (await must(w, w.admin, 'GET', url)).json<CommunitySettings>();
  Object.assign(settings.data.plugins, { googledocs: true, googledrive: true });
  await must(w, w.admin, 'PUT', url, { data: settings.data, scaffoldIds: settings.scaffoldIds });
};

/** The consent redirect flow for `who` (the browser's part), ending in our callback. */
const consent = async (w: World, who: User) => {
  const { data } = (await must(w, who, 'POST', '/auth/googleOAuth/getOAuthUrl', { viewId: w.welcomeViewId })).json<{ data: string }>();
  const back = new URL((await fetch(data, { redirect: 'manual' })).headers.get('location') ?? '');
  const reply = await w.t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  if (reply.statusCode !== 302) throw new Error(`consent: ${reply.statusCode} ${reply.body}`);
};

/** The plugins on, and the caller through consent when the caller is a member who may read the view. */
const ready = async (w: World) => {
  await plugins(w);
  if (w.caller === 'pupil' || w.caller === 'classmate' || w.caller === 'manager' || w.caller === 'admin') await consent(w, w[w.caller]);
};

/** A private note of the pupil with a Google Doc the pupil made from it. */
const noteWithDoc = async (w: World) => {
  if (w.caller !== 'pupil') await consent(w, w.pupil);
  const { id } = await note(w, { permission: 'private' });
  const reply = await w.t.app.inject({
    method: 'POST',
    url: '/auth/googleFile/create',
    headers: bearer(w.pupil.token),
    payload: { noteId: id, title: 'Doc', scaffolds: ['My theory'] },
  });
  if (reply.statusCode !== 200) throw new Error(`create: ${reply.statusCode} ${reply.body}`);
  return { noteId: id, docId: reply.json<{ data: { docId: string } }>().data.docId };
};

/** The view the Drive rows put files on: the welcome view (every member adds to it), or a protected view of the pupil. */
const driveView = async (w: World, which: 'welcome' | 'protected') => (which === 'welcome' ? w.welcomeViewId : view(w, 'protected'));

/** A PNG in the caller's Drive (seen by that grant alone, as with the drive.file scope), and the import's body. */
const driveImport = async (w: World, which: 'welcome' | 'protected') => {
  await ready(w);
  const fake = googleFake.current;
  const owner = w.caller === 'anonymous' ? undefined : fake?.refreshTokens.at(-1);
  const fileId = fake?.addFile('leaf.png', 'image/png', samplePng(4, 4), owner) ?? '';
  return {
    url: '/auth/googleFile/import',
    payload: { communityId: w.communityId, fileId, placement: { viewId: await driveView(w, which), x: 10, y: 10 } },
  };
};

export const googleRows: Row[] = [
  {
    route: 'POST /auth/googleOAuth/checkStatus',
    expect: anyUser,
    request: () => ({ url: '/auth/googleOAuth/checkStatus', payload: {} }),
  },
  {
    route: 'POST /auth/googleOAuth/getOAuthUrl',
    expect: classReaders,
    request: (w) => ({ url: '/auth/googleOAuth/getOAuthUrl', payload: { viewId: w.welcomeViewId } }),
  },
  {
    route: 'POST /auth/googleFile/create',
    expect: own,
    request: async (w) => {
      await ready(w);
      return {
        url: '/auth/googleFile/create',
        payload: { noteId: (await note(w, { permission: 'private' })).id, title: 'Doc', scaffolds: [] },
      };
    },
  },
  {
    route: 'POST /auth/googleFile/export',
    expect: own,
    request: async (w) => {
      await ready(w);
      return { url: '/auth/googleFile/export', payload: await noteWithDoc(w) };
    },
  },
  {
    route: 'POST /auth/googleFile/addPermission',
    expect: own,
    request: async (w) => {
      await ready(w);
      return { url: '/auth/googleFile/addPermission', payload: { noteId: (await noteWithDoc(w)).noteId } };
    },
  },
  {
    route: 'POST /auth/googleFile/import',
    expect: classReaders,
    request: (w) => driveImport(w, 'welcome'),
  },
  {
    route: 'POST /auth/googleFile/import',
    variant: 'onto a protected view of the pupil',
    expect: own,
    request: (w) => driveImport(w, 'protected'),
  },
  {
    route: 'POST /auth/googleFile/list',
    expect: classReaders,
    request: async (w) => {
      await ready(w);
      return { url: '/auth/googleFile/list', payload: { viewId: w.welcomeViewId } };
    },
  },
  {
    route: 'POST /auth/googleFile/list',
    variant: 'for a protected view of the pupil',
    expect: own,
    request: async (w) => {
      await ready(w);
      return { url: '/auth/googleFile/list', payload: { viewId: await view(w, 'protected') } };
    },
  },
];
