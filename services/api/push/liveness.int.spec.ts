import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pushCloseCodes, type PushServerMessage } from '../../../contracts/push.ts';
import { activate, call, placedNote, useCanvasWorld } from '../../../tests/support/canvas.ts';
import { PushClient } from '../../../tests/support/push.ts';
import { defaultPushLimits } from './liveness.ts';

/**
 * Issue 16 §6: a slow or dead client never delays the others. The server
 * listens on a Unix socket here: the kernel takes ~150 KB of a paused reader's
 * data there (several MB over loopback TCP) before the server's own send
 * buffer grows, so a burst of a few hundred moves passes a small bound.
 */

const folder = mkdtempSync(join(tmpdir(), 'buildon-push-'));
const path = join(folder, 'push.sock');
const url = `ws+unix:${path}:/api/socket`;

const { t, w } = useCanvasWorld();
beforeAll(async () => {
  await t.app.listen({ path });
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));
afterEach(() => t.app.push.configure(defaultPushLimits));

const subscribed = async (token: string, options: WebSocket.ClientOptions = {}): Promise<PushClient> => {
  const socket = new WebSocket(url, options);
  const client = new PushClient(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  client.send({ type: 'auth', token });
  await client.next((m) => m.type === 'ready');
  expect((await client.subscribe(w.welcomeViewId)).type).toBe('subscribed');
  return client;
};

type Saved = Extract<PushServerMessage, { type: 'ref.saved' }>;
/** Loose like push.int.spec.ts (int files share a loaded 2-core machine); the bench gives the figure. */
const budgetMs = 1000;

describe('slow and dead sockets (issue 16 §6)', () => {
  it('a socket that stops reading is closed with 4408 once its send buffer passes the bound; the others get every push at once', async () => {
    const bound = 32 * 1024;
    t.app.push.configure({ maxBufferedBytes: bound });
    // A long title makes each push about a kilobyte.
    const { ref } = await placedNote(w, w.writer, w.welcomeViewId, 100, 100, 'S'.repeat(500));
    const watchers = await Promise.all([w.writer2, w.manager, w.writer].map((m) => subscribed(m.token)));
    const slow = await subscribed(w.writer2.token);
    slow.socket.pause(); // Reads nothing more: the server's data piles up for it.
    const before = t.app.push.stats();

    const delays: number[] = [];
    let moves = 0;
    const move = async () => {
      const x = 2 + (moves++ % 1900);
      const y = 200 + Math.floor(moves / 1900);
      const started = performance.now();
      const arrivals = watchers.map((client) =>
        client.next<Saved>((m) => m.type === 'ref.saved' && m.ref._id === ref._id && m.ref.data.x === x && m.ref.data.y === y, 5_000),
      );
      expect((await call(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, { data: { x, y } })).status).toBe(200);
      await Promise.all(arrivals);
      delays.push(performance.now() - started);
      for (const client of watchers) client.messages.length = 0;
    };
    while (t.app.push.stats().closedTooSlow === before.closedTooSlow && moves < 1500) await move();
    for (let i = 0; i < 20; i++) await move();

    const after = t.app.push.stats();
    expect(after.closedTooSlow).toBe(before.closedTooSlow + 1);
    expect(after.clients).toBe(before.clients - 1);
    // Server memory for it stayed bounded: the bound plus one message.
    expect(after.maxBuffered).toBeGreaterThan(bound);
    expect(after.maxBuffered).toBeLessThan(bound + 8 * 1024);
    const sorted = [...delays].sort((a, b) => a - b);
    console.log(
      `slow reader closed after ${moves - 20} moves; others' delivery over ${moves} moves: median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, worst ${Math.round(sorted[sorted.length - 1] ?? 0)} ms`,
    );
    expect(sorted[sorted.length - 1]).toBeLessThan(budgetMs);
    for (const client of watchers) expect(client.socket.readyState).toBe(WebSocket.OPEN);

    // Reading again, it finds what was queued, then the close: code and reason tell the client to reconnect and reload.
    const reason = new Promise<string>((resolve) => slow.socket.once('close', (_code, why: Buffer) => resolve(why.toString())));
    slow.socket.resume();
    expect(await slow.closed).toBe(pushCloseCodes.tooSlow);
    expect(await reason).toMatch(/too slow/);
    for (const client of watchers) client.close();
  });

  it('a socket that stops answering pings is terminated; one that answers stays; a reconnection subscribes again from a later position', async () => {
    t.app.push.configure({ heartbeatMs: 150 });
    const before = t.app.push.stats();
    const alive = await subscribed(w.writer.token);
    const dead = await subscribed(w.writer2.token, { autoPong: false });
    const subscribedAt = dead.messages.find((m) => m.type === 'subscribed');

    const code = await Promise.race([
      dead.closed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open')), 3_000)),
    ]);
    expect(code).toBe(1006); // Cut without a close frame; the web client reconnects on any code but 4401.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(alive.socket.readyState).toBe(WebSocket.OPEN);
    expect(t.app.push.stats().terminatedDead).toBe(before.terminatedDead + 1);
    // The survivor is told the dead one left the view.
    await alive.next((m) => m.type === 'presence' && !m.users.some((u) => u.userId === w.writer2.userId));

    // A change while it was gone, then the reconnection: its new subscription starts after that change, so its canvas reloads.
    const { ref } = await placedNote(w, w.writer, w.welcomeViewId, 300, 300, 'While away');
    expect((await call(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, { data: { x: 310, y: 300 } })).status).toBe(200);
    const again = await subscribed(w.writer2.token);
    const resubscribed = again.messages.find((m) => m.type === 'subscribed');
    expect(
      resubscribed?.type === 'subscribed' && subscribedAt?.type === 'subscribed' && resubscribed.position > subscribedAt.position,
    ).toBe(true);
    alive.close();
    again.close();
  });

  it("readers are shaped per user, shared only by the same user's sockets: a note made private reaches its author's two sockets, not a classmate's two", async () => {
    const { noteId, ref } = await placedNote(w, w.writer, w.welcomeViewId, 500, 500, 'Mine alone');
    const author = await Promise.all([subscribed(w.writer.token), subscribed(w.writer.token)]);
    const classmate = await Promise.all([subscribed(w.writer2.token), subscribed(w.writer2.token)]);
    await activate(t, noteId, [{ type: 'ChangePermission', data: { permission: 'private', group: null } }]);
    for (const client of author) await client.next((m) => m.type === 'ref.saved' && m.ref._id === ref._id && m.cause === 'target');
    for (const client of classmate) {
      await client.next((m) => m.type === 'ref.removed' && m.linkId === ref._id);
      expect(JSON.stringify(client.messages)).not.toContain('Mine alone');
    }
    for (const client of [...author, ...classmate]) client.close();
  });
});
