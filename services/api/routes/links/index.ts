import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { CommunityIdParams, UpdateAllCacheReply } from '../../../../contracts/api/communities.ts';
import type { AppServices } from '../../../app/appServices.ts';

/** Link routes of this issue: the community editor's "update all cache". */
const linkRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/links/updateallcache/:communityId',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Rebuild this community's read models from its event streams (admins)",
        params: CommunityIdParams,
        response: { 200: UpdateAllCacheReply, ...problemResponses },
      },
    },
    async (request) => services.communities.updateAllCache(request.currentUser, request.params.communityId),
  );
};

export default linkRoutes;
