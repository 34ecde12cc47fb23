import { contributionStreamName } from '../../contracts/events/contribution.ts';
import { handleCommand } from '../../services/core/decider.ts';
import { batchDecider } from '../../services/domain/contribution/batch.ts';
import { contributionDecider } from '../../services/domain/contribution/contribution.decide.ts';
import {
  attachment,
  classReaders,
  managers,
  must,
  note,
  notFoundToClassmate,
  own,
  place,
  view,
  viewWithHistory,
  type Expectation,
  type Row,
  type World,
} from './contentAuthorization.world.ts';

/** Admins and managers of a class (the original's site role 'manager'), never a pupil or a researcher. */
const anyManager: Expectation = { ...own, pupil: 403, otherManager: 'ok', researcher: 403 };

/** The whole link as the original's client holds it (`GET /api/links/{id}`), moved, with forged caches. */
const wholeLink = async (w: World, refId: string) => {
  const held = (await must(w, w.pupil, 'GET', `/api/links/${refId}`)).json<Record<string, unknown> & { data: object }>();
  return { ...held, data: { ...held.data, x: 500, y: 500 }, _to: { title: 'forged' }, _from: { title: 'forged' } };
};

/** A private context of the pupil's, its title carrying the secret (KF6 clients create contexts): through the decider. */
const privateContext = async (w: World): Promise<string> => {
  const { eventStore, projections, ids } = w.t.infra.commandDeps;
  const contributionId = ids.next();
  const data = {
    contributionId,
    communityId: w.communityId,
    type: 'Context' as const,
    title: `${w.secret} context`,
    status: 'active' as const,
  };
  const result = await handleCommand(
    eventStore,
    contributionStreamName(contributionId),
    batchDecider(contributionDecider),
    [{ type: 'CreateContribution', data: { ...data, permission: 'private', authors: [w.pupil.authorId], group: null, data: {} } }],
    { metadata: { actorId: w.pupil.id, at: new Date().toISOString() } },
  );
  await projections.waitFor(result.lastPosition);
  return contributionId;
};

/** The community as the original's client holds it, its views (a second one registered) and scaffolds reversed. */
const reorderedCommunity = async (w: World) => {
  await must(w, w.manager, 'POST', `/api/communities/${w.communityId}/views`, { title: 'A second view' });
  const held = (await must(w, w.manager, 'GET', `/api/communities/${w.communityId}`)).json<{ views: string[]; scaffolds: string[] }>();
  return { ...held, views: [...held.views].reverse(), scaffolds: [...held.scaffolds].reverse() };
};

/** The original's drawn-on image (a 1×1 PNG as a data URL) as a new version of attachment `id`. */
const newImageRequest = (w: World, id: string, name = 'file.png') => {
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const file = { communityId: w.communityId, _id: id, name, version: 2, type: 'image/png' };
  return { url: '/api/upload/newImage', payload: { data: `data:image/png;base64,${png}`, file } };
};

/**
 * Paths the first matrix (authorization-matrix.int.spec.ts) covers with Buildon's own body, that a row
 * here covers again with the original's body (issue 15 §1: a shared path accepts both, for other callers).
 */
export const kf6SharedPathRoutes: ReadonlySet<string> = new Set(['PUT /api/communities/:communityId']);

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
  {
    route: 'GET /api/links/view/:viewId',
    variant: 'the welcome view: a private note building on a protected one',
    expect: classReaders,
    request: async (w) => {
      const parent = await note(w);
      await note(w, { permission: 'private', buildsOn: parent.id });
      return { url: `/api/links/view/${w.welcomeViewId}` };
    },
  },
  {
    route: 'GET /api/links/view/:viewId',
    variant: 'a private view',
    expect: own,
    request: async (w) => ({ url: `/api/links/view/${await view(w, 'private')}` }),
  },
  {
    route: 'GET /api/links/buildson/:communityId',
    variant: 'a private build-on of a protected note',
    expect: classReaders,
    request: async (w) => {
      const parent = await note(w);
      await note(w, { permission: 'private', buildsOn: parent.id });
      await note(w, { buildsOn: parent.id, by: w.classmate });
      return { url: `/api/links/buildson/${w.communityId}` };
    },
  },
  {
    route: 'GET /api/links/from/:id/child',
    variant: 'the welcome view holding a private and a protected view',
    expect: classReaders,
    request: async (w) => {
      await place(w, w.welcomeViewId, await view(w, 'private'));
      await place(w, w.welcomeViewId, await view(w, 'protected'));
      return { url: `/api/links/from/${w.welcomeViewId}/child` };
    },
  },
  {
    route: 'GET /api/links/from/:id/child',
    variant: 'a private view',
    expect: own,
    request: async (w) => ({ url: `/api/links/from/${await view(w, 'private')}/child` }),
  },
  {
    route: 'POST /api/links/:communityId/search',
    variant: 'every ref and build-on, a private note among them',
    expect: classReaders,
    request: async (w) => {
      const parent = await note(w);
      await note(w, { permission: 'private', buildsOn: parent.id });
      return { url: `/api/links/${w.communityId}/search`, payload: { query: { type: { $in: ['contains', 'buildson'] } } } };
    },
  },
  {
    route: 'GET /api/contributions/:communityId/studentNotes',
    variant: 'a private note among the notes',
    expect: classReaders,
    request: async (w) => {
      await note(w);
      return { url: `/api/contributions/${w.communityId}/studentNotes` };
    },
  },
  {
    route: 'GET /api/records/object/:id',
    variant: 'private note',
    expect: own,
    request: async (w) => ({ url: `/api/records/object/${(await note(w, { permission: 'private' })).id}` }),
  },
  {
    route: 'GET /api/records/object/:id',
    variant: 'protected note',
    expect: classReaders,
    request: async (w) => ({ url: `/api/records/object/${(await note(w)).id}` }),
  },
  {
    route: 'POST /api/records/search/:communityId',
    variant: 'every record, a private note among them',
    expect: classReaders,
    request: async (w) => {
      await note(w);
      return { url: `/api/records/search/${w.communityId}`, payload: { query: {} } };
    },
  },
  {
    route: 'POST /api/historicalobjects/:communityId/search',
    variant: 'every version, a private note among them',
    expect: classReaders,
    request: async (w) => {
      await note(w);
      return { url: `/api/historicalobjects/${w.communityId}/search`, payload: { query: { type: 'Object' } } };
    },
  },
  {
    route: 'PUT /api/links/:id',
    variant: "KF6's whole link: a ref in the pupil's protected view",
    expect: own,
    request: async (w) => {
      const viewId = await view(w, 'protected');
      const refId = (await note(w, { viewId })).refId ?? '';
      return { url: `/api/links/${refId}`, payload: await wholeLink(w, refId) };
    },
  },
  {
    route: 'POST /api/links/createGNoteLink',
    variant: "the pupil's note into the pupil's protected view",
    expect: own,
    request: async (w) => {
      const viewId = await view(w, 'protected');
      const { id } = await note(w, { viewId: null });
      return { url: '/api/links/createGNoteLink', payload: { from: viewId, to: id, type: 'contains', data: { x: 40, y: 40 } } };
    },
  },
  {
    route: 'POST /api/notifications/notify/:communityId',
    variant: 'a protected note of the pupil, each caller naming their own membership',
    expect: classReaders,
    request: async (w) => {
      const { id } = await note(w);
      const caller =
        w.caller === 'pupil' || w.caller === 'classmate' || w.caller === 'manager' || w.caller === 'admin' || w.caller === 'researcher'
          ? w[w.caller]
          : w.pupil;
      return {
        url: `/api/notifications/notify/${w.communityId}`,
        payload: { author: caller.authorId, contribution: id, contextId: w.welcomeViewId },
      };
    },
  },
  {
    route: 'GET /api/contexts/:communityId',
    variant: 'a private context of the pupil among the contexts',
    expect: classReaders,
    request: async (w) => {
      await privateContext(w);
      return { url: `/api/contexts/${w.communityId}` };
    },
  },
  {
    route: 'POST /api/contexts/:communityId',
    variant: "the original's new context after a community's creation, authored by the class's manager",
    expect: managers,
    request: (w) => ({
      url: `/api/contexts/${w.communityId}`,
      payload: { title: 'Community Setting: x', type: 'Context', authors: [w.manager.authorId], permission: 'protected', data: {} },
    }),
  },
  {
    route: 'PUT /api/communities/:communityId',
    variant: "KF6's whole community, views and scaffolds reordered",
    expect: managers,
    request: async (w) => ({ url: `/api/communities/${w.communityId}`, payload: await reorderedCommunity(w) }),
  },
  {
    route: 'POST /api/upload/newImage',
    variant: "a drawn-on image as a new version of the pupil's protected attachment",
    expect: own,
    request: async (w) => newImageRequest(w, await attachment(w)),
  },
  {
    route: 'POST /api/upload/newImage',
    variant: "a drawn-on image as a new version of the pupil's private attachment",
    expect: own,
    request: async (w) => newImageRequest(w, await attachment(w, 'private'), `${w.secret}.png`),
  },
  {
    route: 'GET /api/users/search/role',
    expect: anyManager,
    request: () => ({ url: '/api/users/search/role' }),
  },
];
