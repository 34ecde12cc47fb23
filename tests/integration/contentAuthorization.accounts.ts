import type { TestApp } from '../support/testApp.ts';
import {
  adminsOnly,
  anyUser,
  managers,
  must,
  note,
  own,
  type Expectation,
  type Request,
  type Row,
  type World,
} from './contentAuthorization.world.ts';

/**
 * The account, admin and research-export rows of the content authorization matrix (run by
 * contentAuthorization.accounts.int.spec.ts), and the routes that are public on purpose.
 * Here the "pupil" is the user the route names (`:id`).
 */

/** The session id (`jti`) of a bearer token. */
const tokenId = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { jti: string }).jti;

/** A user's own account: the user and admins; a manager of the class is no one's account holder. */
const selfOrAdmin: Expectation = { ...own, manager: 403 };
/** PUT /api/users/{id}/password names the caller only: even an admin resets through PATCH (fact sheet §9: `:id` was ignored). */
const selfOnly: Expectation = { ...selfOrAdmin, admin: 403 };

export const accountRows: Row[] = [
  { route: 'GET /api/users/me', expect: anyUser, request: () => ({ url: '/api/users/me' }) },
  // A researcher's own session is theirs to end (nothing of the class changes).
  { route: 'POST /auth/logout', expect: { ...anyUser, researcher: 'ok' }, request: () => ({ url: '/auth/logout' }) },
  {
    route: 'GET /api/users/:id',
    variant: "the pupil's profile",
    expect: selfOrAdmin,
    request: (w) => ({ url: `/api/users/${w.pupil.id}` }),
  },
  {
    route: 'PUT /api/users/:id/lang',
    variant: "the pupil's language",
    expect: selfOrAdmin,
    request: (w) => ({ url: `/api/users/${w.pupil.id}/lang`, payload: { lang: 'en' } }),
  },
  {
    route: 'PUT /api/users/:id/password',
    variant: "the pupil's password",
    expect: selfOnly,
    request: (w) => ({
      url: `/api/users/${w.pupil.id}/password`,
      payload: { oldPassword: 'secret-pass-1', newPassword: 'another-pass-2' },
    }),
  },
  // Fact sheet §12: any logged-in user could reset any password, edit users, list admins.
  {
    route: 'PATCH /api/users/:id',
    variant: "resetting the pupil's password",
    expect: adminsOnly,
    request: (w) => ({ url: `/api/users/${w.pupil.id}`, payload: { password: 'reset-pass-3' } }),
  },
  {
    route: 'PUT /api/users/:id',
    variant: 'editing the pupil',
    expect: adminsOnly,
    request: (w) => ({ url: `/api/users/${w.pupil.id}`, payload: { firstName: 'Renamed' } }),
  },
  {
    route: 'POST /api/users/search',
    expect: adminsOnly,
    request: () => ({ url: '/api/users/search', payload: { query: { role: 'admin' }, page: 1, pagesize: 50 } }),
  },
  {
    route: 'POST /api/users/search/count',
    expect: adminsOnly,
    request: () => ({ url: '/api/users/search/count', payload: { query: { filter: 'pupil' } } }),
  },
  // Issue 17 §4: sessions. Anyone logged in lists and rotates their own; a session of another user is "not found".
  { route: 'POST /auth/refresh', expect: { ...anyUser, researcher: 'ok' }, request: () => ({ url: '/auth/refresh' }) },
  { route: 'GET /api/users/me/sessions', expect: anyUser, request: () => ({ url: '/api/users/me/sessions' }) },
  {
    route: 'DELETE /api/users/me/sessions/:id',
    variant: "the pupil's session",
    expect: { pupil: 'ok', classmate: 404, otherManager: 404, stranger: 404, anonymous: 401, manager: 404, admin: 404, researcher: 404 },
    request: (w) => ({ url: `/api/users/me/sessions/${tokenId(w.pupil.token)}` }),
  },
  {
    route: 'DELETE /api/admin/users/:id/sessions',
    variant: "the pupil's sessions",
    expect: adminsOnly,
    request: (w) => ({ url: `/api/admin/users/${w.pupil.id}/sessions` }),
  },
  // Issue 17 §3: the audit trail is for admins; a manager of the class is refused too.
  { route: 'GET /api/admin/audit', expect: adminsOnly, request: (w) => ({ url: `/api/admin/audit?community=${w.communityId}` }) },
  { route: 'GET /api/admin/audit.csv', expect: adminsOnly, request: () => ({ url: '/api/admin/audit.csv?action=community.created' }) },
  { route: 'GET /api/admin/stats', expect: adminsOnly, request: () => ({ url: '/api/admin/stats' }) },
  // Issue 16 §4: what holds the server's memory (collection names, cache sizes) is for operators only.
  { route: 'GET /api/admin/memory', expect: adminsOnly, request: () => ({ url: '/api/admin/memory' }) },
  {
    route: 'POST /api/admin/rebuild',
    variant: 'one small projection',
    expect: adminsOnly,
    request: () => ({ url: '/api/admin/rebuild', payload: { projection: 'feedback' } }),
  },
  {
    route: 'GET /api/admin/jobs/:jobId',
    expect: adminsOnly,
    request: async (w) => {
      const job = await must(w, w.admin, 'POST', '/api/admin/rebuild', { projection: 'feedback' });
      return { url: `/api/admin/jobs/${encodeURIComponent(job.json<{ jobId: string }>().jobId)}` };
    },
  },
  {
    // Every active note of the class, private ones included: managers of this class (researchers) only.
    route: 'GET /api/communities/:communityId/kbdex.csv',
    expect: managers,
    request: async (w) => (await note(w), { url: `/api/communities/${w.communityId}/kbdex.csv` }),
  },
];

export type PublicRoute = {
  route: string;
  /** Why it needs no login. */
  reason: string;
  /** A valid anonymous request (in `w`'s class, whose private things it must not reveal). */
  request: (t: TestApp, w: World) => Promise<Request> | Request;
};

export const publicRoutes: PublicRoute[] = [
  {
    route: 'GET /auth/googleOAuth/getToken',
    reason: "Google's consent page sends the browser back here; the signed state names the user (issue 18 §6)",
    request: () => ({ url: '/auth/googleOAuth/getToken?code=abc&state=forged.state' }),
  },
  {
    route: 'GET /auth/oidc',
    reason: 'OpenID Connect sign-in starts before login (issue 18 §1; answers 404 when not configured)',
    request: () => ({ url: '/auth/oidc?redirect=/' }),
  },
  {
    route: 'GET /auth/oidc/callback',
    reason: "the OpenID provider sends the browser back here; the state sealed in this browser's cookie is checked",
    request: () => ({ url: '/auth/oidc/callback?code=abc&state=forged' }),
  },
  {
    route: 'GET /auth/oidc/logout',
    reason: "after Buildon's logout, sends the browser on to the OpenID provider's sign-out page, which asks before it signs anyone out",
    request: () => ({ url: '/auth/oidc/logout' }),
  },
  {
    route: 'POST /auth/oidc/session',
    reason: 'hands the token of a completed OpenID sign-in to the browser holding its sealed cookie, once',
    request: () => ({ url: '/auth/oidc/session', payload: {} }),
  },
  { route: 'GET /api/version', reason: 'the about dialog, before login', request: () => ({ url: '/api/version' }) },
  { route: 'GET /api/changeLog', reason: "what's new, shown on the login page", request: () => ({ url: '/api/changeLog?lang=en' }) },
  {
    route: 'GET /.well-known/security.txt',
    reason: 'where anyone reports a security problem (RFC 9116)',
    request: () => ({ url: '/.well-known/security.txt' }),
  },
  { route: 'GET /api/auth/providers', reason: 'the login page lists the sign-in methods', request: () => ({ url: '/api/auth/providers' }) },
  {
    route: 'GET /api/recaptcha/config',
    reason: 'the sign-up form needs the robot check',
    request: () => ({ url: '/api/recaptcha/config' }),
  },
  {
    route: 'GET /api/recaptcha/challenge',
    reason: 'the sign-up form solves it before it has an account',
    request: () => ({ url: '/api/recaptcha/challenge' }),
  },
  {
    route: 'POST /api/recaptcha',
    reason: 'checks a solution for the sign-up form',
    request: () => ({ url: '/api/recaptcha', payload: { gRecaptchaResponse: 'not-a-solution' } }),
  },
  {
    route: 'POST /api/users',
    reason: 'sign-up (robot check required)',
    request: async (t) => ({
      url: '/api/users',
      payload: {
        firstName: 'New',
        lastName: 'Pupil',
        email: `newcomer${process.pid}@example.org`,
        userName: `newcomer${process.pid}`,
        password: 'newcomer-pass',
        robotCheck: await t.robotCheck(),
      },
    }),
  },
  {
    route: 'POST /auth/local',
    reason: 'login',
    request: (_t, w) => ({ url: '/auth/local', payload: { userName: `stranger${w.tag}`, password: 'secret-pass-1' } }),
  },
  {
    route: 'POST /auth/idul',
    reason: 'institutional login (answers that it is not configured)',
    request: () => ({ url: '/auth/idul', payload: { username: 'someone', password: 'whatever' } }),
  },
];
