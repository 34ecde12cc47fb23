import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { SessionIdParams, SessionsReply } from '../../../../contracts/api/audit.ts';
import { problemResponses } from '../../../../contracts/api/common.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { sessionTokenId } from '../../plugins/session.ts';

/** Issue 17 §4: the caller's own sessions; ending one of them (never another user's). */
const sessionRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/users/me/sessions',
    {
      preHandler: app.authenticate,
      schema: { tags: ['users'], summary: 'My open sessions, newest first', response: { 200: SessionsReply, ...problemResponses } },
    },
    async (request) => {
      const current = sessionTokenId(request.session);
      const sessions = await services.accounts.listSessions(request.currentUser._id);
      return {
        sessions: sessions.map((session) => {
          const seen = app.sessionsSeen.lastSeen(session._id);
          return {
            id: session._id,
            created: session.created,
            lastSeen: seen !== undefined ? new Date(seen).toISOString() : session.created,
            expiresAt: session.expiresAt,
            userAgent: session.userAgent,
            address: session.address,
            current: session._id === current,
          };
        }),
      };
    },
  );

  app.delete(
    '/api/users/me/sessions/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'End one of my sessions: its token is refused from now on and its sockets close (another user’s session: 404)',
        params: SessionIdParams,
        response: { 204: Type.Null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      await services.accounts.endOwnSession(request.currentUser._id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default sessionRoutes;
