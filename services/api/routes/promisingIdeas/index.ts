import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import {
  CreatePiPoolBody,
  CreatePromisingIdeaBody,
  EditPromisingIdeaBody,
  PiPoolReplySchema,
  PromisingIdeaCommunityParams,
  PromisingIdeaIdParams,
  PromisingIdeaListSchema,
  PromisingIdeaNoteParams,
  PromisingIdeaSchema,
  PromisingIdeasQuery,
} from '../../../../contracts/api/promisingIdeas.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { promisingIdeaServiceFor } from '../../promisingIdeas/promisingIdeaService.ts';

/**
 * Promising ideas (issue 14 §3, spec part 2 §2): marking a passage of a note,
 * the page's table with its filters, editing and deleting, and the PI Pool
 * note. Every route needs the community's `promisingnessidea` plugin (403
 * `promisingIdeas.pluginOff`). The canvas's mark of the notes holding ideas is
 * shaped with the canvas itself (services/domain/view/refTarget.ts).
 */
const promisingIdeaRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const ideas = promisingIdeaServiceFor(services);
  const tags = ['promisingideas'];

  app.get(
    '/api/promisingideas/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'The promising ideas of the notes I may read (of the chosen views, of one note, or of the community), with hit counts and overlap, filtered, newest first (members)',
        params: PromisingIdeaCommunityParams,
        querystring: PromisingIdeasQuery,
        response: { 200: PromisingIdeaListSchema, ...problemResponses },
      },
    },
    async (request) => ideas.list(request.currentUser, request.params.communityId, request.query),
  );

  app.post(
    '/api/promisingideas/:communityId/note/:noteId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Mark a passage of a contributed note I may read as a promising idea, with a colour and a reason (members)',
        params: PromisingIdeaNoteParams,
        body: CreatePromisingIdeaBody,
        response: { 201: PromisingIdeaSchema, ...problemResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await ideas.create(request.currentUser, request.params.communityId, request.params.noteId, request.body)),
  );

  app.put(
    '/api/promisingideas/ideas/:ideaId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Change the reason and colour of a promising idea (its author, managers)',
        params: PromisingIdeaIdParams,
        body: EditPromisingIdeaBody,
        response: { 200: PromisingIdeaSchema, ...problemResponses },
      },
    },
    async (request) => ideas.edit(request.currentUser, request.params.ideaId, request.body),
  );

  app.delete(
    '/api/promisingideas/ideas/:ideaId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Delete a promising idea (its author, managers)',
        params: PromisingIdeaIdParams,
        response: { 204: Type.Null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      await ideas.remove(request.currentUser, request.params.ideaId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/promisingideas/:communityId/pool',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Create a "PI Pool" note citing the chosen ideas, placed in each chosen view I may edit, in one atomic write (members)',
        params: PromisingIdeaCommunityParams,
        body: CreatePiPoolBody,
        response: { 201: PiPoolReplySchema, ...problemResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await ideas.pool(request.currentUser, request.params.communityId, request.body)),
  );
};

export default promisingIdeaRoutes;
