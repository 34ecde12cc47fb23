import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activate,
  call,
  canvasWorld,
  createContribution,
  placedNote,
  useCanvasWorld,
  workspaceOf,
} from '../../../../../tests/support/canvas.ts';
import { joinCommunity } from '../../../../../tests/support/communities.ts';
import { bearer } from '../../../../../tests/support/testApp.ts';
import { createLogger } from '../../../../app/logger.ts';
import { buildApp } from '../../../app.ts';
import { defaultPushLimits } from '../../../push/liveness.ts';
import { kf6SocketPath } from './socketServer.ts';

/**
 * The KF6 real-time endpoint (issue 15 §5) with the original's own client
 * library: socket.io-client 2.x, which speaks Engine.IO 3 like the original's
 * socket.io 1.7 (the server admits it through `allowEIO3`). Real sockets on
 * 127.0.0.1; the writes are Buildon's HTTP routes.
 */
type Kf6Socket = {
  connected: boolean;
  on(event: string, listener: (...args: unknown[]) => void): void;
  emit(event: string, ...args: unknown[]): void;
  close(): void;
};
type Io = (url: string, options: Record<string, unknown>) => Kf6Socket;
const io = createRequire(import.meta.url)('socket.io-client') as Io;

type Received = { event: string; payload: Record<string, unknown> & { _id?: string; _to?: Record<string, unknown> } };

/** A connected KF6 client that records every message it receives. */
class Kf6Client {
  readonly received: Received[] = [];
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: Kf6Socket) {
    for (const event of ['link:save', 'link:remove', 'noteCount:update', 'subscribe:refused']) {
      socket.on(event, (payload) => {
        this.received.push({ event, payload: payload as Received['payload'] });
        for (const wake of this.waiters.splice(0)) wake();
      });
    }
  }

  /** Connects (resolves) or is refused (rejects with the server's message). */
  static connect(base: string, options: Record<string, unknown> = {}): Promise<Kf6Client> {
    const socket = io(base, { path: kf6SocketPath, transports: ['websocket'], reconnection: false, forceNew: true, ...options });
    return new Promise((resolve, reject) => {
      socket.on('connect', () => resolve(new Kf6Client(socket)));
      socket.on('error', (error) => {
        socket.close();
        reject(new Error(String(error)));
      });
      socket.on('connect_error', (error) => {
        socket.close();
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }

  /** `subscribe` as the original's client sends it, plus an ack to know when the room is joined. */
  subscribe(room: string): Promise<{ ok: boolean; status?: number; message?: string }> {
    return new Promise((resolve) => this.socket.emit('subscribe', room, resolve));
  }

  async next(test: (m: Received) => boolean, timeoutMs = 3000): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(test);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such message; got ${JSON.stringify(this.received.map((m) => m.event))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.socket.close();
  }
}

let base: string;
const { t, w } = useCanvasWorld();
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

/** A pupil who logs in as the original's client does: POST /auth/local, then the token in the socket's query. */
const kf6Pupil = async (communityId: string) => {
  const userName = `kfsock${process.pid}x${Math.floor(Math.random() * 1e9)}`;
  const user = await t.register(userName, 'secret-pass-1');
  await joinCommunity(t, user.token, user.id, communityId, 'writer-key');
  const login = await t.app.inject({ method: 'POST', url: '/auth/local', payload: { userName, password: 'secret-pass-1' } });
  expect(login.statusCode).toBe(200);
  return login.json<{ token: string }>().token;
};

describe('KF6 socket.io endpoint /socket.io-client (issue 15 §5)', () => {
  it("pushes a classmate's new note and move as link:save with _to, its deletion as link:remove, and the note count", async () => {
    const token = await kf6Pupil(w.communityId);
    const client = await Kf6Client.connect(base, { query: { token } });
    expect(await client.subscribe(`linkfrom:${w.welcomeViewId}`)).toMatchObject({ ok: true });
    expect(await client.subscribe(`noteCount:${w.welcomeViewId}`)).toMatchObject({ ok: true });

    const { ref, noteId } = await placedNote(w, w.writer, w.welcomeViewId, 120, 130, 'Live for KF6');
    const created = await client.next((m) => m.event === 'link:save' && m.payload._id === ref._id && m.payload._to?.status === 'active');
    expect(created.payload).toMatchObject({
      from: w.welcomeViewId,
      to: noteId,
      type: 'contains',
      communityId: w.communityId,
      data: { x: 120, y: 130 },
      _to: { _id: noteId, type: 'Note', title: 'Live for KF6', status: 'active', authors: [w.writer.authorId] },
      _from: { _id: w.welcomeViewId, type: 'View' },
    });
    // Counted once the note is active (a draft is on no canvas); this view had no note before.
    const count = await client.next((m) => m.event === 'noteCount:update' && (m.payload.count as { notesCount: number }).notesCount === 1);
    expect(count.payload).toEqual({ viewId: w.welcomeViewId, count: { notesCount: 1, riseaboveCount: 0 } });
    expect(client.received.some((m) => m.event === 'link:save' && m.payload._to?.status === 'unsaved')).toBe(false);

    expect((await call(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, { data: { x: 333, y: 444 } })).status).toBe(200);
    const moved = await client.next(
      (m) => m.event === 'link:save' && m.payload._id === ref._id && (m.payload.data as { x?: number }).x === 333,
    );
    expect(moved.payload).toMatchObject({ data: { x: 333, y: 444 }, _to: { title: 'Live for KF6' } });

    expect((await call(t, w.manager.token, 'DELETE', `/api/links/${ref._id}`)).status).toBe(200);
    const removed = await client.next((m) => m.event === 'link:remove' && m.payload._id === ref._id);
    expect(removed.payload).toMatchObject({
      from: w.welcomeViewId,
      to: noteId,
      type: 'contains',
      data: { x: 333, y: 444 },
      _to: { _id: noteId },
    });
    client.close();
  });

  it('accepts the token in the Authorization header too, and refuses a socket without a token or with a bad one', async () => {
    await expect(Kf6Client.connect(base)).rejects.toThrow(/Authentication required/);
    await expect(Kf6Client.connect(base, { query: { token: 'not-a-token' } })).rejects.toThrow();
    const client = await Kf6Client.connect(base, { extraHeaders: { Authorization: `Bearer ${w.writer2.token}` }, transports: ['polling'] });
    expect(await client.subscribe(`linkfrom:${w.welcomeViewId}`)).toMatchObject({ ok: true });
    const { ref } = await placedNote(w, w.writer, w.welcomeViewId, 700, 130, 'Over polling');
    await client.next((m) => m.event === 'link:save' && m.payload._id === ref._id);
    client.close();
  });

  it("refuses a stranger's subscription to the community's view, and sends them nothing", async () => {
    const stranger = await Kf6Client.connect(base, { query: { token: w.outsider.token } });
    expect(await stranger.subscribe(`linkfrom:${w.welcomeViewId}`)).toMatchObject({ ok: false, status: 403 });
    expect(await stranger.subscribe(`noteCount:${w.welcomeViewId}`)).toMatchObject({ ok: false, status: 403 });
    // Without an ack (as the original's client sends it): told by `subscribe:refused`.
    stranger.socket.emit('subscribe', `linkfrom:${w.welcomeViewId}`);
    await stranger.next((m) => m.event === 'subscribe:refused');
    const watcher = await Kf6Client.connect(base, { query: { token: w.writer2.token } });
    await watcher.subscribe(`linkfrom:${w.welcomeViewId}`);
    const { ref } = await placedNote(w, w.writer, w.welcomeViewId, 800, 130, 'Not for strangers');
    await watcher.next((m) => m.event === 'link:save' && m.payload._id === ref._id);
    expect(stranger.received.filter((m) => m.event !== 'subscribe:refused')).toEqual([]);
    for (const client of [stranger, watcher]) client.close();
  });

  it("never sends a classmate a private note's link, nor lets them join a private view", async () => {
    const classmate = await Kf6Client.connect(base, { query: { token: w.writer2.token } });
    await classmate.subscribe(`linkfrom:${w.welcomeViewId}`);
    await classmate.subscribe(`noteCount:${w.welcomeViewId}`);
    const workspace = await workspaceOf(w, w.writer);
    expect(await classmate.subscribe(`linkfrom:${workspace}`)).toMatchObject({ ok: false, status: 403 });

    const hidden = await createContribution(w, w.writer, {
      type: 'Note',
      title: 'Private for KF6',
      placement: { viewId: w.welcomeViewId, x: 900, y: 500 },
    });
    await activate(t, hidden.contribution._id, [{ type: 'ChangePermission', data: { permission: 'private', group: null } }]);
    const owner = await Kf6Client.connect(base, { query: { token: w.writer.token } });
    await owner.subscribe(`linkfrom:${w.welcomeViewId}`);
    const hiddenRef = hidden.refs[0]?._id ?? '';
    expect((await call(t, w.writer.token, 'PUT', `/api/links/${hiddenRef}`, { data: { x: 901, y: 501 } })).status).toBe(200);
    // The owner sees the move; then a public marker proves the classmate's socket has had its turn.
    await owner.next((m) => m.event === 'link:save' && m.payload._id === hiddenRef);
    const { ref: marker } = await placedNote(w, w.writer, w.welcomeViewId, 900, 900, 'Marker after private');
    await classmate.next((m) => m.event === 'link:save' && m.payload._id === marker._id);
    const seen = JSON.stringify(classmate.received);
    expect(seen).not.toContain('Private for KF6');
    expect(seen).not.toContain(hidden.contribution._id);
    expect(seen).not.toContain(hiddenRef);
    for (const client of [classmate, owner]) client.close();
  });

  it('sends a pupil of another class nothing of this class (their own view works)', async () => {
    const other = await canvasWorld(t);
    const pupil = await Kf6Client.connect(base, { query: { token: other.writer.token } });
    expect(await pupil.subscribe(`linkfrom:${w.welcomeViewId}`)).toMatchObject({ ok: false, status: 403 });
    expect(await pupil.subscribe(`linkfrom:${other.welcomeViewId}`)).toMatchObject({ ok: true });
    const watcher = await Kf6Client.connect(base, { query: { token: w.writer2.token } });
    await watcher.subscribe(`linkfrom:${w.welcomeViewId}`);
    const { ref } = await placedNote(w, w.writer, w.welcomeViewId, 1000, 130, 'This class only');
    await watcher.next((m) => m.event === 'link:save' && m.payload._id === ref._id);
    const { ref: theirs } = await placedNote(other, other.writer2, other.welcomeViewId, 10, 10, 'Their class');
    await pupil.next((m) => m.event === 'link:save' && m.payload._id === theirs._id);
    expect(JSON.stringify(pupil.received)).not.toContain('This class only');
    for (const client of [pupil, watcher]) client.close();
  });

  it('refuses unknown rooms', async () => {
    const client = await Kf6Client.connect(base, { query: { token: w.writer.token } });
    expect(await client.subscribe('everything')).toMatchObject({ ok: false, status: 400 });
    expect(await client.subscribe(`linkfrom:${'0'.repeat(24)}`)).toMatchObject({ ok: false, status: 404 });
    client.close();
  });

  it('a logout ends the KF6 socket of that session: disconnected, and no more pushes', async () => {
    const token = await kf6Pupil(w.communityId);
    const client = await Kf6Client.connect(base, { query: { token } });
    await client.subscribe(`linkfrom:${w.welcomeViewId}`);
    const gone = new Promise<void>((resolve) => client.socket.on('disconnect', () => resolve()));
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) })).statusCode).toBe(204);
    await gone;
    expect(client.socket.connected).toBe(false);
    // The same token cannot come back.
    await expect(Kf6Client.connect(base, { query: { token } })).rejects.toThrow();
  });

  it('never writes the handshake token to the logs, and closes with the app while a client is connected', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logged = await buildApp({ services: t.infra, jwtSecret: t.infra.secret, webRoot: null, logger: createLogger('info', sink) });
    const address = await logged.listen({ port: 0, host: '127.0.0.1' });
    const polling = await Kf6Client.connect(address, { query: { token: w.writer.token }, transports: ['polling'] });
    const websocket = await Kf6Client.connect(address, { query: { token: w.writer.token } });
    expect(await websocket.subscribe(`linkfrom:${w.welcomeViewId}`)).toMatchObject({ ok: true });
    const closed = Promise.all([polling, websocket].map((c) => new Promise<void>((resolve) => c.socket.on('disconnect', () => resolve()))));
    const started = performance.now();
    await logged.close();
    await closed;
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(lines.join('')).not.toContain(w.writer.token);
  });

  it("pushes my own read as the original's read link to linkfrom:{myAuthorId}; a classmate cannot join my author room", async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 1100, 130, 'To be read');
    const reader = await Kf6Client.connect(base, { query: { token: w.writer2.token } });
    expect(await reader.subscribe(`linkfrom:${w.writer2.authorId}`)).toMatchObject({ ok: true });
    const peeker = await Kf6Client.connect(base, { query: { token: w.writer.token } });
    expect(await peeker.subscribe(`linkfrom:${w.writer2.authorId}`)).toMatchObject({ ok: false, status: 403 });
    const stranger = await Kf6Client.connect(base, { query: { token: w.outsider.token } });
    expect(await stranger.subscribe(`linkfrom:${w.writer2.authorId}`)).toMatchObject({ ok: false, status: 403 });

    expect((await call(t, w.writer2.token, 'POST', `/api/records/read/${w.communityId}/${noteId}`)).status).toBeLessThan(300);
    const read = await reader.next((m) => m.event === 'link:save' && m.payload.type === 'read' && m.payload.to === noteId);
    expect(read.payload).toMatchObject({ from: w.writer2.authorId, communityId: w.communityId, data: { count: 1 } });
    expect(typeof read.payload.modified).toBe('string');
    expect(peeker.received.filter((m) => m.event !== 'subscribe:refused')).toEqual([]);
    expect(stranger.received.filter((m) => m.event !== 'subscribe:refused')).toEqual([]);
    for (const client of [reader, peeker, stranger]) client.close();
  });

  it("pushes a note's build-ons and references to linkfrom:{noteId}, to readers of the note only", async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 1300, 130, 'Watched note');
    const { noteId: other } = await placedNote(w, w.writer2, w.welcomeViewId, 1300, 330, 'Built on it');
    const watcher = await Kf6Client.connect(base, { query: { token: w.writer2.token } });
    expect(await watcher.subscribe(`linkfrom:${noteId}`)).toMatchObject({ ok: true });
    // Refused: a stranger, a pupil of another class, and a classmate for a private note.
    const stranger = await Kf6Client.connect(base, { query: { token: w.outsider.token } });
    expect(await stranger.subscribe(`linkfrom:${noteId}`)).toMatchObject({ ok: false, status: 403 });
    const elsewhere = await Kf6Client.connect(base, { query: { token: (await canvasWorld(t)).writer.token } });
    expect(await elsewhere.subscribe(`linkfrom:${noteId}`)).toMatchObject({ ok: false, status: 403 });
    const hidden = await createContribution(w, w.writer, {
      type: 'Note',
      title: 'Private room',
      placement: { viewId: w.welcomeViewId, x: 1, y: 1 },
    });
    await activate(t, hidden.contribution._id, [{ type: 'ChangePermission', data: { permission: 'private', group: null } }]);
    expect(await watcher.subscribe(`linkfrom:${hidden.contribution._id}`)).toMatchObject({ ok: false, status: 403 });

    const created = await call<{ _id: string }>(t, w.writer.token, 'POST', '/api/links', {
      from: noteId,
      to: other,
      type: 'references',
      data: { text: 'quoted' },
    });
    expect(created.status).toBe(201);
    const saved = await watcher.next((m) => m.event === 'link:save' && m.payload._id === created.body._id);
    expect(saved.payload).toMatchObject({
      from: noteId,
      to: other,
      type: 'references',
      _to: { _id: other, title: 'Built on it' },
      _from: { _id: noteId },
    });
    expect((await call(t, w.writer.token, 'DELETE', `/api/links/${created.body._id}`)).status).toBe(200);
    const removed = await watcher.next((m) => m.event === 'link:remove' && m.payload._id === created.body._id);
    expect(removed.payload).toMatchObject({ from: noteId, to: other, type: 'references' });
    for (const client of [stranger, elsewhere]) expect(client.received.filter((m) => m.event !== 'subscribe:refused')).toEqual([]);
    for (const client of [watcher, stranger, elsewhere]) client.close();
  });

  it('cuts a client whose send buffer passes the bound (a polling client that stopped polling); the others go on', async () => {
    t.app.push.configure({ maxBufferedBytes: 4 * 1024 });
    try {
      // Engine.IO 4 over long polling, by hand: handshake, connect with the token, subscribe; then never poll again.
      const poll = `${base}${kf6SocketPath}/?EIO=4&transport=polling`;
      const sid = (JSON.parse((await (await fetch(poll)).text()).slice(1)) as { sid: string }).sid;
      const post = (body: string) => fetch(`${poll}&sid=${sid}`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
      await post(`40${JSON.stringify({ token: w.writer2.token })}`);
      expect(await (await fetch(`${poll}&sid=${sid}`)).text()).toMatch(/^40\{/);
      await post(`420${JSON.stringify(['subscribe', `linkfrom:${w.welcomeViewId}`])}`);
      expect(await (await fetch(`${poll}&sid=${sid}`)).text()).toMatch(/^430/);

      const fast = await Kf6Client.connect(base, { query: { token: w.writer.token } });
      await fast.subscribe(`linkfrom:${w.welcomeViewId}`);
      const { ref } = await placedNote(w, w.writer, w.welcomeViewId, 1400, 130, 'Queued for a sleeper');
      for (let i = 0; i < 12; i++) {
        expect((await call(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, { data: { x: 1400 + i, y: 130 } })).status).toBe(200);
      }
      await fast.next((m) => m.event === 'link:save' && m.payload._id === ref._id && (m.payload.data as { x?: number }).x === 1411, 2000);
      // The sleeper was forgotten with what was queued for it: its session no longer exists.
      const late = await fetch(`${poll}&sid=${sid}`);
      expect(late.status).toBe(400);
      expect(await late.text()).toContain('Session ID unknown');
      fast.close();
    } finally {
      t.app.push.configure(defaultPushLimits);
    }
  });

  it('a client that stops reading delays no one: the others get the move at once', async () => {
    // A current (EIO4) client spoken by hand over a raw websocket, so that it can stop reading its socket.
    const url = `${base.replace('http', 'ws')}${kf6SocketPath}/?EIO=4&transport=websocket`;
    const raw = new WebSocket(url);
    const frames: string[] = [];
    raw.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      frames.push(text);
      if (text === '2') raw.send('3'); // Engine.IO ping → pong.
    });
    await new Promise((resolve) => raw.once('open', resolve));
    const waitFrame = async (prefix: string) => {
      for (let i = 0; i < 100 && !frames.some((f) => f.startsWith(prefix)); i++) await new Promise((r) => setTimeout(r, 20));
      expect(frames.some((f) => f.startsWith(prefix))).toBe(true);
    };
    raw.send(`40${JSON.stringify({ token: w.writer2.token })}`);
    await waitFrame('40{');
    raw.send(`420${JSON.stringify(['subscribe', `linkfrom:${w.welcomeViewId}`])}`);
    await waitFrame('430');
    const slowSocket = (raw as unknown as { _socket: { pause(): void } })._socket;
    slowSocket.pause();

    const fast = await Kf6Client.connect(base, { query: { token: w.writer.token } });
    await fast.subscribe(`linkfrom:${w.welcomeViewId}`);
    const { ref } = await placedNote(w, w.writer, w.welcomeViewId, 1200, 130, 'Slow and fast');
    for (let i = 0; i < 20; i++) {
      expect((await call(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, { data: { x: 1200 + i, y: 130 } })).status).toBe(200);
    }
    const started = performance.now();
    await fast.next((m) => m.event === 'link:save' && m.payload._id === ref._id && (m.payload.data as { x?: number }).x === 1219, 1000);
    console.log(`KF6 push beside a stalled client: last move seen ${Math.round(performance.now() - started)} ms after the last write`);
    expect(frames.some((f) => f.includes('Slow and fast'))).toBe(false);
    fast.close();
    raw.terminate();
  });
});
