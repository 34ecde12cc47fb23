import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  NO_STREAM,
  WrongExpectedVersionError,
  excludeSystemEvents,
  type EventData,
} from '@eventstore/db-client';
import type { Event, RecordedEvent } from '../../../contracts/events/event.ts';
import { ConcurrencyError } from '../../core/errors.ts';
import type {
  AppendManyResult,
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamResult,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from '../../core/eventStore.ts';
import { fromAfter, toEsdbExpected, toEventData, toNumber } from './esdbEvents.ts';
import { esdbIntentBackend, limitIntentStream } from './esdbIntents.ts';
import { headPosition, positionOf, readAll, readStream } from './esdbReads.ts';
import { EsdbSubscription } from './esdbSubscription.ts';
import { appendManyWithIntent, recoverIntents, type IntentBackend } from './intents.ts';

/**
 * The event store of the scale deployment: EventStoreDB (or KurrentDB) over
 * gRPC with `@eventstore/db-client`, chosen when `BUILDON_EVENTSTORE_URL` is set.
 *
 * It keeps the semantics of the SQLite store (same contract suite):
 * - expected revisions map to ANY / NO_STREAM / STREAM_EXISTS / a BigInt, and
 *   `WrongExpectedVersionError` becomes a `ConcurrencyError`;
 * - `readAll`, `headPosition` and `subscribeToAll` skip system events (types
 *   or streams starting with `$`), so a fresh server looks empty;
 * - the global position is the event's **commit position**: a byte offset in
 *   the transaction log, strictly increasing but with gaps (the port allows
 *   them). Appends through gRPC are implicit transactions, where every event has
 *   its own commit position. Positions must stay below 2^53 (9 PB of log);
 * - `after` is strictly-after everywhere.
 *
 * Unlike SQLite there is no group commit here: the server batches writes
 * itself, and concurrent appends are ordered by the server, not by call order.
 *
 * EventStoreDB has no transaction over several streams: `appendMany` records
 * an intent and writes the parts one by one under fixed event ids, and
 * `connect` finishes (or abandons) intents a crash left open (intents.ts,
 * esdbIntents.ts). Reads are esdbReads.ts; the mapping of events, revisions
 * and positions esdbEvents.ts.
 */
export class EsdbEventStore implements EventStore {
  private readonly subscriptions = new Set<EsdbSubscription>();
  private closing: Promise<void> | null = null;
  /** What the last `recover()` did (for the start log). */
  recovered: { finished: number; abandoned: number } = { finished: 0, abandoned: 0 };
  /** The intent process's view of this store. */
  private readonly intents: IntentBackend;

  /** @param client a client the store now owns: `close()` disposes of it. */
  constructor(private readonly client: EventStoreDBClient) {
    this.intents = esdbIntentBackend(client, (streamName, data, expected) => this.write(streamName, data, expected));
  }

  /**
   * Connects with a connection string (`esdb://host:2113?tls=false`) and, so a
   * wrong URL fails at startup rather than on the first command, reads once.
   * @param options.verify read once before returning (default true).
   * @param options.verifyTimeoutMs deadline of that read (default 10 s).
   * @param options.recover finish the multi-stream appends a crash left open (default true).
   */
  static async connect(
    url: string,
    options: { verify?: boolean; verifyTimeoutMs?: number; recover?: boolean } = {},
  ): Promise<EsdbEventStore> {
    const store = new EsdbEventStore(EventStoreDBClient.connectionString(url));
    if (options.verify ?? true) {
      try {
        const probe = store.client.readAll({
          direction: BACKWARDS,
          fromPosition: END,
          maxCount: 1,
          deadline: options.verifyTimeoutMs ?? 10_000,
        });
        for await (const _ of probe) break;
        if (options.recover ?? true) await store.recover();
      } catch (error) {
        await store.close();
        throw error;
      }
    }
    return store;
  }

  /** Finishes or abandons multi-stream appends left open by a crash (intents.ts). */
  async recover(options: { graceMs?: number } = {}): Promise<{ finished: number; abandoned: number }> {
    this.assertOpen();
    await limitIntentStream(this.client);
    this.recovered = await recoverIntents(this.intents, options);
    return this.recovered;
  }

  appendMany(appends: readonly StreamAppend[]): Promise<AppendManyResult> {
    this.assertOpen();
    if (appends.length === 1 && appends[0]) {
      const only = appends[0];
      return this.append(only.streamName, only.events, { expectedRevision: only.expectedRevision }).then((result) => ({
        streams: [result],
        lastPosition: result.lastPosition,
      }));
    }
    return appendManyWithIntent(this.intents, appends, randomUUID);
  }

  async append(streamName: string, events: NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    this.assertOpen();
    if (events.length === 0) throw new TypeError('An append needs at least one event');
    const data = events.map((event): EventData => {
      if (typeof event.type !== 'string' || event.type === '') throw new TypeError('An event needs a non-empty type');
      return toEventData(randomUUID(), event);
    });
    return this.write(streamName, data, options.expectedRevision ?? 'any');
  }

  /** Appends events with their ids; WrongExpectedVersionError becomes a ConcurrencyError. */
  private async write(streamName: string, data: EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    if (data.length === 0) throw new TypeError('An append needs at least one event');
    try {
      const result = await this.client.appendToStream(streamName, data, { expectedRevision: toEsdbExpected(expected) });
      const nextExpectedRevision = toNumber(result.nextExpectedRevision);
      const commit = result.position?.commit;
      return {
        nextExpectedRevision,
        lastPosition: commit === undefined ? await positionOf(this.client, streamName, nextExpectedRevision) : toNumber(commit),
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion as WrongExpectedVersionError['actualVersion'] | undefined;
        throw new ConcurrencyError(
          streamName,
          String(expected),
          actual === undefined || actual === NO_STREAM ? 'no_stream' : String(actual),
        );
      }
      throw error;
    }
  }

  async readStream<E extends Event = Event>(
    streamName: string,
    options: { fromRevision?: number; maxCount?: number } = {},
  ): Promise<ReadStreamResult<E>> {
    this.assertOpen();
    return readStream<E>(this.client, streamName, options);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return readAll(this.client, options);
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    return headPosition(this.client);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    this.assertOpen();
    const after = options.after ?? 0;
    const stream = this.client.subscribeToAll({ fromPosition: fromAfter(after), filter: excludeSystemEvents() });
    const subscription = new EsdbSubscription(stream, after, options, (closed) => this.subscriptions.delete(closed));
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Stops every subscription (waiting for a running handler), then disposes of the client. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
      await this.client.dispose();
    })();
    return this.closing;
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('The event store is closed');
  }
}
