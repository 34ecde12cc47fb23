import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { AuthProvidersReply } from '../../../../contracts/api/meta.ts';
import Type from 'typebox';
import { UnauthorizedError } from '../../../core/errors.ts';
import type { FailureLimiter } from '../../plugins/failureLimiter.ts';
import { sessionTokenId, tokenExpiry } from '../../plugins/session.ts';
import { LoginBody, TokenReply } from '../../../../contracts/api/users.ts';
import type { AppServices } from '../../../app/appServices.ts';

export type AuthRoutesOptions = {
  services: AppServices;
  loginRateLimit: { max: number; timeWindow: number };
  failedLogins: FailureLimiter;
  /** The sign-in methods configured besides local accounts (issue 18 §1–2), with their button labels. */
  signIn?: { oidc?: { label: string }; ldap?: { label: string } };
};

/** POST /auth/local: userName + password → bearer token (spec §7). */
const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, { services, loginRateLimit, failedLogins, signIn = {} }) => {
  app.post(
    '/auth/local',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with a local account',
        body: LoginBody,
        response: { 200: TokenReply, ...problemResponses },
      },
      // KF6's first servers and the tools written for them name the user name `email`: KBDeX's KF6
      // connector logs in with {"email": <user name>, "password"} (issue 24 §2). Read as `userName`.
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | undefined;
        if (body && body.userName === undefined && typeof body.email === 'string') body.userName = body.email;
      },
      config: {
        rateLimit: {
          max: loginRateLimit.max,
          timeWindow: loginRateLimit.timeWindow,
          // Per address and account: guessing one account's password is slow,
          // and one classroom behind a NAT is not locked out by one pupil.
          keyGenerator: (request) => {
            const userName = (request.body as { userName?: unknown } | undefined)?.userName;
            return `${request.ip}:${typeof userName === 'string' ? userName.toLowerCase() : ''}`;
          },
        },
      },
    },
    async (request) => {
      // Issue 20 §7: failed logins per address, whatever the names, so one
      // password tried over many accounts is stopped; successes never count,
      // so a class logging in together from one school address goes through.
      const address = `ip:${request.ip}`;
      failedLogins.check(address);
      try {
        const user = await services.accounts.authenticate(request.body.userName, request.body.password);
        return { token: await app.openSession(user, request) };
      } catch (error) {
        if (error instanceof UnauthorizedError) failedLogins.fail(address);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Log out: this token is refused from now on and its sockets close',
        response: { 204: Type.Null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      await services.accounts.endSession(request.currentUser._id, sessionTokenId(request.session), tokenExpiry(request.session));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/refresh',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Rotate the token: a new one for the same session; this one is refused from now on and its sockets close',
        response: { 200: TokenReply, ...problemResponses },
      },
    },
    async (request) => ({ token: await app.openSession(request.currentUser, request, request.session) }),
  );

  app.get(
    '/api/auth/providers',
    { schema: { tags: ['auth'], summary: 'Sign-in methods offered besides local accounts', response: { 200: AuthProvidersReply } } },
    async () => ({
      providers: signIn.oidc ? ['oidc'] : [],
      institutional: signIn.ldap !== undefined,
      labels: {
        ...(signIn.oidc ? { oidc: signIn.oidc.label } : {}),
        ...(signIn.ldap?.label ? { ldap: signIn.ldap.label } : {}),
      },
    }),
  );
  // POST /auth/idul, the institutional (LDAP) login, is services/api/routes/sso/ldap.ts (issue 18 §2).
};

export default authRoutes;
