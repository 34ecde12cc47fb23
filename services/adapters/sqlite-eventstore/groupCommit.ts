import { randomUUID } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import { ConcurrencyError } from '../../core/errors.ts';
import { revisionMatches, type AppendResult, type ExpectedRevision, type StreamAppend } from '../../core/eventStore.ts';
import type { SqliteDatabase } from './database.ts';
import { checkExpectedRevision, serializeEvents, type EventRow, type SerializedEvent } from './eventRows.ts';

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

/** One stream's events in an append. */
type PendingPart = {
  streamName: string;
  events: SerializedEvent[];
  expected: ExpectedRevision;
};

/** One call of `append` (one part) or `appendMany` (several, all-or-nothing). */
type PendingAppend = {
  parts: PendingPart[];
  /** The rows `write` inserted (kept only if the append's savepoint was released). */
  rows: EventRow[];
  resolve: (results: AppendResult[]) => void;
  reject: (error: unknown) => void;
};

/**
 * The writer of the SQLite event store, a **group commit**: every append
 * issued while a flush is pending (the same event-loop turn, up to the next
 * `setImmediate`) is written in ONE transaction, so N concurrent commands cost
 * one fsync instead of N. Each append still gets its own expected-revision
 * check and its own outcome: it runs inside a savepoint, a conflict rejects
 * only that append, and two appends to the same stream in one batch see each
 * other in call order. An `appendMany` is one such append over several
 * streams: its savepoint holds every part, so all of them are written or none.
 * Promises settle only after COMMIT returned, i.e. once the events are durable.
 */
export class GroupCommit {
  private readonly counters: SqliteEventStoreStats = { commits: 0, appends: 0, failedAppends: 0, events: 0, largestBatch: 0 };
  private pending: PendingAppend[] = [];
  private flushHandle: ReturnType<typeof setImmediate> | null = null;

  private readonly selectStreamRevision: Statement<[string], { revision: number }>;
  private readonly upsertStreamRevision: Statement<[string, number]>;
  private readonly insertEvent: Statement<[string, string, number, string, string, string, string]>;
  private readonly commitBatch: (batch: PendingAppend[]) => (AppendResult[] | Error)[];

  /**
   * @param db a connection whose schema exists (eventRows.ts `schema`).
   * @param onCommitted called after a commit that wrote at least one append,
   *   with the rows it wrote in position order (subscriptions deliver them
   *   without reading them back).
   */
  constructor(
    db: SqliteDatabase,
    private readonly onCommitted: (rows: readonly EventRow[]) => void,
  ) {
    this.selectStreamRevision = db.prepare<[string], { revision: number }>('SELECT revision FROM streams WHERE name = ?');
    this.upsertStreamRevision = db.prepare<[string, number]>(
      'INSERT INTO streams (name, revision) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET revision = excluded.revision',
    );
    this.insertEvent = db.prepare<[string, string, number, string, string, string, string]>(
      'INSERT INTO events (event_id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
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

  /** A copy of the counters; `commits` grows by one per group commit. */
  stats(): SqliteEventStoreStats {
    return { ...this.counters };
  }

  /** Queues one append of these parts (all or nothing) for the next group commit. */
  enqueue(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
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
      this.pending.push({ parts, rows: [], resolve, reject });
      this.flushHandle ??= setImmediate(() => this.flush());
    });
  }

  /** The group commit: one transaction for every append queued since the last flush. */
  flush(): void {
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
    const rows: EventRow[] = [];
    batch.forEach((append, index) => {
      const outcome = outcomes[index];
      if (outcome === undefined || outcome instanceof Error) {
        this.counters.failedAppends++;
        append.reject(outcome ?? new Error('Append lost in batch'));
        return;
      }
      rows.push(...append.rows);
      this.counters.appends++;
      this.counters.events += append.parts.reduce((sum, part) => sum + part.events.length, 0);
      append.resolve(outcome);
    });
    if (rows.length > 0) this.onCommitted(rows.sort((a, b) => a.position - b.position));
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
        const eventId = randomUUID();
        const info = this.insertEvent.run(eventId, part.streamName, revision, event.type, event.data, event.metadata, recordedAt);
        position = Number(info.lastInsertRowid);
        append.rows.push({ position, event_id: eventId, stream: part.streamName, revision, ...event });
      }
      this.upsertStreamRevision.run(part.streamName, revision);
      return { nextExpectedRevision: revision, lastPosition: position };
    });
  }
}
