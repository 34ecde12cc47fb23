import { classReaders, note, notFoundToClassmate, own, place, viewWithHistory, type Row } from './contentAuthorization.world.ts';

/**
 * The rows of the content authorization matrix about the KF6 dialect's own routes (issue 15 §6;
 * run by contentAuthorization.kf6.int.spec.ts): calls of the original that Buildon had no path for.
 * The private note of the pupil (its title carries the secret) is in the welcome view of every case:
 * the runner checks that no allowed reply to a classmate, a manager of another class or a stranger
 * carries it — through a link cache (`_to`, `_from`) or a read link.
 */
export const kf6Rows: Row[] = [
  {
    route: 'GET /api/links/either/:id',
    variant: 'private note',
    expect: own,
    request: async (w) => ({ url: `/api/links/either/${(await note(w, { permission: 'private' })).id}` }),
  },
  {
    route: 'GET /api/links/either/:id',
    variant: 'protected view holding a private note',
    expect: classReaders,
    request: async (w) => ({ url: `/api/links/either/${await viewWithHistory(w, 'protected')}` }),
  },
  {
    route: 'GET /api/links/from/:id/to/:id2',
    variant: 'the welcome view to the private note',
    expect: classReaders,
    request: async (w) => {
      const { id } = await note(w, { permission: 'private' });
      return { url: `/api/links/from/${w.welcomeViewId}/to/${id}` };
    },
  },
  {
    route: 'GET /api/links/from/:id/to/:id2',
    variant: 'from the private note',
    expect: own,
    request: async (w) => {
      const parent = await note(w);
      const { id } = await note(w, { permission: 'private', buildsOn: parent.id });
      return { url: `/api/links/from/${id}/to/${parent.id}` };
    },
  },
  {
    route: 'GET /api/links/:id',
    variant: "the welcome view's ref to the private note",
    expect: notFoundToClassmate,
    request: async (w) => ({ url: `/api/links/${(await note(w, { permission: 'private' })).refId ?? ''}` }),
  },
  {
    route: 'GET /api/links/:id',
    variant: 'a ref to a protected note',
    expect: classReaders,
    request: async (w) => ({ url: `/api/links/${(await note(w)).refId ?? ''}` }),
  },
  {
    route: 'GET /api/records/myreadstatus/:communityId/:id',
    variant: 'private note',
    expect: own,
    request: async (w) => ({ url: `/api/records/myreadstatus/${w.communityId}/${(await note(w, { permission: 'private' })).id}` }),
  },
  {
    route: 'GET /api/records/myreadstatus/:communityId/:id',
    variant: 'protected note',
    expect: classReaders,
    request: async (w) => ({ url: `/api/records/myreadstatus/${w.communityId}/${(await note(w)).id}` }),
  },
  {
    route: 'GET /api/records/myreadstatusview/:communityId/:viewId',
    variant: 'the welcome view holding a private note',
    expect: classReaders,
    request: async (w) => {
      const { id } = await note(w, { viewId: null });
      await place(w, w.welcomeViewId, id);
      return { url: `/api/records/myreadstatusview/${w.communityId}/${w.welcomeViewId}` };
    },
  },
];
