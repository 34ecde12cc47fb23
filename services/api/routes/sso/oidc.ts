import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import Type from 'typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { OidcCallbackQuery, OidcStartQuery } from '../../../../contracts/api/sso.ts';
import { TokenReply } from '../../../../contracts/api/users.ts';
import { msg, type MessageCode } from '../../../../contracts/messageCodes.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { BuildonError, NotFoundError, UnauthorizedError } from '../../../core/errors.ts';
import { OidcError, type OidcClient, type OidcRequestSecrets } from '../../../integrations/oidc/oidcClient.ts';
import { oidcCallbackPath } from '../../../integrations/oidc/oidcSettings.ts';
import { CookieSealer } from '../../../integrations/oidc/sealedCookie.ts';
import { clearCookie, readCookie, setCookie } from './cookies.ts';

const tags = ['auth'];
/** The authorization request's secrets, kept by the browser while it is at the provider. */
const requestCookie = { name: 'buildon_oidc', path: '/auth/oidc', ttlMs: 10 * 60_000 };
/** The session token, kept by the browser between the callback and the web page that takes it. */
const ticketCookie = { name: 'buildon_sso', path: '/auth/oidc/session', ttlMs: 2 * 60_000 };
/** The web page a redirect sign-in comes back to (web/src/features/auth/components/SsoLoginPage.tsx). */
const landingPath = '/login/sso';

type PendingRequest = OidcRequestSecrets & { redirect: string; redirectUri: string };
type Ticket = { token: string; id: string };

/** A path of this site to go back to, or home: never another site (`//host`, `/\host`). */
const localPath = (redirect: string | undefined): string =>
  redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\') ? redirect : '/';

const sameText = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const failureCode = (error: OidcError): MessageCode =>
  error.kind === 'denied' ? 'sso.denied' : error.kind === 'unavailable' ? 'sso.unavailable' : 'sso.rejected';

/**
 * OpenID Connect sign-in (issue 18 §1): the authorization-code flow with PKCE
 * (S256), state and nonce. `GET /auth/oidc` sends the browser to the provider
 * with the request's secrets sealed in a cookie of this browser; the
 * provider's redirect to `GET /auth/oidc/callback` is checked against that
 * cookie, its state claimed once (a replay is refused), the code exchanged and
 * the ID token checked by openid-client; the person's user is found or linked
 * or created (services/api/accounts/commands/externalSignIn.ts) and a session
 * opened as a local login opens one. The token then waits in a second sealed
 * cookie for the web page (`/login/sso`) to take it once with
 * `POST /auth/oidc/session`: it never travels in an address. Any failure comes
 * back to that page with the message's code (`?error=sso.badState`).
 * `GET /auth/oidc/logout`, where the web page goes after Buildon's logout of
 * such a session, sends the browser on to the provider's end-session page.
 * Always registered; without settings the four routes answer 404.
 */
const oidcRoutes: FastifyPluginAsyncTypebox<{ services: AppServices; secret: string; client: OidcClient | null }> = async (
  app,
  { services, secret, client },
) => {
  const sealer = new CookieSealer(secret, 'oidc-v1');
  const configured = (): OidcClient => {
    if (!client) throw new NotFoundError(msg('sso.notConfigured'));
    return client;
  };
  const now = () => services.commandDeps.clock.now().getTime();
  const secure = (request: FastifyRequest) => request.protocol === 'https' || (client?.settings.publicUrl ?? '').startsWith('https:');
  const redirectUri = (request: FastifyRequest, oidc: OidcClient) =>
    `${oidc.settings.publicUrl || `${request.protocol}://${request.host}`}${oidcCallbackPath}`;
  const failed = (code: MessageCode) => `${landingPath}?error=${encodeURIComponent(code)}`;

  app.get(
    '/auth/oidc',
    {
      schema: {
        tags,
        summary: "Sign in with the OpenID provider: the provider's sign-in page, coming back to /auth/oidc/callback",
        querystring: OidcStartQuery,
        response: { ...problemResponses },
      },
    },
    async (request, reply) => {
      const oidc = configured();
      const back = redirectUri(request, oidc);
      try {
        const { url, secrets } = await oidc.start(back);
        const pending: PendingRequest = { ...secrets, redirect: localPath(request.query.redirect), redirectUri: back };
        setCookie(reply, requestCookie.name, sealer.seal(pending, now() + requestCookie.ttlMs), {
          path: requestCookie.path,
          maxAgeSeconds: requestCookie.ttlMs / 1000,
          secure: secure(request),
        });
        return reply.redirect(url, 302);
      } catch (error) {
        if (!(error instanceof OidcError)) throw error;
        request.log.warn({ err: error.message }, 'OpenID sign-in could not start');
        return reply.redirect(failed(failureCode(error)), 302);
      }
    },
  );

  app.get(
    oidcCallbackPath,
    {
      schema: {
        tags,
        summary: "The OpenID provider's redirect: checks state, nonce and PKCE, signs the person in, back to /login/sso",
        querystring: OidcCallbackQuery,
        response: { ...problemResponses },
      },
    },
    async (request, reply) => {
      const oidc = configured();
      const https = secure(request);
      // Single use whatever happens next: the browser's copy goes, and the state is claimed below.
      clearCookie(reply, requestCookie.name, requestCookie.path, https);
      const pending = sealer.open<PendingRequest>(readCookie(request, requestCookie.name), now());
      const fresh =
        pending !== null &&
        sameText(pending.state, request.query.state) &&
        (await services.onceStore.claim(`oidc-state:${pending.state}`, requestCookie.ttlMs));
      if (!pending || !fresh) return reply.redirect(failed('sso.badState'), 302);
      try {
        const identity = await oidc.complete(new URL(request.url, 'http://callback'), pending.redirectUri, pending);
        const { user } = await services.accounts.signInExternal({ kind: 'oidc', ...identity });
        const ticket: Ticket = { token: await app.openSession(user, request), id: randomBytes(16).toString('base64url') };
        setCookie(reply, ticketCookie.name, sealer.seal(ticket, now() + ticketCookie.ttlMs), {
          path: ticketCookie.path,
          maxAgeSeconds: ticketCookie.ttlMs / 1000,
          secure: https,
        });
        return reply.redirect(`${landingPath}?redirect=${encodeURIComponent(pending.redirect)}`, 302);
      } catch (error) {
        if (error instanceof OidcError) {
          request.log.warn({ err: error.message }, 'OpenID sign-in refused');
          return reply.redirect(failed(failureCode(error)), 302);
        }
        if (error instanceof BuildonError && error.status < 500) return reply.redirect(failed(error.messageCode), 302);
        throw error;
      }
    },
  );

  app.get(
    '/auth/oidc/logout',
    {
      schema: {
        tags,
        summary: "After Buildon's logout: the OpenID provider's own sign-out page (when it has one), back to Buildon's home",
        response: { ...problemResponses },
      },
    },
    async (request, reply) => {
      const oidc = configured();
      const home = `${oidc.settings.publicUrl || `${request.protocol}://${request.host}`}/`;
      // No session needed: Buildon's own session is already over, and the provider asks before signing anyone out.
      return reply.redirect((await oidc.endSessionUrl(home)) ?? '/', 302);
    },
  );

  app.post(
    '/auth/oidc/session',
    {
      schema: {
        tags,
        summary: "The session token of the OpenID sign-in this browser just completed, once (from the callback's cookie)",
        body: Type.Optional(Type.Object({})),
        response: { 200: TokenReply, ...problemResponses },
      },
    },
    async (request, reply) => {
      configured();
      clearCookie(reply, ticketCookie.name, ticketCookie.path, secure(request));
      const ticket = sealer.open<Ticket>(readCookie(request, ticketCookie.name), now());
      if (!ticket || !(await services.onceStore.claim(`oidc-ticket:${ticket.id}`, ticketCookie.ttlMs))) {
        throw new UnauthorizedError(msg('sso.badState'));
      }
      return { token: ticket.token };
    },
  );
};

export default oidcRoutes;
