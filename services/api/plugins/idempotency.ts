import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHmac } from 'node:crypto';
import { msg } from '../../../contracts/messageCodes.ts';
import { ValidationError } from '../../core/errors.ts';
import type { IdempotencyStore, StoredReply } from '../../core/idempotencyStore.ts';
import { runInRequestContext } from '../../app/requestContext.ts';

export type IdempotencyOptions = {
  store: IdempotencyStore;
  /** The server's secret: anonymous scopes are keyed with it (see anonymousScope). */
  secret: string;
  /** How long a reply is kept (default 24 h). */
  ttlMs?: number;
};

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Printable ASCII, as the header's draft standard allows; a UUID fits easily. */
const validKey = /^[\x21-\x7e]{1,200}$/;
const pending = Symbol('idempotency');

type Pending = { scope: string; key: string; release: () => void };
type WithPending = FastifyRequest & { [pending]?: Pending };

/**
 * Safe retries (issue 22 §5). Every write route's handler runs in its own
 * request context (requestContext.ts: what it created, for a 202). A write
 * sent with an `Idempotency-Key` header is answered once: its 2xx reply is
 * kept per user (anonymous callers: per address) for `ttlMs`, and a retry
 * with the same key gets that reply again (header `Idempotent-Replayed: true`)
 * without running the command, so nothing is appended twice. A retry that
 * arrives while the first is still running waits for it. Reusing a key for
 * another method or path is a 400 naming the header. Failures are not kept:
 * after a 4xx or 5xx the client may retry for real.
 */
/**
 * Anonymous writes (registration, login) are kept per address AND per body: a
 * class behind one school address shares the address, and a registration's
 * reply holds a session token, so only the very same request may see it again.
 * The body holds a password: it is keyed with the server's secret (HMAC), so
 * the stored scope is no fast, unsalted hash of a pupil's password.
 */
const anonymousScope = (request: FastifyRequest, secret: string): string =>
  `address:${request.ip}:${createHmac('sha256', `idempotency\n${secret}`)
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url')}`;

export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app: FastifyInstance, options) => {
    const ttlMs = options.ttlMs ?? 24 * 3600_000;
    const running = new Map<string, Promise<void>>();

    const replay = async (request: FastifyRequest, reply: FastifyReply, handler: () => unknown): Promise<unknown> => {
      const header = request.headers['idempotency-key'];
      if (header === undefined || !writeMethods.has(request.method)) return handler();
      if (typeof header !== 'string' || !validKey.test(header)) {
        throw ValidationError.field('Idempotency-Key', msg('errors.fieldInvalid', { field: 'Idempotency-Key' }));
      }
      const scope = (request as { currentUser?: { _id?: string } | null }).currentUser?._id ?? anonymousScope(request, options.secret);
      const id = `${scope}\n${header}`;
      for (let first = running.get(id); first; first = running.get(id)) await first;
      const stored = await options.store.get(scope, header, Date.now());
      if (stored) {
        if (stored.method !== request.method || stored.url !== request.url) {
          throw ValidationError.field('Idempotency-Key', msg('errors.fieldInvalid', { field: 'Idempotency-Key' }));
        }
        return reply.status(stored.status).header('idempotent-replayed', 'true').type(stored.contentType).send(stored.body);
      }
      let release!: () => void;
      running.set(
        id,
        new Promise<void>((resolve) => {
          release = () => {
            if (running.get(id) === done) running.delete(id);
            resolve();
          };
        }),
      );
      const done = running.get(id);
      (request as WithPending)[pending] = { scope, key: header, release };
      return handler();
    };

    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat().map(String);
      if (!methods.some((method) => writeMethods.has(method))) return;
      const handler = route.handler;
      route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        return runInRequestContext(() => replay(request, reply, () => handler.call(this, request, reply)), {
          readsOnly: (route.config as { readsOnly?: unknown } | undefined)?.readsOnly === true,
        });
      };
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const waiting = (request as WithPending)[pending];
      if (!waiting || reply.statusCode < 200 || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
      const now = Date.now();
      const stored: StoredReply = {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        body: payload,
      };
      await options.store.put(waiting.scope, waiting.key, stored, now + ttlMs, now);
      return payload;
    });

    // Whatever the outcome (a reply kept, an error, an aborted request), a waiting retry goes on.
    const releasing = async (request: FastifyRequest) => {
      (request as WithPending)[pending]?.release();
    };
    app.addHook('onResponse', releasing);
    app.addHook('onRequestAbort', releasing);
  },
  { name: 'buildon-idempotency' },
);
