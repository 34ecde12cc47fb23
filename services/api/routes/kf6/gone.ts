import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ObjectIdSchema, ProblemSchema, problemResponses } from '../../../../contracts/api/common.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { GoneError } from '../../../core/errors.ts';

/**
 * The original's calls that make no sense in Buildon (issue 15 §2): each
 * answers 410 with a message naming what replaces it, after the same checks
 * as any call of the community (so a stranger learns nothing from a 410).
 *
 * `POST /api/notifications/notify/{communityId}` `{author, contribution,
 * contextId}`: the original's client asked the server, after saving a note,
 * to tell the others about it. Buildon's hub pushes every change to the
 * readers of the view as it is recorded (GET /api/socket), and a private
 * note only to those who may read it — a client-triggered notification would
 * only duplicate it (or, as in the original, let anyone announce anything).
 */
const kf6Gone: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  app.post(
    '/api/notifications/notify/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['kf6', 'notifications'],
        summary: 'KF6: gone (410) — Buildon pushes new contributions to their readers itself (GET /api/socket)',
        params: Type.Object({ communityId: ObjectIdSchema }),
        body: Type.Optional(
          Type.Object({
            author: Type.Optional(Type.Unknown()),
            contribution: Type.Optional(Type.Unknown()),
            contextId: Type.Optional(Type.Unknown()),
          }),
        ),
        response: { 410: ProblemSchema, ...problemResponses },
      },
    },
    async (request) => {
      await services.canvasReader.reader(request.currentUser, request.params.communityId);
      throw new GoneError(msg('errors.kf6NotifyGone'));
    },
  );
};

export default kf6Gone;
