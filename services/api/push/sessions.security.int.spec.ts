import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createLogger } from '../../app/logger.ts';
import { join, seedCommunity } from '../../../tests/support/authors.ts';
import { call, useCanvasWorld } from '../../../tests/support/canvas.ts';
import { PushClient } from '../../../tests/support/push.ts';
import { bearer, buildTestApp } from '../../../tests/support/testApp.ts';

/**
 * Issue 20 §5 and §7: sessions end for good (logout, password change, reset,
 * block), their sockets close within a second, tokens stay out of URLs and
 * logs; failed logins are limited per address without ever refusing a class.
 */

let base: string;

const { t, w } = useCanvasWorld();
beforeAll(async () => {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace('http', 'ws');
});

const socketOf = async (token: string): Promise<PushClient> => {
  const client = await PushClient.open(`${base}/api/socket`);
  client.send({ type: 'auth', token });
  await client.next((m) => m.type === 'ready');
  expect((await client.subscribe(w.welcomeViewId)).type).toBe('subscribed');
  return client;
};
/** Resolves with the close code, or fails if the socket is still open after `ms`. */
const closedWithin = (client: PushClient, ms: number) =>
  Promise.race([
    client.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms)),
  ]);
const isOpen = (client: PushClient) => client.socket.readyState === client.socket.OPEN;

describe('§5 sessions that end', () => {
  it('POST /auth/logout revokes the token on HTTP and closes its sockets within a second; other sessions go on', async () => {
    const user = await t.register('logoutUser');
    await join(t, user, w.communityId, 'writer-key');
    const other = await t.login('logoutUser', 'secret-pass-1');
    const socket = await socketOf(user.token);
    const otherSocket = await socketOf(other);
    const reply = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(user.token) });
    expect(reply.statusCode).toBe(204);
    expect(await closedWithin(socket, 1_000)).toBe(4401);
    expect((await call(t, user.token, 'GET', '/api/users/me')).status).toBe(401);
    // The same person's other session (another computer) is not logged out.
    expect((await call(t, other, 'GET', '/api/users/me')).status).toBe(200);
    expect(isOpen(otherSocket)).toBe(true);
    otherSocket.close();
    // Logging out twice: the token is already refused.
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(user.token) })).statusCode).toBe(401);
  });

  it('a logged-out token stays refused after a restart', async () => {
    const user = await t.register('restartLogout');
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(user.token) })).statusCode).toBe(204);
    const again = await buildApp({ services: t.infra, jwtSecret: t.infra.secret, webRoot: null });
    try {
      expect((await again.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) })).statusCode).toBe(401);
    } finally {
      await again.close();
    }
  });

  it('a password change, a manager reset and a block close the sockets opened before; another user stays connected', async () => {
    const bystander = await socketOf(w.writer2.token);
    const changer = await t.register('socketChanger', 'changer-pass-1');
    await join(t, changer, w.communityId, 'writer-key');
    const changing = await socketOf(changer.token);
    const changed = await call<{ token: string }>(t, changer.token, 'PUT', `/api/users/${changer.id}/password`, {
      oldPassword: 'changer-pass-1',
      newPassword: 'changed-pass-2',
    });
    expect(changed.status).toBe(200);
    expect(await closedWithin(changing, 1_000)).toBe(4401);
    expect(changing.messages).toContainEqual(expect.objectContaining({ type: 'error', status: 401 }));
    // The reply's fresh token opens a new socket.
    (await socketOf(changed.body.token)).close();

    const manager = await t.register('resetManager');
    const own = await seedCommunity(t, manager);
    const pupil = await t.register('resetPupil');
    await join(t, pupil, own.communityId, own.registrationKey);
    await join(t, pupil, w.communityId, 'writer-key');
    const pupilSocket = await socketOf(pupil.token);
    // An admin resets (the pupil is in two communities, so a manager may not).
    const authors = (await call<{ _id: string; userName: string }[]>(t, w.admin.token, 'GET', `/api/communities/${w.communityId}/authors`))
      .body;
    const authorId = authors.find((a) => a.userName === 'resetPupil')?._id ?? '';
    expect(
      (await call(t, w.admin.token, 'PUT', `/api/authors/${w.communityId}/${authorId}/password`, { password: 'reset-pass-33' })).status,
    ).toBe(200);
    expect(await closedWithin(pupilSocket, 1_000)).toBe(4401);

    const blocked = await t.register('blockedSocket');
    await join(t, blocked, w.communityId, 'writer-key');
    const blockedSocket = await socketOf(blocked.token);
    expect((await call(t, w.admin.token, 'PUT', `/api/users/${blocked.id}`, { blockLogin: true })).status).toBe(200);
    expect(await closedWithin(blockedSocket, 1_000)).toBe(4401);

    expect(isOpen(bystander)).toBe(true);
    bystander.close();
  });

  it('a token in the socket URL is ignored and never written to the logs', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logged = await buildApp({ services: t.infra, jwtSecret: t.infra.secret, webRoot: null, logger: createLogger('info', sink) });
    try {
      const address = await logged.listen({ port: 0, host: '127.0.0.1' });
      const client = await PushClient.open(`${address.replace('http', 'ws')}/api/socket?token=${encodeURIComponent(w.writer.token)}`);
      client.send({ type: 'subscribe', viewId: w.welcomeViewId });
      expect(await client.next((m) => m.type === 'error')).toMatchObject({ status: 401 });
      await logged.inject({ method: 'GET', url: '/api/users/me', headers: bearer(w.writer.token) });
      await logged.inject({ method: 'POST', url: '/auth/local', payload: { userName: 'nobody', password: 'a-secret-password' } });
    } finally {
      await logged.close();
    }
    const log = lines.join('');
    expect(log).toContain('/api/socket?token=[redacted]');
    expect(log).not.toContain(w.writer.token);
    expect(log).not.toContain(w.writer.token.split('.')[2] ?? 'signature');
    expect(log).not.toContain('a-secret-password');
  });
});

describe('§7 login spraying', () => {
  it('stops one password tried over many names from one address, with Retry-After', async () => {
    const limited = await buildTestApp({ failedLoginLimit: { max: 60, windowMs: 60_000 } });
    try {
      for (let i = 0; i < 60; i++) {
        const reply = await limited.app.inject({
          method: 'POST',
          url: '/auth/local',
          payload: { userName: `victim${i}`, password: 'Summer2026!' },
        });
        expect(reply.statusCode).toBe(401);
      }
      const refused = await limited.app.inject({
        method: 'POST',
        url: '/auth/local',
        payload: { userName: 'victim61', password: 'Summer2026!' },
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: '/auth/local',
        remoteAddress: '10.1.2.3',
        payload: { userName: 'victim62', password: 'Summer2026!' },
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('never refuses a class of 35 logging in together from one school address, even after a few typos', async () => {
    const limited = await buildTestApp({
      failedLoginLimit: { max: 60, windowMs: 60_000 },
      loginRateLimit: { max: 10, timeWindow: 60_000 },
    });
    try {
      const names = Array.from({ length: 35 }, (_, i) => `classmate${i}`);
      for (const name of names) await limited.register(name, 'class-pass-77');
      // A few pupils mistype first.
      for (const name of names.slice(0, 5)) {
        expect(
          (await limited.app.inject({ method: 'POST', url: '/auth/local', payload: { userName: name, password: 'class-pass-78' } }))
            .statusCode,
        ).toBe(401);
      }
      const replies = await Promise.all(
        names.map((userName) =>
          limited.app.inject({ method: 'POST', url: '/auth/local', payload: { userName, password: 'class-pass-77' } }),
        ),
      );
      expect(replies.map((r) => r.statusCode)).toEqual(names.map(() => 200));
    } finally {
      await limited.close();
    }
  });
});
