import { managers, note, type Expectation, type Row } from './contentAuthorization.world.ts';

/**
 * The rows of the content authorization matrix about the research API (issue 24 §5; run by
 * contentAuthorization.research.int.spec.ts): the class's researchers, managers and admins read it;
 * the pupil, a classmate, a manager of another class and a stranger are refused (403), anonymous 401.
 */
const researchers: Expectation = { ...managers, researcher: 'ok' };

export const researchRows: Row[] = [
  {
    route: 'GET /api/research/:communityId/snapshot',
    expect: researchers,
    request: async (w) => (
      await note(w),
      { url: `/api/research/${w.communityId}/snapshot?at=${encodeURIComponent(new Date().toISOString())}` }
    ),
  },
  {
    route: 'GET /api/research/:communityId/reads',
    expect: researchers,
    request: async (w) => ({ url: `/api/research/${w.communityId}/reads?from=2020-01-01T00:00:00.000Z` }),
  },
  {
    route: 'GET /api/research/:communityId/events',
    expect: researchers,
    request: async (w) => ({ url: `/api/research/${w.communityId}/events?after=0&limit=500` }),
  },
  {
    // A POST that only reads (services/api/app.ts readOnlyPostRoutes): the research export as a ZIP.
    route: 'POST /api/research/:communityId/export',
    expect: researchers,
    request: async (w) => ({ url: `/api/research/${w.communityId}/export`, payload: { maskNames: true } }),
  },
];
