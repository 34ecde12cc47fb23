import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.ts';
import { rateLimitedKind, TokenBuckets, userRateLimits, type UserRateLimits } from './userRateLimits.ts';

describe('TokenBuckets', () => {
  it('lets a minute’s worth through at once, then one every 60/perMinute s, and says how long to wait', () => {
    let now = 1_000_000;
    const buckets = new TokenBuckets(120, () => now);
    for (let i = 0; i < 120; i++) expect(buckets.take('pupil'), `request ${i + 1}`).toBeNull();
    // Empty: one token comes back every 0.5 s, so the wait rounds up to one second.
    expect(buckets.take('pupil')).toBe(1);
    now += 499;
    expect(buckets.take('pupil')).toBe(1);
    now += 1;
    expect(buckets.take('pupil')).toBeNull();
    expect(buckets.take('pupil')).toBe(1);
  });

  it('counts each key apart: one pupil flooding leaves the classmates behind the same address untouched', () => {
    const now = 5_000;
    const buckets = new TokenBuckets(3, () => now);
    for (let i = 0; i < 3; i++) expect(buckets.take('flooder')).toBeNull();
    expect(buckets.take('flooder')).toBe(20);
    for (let i = 0; i < 3; i++) expect(buckets.take('classmate')).toBeNull();
  });

  it('refused requests take nothing: waiting the time it named is enough', () => {
    let now = 0;
    const buckets = new TokenBuckets(6, () => now);
    for (let i = 0; i < 6; i++) buckets.take('u');
    const wait = buckets.take('u');
    expect(wait).toBe(10);
    for (let i = 0; i < 50; i++) buckets.take('u');
    now += (wait ?? 0) * 1000;
    expect(buckets.take('u')).toBeNull();
  });

  it('refills to a full minute’s worth after a quiet minute, never more', () => {
    let now = 0;
    const buckets = new TokenBuckets(4, () => now);
    for (let i = 0; i < 4; i++) buckets.take('u');
    now += 10 * 60_000;
    for (let i = 0; i < 4; i++) expect(buckets.take('u')).toBeNull();
    expect(buckets.take('u')).not.toBeNull();
  });
});

describe('rateLimitedKind', () => {
  const kind = (method: string, url: string, readsOnly = false) => rateLimitedKind({ method, url, config: { readsOnly } } as never);

  it('counts uploads, searches of any method, and every other write', () => {
    expect(kind('POST', '/api/upload/:communityId/:attachmentId')).toBe('uploads');
    expect(kind('POST', '/api/contributions/:communityId/search', true)).toBe('searches');
    expect(kind('POST', '/api/contributions/:communityId/search/count', true)).toBe('searches');
    expect(kind('GET', '/api/users/search/role')).toBe('searches');
    expect(kind('POST', '/api/contributions/:communityId')).toBe('writes');
    expect(kind('POST', '/api/links')).toBe('writes');
    expect(kind('PUT', '/api/objects/:communityId/:id')).toBe('writes');
    expect(kind('DELETE', '/api/links/:id')).toBe('writes');
    expect(kind(['POST', 'PUT'] as never, '/api/x')).toBe('writes');
  });

  it('leaves reads, POSTs that only read, and logging out alone', () => {
    expect(kind('GET', '/api/objects/:id')).toBeNull();
    expect(kind('POST', '/api/attachments/:id/playback', true)).toBeNull();
    expect(kind('POST', '/auth/logout')).toBeNull();
  });
});

describe('userRateLimits', () => {
  /** An app whose routes sign in the user named by the `user` header, as `app.authenticate` would. */
  const appWith = async (limits: UserRateLimits) => {
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(userRateLimits, { limits });
    const signIn = async (request: { headers: Record<string, unknown> }) => {
      const user = request.headers.user;
      (request as unknown as { currentUser: unknown }).currentUser = typeof user === 'string' ? { _id: user } : null;
    };
    app.post('/api/notes', { preHandler: signIn }, async () => ({ ok: true }));
    app.post('/api/notes/search', { preHandler: signIn }, async () => ({ ok: true }));
    await app.ready();
    return app;
  };
  const statuses = async (app: Awaited<ReturnType<typeof appWith>>, url: string, times: number, user?: string) => {
    const out: number[] = [];
    for (let i = 0; i < times; i++) {
      out.push((await app.inject({ method: 'POST', url, headers: user ? { user } : {} })).statusCode);
    }
    return out;
  };

  it('0 turns a limit off; the others still hold', async () => {
    const app = await appWith({ writesPerMinute: 0, searchesPerMinute: 2, uploadsPerMinute: 2 });
    expect(await statuses(app, '/api/notes', 50, 'u1')).toEqual(Array.from({ length: 50 }, () => 200));
    expect(await statuses(app, '/api/notes/search', 3, 'u1')).toEqual([200, 200, 429]);
    await app.close();
  });

  it('leaves callers who are not signed in to their own limits (registration, login)', async () => {
    const app = await appWith({ writesPerMinute: 1, searchesPerMinute: 1, uploadsPerMinute: 1 });
    expect(await statuses(app, '/api/notes', 5)).toEqual([200, 200, 200, 200, 200]);
    expect(await statuses(app, '/api/notes', 2, 'u1')).toEqual([200, 429]);
    await app.close();
  });
});
