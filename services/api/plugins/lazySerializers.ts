import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own response serializers (fast-json-stringify), each compiled on
 * its route's first reply with that status instead of all at once when the app
 * becomes ready: compiling every route's response schemas took about 40 % of a
 * start's CPU (1.5 s of 3.7 s on a loaded 2-core machine; issue 16 §5). The same
 * serializers answer the same bytes; a route never called costs nothing.
 */
export const lazySerializerFactory: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc: unknown) => (serialize ??= compile(route))(doc);
  };
};

/**
 * The route validators (TypeBox's compiled checks), likewise each compiled on
 * its route's first request with that part (body, query, params, headers):
 * the same checks, none paid for at start by routes a start never serves.
 */
export const lazyValidatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  let validate: ReturnType<typeof TypeBoxValidatorCompiler> | undefined;
  return (value: unknown) => (validate ??= TypeBoxValidatorCompiler(route))(value);
};
