import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
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
};

export default authRoutes;
