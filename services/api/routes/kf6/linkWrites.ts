import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { CreateLinkBody, LinkSchema, RefChangeSchema, type Link, type UpdateLinkBody } from '../../../../contracts/api/canvas.ts';
import { Kf6LinkCacheSchema } from '../../../../contracts/api/kf6.ts';
import { ObjectIdSchema, problemResponses } from '../../../../contracts/api/common.ts';
import { RefDataSchema } from '../../../../contracts/api/views.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { asksForKf6, withResponse, type RouteAdapter } from './adapt.ts';
import { communityReader, Kf6LinkSchema, kf6Links } from './readFilter.ts';

/** The ref fields a client may change (RefDataSchema): everything else of a KF6 link body is ignored. */
const changeableKeys = Object.keys(RefDataSchema.properties) as (keyof UpdateLinkBody['data'])[];

/**
 * `PUT /api/links/{id}` as the original's client sends it: the whole link it
 * holds (`_id`, ends, type, `data`, its `_from`/`_to` caches, dates). Only the
 * ref's position data is taken; the ends, the type and the caches are never
 * read from the client (fact sheet §12: the original deep-merged the body,
 * caches included, into the stored link).
 */
export const Kf6WholeLinkBody = Type.Object(
  {
    _id: Type.Optional(ObjectIdSchema),
    communityId: Type.Optional(ObjectIdSchema),
    from: Type.Optional(ObjectIdSchema),
    to: Type.Optional(ObjectIdSchema),
    type: Type.Optional(Type.String({ maxLength: 40 })),
    data: Type.Object(RefChangeSchema.properties, { additionalProperties: true }),
    _from: Type.Optional(Type.Unknown()),
    _to: Type.Optional(Type.Unknown()),
    created: Type.Optional(Type.Unknown()),
    modified: Type.Optional(Type.Unknown()),
    __v: Type.Optional(Type.Unknown()),
  },
  // Whatever else the client holds of the link (e.g. `other` of Buildon's listing) is ignored as the caches are.
  { additionalProperties: true },
);

const wholeLinkKeys = ['_id', 'communityId', 'from', 'to', 'type', '_from', '_to', 'created', 'modified', '__v'];
const isWholeLink = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && wholeLinkKeys.some((key) => key in (data as Record<string, unknown>));

/** A link (Buildon's reply) with the original's caches, when the caller may read both ends. */
const Kf6MaybeCachedLinkSchema = Type.Object({
  ...LinkSchema.properties,
  _from: Type.Optional(Kf6LinkCacheSchema),
  _to: Type.Optional(Kf6LinkCacheSchema),
});

/** `link` with `_from`/`_to` from the read model, only when `user` may read both ends (else as Buildon sent it). */
const withCaches = async (services: AppServices, user: UserDocument, link: Link) => {
  const reader = await communityReader(services, user, link.communityId);
  const [cached] = await kf6Links(services, reader, [{ ...link }] as never);
  return cached ?? link;
};

export const updateLinkAdapter = (services: AppServices): RouteAdapter => ({
  method: 'PUT',
  url: '/api/links/:id',
  body: { schema: Kf6WholeLinkBody, is: isWholeLink },
  adapt: (route, handler) => ({
    schema: withResponse(route, 200, Kf6MaybeCachedLinkSchema),
    handler: async (request, reply) => {
      if (!isWholeLink(request.body)) return handler(request, reply);
      const sent = (request.body as { data: Record<string, unknown> }).data;
      const data = Object.fromEntries(changeableKeys.flatMap((key) => (sent[key] === undefined ? [] : [[key, sent[key]]])));
      (request as FastifyRequest & { body: UpdateLinkBody }).body = { data };
      return withCaches(services, request.currentUser, (await handler(request, reply)) as Link);
    },
  }),
});

/** `?userAction=true`: the original's client deleting a link by hand (its reply is the original's). */
const DeleteQuery = Type.Object({ userAction: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('')])) });

/**
 * `DELETE /api/links/{id}?userAction=true`: the original answered 204, or —
 * when the removed ref was a rise-above's — 201 with the refs of its inner
 * view, which its client put back on the view. Buildon answers the same,
 * keeping only the refs whose two ends the caller may read.
 */
export const deleteLinkAdapter = (services: AppServices): RouteAdapter => ({
  method: 'DELETE',
  url: '/api/links/:id',
  adapt: (route, handler) => ({
    schema: {
      ...withResponse(route, 201, Type.Array(Kf6LinkSchema)),
      querystring: DeleteQuery,
      response: {
        ...(route.schema?.response as Record<string, unknown>),
        201: Type.Array(Kf6LinkSchema, { description: 'KF6 (?userAction): the refs of the removed rise-above’s inner view' }),
        204: Type.Null({ description: 'KF6 (?userAction): removed' }),
      },
    },
    handler: async (request, reply) => {
      const query = request.query as { userAction?: boolean | '' };
      const kf6 = query.userAction !== undefined || asksForKf6(request);
      const removed = (await handler(request, reply)) as Link;
      if (!kf6) return removed;
      const canvas = services.canvasReader;
      const target = await canvas.contributions.get(removed.to);
      const riseabove = (target?.data as { riseabove?: { viewId?: unknown } } | undefined)?.riseabove;
      if (typeof riseabove?.viewId !== 'string') return reply.status(204).send(null);
      const reader = await communityReader(services, request.currentUser, removed.communityId);
      const inner = await canvas.links.find({ from: riseabove.viewId, type: 'contains' }, { sort: { created: 1 } });
      return reply.status(201).send(await kf6Links(services, reader, inner));
    },
  }),
});

/**
 * `POST /api/links/createGNoteLink`: the original's client placing a note in
 * a view (its "G note"), the same as creating the link; answered with the
 * link and its caches.
 */
export const Kf6CreateLinkBody = Type.Object(
  {
    ...CreateLinkBody.properties,
    communityId: Type.Optional(ObjectIdSchema),
    data: Type.Optional(Type.Object({ ...RefChangeSchema.properties, text: Type.Optional(Type.String({ maxLength: 10_000 })) })),
  },
  { additionalProperties: false },
);

const kf6LinkWrites: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  app.post(
    '/api/links/createGNoteLink',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['kf6', 'links'],
        summary: 'KF6: place a contribution in a view or link two contributions (as POST /api/links), answered with the caches',
        body: Kf6CreateLinkBody,
        response: { 201: Kf6MaybeCachedLinkSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      const { from, to, type, data } = request.body;
      const known = data
        ? Object.fromEntries(Object.entries(data).filter(([key]) => key === 'text' || (changeableKeys as string[]).includes(key)))
        : undefined;
      const link = await services.canvas.createLink(request.currentUser, { from, to, type, ...(known ? { data: known } : {}) });
      return reply.status(201).send(await withCaches(services, request.currentUser, link));
    },
  );
};

export default kf6LinkWrites;
