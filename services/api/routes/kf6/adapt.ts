import type { FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import type { FastifySchemaCompiler } from 'fastify/types/schema.js';
import Type from 'typebox';
import { lazyValidatorCompiler } from '../../plugins/lazySerializers.ts';

/** A route's handler as an adapter sees it: the one Buildon registered, callable with this request. */
export type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * One KF6 adaptation of a route Buildon already has (same method and path):
 * it may widen the route's schema (a TypeBox union for the body, the
 * original's fields added to a reply) and wrap its handler. Buildon's own
 * route file stays untouched; its requests reach its handler unchanged.
 */
export type RouteAdapter = {
  method: string;
  url: string;
  adapt(route: RouteOptions, handler: Handler): { schema?: RouteOptions['schema']; handler: Handler; preHandler?: Handler };
  /**
   * The original's body, when the route accepts it: `is` tells it by its shape; such a body is
   * checked against `schema`, any other against Buildon's own schema (so Buildon's errors stay
   * exactly as they were). The documentation shows the union of both.
   */
  body?: { schema: object; is(data: unknown): boolean };
};

type Validator = (data: unknown) => unknown;

/** Checks a body against Buildon's schema or the original's, chosen by the body's shape. */
const dialectValidator = (buildon: unknown, kf6: NonNullable<RouteAdapter['body']>): FastifySchemaCompiler<FastifySchema> => {
  const compiler = (request: Parameters<FastifySchemaCompiler<FastifySchema>>[0]) => {
    // Compiled on first use, as every route's validators are (plugins/lazySerializers.ts).
    const compile = lazyValidatorCompiler as unknown as (request: { schema: unknown }) => Validator;
    if (request.httpPart !== 'body') return compile(request);
    const ownValidator = compile({ ...request, schema: buildon });
    const kf6Validator = compile({ ...request, schema: kf6.schema });
    return (data: unknown) => (kf6.is(data) ? kf6Validator(data) : ownValidator(data));
  };
  return compiler as unknown as FastifySchemaCompiler<FastifySchema>;
};

/** Applies the adapter of a route (if any) as it is registered. */
export const applyAdapters = (adapters: readonly RouteAdapter[]) => {
  const byKey = new Map(adapters.map((adapter) => [`${adapter.method} ${adapter.url}`, adapter]));
  return (route: RouteOptions): void => {
    const methods = [route.method].flat().map(String);
    for (const method of methods) {
      const adapter = byKey.get(`${method} ${route.url}`);
      if (!adapter) continue;
      const original = route.handler as Handler;
      const adapted = adapter.adapt(route, original);
      if (adapted.schema) route.schema = adapted.schema;
      if (adapted.preHandler) route.preHandler = adapted.preHandler as RouteOptions['preHandler'];
      if (adapter.body && route.schema?.body) {
        route.validatorCompiler = dialectValidator(route.schema.body, adapter.body);
        route.schema = { ...route.schema, body: Type.Union([route.schema.body as never, adapter.body.schema as never]) };
      }
      route.handler = adapted.handler;
      const tags = (route.schema?.tags as string[] | undefined) ?? [];
      if (route.schema && !tags.includes('kf6')) route.schema = { ...route.schema, tags: [...tags, 'kf6'] };
    }
  };
};

/** The schema's 200 (or other) reply, replaced. */
export const withResponse = (route: RouteOptions, status: number, schema: unknown): RouteOptions['schema'] => ({
  ...route.schema,
  response: { ...(route.schema?.response as Record<string, unknown> | undefined), [status]: schema },
});

/**
 * The caller asks for the original's reply shape: `?dialect=kf6` or the
 * header `X-KF-Dialect: kf6` (for clients that send Buildon-valid bodies and
 * still expect KF6 replies).
 */
export const asksForKf6 = (request: FastifyRequest): boolean => {
  const query = request.query as Record<string, unknown> | undefined;
  return query?.dialect === 'kf6' || String(request.headers['x-kf-dialect'] ?? '').toLowerCase() === 'kf6';
};
