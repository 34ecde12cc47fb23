import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { MessageSchema, problemResponses } from '../../../../contracts/api/common.ts';
import { FeedbackSchema, HelpSendBody } from '../../../../contracts/api/communities.ts';
import type { AppServices } from '../../../app/appServices.ts';

/** The help form and the feedback it stores. */
const helpRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  app.post(
    '/api/help/send',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['help'],
        summary: 'Send feedback to the administrators (stored; e-mailed when SMTP is configured)',
        body: HelpSendBody,
        response: { 200: MessageSchema, ...problemResponses },
      },
    },
    async (request) => services.help.send(request.currentUser, request.body, request.headers['user-agent']),
  );

  app.get(
    '/api/help/feedback',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['help'],
        summary: 'Every feedback, newest first (admins)',
        response: { 200: Type.Array(FeedbackSchema), ...problemResponses },
      },
    },
    async (request) => services.help.list(request.currentUser),
  );
};

export default helpRoutes;
