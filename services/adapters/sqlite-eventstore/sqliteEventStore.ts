import type { Event, RecordedEvent } from '../../../contracts/events/event.ts';
import {
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
import type { ImportedEvent } from '../../core/eventStore.ts';
import { BulkImport } from './bulkImport.ts';
import { openDatabase, type SqliteDatabase } from './database.ts';
import { SqliteEventReads } from './eventReads.ts';
import { limit, schema } from './eventRows.ts';
import { GroupCommit, type SqliteEventStoreStats } from './groupCommit.ts';
import { SqliteSubscription } from './sqliteSubscription.ts';

export type { SqliteEventStoreStats } from './groupCommit.ts';
export type { ImportedEvent } from '../../core/eventStore.ts';

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

/**
 * The embedded event store: one SQLite file (see `openDatabase` for the
 * durability settings), used when no `BUILDON_EVENTSTORE_URL` is configured.
 *
 * Writes go through a group commit (groupCommit.ts): the appends of one
 * event-loop turn share one transaction, each in its own savepoint with its
 * own expected-revision check; an `appendMany` is all-or-nothing. Promises
 * settle once the events are durable. Reads are eventReads.ts.
 *
 * Global positions are the table's AUTOINCREMENT key: dense, never reused.
 * Subscriptions are handed each commit's rows in-process (sqliteSubscription.ts).
 */
export class SqliteEventStore implements EventStore {
  private readonly subscriptions = new Set<SqliteSubscription>();
  private readonly writer: GroupCommit;
  private readonly reads: SqliteEventReads;
  private closing: Promise<void> | null = null;

  /**
   * @param db a connection from `openDatabase`; the schema is created if missing.
   */
  constructor(
    private readonly db: SqliteDatabase,
    private readonly options: SqliteEventStoreOptions = {},
  ) {
    db.exec(schema);
    this.reads = new SqliteEventReads(db);
    this.writer = new GroupCommit(db, (rows) => {
      for (const subscription of this.subscriptions) subscription.notify(rows);
    });
  }

  /** Opens (or creates) a SQLite file used only by this store; `close()` closes it. */
  static open(path: string): SqliteEventStore {
    return new SqliteEventStore(openDatabase(path), { closeDatabase: true });
  }

  /** A copy of the counters; `commits` grows by one per group commit. */
  stats(): SqliteEventStoreStats {
    return this.writer.stats();
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

  /**
   * `kf import` into an EMPTY store (issue 23 §3): each batch is one
   * transaction, positions, revisions and event ids kept as exported and
   * checked (bulkImport.ts). When a batch or the source fails, everything
   * written is deleted again and the error rethrown: whole or nothing.
   * Subscriptions are told after each batch.
   */
  async importBatches(batches: AsyncIterable<readonly ImportedEvent[]>): Promise<{ events: number; lastPosition: number }> {
    this.assertOpen();
    this.writer.flush();
    const bulk = new BulkImport(this.db);
    bulk.begin();
    let events = 0;
    let lastPosition = 0;
    try {
      for await (const batch of batches) {
        this.assertOpen();
        lastPosition = bulk.append(batch);
        events += batch.length;
        for (const subscription of this.subscriptions) subscription.notify();
      }
    } catch (error) {
      bulk.discard();
      throw error;
    }
    return { events, lastPosition };
  }

  private enqueue(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (this.closing) return Promise.reject(new Error('The event store is closed'));
    return this.writer.enqueue(appends);
  }

  async readStream<E extends Event = Event>(
    streamName: string,
    options: { fromRevision?: number; maxCount?: number } = {},
  ): Promise<ReadStreamResult<E>> {
    this.assertOpen();
    return this.reads.readStream<E>(streamName, options);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.reads.readAfter(options.after ?? 0, limit(options.maxCount));
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    return this.reads.head();
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    this.assertOpen();
    const pageSize = this.options.subscriptionPageSize ?? 500;
    const subscription = new SqliteSubscription(
      (after) => this.reads.readAfter(after, pageSize),
      options,
      (closed) => this.subscriptions.delete(closed),
      this.options.externalPollMs ?? 500,
      pageSize,
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
      this.writer.flush();
      await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
      if (this.options.closeDatabase) this.db.close();
    })();
    return this.closing;
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('The event store is closed');
  }
}
