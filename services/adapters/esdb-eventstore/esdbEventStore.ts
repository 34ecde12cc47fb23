import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type EventData,
  type JSONType,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { Event, EventMetadata, RecordedEvent } from '../../../contracts/events/event.ts';
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
import { appendManyWithIntent, recoverIntents, type Intent, type IntentBackend, type IntentEvent } from './intents.ts';

/** Events read from `$all` per request when system events must be skipped. */
const pageSize = 512;

/**
 * Where multi-stream appends record their intents (see intents.ts). Hidden
 * like system streams: readAll, headPosition and subscriptions never show it.
 */
export const intentStream = 'buildon_intents';

/** Intents older than this are dropped by the server (it keeps the stream short); recovery runs at every start. */
const intentMaxAgeSeconds = 30 * 24 * 3600;

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
 * `connect` finishes (or abandons) intents a crash left open (intents.ts).
 */
export class EsdbEventStore implements EventStore {
  private readonly subscriptions = new Set<EsdbSubscription>();
  private closing: Promise<void> | null = null;
  /** What the last `recover()` did (for the start log). */
  recovered: { finished: number; abandoned: number } = { finished: 0, abandoned: 0 };

  /** @param client a client the store now owns: `close()` disposes of it. */
  constructor(private readonly client: EventStoreDBClient) {}

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
    try {
      await this.client.setStreamMetadata(intentStream, { maxAge: intentMaxAgeSeconds });
    } catch {
      // Only keeps the stream short; recovery works without it.
    }
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

  /** The intent process's view of this store. */
  private readonly intents: IntentBackend = {
    appendWithIds: (streamName, events, expected) =>
      this.write(
        streamName,
        events.map((event) => toEventData(event.id, event)),
        expected,
      ),
    currentRevision: (streamName) => this.currentRevision(streamName),
    holds: (streamName, eventId, expected) => this.holds(streamName, eventId, expected),
    recordIntent: async (intent) => {
      // The intent id is the event id: recording it twice stores it once.
      await this.client.appendToStream(intentStream, [
        { id: intent.intentId, contentType: 'application/json', type: 'IntentRecorded', data: toJson(intent), metadata: toJson({}) },
      ]);
    },
    closeIntent: async (intentId, outcome) => {
      await this.client.appendToStream(intentStream, [
        { id: randomUUID(), contentType: 'application/json', type: 'IntentClosed', data: { intentId, outcome }, metadata: toJson({}) },
      ]);
    },
    openIntents: async () => {
      const open = new Map<string, Intent>();
      try {
        for await (const resolved of this.client.readStream(intentStream, { direction: FORWARDS, fromRevision: START })) {
          const event = resolved.event;
          if (!event || !event.isJson || typeof event.data !== 'object' || event.data === null) continue;
          const data = event.data as Record<string, unknown>;
          if (event.type === 'IntentRecorded') open.set(String(data.intentId), data as unknown as Intent);
          if (event.type === 'IntentClosed') open.delete(String(data.intentId));
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return [...open.values()];
    },
  };

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
        lastPosition: commit === undefined ? await this.positionOf(streamName, nextExpectedRevision) : toNumber(commit),
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
    const fromRevision = options.fromRevision ?? 0;
    const maxCount = options.maxCount;
    const events: RecordedEvent<E>[] = [];
    try {
      if (maxCount === undefined || maxCount > 0) {
        const read = this.client.readStream(streamName, {
          direction: FORWARDS,
          fromRevision: BigInt(Math.max(0, Math.floor(fromRevision))),
          ...(maxCount === undefined ? {} : { maxCount: Math.floor(maxCount) }),
        });
        for await (const resolved of read) {
          const event = toRecorded<E>(resolved);
          if (event) events.push(event);
        }
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return { events: [], currentRevision: null };
      throw error;
    }
    const last = events.at(-1);
    // A full read ends at the stream's end; otherwise ask for the last revision.
    if (maxCount === undefined && last) return { events, currentRevision: last.streamRevision };
    return { events, currentRevision: await this.currentRevision(streamName) };
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const wanted = options.maxCount === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor(options.maxCount));
    const result: RecordedEvent[] = [];
    let cursor = options.after ?? 0;
    while (result.length < wanted) {
      const count = Number.isFinite(wanted) ? Math.min(Math.max(wanted - result.length, 64), 4 * pageSize) : undefined;
      let read = 0;
      let lastCommit: number | null = null;
      for await (const resolved of this.client.readAll({
        direction: FORWARDS,
        fromPosition: fromAfter(cursor),
        ...(count === undefined ? {} : { maxCount: count }),
      })) {
        read++;
        const commit = commitOf(resolved);
        if (commit === null || commit <= cursor) continue;
        lastCommit = commit;
        const event = toRecorded(resolved);
        if (event) result.push(event);
        if (result.length >= wanted) break;
      }
      // The start position is inclusive: a page that only repeats it is the end.
      if (count === undefined || lastCommit === null || read < count) break;
      cursor = lastCommit;
    }
    return result;
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    let from: ReadPosition = END;
    let before = Number.POSITIVE_INFINITY;
    for (;;) {
      let read = 0;
      let lowest: number | null = null;
      for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: pageSize })) {
        read++;
        const commit = commitOf(resolved);
        if (commit === null || commit >= before) continue;
        if (toRecorded(resolved)) return commit;
        lowest = commit;
      }
      if (read < pageSize || lowest === null) return 0;
      before = lowest;
      from = { commit: BigInt(lowest), prepare: BigInt(lowest) };
    }
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

  private async currentRevision(streamName: string): Promise<number | null> {
    try {
      for await (const resolved of this.client.readStream(streamName, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (resolved.event) return toNumber(resolved.event.revision);
      }
      return null;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
  }

  /** Whether `streamName` holds the event `eventId`: first where `expected` puts it, then anywhere. */
  private async holds(streamName: string, eventId: string, expected: ExpectedRevision): Promise<boolean> {
    const at = typeof expected === 'number' ? expected + 1 : expected === 'no_stream' ? 0 : null;
    try {
      if (at !== null) {
        for await (const resolved of this.client.readStream(streamName, { direction: FORWARDS, fromRevision: BigInt(at), maxCount: 1 })) {
          if (resolved.event?.id === eventId) return true;
        }
      }
      for await (const resolved of this.client.readStream(streamName, { direction: BACKWARDS, fromRevision: END })) {
        if (resolved.event?.id === eventId) return true;
      }
      return false;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return false;
      throw error;
    }
  }

  /** For servers that do not return the position of an append (before 22.6). */
  private async positionOf(streamName: string, revision: number): Promise<number> {
    for await (const resolved of this.client.readStream(streamName, { direction: FORWARDS, fromRevision: BigInt(revision), maxCount: 1 })) {
      return commitOf(resolved) ?? 0;
    }
    return 0;
  }
}

/**
 * A catch-up subscription on `$all` (server-side filter on system event
 * types). Iterating with `for await` gives back-pressure: the next event is
 * pulled only after the handler's promise settled.
 */
class EsdbSubscription implements Subscription {
  private closed = false;
  private readonly done: Promise<void>;

  constructor(
    private readonly stream: AllStreamSubscription,
    private position: number,
    private readonly options: SubscribeOptions,
    private readonly onStopped: (subscription: EsdbSubscription) => void,
  ) {
    this.done = this.run();
  }

  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      try {
        await this.stream.unsubscribe();
      } catch {
        // Already ended or the connection is gone: nothing left to stop.
      }
      // Ends the `for await` in run() even if the server never closes the call;
      // a handler already running finishes first.
      this.stream.destroy();
    }
    await this.done;
  }

  private async run(): Promise<void> {
    try {
      for await (const resolved of this.stream) {
        if (this.closed) break;
        const commit = commitOf(resolved);
        // The start is exclusive on the server; this also guards against redelivery.
        if (commit === null || commit <= this.position) continue;
        const event = toRecorded(resolved);
        if (!event) continue;
        await this.options.onEvent(event);
        this.position = commit;
      }
    } catch (error) {
      if (!this.closed) {
        this.closed = true;
        void this.stream.unsubscribe().catch(() => undefined);
        try {
          this.options.onError?.(error);
        } catch {
          // An error handler that throws has nowhere left to report to.
        }
      }
    } finally {
      this.onStopped(this);
    }
  }
}

const toEsdbExpected = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new TypeError(`Expected revision must be a revision >= 0, 'any', 'no_stream' or 'stream_exists' (got ${expected})`);
      }
      return BigInt(expected);
  }
};

/** ESDB reads from a position inclusively; callers drop the event at `after` itself. */
const fromAfter = (after: number): ReadPosition => (after <= 0 ? START : { commit: BigInt(after), prepare: BigInt(after) });

const toNumber = (value: bigint): number => {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`EventStoreDB value ${value} does not fit a JavaScript number`);
  return result;
};

const commitOf = (resolved: ResolvedEvent | AllStreamResolvedEvent): number | null => {
  const commit = resolved.event?.position?.commit ?? resolved.commitPosition;
  return commit === undefined ? null : toNumber(commit);
};

const isSystem = (type: string, streamName: string): boolean =>
  type.startsWith('$') || streamName.startsWith('$') || streamName === intentStream;

const toEventData = (id: string, event: Pick<IntentEvent, 'type' | 'data' | 'metadata'>): EventData => ({
  id,
  contentType: 'application/json',
  type: event.type,
  data: toJson(event.data ?? {}),
  metadata: toJson(event.metadata),
});

/** Our events are JSON objects; the driver's JSON type wants an index signature. */
const toJson = (value: object): JSONType => value as JSONType;

/** Maps a driver event to ours, or null for system, link-only or non-JSON events. */
const toRecorded = <E extends Event = Event>(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent<E> | null => {
  const event = resolved.event;
  if (!event || !event.isJson || isSystem(event.type, event.streamId)) return null;
  const metadata = event.metadata;
  const recorded = {
    type: event.type,
    data: typeof event.data === 'object' && event.data !== null ? event.data : {},
    metadata: (typeof metadata === 'object' && metadata !== null && !(metadata instanceof Uint8Array)
      ? metadata
      : { actorId: null, at: event.created.toISOString() }) as EventMetadata,
    eventId: event.id,
    streamName: event.streamId,
    streamRevision: toNumber(event.revision),
    globalPosition: commitOf(resolved) ?? 0,
  };
  // The stored type and data are what the writer of E appended.
  return recorded as RecordedEvent<E>;
};
