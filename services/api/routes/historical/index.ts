import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { HistoricalIdParams, HistoricalObjectSchema } from '../../../../contracts/api/objects.ts';
import type { AppServices } from '../../../app/appServices.ts';

/** One version of a contribution or link (the /historicalobject/{id} page). */
const historicalRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/historicalobjects/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['history'],
        summary: 'An earlier version of an object: its type and data (readers of the object only)',
        params: HistoricalIdParams,
        response: { 200: HistoricalObjectSchema, ...problemResponses },
      },
    },
    async (request) => services.objects.historicalObject(request.currentUser, request.params.id),
  );
};

export default historicalRoutes;
