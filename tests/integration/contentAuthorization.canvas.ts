import {
  classReaders,
  managers,
  note,
  notFoundToClassmate,
  own,
  place,
  view,
  viewWithHistory,
  type Row,
} from './contentAuthorization.world.ts';

/**
 * The rows of the content authorization matrix about a class's creations, views, their canvas and
 * the time machine (run by contentAuthorization.canvas.int.spec.ts): protected views are read by
 * the class and written by their authors, private ones are their authors' (spec part 1 §6, part 2
 * §6, fact sheet §3.1).
 */
export const canvasRows: Row[] = [
  // ---- a class's creations ----
  {
    route: 'POST /api/contributions/:communityId',
    expect: classReaders,
    request: (w) => ({ url: `/api/contributions/${w.communityId}`, payload: { type: 'Note' } }),
  },
  {
    route: 'POST /api/contributions/:communityId',
    variant: "placed in the pupil's private view",
    expect: own,
    request: async (w) => ({
      url: `/api/contributions/${w.communityId}`,
      payload: { type: 'Note', placement: { viewId: await view(w, 'private'), x: 50, y: 50 } },
    }),
  },
  {
    route: 'POST /api/contributions/:communityId',
    variant: "building on the pupil's private note",
    expect: notFoundToClassmate,
    request: async (w) => ({
      url: `/api/contributions/${w.communityId}`,
      payload: { type: 'Note', buildsOn: (await note(w, { permission: 'private' })).id },
    }),
  },
  {
    route: 'POST /api/communities/:communityId/views',
    expect: classReaders,
    request: (w) => ({ url: `/api/communities/${w.communityId}/views`, payload: { title: 'Our ideas' } }),
  },
  {
    route: 'POST /api/authors/:communityId/me/workspace',
    expect: classReaders,
    request: (w) => ({ url: `/api/authors/${w.communityId}/me/workspace` }),
  },
  {
    route: 'GET /api/communities/:communityId/viewtree',
    variant: 'with a private view of the pupil',
    expect: classReaders,
    request: async (w) => (await view(w, 'private'), { url: `/api/communities/${w.communityId}/viewtree` }),
  },

  // ---- views and their canvas: protected → the class reads, its authors write ----
  {
    route: 'GET /api/views/:viewId/canvas',
    variant: 'protected view',
    expect: classReaders,
    request: async (w) => ({ url: `/api/views/${await viewWithHistory(w, 'protected')}/canvas` }),
  },
  {
    route: 'GET /api/views/:viewId/canvas',
    variant: 'the public welcome view, holding a private note',
    expect: classReaders,
    request: (w) => ({ url: `/api/views/${w.welcomeViewId}/canvas` }),
  },
  {
    route: 'GET /api/views/:viewId/canvas',
    variant: 'private view',
    expect: own,
    request: async (w) => ({ url: `/api/views/${await viewWithHistory(w, 'private')}/canvas` }),
  },
  {
    route: 'POST /api/links',
    variant: "a ref in the pupil's protected view",
    expect: own,
    request: async (w) => {
      const viewId = await view(w, 'protected');
      return {
        url: '/api/links',
        payload: { from: viewId, to: (await note(w, { viewId: null })).id, type: 'contains', data: { x: 40, y: 40 } },
      };
    },
  },
  {
    route: 'POST /api/links',
    variant: "the pupil's private note placed in the public welcome view",
    expect: notFoundToClassmate,
    request: async (w) => ({
      url: '/api/links',
      payload: {
        from: w.welcomeViewId,
        to: (await note(w, { permission: 'private', viewId: null })).id,
        type: 'contains',
        data: { x: 40, y: 40 },
      },
    }),
  },
  {
    // A link belongs to its source (issue 20 §9; fact sheet §12: links had no permission check).
    route: 'POST /api/links',
    variant: "a build-on from the pupil's protected note",
    expect: own,
    request: async (w) => {
      const [from, to] = [await note(w), await note(w)];
      return { url: '/api/links', payload: { from: from.id, to: to.id, type: 'buildson' } };
    },
  },
  {
    route: 'PUT /api/links/:id',
    variant: "a ref in the pupil's protected view",
    expect: own,
    request: async (w) => {
      const viewId = await view(w, 'protected');
      return { url: `/api/links/${(await note(w, { viewId })).refId ?? ''}`, payload: { data: { x: 500, y: 500 } } };
    },
  },
  {
    route: 'POST /api/views/:viewId/refs/delete',
    variant: "the pupil's protected view",
    expect: own,
    request: async (w) => {
      const viewId = await view(w, 'protected');
      return { url: `/api/views/${viewId}/refs/delete`, payload: { linkIds: [(await note(w, { viewId })).refId ?? ''] } };
    },
  },
  {
    // Spec part 2 §6: non-managers remove only what they authored, even from a view they may edit.
    route: 'POST /api/views/:viewId/refs/delete',
    variant: "the pupil's ref in the public welcome view",
    expect: own,
    request: async (w) => ({ url: `/api/views/${w.welcomeViewId}/refs/delete`, payload: { linkIds: [(await note(w)).refId ?? ''] } }),
  },
  {
    route: 'POST /api/views/:viewId/riseabove',
    variant: "the pupil's ref in the public welcome view",
    expect: own,
    request: async (w) => ({
      url: `/api/views/${w.welcomeViewId}/riseabove`,
      payload: { title: 'Risen', linkIds: [(await note(w)).refId ?? ''] },
    }),
  },
  {
    route: 'POST /api/views/:viewId/riseabove',
    variant: "the pupil's protected view",
    expect: own,
    request: async (w) => ({ url: `/api/views/${await view(w, 'protected')}/riseabove`, payload: { title: 'What we now think' } }),
  },
  {
    route: 'DELETE /api/views/:viewId',
    variant: "the pupil's public view",
    expect: own,
    request: async (w) => ({ url: `/api/views/${await view(w, 'public')}` }),
  },
  {
    // Spec part 2 §6: only managers re-parent views — not even the view's author.
    route: 'PUT /api/views/:viewId/parent',
    variant: "the pupil's public view",
    expect: managers,
    request: async (w) => {
      const viewId = await view(w, 'public');
      await place(w, w.welcomeViewId, viewId);
      return { url: `/api/views/${viewId}/parent`, payload: { parentId: null } };
    },
  },

  // ---- the time machine: the view's readers only ----
  {
    route: 'GET /api/timemachine/:viewId',
    variant: 'private view',
    expect: own,
    request: async (w) => ({ url: `/api/timemachine/${await viewWithHistory(w, 'private')}` }),
  },
  {
    route: 'GET /api/timemachine/:viewId',
    variant: 'protected view',
    expect: classReaders,
    request: async (w) => ({ url: `/api/timemachine/${await viewWithHistory(w, 'protected')}` }),
  },
  {
    route: 'GET /api/timemachine/:viewId/frame/:index',
    variant: 'private view',
    expect: own,
    request: async (w) => ({ url: `/api/timemachine/${await viewWithHistory(w, 'private')}/frame/0` }),
  },
  {
    route: 'GET /api/timemachine/:viewId/at',
    variant: 'private view',
    expect: own,
    request: async (w) => ({
      url: `/api/timemachine/${await viewWithHistory(w, 'private')}/at?time=${encodeURIComponent(new Date().toISOString())}`,
    }),
  },
  {
    route: 'GET /api/timemachine/:viewId/frame/:index',
    variant: 'protected view holding a private note',
    expect: classReaders,
    // Frame 0: the classmate's history has fewer steps (the private note's are not his).
    request: async (w) => ({ url: `/api/timemachine/${await viewWithHistory(w, 'protected')}/frame/0` }),
  },
  {
    route: 'GET /api/timemachine/:viewId/at',
    variant: 'protected view holding a private note',
    expect: classReaders,
    request: async (w) => ({
      url: `/api/timemachine/${await viewWithHistory(w, 'protected')}/at?time=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`,
    }),
  },
  {
    route: 'GET /api/timemachine/:viewId/steps',
    variant: 'protected view holding a private note',
    expect: classReaders,
    request: async (w) => ({ url: `/api/timemachine/${await viewWithHistory(w, 'protected')}/steps` }),
  },
  {
    route: 'GET /api/timemachine/:viewId/steps',
    variant: 'private view',
    expect: own,
    request: async (w) => ({ url: `/api/timemachine/${await viewWithHistory(w, 'private')}/steps` }),
  },
];
