import { classReaders, managers, note, type Row } from './contentAuthorization.world.ts';

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
];
