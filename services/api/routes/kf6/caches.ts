import Type from 'typebox';
import { Kf6CommunityCacheSchema, Kf6LinkCacheSchema, type Kf6LinkCache } from '../../../../contracts/api/kf6.ts';
import { RegistrationSchema, type Registration } from '../../../../contracts/api/communities.ts';
import { ConnectionSchema, type Connection } from '../../../../contracts/api/objects.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { withResponse, type RouteAdapter } from './adapt.ts';
import { toKf6Cache } from './shapes.ts';

/** A registration with KF6's `_community` cache (the original's client reads `_community.title`). */
export const Kf6RegistrationSchema = Type.Object({ ...RegistrationSchema.properties, _community: Kf6CommunityCacheSchema });

export const registrationsAdapter = (): RouteAdapter => ({
  method: 'GET',
  url: '/api/users/myRegistrations',
  adapt: (route, handler) => ({
    schema: withResponse(route, 200, Type.Array(Kf6RegistrationSchema)),
    handler: async (request, reply) => {
      const registrations = (await handler(request, reply)) as Registration[];
      return registrations.map((registration) => ({
        ...registration,
        _community: {
          _id: registration.community._id,
          title: registration.community.title,
          created: registration.community.created,
          archived: registration.community.archived,
        },
      }));
    },
  }),
});

/** A link of the Connections listing with KF6's `_from` and `_to` caches added. */
export const Kf6ConnectionSchema = Type.Object({
  ...ConnectionSchema.properties,
  _from: Type.Union([Kf6LinkCacheSchema, Type.Literal('missing')]),
  _to: Type.Union([Kf6LinkCacheSchema, Type.Literal('missing')]),
});

/** The other end's cache from the listing itself, when its document is gone. */
const cacheOfOther = (link: Connection): Kf6LinkCache | 'missing' =>
  link.other.missing
    ? 'missing'
    : { _id: link.other._id, type: link.other.type, title: link.other.title, status: link.other.status, authors: [...link.other.authors] };

/**
 * `GET /api/links/from/{id}` and `/to/{id}`: Buildon's listing (already only
 * links whose other end the caller may read) with the original's caches, built
 * from the read model of those two ends only.
 */
/** Connections of `id` (Buildon's listing, already filtered for the caller) with the original's caches. */
export const withLinkCaches = async (services: AppServices, id: string, direction: 'from' | 'to', links: Connection[]) => {
  const reader = services.canvasReader;
  const ids = [id, ...links.filter((link) => !link.other.missing).map((link) => link.other._id)];
  const docs = new Map((await reader.byIds(reader.contributions, [...new Set(ids)])).map((doc) => [doc._id, doc]));
  const self = docs.get(id);
  const selfCache: Kf6LinkCache | 'missing' = self ? toKf6Cache(self) : 'missing';
  return links.map((link) => {
    const otherDoc = link.other.missing ? undefined : docs.get(link.other._id);
    const other = otherDoc ? toKf6Cache(otherDoc) : cacheOfOther(link);
    return direction === 'from' ? { ...link, _from: selfCache, _to: other } : { ...link, _from: other, _to: selfCache };
  });
};

export const connectionsAdapter = (services: AppServices, direction: 'from' | 'to'): RouteAdapter => ({
  method: 'GET',
  url: `/api/links/${direction}/:id`,
  adapt: (route, handler) => ({
    schema: withResponse(route, 200, Type.Array(Kf6ConnectionSchema)),
    handler: async (request, reply) => {
      const { id } = request.params as { id: string };
      return withLinkCaches(services, id, direction, (await handler(request, reply)) as Connection[]);
    },
  }),
});
