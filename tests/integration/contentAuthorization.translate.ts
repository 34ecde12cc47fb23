import { adminsOnly, anyUser, type Row } from './contentAuthorization.world.ts';

/**
 * The rows of the content authorization matrix about translation (issue 18 §4) and Admin tools'
 * integration list (§8), run by contentAuthorization.translate.int.spec.ts against
 * tests/support/fakeLibreTranslate.ts. A translation names no community and stores nothing: any
 * signed-in user may ask for one (KF6 guarded it not at all, fact sheet §3.2); anonymous callers
 * may not. The integration list is for admins alone, a manager of the class refused too.
 */
export const translateRows: Row[] = [
  {
    route: 'GET /api/translate',
    expect: anyUser,
    request: () => ({ url: '/api/translate?text=Les%20plantes%20poussent.&language=en' }),
  },
  {
    route: 'POST /api/translate',
    // It stores nothing (readOnlyPostRoutes): a read-only researcher may translate like anyone signed in.
    expect: { ...anyUser, researcher: 'ok' },
    request: () => ({ url: '/api/translate', payload: { text: 'Les plantes poussent.', language: 'zh' } }),
  },
  { route: 'GET /api/translate/status', expect: anyUser, request: () => ({ url: '/api/translate/status' }) },
  { route: 'GET /api/admin/integrations', expect: adminsOnly, request: () => ({ url: '/api/admin/integrations' }) },
];
