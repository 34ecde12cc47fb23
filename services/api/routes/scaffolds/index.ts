import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { CommunityIdParams } from '../../../../contracts/api/communities.ts';
import {
  ScaffoldManagerReply,
  ScaffoldOrderBody,
  ScaffoldParams,
  SupportOrderBody,
  SupportParams,
  TitleBody,
  TrackerQuery,
  TrackerReply,
} from '../../../../contracts/api/scaffolds.ts';
import type { AppServices } from '../../../app/appServices.ts';
import {
  addScaffold,
  addSupport,
  deleteScaffold,
  removeSupport,
  renameSupport,
  reorderScaffolds,
  reorderSupports,
  scaffoldManagerPage,
  type ScaffoldManagerDeps,
} from '../../scaffolds/scaffoldManager.ts';
import { trackerQuery } from '../../scaffolds/trackerQuery.ts';

/**
 * The scaffold manager (`/scaffoldmanager/{communityId}`) and the scaffold
 * support tracker (`/scaffoldsupporttracker/{communityId}`), issue 13 §5–§6.
 * The original changed scaffolds through its generic calls (POST
 * /api/contributions, POST /api/links, PUT /api/objects, PUT community);
 * here each change is one route beside GET /api/communities/{id}/scaffolds,
 * checked on the server: managers and admins change, members read.
 */
const scaffoldRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const deps: ScaffoldManagerDeps = { ...services.commandDeps, access: services.access };
  const tags = ['scaffolds'];
  const reply = { 200: ScaffoldManagerReply, ...problemResponses };

  app.get(
    '/api/communities/:communityId/scaffoldmanager',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The scaffold manager: registered scaffolds in order with their supports, whether each is used, and the root context',
        params: CommunityIdParams,
        response: reply,
      },
    },
    async (request) => scaffoldManagerPage(deps, request.currentUser, request.params.communityId),
  );

  app.post(
    '/api/communities/:communityId/scaffolds',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Add a scaffold by title, registered last (managers)',
        params: CommunityIdParams,
        body: TitleBody,
        response: { 201: ScaffoldManagerReply, ...problemResponses },
      },
    },
    async (request, res) =>
      res.status(201).send(await addScaffold(deps, request.currentUser, request.params.communityId, request.body.title.trim())),
  );

  app.put(
    '/api/communities/:communityId/scaffolds/order',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Save the order of the registered scaffolds (managers; all of them, once)',
        params: CommunityIdParams,
        body: ScaffoldOrderBody,
        response: reply,
      },
    },
    async (request) => reorderScaffolds(deps, request.currentUser, request.params.communityId, request.body.scaffoldIds),
  );

  app.delete(
    '/api/communities/:communityId/scaffolds/:scaffoldId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Delete (unregister) a scaffold (managers); refused while a context or view uses it',
        params: ScaffoldParams,
        response: reply,
      },
    },
    async (request) => deleteScaffold(deps, request.currentUser, request.params.communityId, request.params.scaffoldId),
  );

  app.post(
    '/api/communities/:communityId/scaffolds/:scaffoldId/supports',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Add a support by title at the end of the scaffold (managers)',
        params: ScaffoldParams,
        body: TitleBody,
        response: { 201: ScaffoldManagerReply, ...problemResponses },
      },
    },
    async (request, res) =>
      res
        .status(201)
        .send(
          await addSupport(deps, request.currentUser, request.params.communityId, request.params.scaffoldId, request.body.title.trim()),
        ),
  );

  app.put(
    '/api/communities/:communityId/scaffolds/:scaffoldId/supports/order',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Save the order of a scaffold's supports (managers; all of them, once)",
        params: ScaffoldParams,
        body: SupportOrderBody,
        response: reply,
      },
    },
    async (request) => reorderSupports(deps, request.currentUser, request.params, request.body.supportIds),
  );

  app.put(
    '/api/communities/:communityId/scaffolds/:scaffoldId/supports/:supportId',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Rename a support (managers)', params: SupportParams, body: TitleBody, response: reply },
    },
    async (request) => renameSupport(deps, request.currentUser, request.params, request.body.title.trim()),
  );

  app.delete(
    '/api/communities/:communityId/scaffolds/:scaffoldId/supports/:supportId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Remove a support from its scaffold (managers; notes keep their tags)',
        params: SupportParams,
        response: reply,
      },
    },
    async (request) => removeSupport(deps, request.currentUser, request.params),
  );

  app.get(
    '/api/analytics/:communityId/scaffoldsupporttracker',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['analytics'],
        summary:
          'The scaffold support tracker: usage of the chosen supports in the notes matching the filters, and those notes (members; pseudonyms for writers)',
        params: CommunityIdParams,
        querystring: TrackerQuery,
        response: { 200: TrackerReply, ...problemResponses },
      },
    },
    async (request) =>
      trackerQuery(
        { readStore: services.readStore, access: services.access, clock: services.commandDeps.clock },
        request.currentUser,
        request.params.communityId,
        request.query,
      ),
  );
};

export default scaffoldRoutes;
