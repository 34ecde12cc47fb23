import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { msg, type MessageCode } from '../../../contracts/messageCodes.ts';
import { TooManyAttemptsError } from '../../core/errors.ts';
import type { UserRateLimits } from '../../app/config.ts';

import { defaultUserRateLimits } from '../../app/config.ts';

export { defaultUserRateLimits, type UserRateLimits } from '../../app/config.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Requests of this route's kind the caller may still make now; unset when the kind is not limited. */
    requestsLeft?: number;
  }
}

export type RateLimitedKind = 'writes' | 'searches' | 'uploads' | 'translations' | 'aiRequests';

const messageOf: Record<RateLimitedKind, MessageCode> = {
  writes: 'limits.tooManyWrites',
  searches: 'limits.tooManySearches',
  uploads: 'limits.tooManyUploads',
  translations: 'translate.tooManyTranslations',
  aiRequests: 'ai.tooManyRequests',
};

type Bucket = { tokens: number; at: number };

/**
 * A token bucket per key: up to `perMinute` requests at once, refilled at
 * `perMinute` a minute. A burst of a minute's worth passes (a teacher's quick
 * rearranging), a sustained flood gets one request every 60/perMinute s. One
 * small record per recent user; in memory, per process, like the login limits
 * (at scale each API node counts its own).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private sweepAt = 0;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`; when none is left, the seconds until one is back (≥ 1), and nothing is taken. */
  take(key: string): number | null {
    const now = this.now();
    this.sweep(now);
    const perMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(key);
    const tokens = bucket ? Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * perMs) : this.perMinute;
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    return null;
  }

  /** Whole requests `key` may still make at once now (what the writing help's reply calls `remainingRequests`). */
  left(key: string): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.perMinute;
    return Math.floor(Math.min(this.perMinute, bucket.tokens + ((this.now() - bucket.at) * this.perMinute) / 60_000));
  }

  /** Forgets the users whose bucket is full again (a minute without requests): memory follows recent activity. */
  private sweep(now: number): void {
    if (now < this.sweepAt) return;
    this.sweepAt = now + 60_000;
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.at >= 60_000) this.buckets.delete(key);
    }
  }
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes a signed-in user must always reach, whatever they did before: ending their own session. */
const neverLimited = new Set(['/auth/logout']);

/**
 * Which limit a route counts against: uploads, searches (any method: a search
 * costs the server far more than a read of one object), or writes (every
 * other POST, PUT, PATCH and DELETE, except the POSTs that only read).
 */
export const rateLimitedKind = (route: Pick<RouteOptions, 'method' | 'url' | 'config'>): RateLimitedKind | null => {
  if (neverLimited.has(route.url)) return null;
  if (route.url.startsWith('/api/upload/')) return 'uploads';
  // Each translation costs calls to the translation server (issue 18 §4), whatever its method.
  if (route.url === '/api/translate') return 'translations';
  // Each writing-help request costs a call to the chat server, or a spell-check (issue 18 §3).
  if (route.url === '/api/ai/spellCheck') return 'aiRequests';
  if (/\/search(\/|$)/.test(route.url)) return 'searches';
  const methods = [route.method].flat().map(String);
  if (!methods.some((method) => writeMethods.has(method))) return null;
  const readsOnly = (route.config as { readsOnly?: unknown } | undefined)?.readsOnly === true;
  return readsOnly ? null : 'writes';
};

/**
 * Adds the check to every route it limits, as the last of the route's
 * preHandlers: after authentication (the key is the user id), before the
 * handler, so a refused request appends no event and reads no upload. Callers
 * that are not signed in (registration, login) have limits of their own.
 */
export const userRateLimits = fp<{ limits: UserRateLimits }>(
  async (app, { limits }) => {
    const perMinute: Record<RateLimitedKind, number> = {
      writes: limits.writesPerMinute,
      searches: limits.searchesPerMinute,
      uploads: limits.uploadsPerMinute,
      translations: limits.translationsPerMinute ?? defaultUserRateLimits.translationsPerMinute,
      aiRequests: limits.aiRequestsPerMinute ?? defaultUserRateLimits.aiRequestsPerMinute,
    };
    const buckets = new Map<RateLimitedKind, TokenBuckets>();
    for (const kind of ['writes', 'searches', 'uploads', 'translations', 'aiRequests'] as const) {
      if (perMinute[kind] > 0) buckets.set(kind, new TokenBuckets(perMinute[kind]));
    }

    app.addHook('onRoute', (route) => {
      const kind = rateLimitedKind(route);
      const limiter = kind ? buckets.get(kind) : undefined;
      if (!kind || !limiter) return;
      const check = async (request: FastifyRequest, _reply: FastifyReply) => {
        const userId = (request as { currentUser?: { _id?: string } | null }).currentUser?._id;
        if (!userId) return;
        const wait = limiter.take(userId);
        if (wait !== null) throw new TooManyAttemptsError(wait, msg(messageOf[kind], { seconds: wait }));
        request.requestsLeft = limiter.left(userId);
      };
      route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), check];
    });
  },
  { name: 'buildon-user-rate-limits' },
);
