import { beforeAll, describe, expect, it } from 'vitest';
import type { PushServerMessage } from '../../../contracts/push.ts';
import { join } from '../../../tests/support/authors.ts';
import { call, placedNote, useCanvasWorld } from '../../../tests/support/canvas.ts';
import { PushClient } from '../../../tests/support/push.ts';
import { bearer } from '../../../tests/support/testApp.ts';

/**
 * Issue 17 §4 on the live channel: a socket authenticated with a refreshed
 * token keeps receiving changes while the old token's socket closes; a user
 * whose sessions an admin ends is disconnected and refused over HTTP with the
 * "session ended" message.
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
const closedWithin = (client: PushClient, ms: number) =>
  Promise.race([
    client.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms)),
  ]);
const isOpen = (client: PushClient) => client.socket.readyState === client.socket.OPEN;

/** A writer moves a note on the welcome view; `socket` hears the move. */
const hearsAMove = async (socket: PushClient, y: number) => {
  const { ref } = await placedNote(w, w.writer, w.welcomeViewId, 300, y, `Move ${y}`);
  expect((await call(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, { data: { x: 320, y: y + 1 } })).status).toBe(200);
  await socket.next<Extract<PushServerMessage, { type: 'ref.saved' }>>(
    (m) => m.type === 'ref.saved' && m.cause === 'changed' && m.ref._id === ref._id && m.ref.data.y === y + 1,
  );
};

describe('sockets and token rotation (issue 17 §4)', () => {
  it('a socket opened with the refreshed token keeps working; the old token is refused and its socket closed', async () => {
    const user = await t.register('rotatingSocket');
    await join(t, user, w.communityId, 'writer-key');
    const before = await socketOf(user.token);
    const refreshed = await t.app.inject({ method: 'POST', url: '/auth/refresh', headers: bearer(user.token) });
    expect(refreshed.statusCode).toBe(200);
    const token = refreshed.json<{ token: string }>().token;
    expect(token).not.toBe(user.token);

    // The client reconnects with the new token (web/src/lib/push.ts follows the token store).
    const after = await socketOf(token);
    expect(await closedWithin(before, 2_000)).toBe(4401);
    expect(before.messages).toContainEqual(expect.objectContaining({ type: 'error', status: 401 }));

    // The new socket hears the class's changes, and stays open after the old one closed.
    await hearsAMove(after, 210);
    expect(isOpen(after)).toBe(true);
    expect((await call(t, token, 'GET', '/api/users/me')).status).toBe(200);
    const old = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) });
    expect(old.statusCode).toBe(401);
    expect(old.json<{ messageCode?: string }>().messageCode).toBe('errors.sessionEnded');
    // The old token cannot open a socket either.
    const stale = await PushClient.open(`${base}/api/socket`);
    stale.send({ type: 'auth', token: user.token });
    expect(await stale.next((m) => m.type === 'error')).toMatchObject({ status: 401 });
    expect(await closedWithin(stale, 2_000)).toBe(4401);

    // Refreshed twice over: the chain goes on, each step refusing the previous token.
    const again = await t.app.inject({ method: 'POST', url: '/auth/refresh', headers: bearer(token) });
    expect(again.statusCode).toBe(200);
    expect(await closedWithin(after, 2_000)).toBe(4401);
    const third = await socketOf(again.json<{ token: string }>().token);
    await hearsAMove(third, 230);
    third.close();
  });

  it("an admin ending a user's sessions disconnects every socket of theirs, refreshed ones too; others stay connected", async () => {
    const user = await t.register('endedByAdmin');
    await join(t, user, w.communityId, 'writer-key');
    const laptop = await t.login('endedByAdmin', 'secret-pass-1');
    const refreshed = (await t.app.inject({ method: 'POST', url: '/auth/refresh', headers: bearer(laptop) })).json<{ token: string }>()
      .token;
    const phoneSocket = await socketOf(user.token);
    const laptopSocket = await socketOf(refreshed);
    const bystander = await socketOf(w.writer2.token);

    // Not by the user's classmate or a manager: admins only (the refusals are in contentAuthorization.accounts.ts).
    expect((await call(t, w.writer2.token, 'DELETE', `/api/admin/users/${user.id}/sessions`)).status).toBe(403);
    expect(isOpen(phoneSocket)).toBe(true);

    expect((await call(t, w.admin.token, 'DELETE', `/api/admin/users/${user.id}/sessions`)).status).toBe(204);
    expect(await closedWithin(phoneSocket, 2_000)).toBe(4401);
    expect(await closedWithin(laptopSocket, 2_000)).toBe(4401);
    expect(laptopSocket.messages).toContainEqual(expect.objectContaining({ type: 'error', status: 401 }));
    for (const token of [user.token, refreshed]) {
      const reply = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
      expect(reply.statusCode).toBe(401);
      expect(reply.json<{ messageCode?: string }>().messageCode).toBe('errors.sessionEnded');
      // A refresh cannot revive an ended session.
      expect((await t.app.inject({ method: 'POST', url: '/auth/refresh', headers: bearer(token) })).statusCode).toBe(401);
    }
    expect(isOpen(bystander)).toBe(true);
    await hearsAMove(bystander, 250);
    bystander.close();

    // Signing in again works.
    const back = await t.login('endedByAdmin', 'secret-pass-1');
    (await socketOf(back)).close();
  });
});
