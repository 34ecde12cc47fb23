import { randomUUID } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { Event, EventMetadata, RecordedEvent } from '../../../contracts/events/event.ts';
import { ConcurrencyError } from '../../core/errors.ts';
import {
  revisionMatches,
  checkAppendMany,
  type AppendManyResult,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamResult,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
} from '../../core/eventStore.ts';
import { openDatabase, type SqliteDatabase } from './database.ts';

/** Counters for tests, benchmarks and the admin page. */
export type SqliteEventStoreStats = {
  /** SQLite transactions committed by the group-commit writer (one fsync each). */
  commits: number;
  /** Appends that succeeded. */
  appends: number;
  /** Appends that failed (concurrency conflict or a storage error). */
  failedAppends: number;
  /** Events written. */
  events: number;
  /** The most appends ever committed in one transaction. */
  largestBatch: number;
};

export type SqliteEventStoreOptions = {
  /**
   * Close the database when the store closes. `SqliteEventStore.open` sets it;
   * a shared connection (snapshots, settings) is closed by whoever opened it.
   */
  closeDatabase?: boolean;
  /** Events read per query when a subscription catches up (default 500). */
  subscriptionPageSize?: number;
  /**
   * How often an idle subscription looks for events appended by another
   * process on the same file, e.g. `npm run kf -- create-admin` while the
   * server runs (default 500 ms; 0 disables). Commits in this process wake
   * subscriptions at once.
   */
  externalPollMs?: number;
};

type EventRow = {
  position: number;
  event_id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
};

type SerializedEvent = { type: string; data: string; metadata: string };

/** One stream's events in an append. */
type PendingPart = {
  streamName: string;
  events: SerializedEvent[];
  expected: ExpectedRevision;
};

/** One call of `append` (one part) or `appendMany` (several, all-or-nothing). */
type PendingAppend = {
  parts: PendingPart[];
  resolve: (results: AppendResult[]) => void;
  reject: (error: unknown) => void;
};

const schema = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id    TEXT    NOT NULL UNIQUE,
    stream      TEXT    NOT NULL,
    revision    INTEGER NOT NULL,
    type        TEXT    NOT NULL,
    data        TEXT    NOT NULL,
    metadata    TEXT    NOT NULL,
    recorded_at TEXT    NOT NULL,
    UNIQUE (stream, revision)
  );
  CREATE TABLE IF NOT EXISTS streams (
    name     TEXT PRIMARY KEY,
    revision INTEGER NOT NULL
  ) WITHOUT ROWID;
`;

const columns = 'position, event_id, stream, revision, type, data, metadata';

/**
 * The embedded event store: one SQLite file (see `openDatabase` for the
 * durability settings), used when no `BUILDON_EVENTSTORE_URL` is configured.
 *
 * Writes go through a **group commit**: every append issued while a flush is
 * pending (the same event-loop turn, up to the next `setImmediate`) is written
 * in ONE transaction, so N concurrent commands cost one fsync instead of N.
 * Each append still gets its own expected-revision check and its own outcome:
 * it runs inside a savepoint, a conflict rejects only that append, and two
 * appends to the same stream in one batch see each other in call order.
 * An `appendMany` is one such append over several streams: its savepoint
 * holds every part, so all of them are written or none.
 * Promises settle only after COMMIT returned, i.e. once the events are durable.
 *
 * Global positions are the table's AUTOINCREMENT key: dense, never reused.
 * Subscriptions are notified in-process after each commit.
 */
export class SqliteEventStore implements EventStore {
  private readonly counters: SqliteEventStoreStats = { commits: 0, appends: 0, failedAppends: 0, events: 0, largestBatch: 0 };
  private readonly subscriptions = new Set<SqliteSubscription>();
  private pending: PendingAppend[] = [];
  private flushHandle: ReturnType<typeof setImmediate> | null = null;
  private closing: Promise<void> | null = null;

  private readonly selectStreamRevision: Statement<[string], { revision: number }>;
  private readonly upsertStreamRevision: Statement<[string, number]>;
  private readonly insertEvent: Statement<[string, string, number, string, string, string, string]>;
  private readonly selectStream: Statement<[string, number, number], EventRow>;
  private readonly selectStreamTail: Statement<[string, number], EventRow>;
  private readonly selectAll: Statement<[number, number], unknown[]>;
  private readonly selectPage: Statement<[number, number, number], [string | null, number]>;
  private readonly selectHead: Statement<[], { head: number | null }>;
  private readonly commitBatch: (batch: PendingAppend[]) => (AppendResult[] | Error)[];

  /**
   * @param db a connection from `openDatabase`; the schema is created if missing.
   */
  constructor(
    private readonly db: SqliteDatabase,
    private readonly options: SqliteEventStoreOptions = {},
  ) {
    db.exec(schema);
    this.selectStreamRevision = db.prepare<[string], { revision: number }>('SELECT revision FROM streams WHERE name = ?');
    this.upsertStreamRevision = db.prepare<[string, number]>(
      'INSERT INTO streams (name, revision) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET revision = excluded.revision',
    );
    this.insertEvent = db.prepare<[string, string, number, string, string, string, string]>(
      'INSERT INTO events (event_id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.selectStream = db.prepare<[string, number, number], EventRow>(
      `SELECT ${columns} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?`,
    );
    // The same without LIMIT, for the common whole-tail read: a bound LIMIT
    // makes SQLite's step several times slower here, even when it is -1.
    this.selectStreamTail = db.prepare<[string, number], EventRow>(
      `SELECT ${columns} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision`,
    );
    // The global read is the hot path of catch-up and rebuilds. SQLite writes
    // each page of events as ONE JSON text (an array of row arrays, the stored
    // data and metadata embedded as they are), so a page costs one call into
    // SQLite, one string and one JSON.parse instead of work per row and column.
    // Rows of the subquery reach group_concat in its ORDER BY order (`fromPage`
    // checks it). A text over the byte limit is not returned (a JS string
    // cannot hold it): the page is then read row by row.
    this.selectPage = db
      .prepare<[number, number, number], [string | null, number]>(
        `SELECT CASE WHEN octet_length(page) <= ? THEN page END, count FROM (
           SELECT '[' || group_concat(row, ',') || ']' AS page, count(*) AS count FROM (
             SELECT concat('[', position, ',', json_quote(event_id), ',', json_quote(stream), ',', revision, ',',
                           json_quote(type), ',', data, ',', metadata, ']') AS row
             FROM events WHERE position > ? ORDER BY position LIMIT ?))`,
      )
      .raw(true);
    // Row by row, for a page too large for one string.
    this.selectAll = db
      .prepare<[number, number], unknown[]>(
        `SELECT position, event_id, stream, revision, type, '[' || data || ',' || metadata || ']' FROM events WHERE position > ? ORDER BY position LIMIT ?`,
      )
      .raw(true);
    this.selectHead = db.prepare<[], { head: number | null }>('SELECT MAX(position) AS head FROM events');

    // A nested better-sqlite3 transaction is a SAVEPOINT: a failing append
    // rolls back alone and the batch goes on.
    const appendOne = db.transaction((append: PendingAppend) => this.write(append));
    const batchTransaction = db.transaction((batch: PendingAppend[]) =>
      batch.map((append): AppendResult[] | Error => {
        try {
          return appendOne(append);
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      }),
    );
    // IMMEDIATE takes the write lock up front instead of upgrading mid-way.
    this.commitBatch = (batch) => batchTransaction.immediate(batch);
  }

  /** Opens (or creates) a SQLite file used only by this store; `close()` closes it. */
  static open(path: string): SqliteEventStore {
    return new SqliteEventStore(openDatabase(path), { closeDatabase: true });
  }

  /** A copy of the counters; `commits` grows by one per group commit. */
  stats(): SqliteEventStoreStats {
    return { ...this.counters };
  }

  async append(streamName: string, events: NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    const [result] = await this.enqueue([{ streamName, events, expectedRevision: options.expectedRevision }]);
    if (!result) throw new Error('Append lost in batch');
    return result;
  }

  /** All parts in one savepoint of the group commit: all of them are written, or none. */
  async appendMany(appends: readonly StreamAppend[]): Promise<AppendManyResult> {
    checkAppendMany(appends);
    const streams = await this.enqueue(appends);
    return { streams, lastPosition: Math.max(0, ...streams.map((result) => result.lastPosition)) };
  }

  private enqueue(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (this.closing) return Promise.reject(new Error('The event store is closed'));
    let parts: PendingPart[];
    try {
      parts = appends.map((part) => ({
        streamName: part.streamName,
        events: serializeEvents(part.events),
        expected: checkExpectedRevision(part.expectedRevision ?? 'any'),
      }));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return new Promise<AppendResult[]>((resolve, reject) => {
      this.pending.push({ parts, resolve, reject });
      this.flushHandle ??= setImmediate(() => this.flush());
    });
  }

  async readStream<E extends Event = Event>(
    streamName: string,
    options: { fromRevision?: number; maxCount?: number } = {},
  ): Promise<ReadStreamResult<E>> {
    this.assertOpen();
    const fromRevision = options.fromRevision ?? 0;
    const rows =
      options.maxCount === undefined
        ? this.selectStreamTail.all(streamName, fromRevision)
        : this.selectStream.all(streamName, fromRevision, limit(options.maxCount));
    const events = rows.map((row) => toRecorded<E>(row));
    // A read to the end ends at the current revision (both are written in one transaction).
    const last = options.maxCount === undefined ? events.at(-1) : undefined;
    const currentRevision = last ? last.streamRevision : (this.selectStreamRevision.get(streamName)?.revision ?? null);
    return { events, currentRevision };
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.readAfter(options.after ?? 0, limit(options.maxCount));
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    return this.selectHead.get()?.head ?? 0;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    this.assertOpen();
    const pageSize = this.options.subscriptionPageSize ?? 500;
    const subscription = new SqliteSubscription(
      (after) => this.readAfter(after, pageSize),
      options,
      (closed) => this.subscriptions.delete(closed),
      this.options.externalPollMs ?? 500,
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * Commits what is pending, stops every subscription (waiting for a running
   * handler) and, for a store from `open`, closes the database.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.flush();
      await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
      if (this.options.closeDatabase) this.db.close();
    })();
    return this.closing;
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('The event store is closed');
  }

  /** Up to `maxCount` events (all when negative) after `after`, read in pages of `globalPageSize`. */
  private readAfter(after: number, maxCount: number): RecordedEvent[] {
    const events: RecordedEvent[] = [];
    let position = after;
    for (;;) {
      const wanted = maxCount < 0 ? globalPageSize : Math.min(globalPageSize, maxCount - events.length);
      if (wanted <= 0) return events;
      const read = this.readPage(position, wanted, events);
      if (read < wanted) return events;
      position = events[events.length - 1]?.globalPosition ?? position;
    }
  }

  /** Appends up to `count` events after `after` to `events`; answers how many. */
  private readPage(after: number, count: number, events: RecordedEvent[]): number {
    let page: [string | null, number] | undefined;
    try {
      page = this.selectPage.get(maxPageBytes, after, count);
    } catch (error) {
      // More than SQLite's own string limit: row by row below.
      if (!(error instanceof Error && 'code' in error && error.code === 'SQLITE_TOOBIG')) throw error;
    }
    if (page?.[0]) return fromPage(page[0], events);
    if (page?.[1] === 0) return 0;
    const rows = this.selectAll.all(after, count);
    for (const row of rows) events.push(fromGlobalRow(row));
    return rows.length;
  }

  /**
   * Runs inside the batch transaction, in a savepoint of its own: a refused
   * part (or a storage error) rolls back every part of this append.
   */
  private write(append: PendingAppend): AppendResult[] {
    const recordedAt = new Date().toISOString();
    return append.parts.map((part) => {
      const current = this.selectStreamRevision.get(part.streamName)?.revision ?? null;
      if (!revisionMatches(part.expected, current)) {
        throw new ConcurrencyError(part.streamName, String(part.expected), current === null ? 'no_stream' : String(current));
      }
      let revision = current ?? -1;
      let position = 0;
      for (const event of part.events) {
        revision++;
        const info = this.insertEvent.run(randomUUID(), part.streamName, revision, event.type, event.data, event.metadata, recordedAt);
        position = Number(info.lastInsertRowid);
      }
      this.upsertStreamRevision.run(part.streamName, revision);
      return { nextExpectedRevision: revision, lastPosition: position };
    });
  }

  /** The group commit: one transaction for every append queued since the last flush. */
  private flush(): void {
    if (this.flushHandle) clearImmediate(this.flushHandle);
    this.flushHandle = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;

    let outcomes: (AppendResult[] | Error)[];
    try {
      outcomes = this.commitBatch(batch);
    } catch (error) {
      // BEGIN or COMMIT failed: nothing of the batch is stored.
      this.counters.failedAppends += batch.length;
      for (const append of batch) append.reject(error);
      return;
    }
    this.counters.commits++;
    this.counters.largestBatch = Math.max(this.counters.largestBatch, batch.length);
    let written = false;
    batch.forEach((append, index) => {
      const outcome = outcomes[index];
      if (outcome === undefined || outcome instanceof Error) {
        this.counters.failedAppends++;
        append.reject(outcome ?? new Error('Append lost in batch'));
        return;
      }
      written = true;
      this.counters.appends++;
      this.counters.events += append.parts.reduce((sum, part) => sum + part.events.length, 0);
      append.resolve(outcome);
    });
    if (written) for (const subscription of this.subscriptions) subscription.notify();
  }
}

/**
 * Catch-up then live tail over the events table. It always reads from the
 * database strictly after the last delivered position, so events committed
 * during catch-up are neither missed nor delivered twice; a commit only wakes
 * it up.
 */
class SqliteSubscription implements Subscription {
  private closed = false;
  private position: number;
  private wake: (() => void) | null = null;
  private readonly done: Promise<void>;

  constructor(
    private readonly readAfter: (after: number) => RecordedEvent[],
    private readonly options: SubscribeOptions,
    private readonly onStopped: (subscription: SqliteSubscription) => void,
    private readonly pollMs: number,
  ) {
    this.position = options.after ?? 0;
    this.done = this.run();
  }

  notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.notify();
    await this.done;
  }

  private async run(): Promise<void> {
    // Let the caller hold the Subscription before the first handler call.
    await Promise.resolve();
    try {
      while (!this.closed) {
        const page = this.readAfter(this.position);
        if (page.length === 0) {
          // Registered synchronously right after the read: no commit can slip in between.
          await new Promise<void>((resolve) => {
            if (this.pollMs > 0) {
              const timer = setTimeout(resolve, this.pollMs);
              timer.unref();
              this.wake = () => {
                clearTimeout(timer);
                resolve();
              };
            } else {
              this.wake = resolve;
            }
          });
          continue;
        }
        for (const event of page) {
          if (this.closed) return;
          await this.options.onEvent(event);
          this.position = event.globalPosition;
        }
      }
    } catch (error) {
      this.closed = true;
      try {
        this.options.onError?.(error);
      } catch {
        // An error handler that throws has nowhere left to report to.
      }
    } finally {
      this.onStopped(this);
    }
  }
}

const limit = (maxCount: number | undefined): number => (maxCount === undefined ? -1 : Math.max(0, Math.floor(maxCount)));

const checkExpectedRevision = (expected: ExpectedRevision): ExpectedRevision => {
  if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0)) {
    throw new TypeError(`Expected revision must be a revision >= 0, 'any', 'no_stream' or 'stream_exists' (got ${expected})`);
  }
  return expected;
};

const serializeEvents = (events: NewEvent[]): SerializedEvent[] => {
  if (events.length === 0) throw new TypeError('An append needs at least one event');
  return events.map((event) => {
    if (typeof event.type !== 'string' || event.type === '') throw new TypeError('An event needs a non-empty type');
    const data = JSON.stringify(event.data ?? {});
    return { type: event.type, data, metadata: JSON.stringify(event.metadata) };
  });
};

const toRecorded = <E extends Event = Event>(row: EventRow): RecordedEvent<E> => {
  const event = {
    type: row.type,
    data: JSON.parse(row.data) as object,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    eventId: row.event_id,
    streamName: row.stream,
    streamRevision: row.revision,
    globalPosition: row.position,
  };
  // The stored type and data are what the writer of E appended.
  return event as RecordedEvent<E>;
};

/** Events per query of the global log (one JSON text each, see `selectPage`). */
const globalPageSize = 1_000;
/** Bytes of UTF-8 a page text may hold: well under V8's longest string (2^29 − 24 UTF-16 units). */
const maxPageBytes = 256 * 1024 * 1024;

type PageRow = [position: number, eventId: string, stream: string, revision: number, type: string, data: object, metadata: EventMetadata];

/** Appends the events of a `selectPage` text to `events`, in global order; answers how many. */
const fromPage = (text: string, events: RecordedEvent[]): number => {
  const rows = JSON.parse(text) as PageRow[];
  let previous = -Infinity;
  for (const row of rows) {
    if (row[0] <= previous) {
      rows.sort((a, b) => a[0] - b[0]);
      break;
    }
    previous = row[0];
  }
  // Indexed rather than destructured: array destructuring walks an iterator per row.
  for (const row of rows) {
    events.push({
      type: row[4],
      data: row[5],
      metadata: row[6],
      eventId: row[1],
      streamName: row[2],
      streamRevision: row[3],
      globalPosition: row[0],
    });
  }
  return rows.length;
};

/** A row of `selectAll`: [position, event_id, stream, revision, type, '[data,metadata]']. */
const fromGlobalRow = (row: unknown[]): RecordedEvent => {
  const [data, metadata] = JSON.parse(row[5] as string) as [object, EventMetadata];
  return {
    type: row[4] as string,
    data,
    metadata,
    eventId: row[1] as string,
    streamName: row[2] as string,
    streamRevision: row[3] as number,
    globalPosition: row[0] as number,
  };
};
