import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateContributionBody,
  CreateContributionReply,
  CreateLinkBody,
  CreateViewBody,
  DeleteRefsBody,
  DeleteRefsReply,
  LinkIdParams,
  LinkSchema,
  MoveRefsBody,
  MoveRefsReply,
  ReadParams,
  ReadReply,
  ReparentViewBody,
  RiseAboveBody,
  RiseAboveReply,
  UpdateLinkBody,
  UpdateRefsBody,
  UpdateRefsReply,
  ViewIdParams,
  ViewReply,
  ViewSettingBody,
  ViewSettingReply,
  ViewTreeReply,
  WorkspaceReply,
} from '../../../../contracts/api/canvas.ts';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { CommunityIdParams } from '../../../../contracts/api/communities.ts';
import { ViewCanvasReplySchema } from '../../../../contracts/api/views.ts';
import Type from 'typebox';
import { SpecAnnotationBody } from '../../../../contracts/api/annotations.ts';
import { annotationServiceFor } from '../../annotations/annotationService.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { canvasLoadHandler } from './canvasLoad.ts';

/**
 * The view canvas (issue 5): the one-request canvas load, creating
 * contributions where they are placed, refs and links, rise-above, the view
 * manager, the personal workspace and reads. Every rule is checked by
 * CanvasService.
 */
const canvasRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const { canvas } = services;
  const serveCanvas = canvasLoadHandler(services);
  const tags = ['canvas'];

  app.get(
    '/api/views/:viewId/canvas',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Everything the canvas draws in one request: the refs I may see with their per-reader target, the links among them, the effective view setting',
        params: ViewIdParams,
        response: {
          200: ViewCanvasReplySchema,
          304: Type.Null({ description: 'Not modified: nothing changed since the reply tagged with the If-None-Match ETag' }),
          ...problemResponses,
        },
      },
    },
    async (request, reply) => serveCanvas(request, reply, request.params),
  );

  app.post(
    '/api/contributions/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Create a note, drawing, attachment or view (members); optionally placed in a view and/or building on a contribution; or an annotation of a note (type Annotation, data.modelId)',
        params: CommunityIdParams,
        body: Type.Union([CreateContributionBody, SpecAnnotationBody]),
        response: { 201: CreateContributionReply, ...problemResponses },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (body.type === 'Annotation') {
        return reply
          .status(201)
          .send(await annotationServiceFor(services).createFromContribution(request.currentUser, request.params.communityId, body));
      }
      return reply.status(201).send(await canvas.createContribution(request.currentUser, request.params.communityId, body));
    },
  );

  app.post(
    '/api/links',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Place a contribution in a view (type contains, from the view; also paste) or link two contributions (buildson, references)',
        body: CreateLinkBody,
        response: { 201: LinkSchema, ...problemResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await canvas.createLink(request.currentUser, request.body)),
  );

  app.put(
    '/api/links/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Move, resize, show in place, pin, fix, hard lock or unlock a ref',
        params: LinkIdParams,
        body: UpdateLinkBody,
        response: { 200: LinkSchema, ...problemResponses },
      },
    },
    async (request) => canvas.updateRef(request.currentUser, request.params.id, request.body),
  );

  app.delete(
    '/api/links/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          "Remove a ref from its view, a build-on/reference link, or a note's attach link (those who may edit the note; the attachment stays)",
        params: LinkIdParams,
        response: { 200: LinkSchema, ...problemResponses },
      },
    },
    async (request) => canvas.deleteLink(request.currentUser, request.params.id),
  );

  app.post(
    '/api/views/:viewId/refs/delete',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Remove several refs of a view at once (all or none); answers how many',
        params: ViewIdParams,
        body: DeleteRefsBody,
        response: { 200: DeleteRefsReply, ...problemResponses },
      },
    },
    async (request) => canvas.deleteRefs(request.currentUser, request.params.viewId, request.body.linkIds),
  );

  app.post(
    '/api/views/:viewId/refs/update',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Move, resize, pin, fix or lock several refs of this view at once (a multi-ref drag); each checked as PUT /api/links/{id}, the refused ones answered with their message',
        params: ViewIdParams,
        body: UpdateRefsBody,
        response: { 200: UpdateRefsReply, ...problemResponses },
      },
    },
    async (request) => canvas.updateRefs(request.currentUser, request.params.viewId, request.body.changes),
  );

  app.post(
    '/api/views/:viewId/refs/move',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Move refs of this view into another view (dragging between view windows): placed there, then removed here; needs the right to remove them here and to edit the target',
        params: ViewIdParams,
        body: MoveRefsBody,
        response: { 200: MoveRefsReply, ...problemResponses },
      },
    },
    async (request) => canvas.moveRefs(request.currentUser, request.params.viewId, request.body),
  );

  app.put(
    '/api/views/:viewId/viewsetting',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          "Save the view's own setting (arrows and details the canvas draws) for every reader: managers and the view's authors; null goes back to the community's",
        params: ViewIdParams,
        body: ViewSettingBody,
        response: { 200: ViewSettingReply, ...problemResponses },
      },
    },
    async (request) => canvas.setViewSetting(request.currentUser, request.params.viewId, request.body.viewSetting),
  );

  app.post(
    '/api/views/:viewId/riseabove',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Create a rise-above in this view, optionally moving refs into it',
        params: ViewIdParams,
        body: RiseAboveBody,
        response: { 201: RiseAboveReply, ...problemResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await canvas.riseAbove(request.currentUser, request.params.viewId, request.body)),
  );

  app.post(
    '/api/communities/:communityId/views',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'View manager: add a view by title',
        params: CommunityIdParams,
        body: CreateViewBody,
        response: { 201: ViewReply, ...problemResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await canvas.createView(request.currentUser, request.params.communityId, request.body)),
  );

  app.delete(
    '/api/views/:viewId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "View manager: delete a view (managers or the view's authors): unregistered and inactive",
        params: ViewIdParams,
        response: { 200: ViewReply, ...problemResponses },
      },
    },
    async (request) => canvas.deleteView(request.currentUser, request.params.viewId),
  );

  app.put(
    '/api/views/:viewId/parent',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'View manager: move a view under another (managers)',
        params: ViewIdParams,
        body: ReparentViewBody,
        response: { 200: ViewReply, ...problemResponses },
      },
    },
    async (request) => canvas.reparentView(request.currentUser, request.params.viewId, request.body),
  );

  app.get(
    '/api/communities/:communityId/viewtree',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The hierarchy of the views I may read',
        params: CommunityIdParams,
        response: { 200: ViewTreeReply, ...problemResponses },
      },
    },
    async (request) => canvas.viewTree(request.currentUser, request.params.communityId),
  );

  app.post(
    '/api/authors/:communityId/me/workspace',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'My personal workspace view (created on first call)',
        params: CommunityIdParams,
        response: { 200: WorkspaceReply, 201: WorkspaceReply, ...problemResponses },
      },
    },
    async (request, reply) => {
      const result = await canvas.workspace(request.currentUser, request.params.communityId);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  app.post(
    '/api/records/read/:communityId/:contributionId',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Mark an active contribution read', params: ReadParams, response: { 200: ReadReply, ...problemResponses } },
    },
    async (request) => canvas.markRead(request.currentUser, request.params.communityId, request.params.contributionId),
  );
};

export default canvasRoutes;
