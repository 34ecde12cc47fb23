import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../services/core/eventStore.ts';
import { ConcurrencyError } from '../../services/core/errors.ts';
import { openDatabase, type SqliteDatabase } from '../../services/adapters/sqlite-eventstore/database.ts';
import { SqliteSettingsStore } from '../../services/adapters/sqlite-eventstore/settingsStore.ts';
import { SqliteSnapshotStore } from '../../services/adapters/sqlite-eventstore/snapshotStore.ts';
import { SqliteEventStore } from '../../services/adapters/sqlite-eventstore/sqliteEventStore.ts';
import { eventStoreContract, freshStream } from './eventStore.features.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'buildon-sqlite-es-'));

const numbered = (n: number, type = 'Numbered'): NewEvent => ({
  type,
  data: { n },
  metadata: { actorId: null, at: '2024-01-01T00:00:00.000Z' },
});

eventStoreContract('SQLite', async () => {
  const dir = tempDir();
  const store = SqliteEventStore.open(join(dir, 'nested', 'events.sqlite'));
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteEventStore (SQLite specifics)', () => {
  let dir: string;
  let path: string;
  let db: SqliteDatabase;
  let store: SqliteEventStore;

  beforeEach(() => {
    dir = tempDir();
    path = join(dir, 'data', 'buildon.sqlite');
    db = openDatabase(path);
    store = new SqliteEventStore(db);
  });
  afterEach(async () => {
    await store.close();
    if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens the file with durable settings: WAL, synchronous=FULL, busy timeout, foreign keys', () => {
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('commits a burst of concurrent appends in one transaction, each with its own outcome', async () => {
    const taken = freshStream();
    await store.append(taken, [numbered(0)]);
    const before = store.stats();

    const streams = Array.from({ length: 50 }, () => freshStream('burst'));
    const outcomes = await Promise.allSettled([
      ...streams.map((name, i) => store.append(name, [numbered(i)], { expectedRevision: 'no_stream' })),
      store.append(taken, [numbered(1)], { expectedRevision: 'no_stream' }),
    ]);

    const after = store.stats();
    expect(after.commits - before.commits).toBe(1);
    expect(after.largestBatch).toBeGreaterThanOrEqual(51);
    expect(after.appends - before.appends).toBe(50);
    expect(after.failedAppends - before.failedAppends).toBe(1);
    expect(outcomes.slice(0, 50).every((o) => o.status === 'fulfilled')).toBe(true);
    const conflict = outcomes[50];
    expect(conflict?.status).toBe('rejected');
    expect(conflict?.status === 'rejected' && conflict.reason instanceof ConcurrencyError).toBe(true);
  });

  it('appends to one stream in one burst see each other in call order', async () => {
    const stream = freshStream();
    const before = store.stats().commits;
    const results = await Promise.all([
      store.append(stream, [numbered(0)], { expectedRevision: 'no_stream' }),
      store.append(stream, [numbered(1), numbered(2)], { expectedRevision: 0 }),
      store.append(stream, [numbered(3)], { expectedRevision: 2 }),
      store.append(stream, [numbered(4)], { expectedRevision: 'stream_exists' }),
    ]);
    expect(store.stats().commits - before).toBe(1);
    expect(results.map((r) => r.nextExpectedRevision)).toEqual([0, 2, 3, 4]);
    expect((await store.readStream(stream)).events.map((e) => e.data)).toEqual([0, 1, 2, 3, 4].map((n) => ({ n })));
  });

  it('appends awaited one by one are separate commits', async () => {
    const stream = freshStream();
    const before = store.stats().commits;
    for (let n = 0; n < 3; n++) await store.append(stream, [numbered(n)]);
    expect(store.stats().commits - before).toBe(3);
  });

  it('a storage error in one append rolls back only that append', async () => {
    db.exec("CREATE TEMP TRIGGER poison BEFORE INSERT ON events WHEN NEW.type = 'Poison' BEGIN SELECT RAISE(ABORT, 'poisoned'); END");
    const good = freshStream();
    const bad = freshStream();
    const outcomes = await Promise.allSettled([
      store.append(good, [numbered(0)]),
      store.append(bad, [numbered(0), numbered(1, 'Poison')]),
      store.append(good, [numbered(1)], { expectedRevision: 0 }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await store.readStream(bad)).toEqual({ events: [], currentRevision: null });
    const { events } = await store.readStream(good);
    expect(events.map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }]);
    // No hole left in the global log by the rolled-back append.
    expect(events[1]!.globalPosition - events[0]!.globalPosition).toBe(1);
  });

  it('a storage error in one part of a multi-stream append rolls back every part, and only that append', async () => {
    db.exec("CREATE TEMP TRIGGER poison BEFORE INSERT ON events WHEN NEW.type = 'Poison' BEGIN SELECT RAISE(ABORT, 'poisoned'); END");
    const note = freshStream('note');
    const view = freshStream('view');
    const other = freshStream();
    const outcomes = await Promise.allSettled([
      store.appendMany([
        { streamName: note, events: [numbered(0)], expectedRevision: 'no_stream' },
        { streamName: view, events: [numbered(1, 'Poison')] },
      ]),
      store.append(other, [numbered(2)]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
    expect(await store.readStream(note)).toEqual({ events: [], currentRevision: null });
    expect(await store.readStream(view)).toEqual({ events: [], currentRevision: null });
    expect((await store.readStream(other)).events).toHaveLength(1);
  });

  it('resolves an append only once it is committed (visible to another connection)', async () => {
    const stream = freshStream();
    const other = new Database(path, { readonly: true });
    try {
      const seen = await store
        .append(stream, [numbered(0)])
        .then(() => other.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM events WHERE stream = ?').get(stream)?.n);
      expect(seen).toBe(1);
    } finally {
      other.close();
    }
  });

  it('delivers to a live subscription the events another process appended to the same file', async () => {
    const stream = freshStream();
    const seen: number[] = [];
    const subscription = store.subscribeToAll({
      after: await store.headPosition(),
      onEvent: (event) => void seen.push(event.globalPosition),
    });
    // A second connection with its own store stands in for `npm run kf` while the server runs.
    const other = SqliteEventStore.open(path);
    const { lastPosition } = await other.append(stream, [numbered(0)]);
    await other.close();
    // Generous for a loaded CI machine; it returns as soon as the event is seen.
    const deadline = Date.now() + 15_000;
    while (!seen.includes(lastPosition) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await subscription.close();
    expect(seen).toContain(lastPosition);
  });

  it('keeps everything when the file is reopened', async () => {
    const a = freshStream();
    const b = freshStream();
    await store.append(a, [numbered(0), numbered(1)]);
    const last = await store.append(b, [numbered(2)]);
    const before = await store.readAll();
    await store.close();
    db.close();

    const reopened = SqliteEventStore.open(path);
    try {
      expect(await reopened.readAll()).toEqual(before);
      expect(await reopened.headPosition()).toBe(last.lastPosition);
      expect((await reopened.readStream(a)).currentRevision).toBe(1);
      const next = await reopened.append(a, [numbered(3)], { expectedRevision: 1 });
      expect(next).toEqual({ nextExpectedRevision: 2, lastPosition: last.lastPosition + 1 });
    } finally {
      await reopened.close();
    }
  });

  it('does not close a shared connection, but closes its own', async () => {
    await store.close();
    expect(db.open).toBe(true);
    const own = SqliteEventStore.open(join(dir, 'own.sqlite'));
    await own.append(freshStream(), [numbered(0)]);
    await own.close();
    await expect(own.headPosition()).rejects.toThrow(/closed/);
  });

  it('commits pending appends when closed', async () => {
    const stream = freshStream();
    const pending = store.append(stream, [numbered(0)]);
    await store.close();
    await expect(pending).resolves.toMatchObject({ nextExpectedRevision: 0 });
    expect(db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM events').get()?.n).toBe(1);
  });

  describe('SqliteSnapshotStore', () => {
    it('saves, replaces and loads named snapshots next to the events', () => {
      const snapshots = new SqliteSnapshotStore(db);
      expect(snapshots.load('readstore')).toBeNull();
      snapshots.save('readstore', 10, 'v1', new Uint8Array([1, 2, 3]));
      snapshots.save('readstore', 42, 'v2', new Uint8Array([9, 8, 7, 6]));
      const loaded = snapshots.load('readstore');
      expect(loaded?.checkpoint).toBe(42);
      expect(loaded?.version).toBe('v2');
      expect(Array.from(loaded?.bytes ?? [])).toEqual([9, 8, 7, 6]);
      expect(loaded?.bytes).toBeInstanceOf(Uint8Array);
      snapshots.delete('readstore');
      expect(snapshots.load('readstore')).toBeNull();
    });

    it('keeps a large snapshot across a reopen', async () => {
      const bytes = new Uint8Array(3_000_000).map((_, i) => i % 251);
      new SqliteSnapshotStore(db).save('big', 7, 'v1', bytes);
      await store.close();
      db.close();
      db = openDatabase(path);
      store = new SqliteEventStore(db);
      const loaded = new SqliteSnapshotStore(db).load('big');
      expect(loaded?.bytes.byteLength).toBe(bytes.byteLength);
      expect(Buffer.from(loaded!.bytes).equals(Buffer.from(bytes))).toBe(true);
    });
  });

  describe('SqliteSettingsStore', () => {
    it('gets, sets and creates a value only once', () => {
      const settings = new SqliteSettingsStore(db);
      expect(settings.get('missing')).toBeNull();
      settings.set('language', 'fr');
      settings.set('language', 'en');
      expect(settings.get('language')).toBe('en');
      let created = 0;
      const make = () => `secret-${++created}`;
      const first = settings.getOrCreate('secret', make);
      expect(new SqliteSettingsStore(db).getOrCreate('secret', make)).toBe(first);
      expect(created).toBe(1);
    });
  });
});
