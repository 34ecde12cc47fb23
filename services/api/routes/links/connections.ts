import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdParams, problemResponses } from '../../../../contracts/api/common.ts';
import { ConnectionSchema } from '../../../../contracts/api/objects.ts';
import type { AppServices } from '../../../app/appServices.ts';

/**
 * The Connections tab: links from and to a contribution the caller may read,
 * keeping only those whose other end the caller may read; an end that no
 * longer exists is reported as '(missing link)'.
 */
const connectionRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  for (const direction of ['from', 'to'] as const) {
    app.get(
      `/api/links/${direction}/:id`,
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['links'],
          summary: `Links ${direction} a contribution, filtered by what the caller may read`,
          params: IdParams,
          response: { 200: Type.Array(ConnectionSchema), ...problemResponses },
        },
      },
      async (request) => services.objects.connections(request.currentUser, request.params.id, direction),
    );
  }
};

export default connectionRoutes;
