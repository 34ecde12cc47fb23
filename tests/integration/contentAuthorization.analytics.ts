import { classReaders, managers, must, note, notFoundToClassmate, view, type Row } from './contentAuthorization.world.ts';

/**
 * The rows of the content authorization matrix about the analytics pages (issue 12; run by
 * contentAuthorization.analytics.int.spec.ts): members of the class read them (writers with
 * pseudonyms), the author filter is for managers and admins (spec part 2 §2, §6).
 */
export const analyticsRows: Row[] = [
  {
    route: 'GET /api/analytics/:communityId/stats',
    expect: classReaders,
    request: async (w) => (await note(w), { url: `/api/analytics/${w.communityId}/stats` }),
  },
  {
    route: 'GET /api/analytics/:communityId/stats',
    variant: "filtered by the pupil's notes (the author selector)",
    expect: managers,
    request: (w) => ({ url: `/api/analytics/${w.communityId}/stats?authors=${w.pupil.authorId}&from=2020-01-01&to=2021-12-31` }),
  },
  {
    route: 'GET /api/analytics/:communityId/s2viz',
    expect: classReaders,
    request: async (w) => (await note(w), { url: `/api/analytics/${w.communityId}/s2viz` }),
  },
  {
    route: 'GET /api/analytics/:communityId/dashboard',
    expect: classReaders,
    request: async (w) => (await note(w), { url: `/api/analytics/${w.communityId}/dashboard` }),
  },
  {
    route: 'GET /api/analytics/:communityId/dashboard',
    variant: 'one view (the welcome view)',
    expect: classReaders,
    request: (w) => ({ url: `/api/analytics/${w.communityId}/dashboard?view=${w.welcomeViewId}` }),
  },
  {
    route: 'GET /api/analytics/:communityId/dashboard',
    variant: "one private view of the pupil (its title is not the classmate's to see)",
    expect: notFoundToClassmate,
    request: async (w) => ({ url: `/api/analytics/${w.communityId}/dashboard?view=${await view(w, 'private')}` }),
  },
  {
    route: 'GET /api/analytics/:communityId/dashboard',
    variant: 'with activity in a private view of the pupil (left out of the view chart for others)',
    expect: classReaders,
    request: async (w) => {
      await note(w, { viewId: await view(w, 'private') });
      return { url: `/api/analytics/${w.communityId}/dashboard` };
    },
  },
  {
    route: 'GET /api/analytics/:communityId/dashboard.csv',
    expect: classReaders,
    request: async (w) => (await note(w), { url: `/api/analytics/${w.communityId}/dashboard.csv` }),
  },
  {
    route: 'GET /api/analytics/:communityId/dashboard2',
    expect: classReaders,
    request: async (w) => (await note(w), { url: `/api/analytics/${w.communityId}/dashboard2` }),
  },
  {
    route: 'GET /api/analytics/:communityId/authornetwork',
    expect: classReaders,
    request: async (w) => (await note(w), { url: `/api/analytics/${w.communityId}/authornetwork` }),
  },
  {
    route: 'GET /api/analytics/:communityId/authornetwork',
    variant: 'in the welcome view',
    expect: classReaders,
    request: (w) => ({ url: `/api/analytics/${w.communityId}/authornetwork?view=${w.welcomeViewId}` }),
  },
  {
    route: 'GET /api/analytics/:communityId/authornetwork',
    variant: 'in a private view of the pupil',
    expect: notFoundToClassmate,
    request: async (w) => ({ url: `/api/analytics/${w.communityId}/authornetwork?view=${await view(w, 'private')}` }),
  },
  {
    route: 'POST /api/analytics/:communityId/refresh',
    expect: managers,
    request: async (w) => (await note(w), { url: `/api/analytics/${w.communityId}/refresh` }),
  },
  {
    route: 'GET /api/analytics/:communityId/jobs/:jobId',
    expect: managers,
    request: async (w) => {
      const { jobId } = (await must(w, w.manager, 'POST', `/api/analytics/${w.communityId}/refresh`)).json<{ jobId: string }>();
      return { url: `/api/analytics/${w.communityId}/jobs/${encodeURIComponent(jobId)}` };
    },
  },
  {
    route: 'GET /api/lexical/:communityId/dictionary',
    expect: classReaders,
    request: async (w) => (await note(w), { url: `/api/lexical/${w.communityId}/dictionary` }),
  },
  {
    route: 'GET /api/lexical/views/:viewId/wordcloud',
    expect: classReaders,
    request: async (w) => (await note(w), { url: `/api/lexical/views/${w.welcomeViewId}/wordcloud` }),
  },
  {
    route: 'GET /api/lexical/views/:viewId/wordcloud',
    variant: 'of a private view of the pupil',
    expect: notFoundToClassmate,
    request: async (w) => ({ url: `/api/lexical/views/${await view(w, 'private')}/wordcloud` }),
  },
  {
    route: 'GET /api/lexical/:communityId/analysis',
    variant: "a lexicon counted in the notes of the class (the pupil's private note is always there)",
    expect: classReaders,
    request: async (w) => (
      await note(w),
      { url: `/api/lexical/${w.communityId}/analysis?lexicon=${encodeURIComponent('note; protected')}` }
    ),
  },
  {
    route: 'GET /api/lexical/:communityId/analysis',
    variant: "in a private view of the pupil (its existence is not the classmate's to learn)",
    expect: notFoundToClassmate,
    request: async (w) => ({ url: `/api/lexical/${w.communityId}/analysis?lexicon=note&views=${await view(w, 'private')}` }),
  },
];
