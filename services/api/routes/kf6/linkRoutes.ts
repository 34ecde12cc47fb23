import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdParams, ObjectIdSchema, problemResponses } from '../../../../contracts/api/common.ts';
import type { LinkDocument } from '../../../../projections/contributions/documents.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { communityReader, Kf6LinkSchema, kf6Links } from './readFilter.ts';

const tags = ['kf6', 'links'];
const CommunityParams = Type.Object({ communityId: ObjectIdSchema });

/** A value of the original's link query: an id (or type), or `{$in: [...]}`. */
const Match = (item: ReturnType<typeof Type.String>) =>
  Type.Union([item, Type.Object({ $in: Type.Array(item, { maxItems: 10_000 }) }, { additionalProperties: false })]);

/**
 * `POST /api/links/{communityId}/search`: the original passed `query` to
 * MongoDB as is; the dialect answers the fields its clients send (the ends,
 * the type, the cached ends' type and status). `projection` is accepted and
 * ignored (the whole link is sent).
 */
export const Kf6LinkSearchBody = Type.Object(
  {
    query: Type.Object(
      {
        _id: Type.Optional(Match(ObjectIdSchema)),
        from: Type.Optional(Match(ObjectIdSchema)),
        to: Type.Optional(Match(ObjectIdSchema)),
        type: Type.Optional(Match(Type.String({ maxLength: 40 }))),
        '_from.type': Type.Optional(Type.String({ maxLength: 40 })),
        '_to.type': Type.Optional(Type.String({ maxLength: 40 })),
        '_from.status': Type.Optional(Type.String({ maxLength: 40 })),
        '_to.status': Type.Optional(Type.String({ maxLength: 40 })),
      },
      { additionalProperties: false },
    ),
    projection: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);

/** A child view as the original's `getChildView` lists it. */
export const Kf6ChildViewSchema = Type.Object({
  id: ObjectIdSchema,
  title: Type.String(),
  nodes: Type.Array(Type.Unknown(), { maxItems: 0 }),
  data: Type.Record(Type.String(), Type.Unknown()),
  linkId: ObjectIdSchema,
  child: Type.Integer(),
});

type MatchValue = string | { $in: string[] };
const filterOf = (query: Record<string, MatchValue | undefined>, keys: readonly string[]) =>
  Object.fromEntries(keys.flatMap((key) => (query[key] === undefined ? [] : [[key, query[key]]])));

/**
 * The original's link reads Buildon had no path for (issue 15 §2). Each is
 * answered from the links read model and kept only where the caller may read
 * both ends (readFilter.ts), in the original's KLink shape.
 */
const kf6LinkRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const { canvasReader } = services;

  app.get(
    '/api/links/view/:viewId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'KF6: the links from or to the contributions placed in a view (those whose two ends the caller may read)',
        params: Type.Object({ viewId: ObjectIdSchema }),
        response: { 200: Type.Array(Kf6LinkSchema), ...problemResponses },
      },
    },
    async (request) => {
      const { reader } = await canvasReader.viewAccess(request.currentUser, request.params.viewId);
      const ids = [...new Set((await canvasReader.refsOfView(request.params.viewId)).map((ref) => ref.to))];
      if (ids.length === 0) return [];
      const links = await canvasReader.links.find({ $or: [{ from: { $in: ids } }, { to: { $in: ids } }] }, { sort: { created: 1 } });
      return kf6Links(services, reader, links);
    },
  );

  app.get(
    '/api/links/buildson/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "KF6: the community's build-on links between active contributions the caller may read",
        params: CommunityParams,
        response: { 200: Type.Array(Kf6LinkSchema), ...problemResponses },
      },
    },
    async (request) => {
      const { communityId } = request.params;
      const reader = await communityReader(services, request.currentUser, communityId);
      const links = await canvasReader.links.find({ communityId, type: 'buildson' }, { sort: { created: 1 } });
      return kf6Links(services, reader, links, { activeEnds: true });
    },
  );

  app.get(
    '/api/links/from/:id/child',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'KF6: the views a contribution links to (readable by the caller), each with its own number of child views',
        params: IdParams,
        response: { 200: Type.Array(Kf6ChildViewSchema), ...problemResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Buildon's listing: 403/404 when the caller may not read `id`; only readable other ends.
      const children = (await services.objects.connections(request.currentUser, id, 'from')).filter(
        (link) => !link.other.missing && link.other.type === 'View',
      );
      return Promise.all(
        children.map(async (link) => {
          const grandChildren = (await services.objects.connections(request.currentUser, link.to, 'from')).filter(
            (each) => !each.other.missing && each.other.type === 'View',
          );
          return { id: link.to, title: link.other.title, nodes: [], data: { ...link.data }, linkId: link._id, child: grandChildren.length };
        }),
      );
    },
  );

  app.post(
    '/api/links/:communityId/search',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "KF6: the community's links matching the original's query (ends, type, ends' type and status), readable ends only",
        params: CommunityParams,
        body: Kf6LinkSearchBody,
        response: { 200: Type.Array(Kf6LinkSchema), ...problemResponses },
      },
    },
    async (request) => {
      const { communityId } = request.params;
      const query = request.body.query as Record<string, MatchValue | undefined> &
        Record<`_${'from' | 'to'}.${'type' | 'status'}`, string | undefined>;
      const reader = await communityReader(services, request.currentUser, communityId);
      const links: LinkDocument[] = await canvasReader.links.find(
        { communityId, ...filterOf(query, ['_id', 'from', 'to', 'type']) },
        { sort: { created: 1 } },
      );
      const shown = await kf6Links(services, reader, links);
      return shown.filter(
        (link) =>
          (query['_from.type'] === undefined || link._from.type === query['_from.type']) &&
          (query['_to.type'] === undefined || link._to.type === query['_to.type']) &&
          (query['_from.status'] === undefined || link._from.status === query['_from.status']) &&
          (query['_to.status'] === undefined || link._to.status === query['_to.status']),
      );
    },
  );
};

export default kf6LinkRoutes;
