import type { FastifyInstance } from 'fastify';

/**
 * CORS for clients served from another origin (issue 15 §4): only the origins
 * of the allow-list (`BUILDON_CORS_ORIGINS`, comma-separated, empty by
 * default) get CORS headers; preflights from them answer 204, preflights from
 * any other origin 403 with no CORS header. Authentication is the bearer
 * token in a header, so credentials (cookies) are never allowed: an origin is
 * echoed only when it is listed, never reflected.
 */

/** `scheme://host[:port]`, lower-cased; anything else (`*`, paths, bad URLs) is dropped. */
export const parseCorsOrigins = (value: string | undefined): string[] => {
  const origins: string[] = [];
  for (const entry of (value ?? '').split(',')) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    try {
      const url = new URL(trimmed);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== 'null' && trimmed.replace(/\/$/, '') === url.origin) {
        origins.push(url.origin.toLowerCase());
      }
    } catch {
      // Not a URL: ignored.
    }
  }
  return [...new Set(origins)];
};

const allowedMethods = 'GET, HEAD, POST, PUT, DELETE, OPTIONS';
const allowedHeaders = 'Authorization, Content-Type, Accept, Idempotency-Key, X-KF-Dialect, X-Requested-With';
const exposedHeaders = 'Retry-After, Content-Disposition';

export const registerCors = (app: FastifyInstance, origins: readonly string[]): void => {
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    const isPreflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (typeof origin !== 'string') return;
    reply.header('Vary', 'Origin');
    if (!allowed.has(origin.toLowerCase())) {
      if (isPreflight) return reply.status(403).send();
      return;
    }
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Expose-Headers', exposedHeaders);
    if (isPreflight) {
      reply.header('Access-Control-Allow-Methods', allowedMethods);
      reply.header('Access-Control-Allow-Headers', allowedHeaders);
      reply.header('Access-Control-Max-Age', '600');
      return reply.status(204).send();
    }
  });
};
