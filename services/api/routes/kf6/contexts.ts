import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ObjectIdSchema, problemResponses } from '../../../../contracts/api/common.ts';
import { Kf6ContextBody, Kf6ContributionSchema } from '../../../../contracts/api/kf6.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { NotFoundError, ValidationError } from '../../../core/errors.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { communityReader, readableDocs } from './readFilter.ts';
import { toKf6Contribution } from './shapes.ts';

/** A context just written, in the original's shape. */
export const createdContext = async (services: AppServices, contextId: string) => {
  const stored = await services.canvasReader.contributions.get(contextId);
  if (!stored) throw new NotFoundError();
  return { doc: stored, kf6: await toKf6Contribution(stored) };
};

/** The original's context body: `communityId`, when given, must be the path's (a 400 naming it). */
export const newContextOf = (body: Kf6ContextBody, communityId: string) => {
  if (body.communityId !== undefined && body.communityId !== communityId) {
    throw ValidationError.field('communityId', msg('errors.fieldInvalid', { field: 'communityId' }));
  }
  return {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.permission !== undefined ? { permission: body.permission } : {}),
    ...(body.authors !== undefined ? { authors: body.authors } : {}),
  };
};

/**
 * `GET /api/contexts/{communityId}` (issue 15 §2): the community's contexts as
 * the original's KBContext objects (everything in `data`), the root context
 * (the community settings) first. Members only; a context the caller may not
 * read (private, another group's) is left out, as is any other community's.
 * (The original's route always answered 401: its check wanted a communityId
 * the path did not name, fact sheet §12.)
 */
const kf6ContextRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/contexts/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['kf6', 'communities'],
        summary: "KF6: the community's contexts the caller may read (the root context, the community settings, first)",
        params: Type.Object({ communityId: ObjectIdSchema }),
        response: { 200: Type.Array(Kf6ContributionSchema), ...problemResponses },
      },
    },
    async (request) => {
      const { communityId } = request.params;
      const reader = await communityReader(services, request.currentUser, communityId);
      const contexts = await services.canvasReader.contributions.find({ communityId, type: 'Context' }, { sort: { created: 1 } });
      const shown = [...(await readableDocs(services, reader, contexts)).values()].filter((doc) => doc.status !== 'inactive');
      const rootId = reader.grant.community.rootContextId;
      shown.sort((a, b) => Number(b._id === rootId) - Number(a._id === rootId));
      return Promise.all(shown.map(toKf6Contribution));
    },
  );

  app.post(
    '/api/contexts/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['kf6', 'communities'],
        summary:
          "KF6 (managers): a new context of the community (the original's client makes one after creating a community); Buildon's default settings, the caller and the managers named as its authors",
        params: Type.Object({ communityId: ObjectIdSchema }),
        body: Kf6ContextBody,
        response: { 201: Kf6ContributionSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      const { communityId } = request.params;
      const contextId = await services.communities.createContext(request.currentUser, communityId, newContextOf(request.body, communityId));
      return reply.status(201).send((await createdContext(services, contextId)).kf6);
    },
  );
};

export default kf6ContextRoutes;
