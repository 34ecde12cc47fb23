import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { AuthProvidersReply } from '../../../../contracts/api/meta.ts';
import Type from 'typebox';
import { NotFoundError } from '../../../core/errors.ts';
import { LoginBody, TokenReply } from '../../../../contracts/api/users.ts';
import type { AppServices } from '../../appServices.ts';

export type AuthRoutesOptions = { services: AppServices; loginRateLimit: { max: number; timeWindow: number } };

/** POST /auth/local: userName + password → bearer token (spec §7). */
const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, { services, loginRateLimit }) => {
  app.post(
    '/auth/local',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with a local account',
        body: LoginBody,
        response: { 200: TokenReply, ...problemResponses },
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
      const user = await services.accounts.authenticate(request.body.userName, request.body.password);
      return { token: app.issueToken(user) };
    },
  );

  app.get(
    '/api/auth/providers',
    { schema: { tags: ['auth'], summary: 'Sign-in methods offered besides local accounts', response: { 200: AuthProvidersReply } } },
    async () => ({ providers: [], institutional: false }),
  );

  // The spec's institutional login binds to one university's LDAP directory.
  // No directory is configured in this version; the login page hides the
  // option, and a direct call gets a clear answer instead of a silent 404.
  app.post(
    '/auth/idul',
    {
      schema: {
        tags: ['auth'],
        summary: 'Institutional (LDAP) login: not configured on this server',
        body: Type.Object({ username: Type.String({ maxLength: 200 }), password: Type.String({ maxLength: 1024 }) }),
        response: { 200: TokenReply, ...problemResponses },
      },
    },
    async () => {
      throw new NotFoundError('Institutional login is not configured on this server.');
    },
  );
};

export default authRoutes;
