import { describe, expect, it } from 'vitest';
import { samplePng, uploadBody } from '../support/objects.ts';
import { accountRows, publicRoutes } from './contentAuthorization.accounts.ts';
import { analyticsRows } from './contentAuthorization.analytics.ts';
import { canvasRows } from './contentAuthorization.canvas.ts';
import { kf6Rows, kf6SharedPathRoutes } from './contentAuthorization.kf6.ts';
import { promisingIdeaRows } from './contentAuthorization.promisingIdeas.ts';
import { researchRows } from './contentAuthorization.research.ts';
import { scaffoldRows } from './contentAuthorization.scaffolds.ts';
import { googleRows } from './contentAuthorization.google.ts';
import { translateRows } from './contentAuthorization.translate.ts';
import { itmRows } from './contentAuthorization.itm.ts';
import { notificationRows } from './contentAuthorization.notifications.ts';
import { aiRows } from './contentAuthorization.ai.ts';

import {
  attachment,
  classReaders,
  firstMatrixRoutes,
  matrix,
  must,
  note,
  notFoundToClassmate,
  own,
  managers,
  registeredRoutes,
  setPermission,
  view,
  viewWithHistory,
  type Row,
  type World,
} from './contentAuthorization.world.ts';

/**
 * What a pupil (the author), a classmate, a manager of ANOTHER class, a logged-in stranger and
 * an anonymous caller can and cannot do with the content of a class: notes, attachments, links,
 * views and their canvas, the time machine (spec part 1 §6, part 2 §6; fact sheet §3.1 and the
 * holes of §12 that must not come back). The account and admin routes are in
 * contentAuthorization.accounts.ts (run by contentAuthorization.accounts.int.spec.ts) with the public ones; the last
 * test here fails when a route is registered that no matrix covers.
 */

const { t, run } = await matrix('note and attachment authorization (spec part 1 §6, part 2 §6)');

const revisionOf = async (w: World, id: string): Promise<number> =>
  (await must(w, w.pupil, 'GET', `/api/objects/${id}`)).json<{ revision: number }>().revision;

const editedBody = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Changed.' }] }] };

const png = () => uploadBody(samplePng(4, 4), { filename: 'next.png' });

export const contentRows: Row[] = [
  // ---- reading a note: private → its authors only; protected → the class ----
  {
    route: 'GET /api/objects/:id',
    variant: 'private note',
    expect: own,
    request: async (w) => ({ url: `/api/objects/${(await note(w, { permission: 'private' })).id}` }),
  },
  {
    route: 'GET /api/objects/:id',
    variant: 'protected note',
    expect: classReaders,
    request: async (w) => ({ url: `/api/objects/${(await note(w)).id}` }),
  },
  {
    route: 'GET /api/objects/:id/history',
    variant: 'private note',
    expect: own,
    request: async (w) => ({ url: `/api/objects/${(await note(w, { permission: 'private' })).id}/history` }),
  },
  {
    route: 'GET /api/historicalobjects/:id',
    variant: 'a version of a private note',
    expect: own,
    request: async (w) => {
      const { id } = await note(w, { permission: 'private' });
      const versions = (await must(w, w.pupil, 'GET', `/api/objects/${id}/history`)).json<{ _id: string }[]>();
      return { url: `/api/historicalobjects/${versions.at(-1)?._id ?? ''}` };
    },
  },
  {
    route: 'GET /api/links/from/:id',
    variant: 'private note',
    expect: own,
    request: async (w) => ({ url: `/api/links/from/${(await note(w, { permission: 'private' })).id}` }),
  },
  {
    route: 'GET /api/links/to/:id',
    variant: 'private note',
    expect: own,
    request: async (w) => ({ url: `/api/links/to/${(await note(w, { permission: 'private' })).id}` }),
  },
  {
    // Fact sheet §12: the original's link caches revealed private titles.
    route: 'GET /api/links/to/:id',
    variant: 'protected note a private note builds on',
    expect: classReaders,
    request: async (w) => {
      const parent = await note(w);
      await note(w, { permission: 'private', buildsOn: parent.id });
      return { url: `/api/links/to/${parent.id}` };
    },
  },
  {
    route: 'GET /api/links/from/:id',
    variant: 'protected note building on a private note',
    expect: classReaders,
    request: async (w) => {
      const parent = await note(w, { permission: 'private' });
      // A build-on of a private note is born private (domain/access/inheritance.ts): the pupil opens it to the class.
      const child = await note(w, { buildsOn: parent.id });
      await setPermission(w, child.id, 'protected');
      return { url: `/api/links/from/${child.id}` };
    },
  },
  {
    route: 'GET /api/links/to/:id',
    variant: "protected note placed in the pupil's private view",
    expect: classReaders,
    request: async (w) => {
      // Born private in a private view (domain/access/inheritance.ts): the pupil opens it to the class.
      const { id } = await note(w, { viewId: await view(w, 'private') });
      await setPermission(w, id, 'protected');
      return { url: `/api/links/to/${id}` };
    },
  },
  {
    route: 'GET /api/links/from/:id',
    variant: 'protected view holding a private note',
    expect: classReaders,
    request: async (w) => ({ url: `/api/links/from/${await viewWithHistory(w, 'protected')}` }),
  },
  {
    // Issue 20 §4: the past of a note is shown only where it was readable then and is now.
    route: 'GET /api/historicalobjects/:id',
    variant: 'a version from the private era of a note protected now',
    expect: own,
    request: async (w) => {
      const { id } = await note(w);
      await setPermission(w, id, 'private');
      const secretBody = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `${w.secret} draft` }] }] };
      await must(w, w.pupil, 'PUT', `/api/objects/${w.communityId}/${id}`, {
        revision: await revisionOf(w, id),
        title: 'Draft',
        body: secretBody,
      });
      const privateRevision = await revisionOf(w, id);
      await setPermission(w, id, 'protected');
      await must(w, w.pupil, 'PUT', `/api/objects/${w.communityId}/${id}`, {
        revision: await revisionOf(w, id),
        title: 'Final',
        body: editedBody,
      });
      const versions = (await must(w, w.pupil, 'GET', `/api/objects/${id}/history`)).json<{ _id: string; revision: number }[]>();
      return { url: `/api/historicalobjects/${versions.find((v) => v.revision === privateRevision)?._id ?? ''}` };
    },
  },
  {
    route: 'POST /api/records/read/:communityId/:contributionId',
    variant: 'protected note',
    expect: classReaders,
    request: async (w) => ({ url: `/api/records/read/${w.communityId}/${(await note(w)).id}` }),
  },
  {
    route: 'POST /api/records/read/:communityId/:contributionId',
    variant: 'private note',
    expect: notFoundToClassmate,
    request: async (w) => ({ url: `/api/records/read/${w.communityId}/${(await note(w, { permission: 'private' })).id}` }),
  },

  // ---- changing a note: its authors (and managers); a classmate may not, even of a note he may read ----
  {
    route: 'PUT /api/objects/:communityId/:id',
    variant: "the pupil's protected note",
    expect: own,
    request: async (w) => {
      const { id } = await note(w);
      return {
        url: `/api/objects/${w.communityId}/${id}`,
        payload: { revision: await revisionOf(w, id), title: 'Edited', body: editedBody },
      };
    },
  },
  {
    // Public: everyone in the class writes (spec part 1 §6).
    route: 'PUT /api/objects/:communityId/:id',
    variant: "the pupil's public note, edited",
    expect: classReaders,
    request: async (w) => {
      const { id } = await note(w, { permission: 'public' });
      return {
        url: `/api/objects/${w.communityId}/${id}`,
        payload: { revision: await revisionOf(w, id), title: 'Edited', body: editedBody },
      };
    },
  },
  {
    // …but deleting (a save to 'inactive') stays the authors' and managers' (spec part 2 §6: non-managers delete only what they authored).
    route: 'PUT /api/objects/:communityId/:id',
    variant: "the pupil's public note, deleted (status inactive)",
    expect: own,
    request: async (w) => {
      const { id } = await note(w, { permission: 'public' });
      const payload = { revision: await revisionOf(w, id), title: 'Gone', body: editedBody, status: 'inactive' };
      return { url: `/api/objects/${w.communityId}/${id}`, payload };
    },
  },
  {
    // A view is deleted by managers and its authors only (DELETE /api/views/{viewId}); not through a save either.
    route: 'PUT /api/objects/:communityId/:id',
    variant: 'the public welcome view, deleted (status inactive)',
    expect: managers,
    request: async (w) => ({
      url: `/api/objects/${w.communityId}/${w.welcomeViewId}`,
      payload: { revision: await revisionOf(w, w.welcomeViewId), title: 'Welcome', status: 'inactive' },
    }),
  },
  {
    route: 'PUT /api/objects/:communityId/:id/permission',
    expect: own,
    request: async (w) => ({
      url: `/api/objects/${w.communityId}/${(await note(w)).id}/permission`,
      payload: { permission: 'public', group: null },
    }),
  },
  {
    // A classmate may not make himself co-author of another's note (issue 20 §3).
    route: 'POST /api/objects/:communityId/:id/authors',
    variant: 'adding the classmate',
    expect: own,
    request: async (w) => ({
      url: `/api/objects/${w.communityId}/${(await note(w)).id}/authors`,
      payload: { authorId: w.classmate.authorId },
    }),
  },
  {
    route: 'DELETE /api/objects/:communityId/:id/authors/:authorId',
    variant: 'removing a co-author',
    expect: own,
    request: async (w) => {
      const { id } = await note(w);
      await must(w, w.pupil, 'POST', `/api/objects/${w.communityId}/${id}/authors`, { authorId: w.admin.authorId });
      return { url: `/api/objects/${w.communityId}/${id}/authors/${w.admin.authorId}` };
    },
  },
  // ---- managers' comments (issue 14 §2): managers of this class only, whatever the note ----
  {
    route: 'PUT /api/objects/:communityId/:id/savecomments',
    variant: 'protected note',
    expect: managers,
    request: async (w) => ({ url: `/api/objects/${w.communityId}/${(await note(w)).id}/savecomments`, payload: { comments: 'Bien vu.' } }),
  },
  {
    route: 'PUT /api/objects/:communityId/:id/savecomments',
    variant: "the pupil's own private note",
    expect: managers,
    request: async (w) => ({
      url: `/api/objects/${w.communityId}/${(await note(w, { permission: 'private' })).id}/savecomments`,
      payload: { comments: 'Bien vu.' },
    }),
  },
  // ---- favourites list (issue 14 §4) and the search's students type: members of the class ----
  {
    route: 'GET /api/objects/favourites/:communityId',
    expect: classReaders,
    request: (w) => ({ url: `/api/objects/favourites/${w.communityId}` }),
  },
  {
    route: 'POST /api/contributions/:communityId/search/students',
    expect: classReaders,
    request: (w) => ({ url: `/api/contributions/${w.communityId}/search/students`, payload: { words: '' } }),
  },
  {
    route: 'POST /api/objects/addTofav/:communityId/:id',
    variant: 'protected note',
    expect: classReaders,
    request: async (w) => ({ url: `/api/objects/addTofav/${w.communityId}/${(await note(w)).id}` }),
  },
  {
    route: 'POST /api/objects/addTofav/:communityId/:id',
    variant: 'private note',
    expect: own,
    request: async (w) => ({ url: `/api/objects/addTofav/${w.communityId}/${(await note(w, { permission: 'private' })).id}` }),
  },
  {
    route: 'POST /api/objects/remFromfav/:communityId/:id',
    variant: 'protected note',
    expect: classReaders,
    request: async (w) => ({ url: `/api/objects/remFromfav/${w.communityId}/${(await note(w)).id}` }),
  },

  // ---- attachments ----
  {
    route: 'POST /api/upload/:communityId/:attachmentId',
    variant: "a new version of the pupil's attachment",
    expect: own,
    request: async (w) => {
      const file = png();
      return { url: `/api/upload/${w.communityId}/${await attachment(w)}`, headers: file.headers, payload: file.payload };
    },
  },
  {
    route: 'POST /api/upload/:communityId/:attachmentId',
    variant: "the caller's own attachment, attached to the pupil's note",
    expect: own,
    request: async (w) => {
      const by = w.caller === 'pupil' || w.caller === 'classmate' || w.caller === 'admin' ? w[w.caller] : w.admin;
      const created = await must(w, by, 'POST', `/api/contributions/${w.communityId}`, { type: 'Attachment' });
      const id = created.json<{ contribution: { _id: string } }>().contribution._id;
      const file = png();
      return { url: `/api/upload/${w.communityId}/${id}?noteId=${(await note(w)).id}`, headers: file.headers, payload: file.payload };
    },
  },
  {
    route: 'GET /api/attachments/:id/:version',
    variant: 'private attachment',
    expect: own,
    request: async (w) => ({ url: `/api/attachments/${await attachment(w, 'private')}/1` }),
  },
  {
    route: 'GET /api/attachments/:id/:version',
    variant: 'protected attachment',
    expect: classReaders,
    request: async (w) => ({ url: `/api/attachments/${await attachment(w)}/1` }),
  },
  {
    route: 'POST /api/attachments/:id/playback',
    variant: 'private attachment',
    expect: own,
    request: async (w) => ({ url: `/api/attachments/${await attachment(w, 'private')}/playback`, payload: {} }),
  },
  {
    route: 'POST /api/attachments/:id/comments',
    variant: 'protected attachment',
    expect: classReaders,
    request: async (w) => ({
      url: `/api/attachments/${await attachment(w, 'protected', 'video')}/comments`,
      payload: { time: 1.5, comment: 'Look here' },
    }),
  },
  {
    route: 'POST /api/attachments/:id/comments',
    variant: 'private attachment',
    expect: own,
    request: async (w) => ({
      url: `/api/attachments/${await attachment(w, 'private', 'video')}/comments`,
      payload: { time: 1.5, comment: 'Look here' },
    }),
  },
  {
    route: 'GET /api/attachments/:id/comments',
    variant: 'private attachment',
    expect: own,
    request: async (w) => ({ url: `/api/attachments/${await attachment(w, 'private', 'video')}/comments` }),
  },
];

run(contentRows);

describe('the matrices cover every route', () => {
  it('fails when the API registers a route that is in no matrix and not public', async () => {
    await t.app.ready();
    const covered = new Set([
      ...firstMatrixRoutes(),
      ...contentRows.map((row) => row.route),
      ...canvasRows.map((row) => row.route),
      ...analyticsRows.map((row) => row.route),
      ...researchRows.map((row) => row.route),
      ...scaffoldRows.map((row) => row.route),
      ...googleRows.map((row) => row.route),
      ...translateRows.map((row) => row.route),
      ...itmRows.map((row) => row.route),
      ...notificationRows.map((row) => row.route),
      ...aiRows.map((row) => row.route),
      ...kf6Rows.map((row) => row.route),
      ...promisingIdeaRows.map((row) => row.route),
      ...accountRows.map((row) => row.route),
      ...publicRoutes.map((p) => p.route),
    ]);
    const registered = registeredRoutes(t);
    expect(registered.length).toBeGreaterThan(90);
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
    // And nothing listed that the API does not register (a renamed route must be renamed here too).
    expect([...covered].filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('reads the first matrix (46 routes) and lists no route twice across the matrices', () => {
    const first = firstMatrixRoutes();
    expect(first.size).toBe(46);
    const mine = new Set(
      [
        ...contentRows,
        ...canvasRows,
        ...analyticsRows,
        ...researchRows,
        ...accountRows,
        ...scaffoldRows,
        ...googleRows,
        ...translateRows,
        ...itmRows,
        ...notificationRows,
        ...aiRows,
        ...kf6Rows,
        ...promisingIdeaRows,
      ].map((row) => row.route),
    );
    const publics = new Set(publicRoutes.map((p) => p.route));
    // A KF6 row may cover a first-matrix path again with the original's body (kf6SharedPathRoutes), nothing else.
    const twice = [...mine].filter((route) => (first.has(route) && !kf6SharedPathRoutes.has(route)) || publics.has(route));
    expect(twice).toEqual([]);
    expect([...publics].filter((route) => first.has(route))).toEqual([]);
  });
});
