import type { FastifyInstance, RouteOptions } from 'fastify';
import Type from 'typebox';
import { ObjectIdSchema } from '../../../../contracts/api/common.ts';
import { CommunityReplySchema } from '../../../../contracts/api/communities.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { withResponse, type Handler, type RouteAdapter } from './adapt.ts';

/**
 * The original's community save (`PUT /api/communities/{id}`): the whole
 * community as its client holds it, `views` and/or `scaffolds` reordered.
 * Only those two orders are taken (see CommunityService.reorder).
 */
export const Kf6CommunityBody = Type.Object(
  {
    _id: Type.Optional(ObjectIdSchema),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    views: Type.Optional(Type.Array(ObjectIdSchema, { maxItems: 10000 })),
    scaffolds: Type.Optional(Type.Array(ObjectIdSchema, { maxItems: 10000 })),
  },
  { additionalProperties: true },
);

/** A body with `views` or `scaffolds` is the original's (Buildon's editor save has neither). */
export const isKf6CommunitySave = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && ('views' in body || 'scaffolds' in body);

/**
 * Widens Buildon's community editor save (admins) to the original's body,
 * which managers of the community send too: such a request only needs a
 * login here, the manager check is the use case's (403 to everyone else).
 */
export const communityOrderAdapter = (app: FastifyInstance, services: AppServices): RouteAdapter => ({
  method: 'PUT',
  url: '/api/communities/:communityId',
  body: { schema: Kf6CommunityBody, is: isKf6CommunitySave },
  adapt: (route: RouteOptions, handler: Handler) => {
    const ownPreHandler = route.preHandler as Handler;
    return {
      schema: {
        ...withResponse(route, 200, CommunityReplySchema),
        description: "KF6 (managers): the original's whole community with `views` and/or `scaffolds` reordered; only the orders are taken.",
      },
      preHandler: async (request, reply) =>
        isKf6CommunitySave(request.body) ? app.authenticate(request, reply) : ownPreHandler.call(app, request, reply),
      handler: async (request, reply) => {
        if (!isKf6CommunitySave(request.body)) return handler(request, reply);
        const { communityId } = request.params as { communityId: string };
        const { views, scaffolds } = request.body as { views?: string[]; scaffolds?: string[] };
        return services.communities.reorder(request.currentUser, communityId, {
          ...(views !== undefined ? { views } : {}),
          ...(scaffolds !== undefined ? { scaffolds } : {}),
        });
      },
    };
  },
});
