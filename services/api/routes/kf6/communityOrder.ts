import type { FastifyInstance, RouteOptions } from 'fastify';
import Type, { type Static } from 'typebox';
import { ObjectIdSchema } from '../../../../contracts/api/common.ts';
import { CommunityReplySchema } from '../../../../contracts/api/communities.ts';
import { ForbiddenError } from '../../../core/errors.ts';
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
    registrationKey: Type.Optional(Type.String({ maxLength: 200 })),
    managerRegistrationKey: Type.Optional(Type.String({ maxLength: 200 })),
    archived: Type.Optional(Type.Boolean()),
    views: Type.Optional(Type.Array(ObjectIdSchema, { maxItems: 10000 })),
    scaffolds: Type.Optional(Type.Array(ObjectIdSchema, { maxItems: 10000 })),
  },
  { additionalProperties: true },
);

type Kf6CommunitySave = Static<typeof Kf6CommunityBody>;

/** What Buildon's community editor (admins) changes, that the original's whole-community save carries too. */
const editorFields = ['title', 'registrationKey', 'managerRegistrationKey', 'archived'] as const;

/** The editor fields whose value in `body` differs from the community as the caller reads it (keys only admins read). */
const editedFields = (body: Kf6CommunitySave, current: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(
    editorFields.filter((field) => body[field] !== undefined && body[field] !== current[field]).map((field) => [field, body[field]]),
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
        description:
          "KF6 (managers): the original's whole community with `views` and/or `scaffolds` reordered; a changed title, key or archive flag in it is saved too, for admins only.",
      },
      preHandler: async (request, reply) =>
        isKf6CommunitySave(request.body) ? app.authenticate(request, reply) : ownPreHandler.call(app, request, reply),
      handler: async (request, reply) => {
        if (!isKf6CommunitySave(request.body)) return handler(request, reply);
        const { communityId } = request.params as { communityId: string };
        const body = request.body as Kf6CommunitySave;
        const user = request.currentUser;
        // The original's admin editor saves a changed title, key or archive flag in the same whole body: never
        // dropped silently. Buildon's own save takes them, admins only (a manager changing one is refused first).
        const edits = editedFields(body, await services.communities.get(user, communityId));
        const editing = Object.keys(edits).length > 0;
        if (editing && user.role !== 'admin') throw new ForbiddenError();
        const reordered = await services.communities.reorder(user, communityId, {
          ...(body.views !== undefined ? { views: body.views } : {}),
          ...(body.scaffolds !== undefined ? { scaffolds: body.scaffolds } : {}),
        });
        return editing ? services.communities.update(user, communityId, edits) : reordered;
      },
    };
  },
});
