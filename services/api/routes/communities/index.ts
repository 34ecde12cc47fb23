import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import {
  CommunityAdminSchema,
  CommunityIdParams,
  CommunityReplySchema,
  CommunitySettingsSchema,
  CommunitySummarySchema,
  CreateCommunityBody,
  SaveSettingsBody,
  ScaffoldSchema,
  UpdateCommunityBody,
  ViewSummarySchema,
} from '../../../../contracts/api/communities.ts';
import type { AppServices } from '../../../app/appServices.ts';

/**
 * Communities (spec §7 "Communities and authors"): the join list, creation and
 * the community editor (admins), and what members read: title, views,
 * settings, scaffolds. Keys only ever go to admins.
 */
const communityRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const { communities } = services;
  const tags = ['communities'];

  app.get(
    '/api/communities',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Every community (no keys); the course community for admins only',
        response: { 200: Type.Array(CommunitySummarySchema), ...problemResponses },
      },
    },
    async (request) => communities.list(request.currentUser),
  );

  app.post(
    '/api/communities',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Create a community with its root context, first view, default scaffolds and the creator as manager (admins)',
        description: 'A second creation with the same title by the same admin within 5 s is refused (409).',
        body: CreateCommunityBody,
        response: { 201: CommunityAdminSchema, ...problemResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await communities.create(request.currentUser, request.body)),
  );

  app.get(
    '/api/communities/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'A community (members); admins also get the keys',
        params: CommunityIdParams,
        response: { 200: CommunityReplySchema, ...problemResponses },
      },
    },
    async (request) => communities.get(request.currentUser, request.params.communityId),
  );

  app.put(
    '/api/communities/:communityId',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Community editor save: title, keys, archived (admins)',
        params: CommunityIdParams,
        body: UpdateCommunityBody,
        response: { 200: CommunityAdminSchema, ...problemResponses },
      },
    },
    async (request) => communities.update(request.currentUser, request.params.communityId, request.body),
  );

  app.get(
    '/api/communities/:communityId/title',
    {
      preHandler: app.authenticate,
      schema: { tags, params: CommunityIdParams, response: { 200: Type.Object({ title: Type.String() }), ...problemResponses } },
    },
    async (request) => ({ title: (await communities.get(request.currentUser, request.params.communityId)).title }),
  );

  app.get(
    '/api/communities/:communityId/views',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Registered views that are active and readable, in order',
        params: CommunityIdParams,
        response: { 200: Type.Array(ViewSummarySchema), ...problemResponses },
      },
    },
    async (request) => communities.views(request.currentUser, request.params.communityId),
  );

  app.get(
    '/api/communities/:communityId/settings',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Community settings: the root context data and the scaffolds the editor offers',
        params: CommunityIdParams,
        response: { 200: CommunitySettingsSchema, ...problemResponses },
      },
    },
    async (request) => communities.settings(request.currentUser, request.params.communityId),
  );

  app.put(
    '/api/communities/:communityId/settings',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Save the community settings (managers): replaces the data, sets the offered scaffolds in order',
        params: CommunityIdParams,
        body: SaveSettingsBody,
        response: { 200: CommunitySettingsSchema, ...problemResponses },
      },
    },
    async (request) => communities.saveSettings(request.currentUser, request.params.communityId, request.body),
  );

  app.get(
    '/api/communities/:communityId/scaffolds',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Registered scaffolds with their supports in order',
        params: CommunityIdParams,
        response: { 200: Type.Array(ScaffoldSchema), ...problemResponses },
      },
    },
    async (request) => communities.scaffolds(request.currentUser, request.params.communityId),
  );
};

export default communityRoutes;
