import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { CreateContributionReply } from '../../../../contracts/api/canvas.ts';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { CommunityIdParams } from '../../../../contracts/api/communities.ts';
import { FromTemplateBody, ScaffoldIdParams, SetTemplateBody, TemplateSchema } from '../../../../contracts/api/templates.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { TemplateService } from '../../templates/templateService.ts';

/**
 * Note templates (spec part 1 §2, "new note from template"): managers mark
 * scaffolds as templates; members list them and make a new note from one.
 */
const templateRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const templates = new TemplateService({ ...services.commandDeps, reader: services.canvasReader });
  const tags = ['templates'];

  app.get(
    '/api/communities/:communityId/templates',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The community's template scaffolds with their supports (members)",
        params: CommunityIdParams,
        response: { 200: Type.Array(TemplateSchema), ...problemResponses },
      },
    },
    async (request) => templates.templates(request.currentUser, request.params.communityId),
  );

  app.put(
    '/api/scaffolds/:scaffoldId/template',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Mark a scaffold as a note template, or not (managers)',
        params: ScaffoldIdParams,
        body: SetTemplateBody,
        response: { 200: TemplateSchema, ...problemResponses },
      },
    },
    async (request) => templates.setTemplate(request.currentUser, request.params.scaffoldId, request.body.isTemplate),
  );

  app.post(
    '/api/contributions/:communityId/fromtemplate',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          "A new note from a template: the template's supports in its body, building on `buildsOn`, placed at the parent's ref +100,+100 in `viewId`",
        params: CommunityIdParams,
        body: FromTemplateBody,
        response: { 201: CreateContributionReply, ...problemResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await templates.fromTemplate(request.currentUser, request.params.communityId, request.body)),
  );
};

export default templateRoutes;
