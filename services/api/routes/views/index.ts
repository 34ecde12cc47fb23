import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { ViewPageFullReplySchema, ViewParams } from '../../../../contracts/api/communities.ts';
import type { AppServices } from '../../../app/appServices.ts';

/** The view page (the canvas adds its references in a later issue). */
const viewRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/views/:viewId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['views'],
        summary: "A view with its community, my membership and whether I may edit it (members of the view's community)",
        params: ViewParams,
        response: { 200: ViewPageFullReplySchema, ...problemResponses },
      },
    },
    async (request) => services.communities.viewPage(request.currentUser, request.params.viewId),
  );
};

export default viewRoutes;
