import type { CommunitySettings } from '../../contracts/api/communities.ts';
import { classReaders, must, note, own, type Row, type World } from './contentAuthorization.world.ts';

/**
 * The rows of the content authorization matrix about ITM's Thread tab (issue 18 §7), run by
 * contentAuthorization.itm.int.spec.ts against tests/support/fakeItm.ts. The community's plugin is
 * turned on first, so that refusals are about rights. A note's threads are read with the note's
 * read permission (a private note: its authors, managers and admins), and a note joins a thread
 * with its write permission (a classmate reads a protected note, and is refused).
 */
const itmOn = async (w: World): Promise<void> => {
  const url = `/api/communities/${w.communityId}/settings`;
  const settings = (await must(w, w.admin, 'GET', url)).json<CommunitySettings>();
  settings.data.plugins.itm = true;
  await must(w, w.admin, 'PUT', url, { data: settings.data, scaffoldIds: settings.scaffoldIds });
};

const threadsOf = async (w: World, permission: 'private' | 'protected') => {
  await itmOn(w);
  const { id } = await note(w, { permission });
  return `/api/itm/${w.communityId}/contributions/${id}/threads`;
};

export const itmRows: Row[] = [
  {
    route: 'GET /api/itm/:communityId/status',
    expect: classReaders,
    request: async (w) => {
      await itmOn(w);
      return { url: `/api/itm/${w.communityId}/status` };
    },
  },
  {
    route: 'GET /api/itm/:communityId/contributions/:noteId/threads',
    variant: 'a private note',
    expect: own,
    request: async (w) => ({ url: await threadsOf(w, 'private') }),
  },
  {
    route: 'GET /api/itm/:communityId/contributions/:noteId/threads',
    variant: 'a protected note',
    expect: classReaders,
    request: async (w) => ({ url: await threadsOf(w, 'protected') }),
  },
  {
    route: 'POST /api/itm/:communityId/contributions/:noteId/threads',
    variant: 'a protected note: its writers only',
    expect: own,
    request: async (w) => ({ url: await threadsOf(w, 'protected'), payload: { threadId: 71 } }),
  },
];
