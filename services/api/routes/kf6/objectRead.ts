import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { AtQuery, type ObjectReply } from '../../../../contracts/api/objects.ts';
import { asksForKf6, withResponse, type RouteAdapter } from './adapt.ts';
import { Kf6ObjectReply, kf6Reply } from './objects.ts';

/**
 * A KF6 reader of `GET /api/objects/{id}`: one that asks (`?dialect=kf6`,
 * `X-KF-Dialect: kf6`), or a page of another origin listed in
 * `BUILDON_CORS_ORIGINS` (Buildon's own pages are same-origin: the KF6
 * clients a school lists are the only cross-origin callers).
 */
export const isKf6Reader = (request: FastifyRequest, corsOrigins: readonly string[]): boolean => {
  if (asksForKf6(request)) return true;
  const origin = request.headers.origin;
  return typeof origin === 'string' && corsOrigins.includes(origin);
};

/** `GET /api/objects/{id}`: to a KF6 reader, `data.body` (and `body`) as HTML rendered from the document. */
export const objectReadAdapter = (corsOrigins: readonly string[]): RouteAdapter => ({
  method: 'GET',
  url: '/api/objects/:id',
  adapt: (route, handler) => ({
    schema: {
      ...withResponse(route, 200, Kf6ObjectReply),
      querystring: Type.Object({ ...AtQuery.properties, dialect: Type.Optional(Type.Literal('kf6')) }),
    },
    handler: async (request, reply) => {
      const object = (await handler(request, reply)) as ObjectReply;
      return isKf6Reader(request, corsOrigins) ? kf6Reply(object) : object;
    },
  }),
});
