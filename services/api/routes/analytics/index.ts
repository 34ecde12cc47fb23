import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  AnalyticsJobParams,
  AnalyticsJobStatus,
  AnalyticsRefreshReply,
  AuthorNetworkQuery,
  AuthorNetworkReply,
  DashboardQuery,
  DashboardReply,
  NoteDashboardQuery,
  NoteDashboardReply,
  S2vizQuery,
  S2vizReply,
  StatsQuery,
  StatsReply,
} from '../../../../contracts/api/analytics.ts';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { CommunityIdParams } from '../../../../contracts/api/communities.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { analyticsJobStatus, requestRefresh, type AnalyticsJobDeps } from '../../analytics/aggregateJob.ts';
import { authorNetworkQuery } from '../../analytics/authorNetworkQuery.ts';
import { dashboardCsv, dashboardQuery, noteDashboardQuery } from '../../analytics/dashboardQuery.ts';
import { s2vizQuery } from '../../analytics/s2vizQuery.ts';
import { statsQuery, type AnalyticsDeps } from '../../analytics/statsQuery.ts';

/**
 * Analytics pages (issue 12): one route per page, from the analytics read
 * models (projections/analytics), members of the community only, pseudonyms
 * applied here on the server.
 */
const analyticsRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const deps: AnalyticsDeps = { readStore: services.readStore, access: services.access, clock: services.commandDeps.clock };
  const jobDeps: AnalyticsJobDeps = { queue: services.queue, access: services.access };
  const tags = ['analytics'];

  app.post(
    '/api/analytics/:communityId/refresh',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Managers and admins: recompute the community's analytics aggregates now (a job; the pages' `asOf` moves when it is done)",
        params: CommunityIdParams,
        response: { 202: AnalyticsRefreshReply, ...problemResponses },
      },
    },
    async (request, reply) => reply.status(202).send(await requestRefresh(jobDeps, request.currentUser, request.params.communityId)),
  );

  app.get(
    '/api/analytics/:communityId/jobs/:jobId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Managers and admins: the state of one of the community's analytics jobs (404 for any other job)",
        params: AnalyticsJobParams,
        response: { 200: AnalyticsJobStatus, ...problemResponses },
      },
    },
    async (request) => analyticsJobStatus(jobDeps, request.currentUser, request.params.communityId, request.params.jobId),
  );

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

  app.get(
    '/api/analytics/:communityId/s2viz',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'The social-interaction page: reads per day in a range (default: the school year), the reading and being-read chords and the reads network',
        params: CommunityIdParams,
        querystring: S2vizQuery,
        response: { 200: S2vizReply, ...problemResponses },
      },
    },
    async (request) => s2vizQuery(deps, request.currentUser, request.params.communityId, request.query),
  );

  app.get(
    '/api/analytics/:communityId/dashboard',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'The activity dashboard: records per action and actor, Modify and Read per day, the record table and the per-user table with totals and averages',
        params: CommunityIdParams,
        querystring: DashboardQuery,
        response: { 200: DashboardReply, ...problemResponses },
      },
    },
    async (request) => dashboardQuery(deps, request.currentUser, request.params.communityId, request.query),
  );

  app.get(
    '/api/analytics/:communityId/dashboard.csv',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The activity dashboard's per-user table as CSV (User Name, # of Reads, # of Modified, # of created, Total)",
        params: CommunityIdParams,
        querystring: DashboardQuery,
        response: { 200: Type.String({ description: 'text/csv' }), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await dashboardCsv(deps, request.currentUser, request.params.communityId, request.query);
      const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '_');
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(`\uFEFF${csv}`);
    },
  );

  app.get(
    '/api/analytics/:communityId/dashboard2',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The note dashboard: contributions created in a range by first author, by type (in %) and per day',
        params: CommunityIdParams,
        querystring: NoteDashboardQuery,
        response: { 200: NoteDashboardReply, ...problemResponses },
      },
    },
    async (request) => noteDashboardQuery(deps, request.currentUser, request.params.communityId, request.query),
  );

  app.get(
    '/api/analytics/:communityId/authornetwork',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The author network: authors sized by contributions, build-on edges weighted by author pairs (self-loops kept)',
        params: CommunityIdParams,
        querystring: AuthorNetworkQuery,
        response: { 200: AuthorNetworkReply, ...problemResponses },
      },
    },
    async (request) => authorNetworkQuery(deps, request.currentUser, request.params.communityId, request.query),
  );
};

export default analyticsRoutes;
