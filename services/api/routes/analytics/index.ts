import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StatsQuery, StatsReply } from '../../../../contracts/api/analytics.ts';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { CommunityIdParams } from '../../../../contracts/api/communities.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { statsQuery, type AnalyticsDeps } from '../../analytics/statsQuery.ts';

/**
 * Analytics pages (issue 12): one route per page, from the analytics read
 * models (projections/analytics), members of the community only, pseudonyms
 * applied here on the server.
 */
const analyticsRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const deps: AnalyticsDeps = { readStore: services.readStore, access: services.access, clock: services.commandDeps.clock };
  const tags = ['analytics'];

  app.get(
    '/api/analytics/:communityId/stats',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'The statistics page: contributions per day (community vs me), per weekday, year and week, per author and scaffold usage, in a date range (default: the school year)',
        params: CommunityIdParams,
        querystring: StatsQuery,
        response: { 200: StatsReply, ...problemResponses },
      },
    },
    async (request) => statsQuery(deps, request.currentUser, request.params.communityId, request.query),
  );
};

export default analyticsRoutes;
