import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ObjectIdSchema, problemResponses } from '../../../../contracts/api/common.ts';
import { Kf6ContributionSchema } from '../../../../contracts/api/kf6.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { communityReader, readableDocs } from './readFilter.ts';
import { toKf6Contribution } from './shapes.ts';

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
};

export default kf6ContextRoutes;
