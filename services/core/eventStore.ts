import type { Event, EventMetadata, RecordedEvent } from '../../contracts/events/event.ts';

/**
 * What an append expects of the stream:
 * - `any`: no check;
 * - `no_stream`: the stream must not exist;
 * - `stream_exists`: it must exist;
 * - a number: the revision (0-based) of the stream's last event.
 */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

/** Whether a stream whose last revision is `actual` (null: no stream) satisfies `expected`. */
export const revisionMatches = (expected: ExpectedRevision, actual: number | null): boolean => {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === null;
    case 'stream_exists':
      return actual !== null;
    default:
      return actual === expected;
  }
};

export type NewEvent<E extends Event = Event> = E & { metadata: EventMetadata };

export type AppendResult = {
  /** Revision of the last appended event; pass it as the next expected revision. */
  nextExpectedRevision: number;
  /** Global position of the last appended event. */
  lastPosition: number;
};

export type ReadStreamResult<E extends Event = Event> = {
  events: RecordedEvent<E>[];
  /** Revision of the stream's last event, or null when the stream does not exist. */
  currentRevision: number | null;
};

export type ReadAllOptions = {
  /** Read events strictly after this global position (0 = from the start). */
  after?: number;
  maxCount?: number;
};

export type SubscribeOptions = {
  /** Deliver events strictly after this position: catch up, then follow the live tail. */
  after?: number;
  /**
   * Called once per event, in global order. The next event waits until the
   * returned promise settles.
   */
  onEvent: (event: RecordedEvent) => void | Promise<void>;
  /** Called if the subscription stops because of an error (including from onEvent). */
  onError?: (error: unknown) => void;
};

export interface Subscription {
  /** Stops delivery. Resolves once no handler call is running. */
  close(): Promise<void>;
}

/**
 * The event store port. Every write in Buildon is an append through it.
 * Adapters: SQLite (embedded) and EventStoreDB (scale); both pass
 * tests/contract/eventStore.features.ts.
 */
export interface EventStore {
  /**
   * Appends events to one stream atomically.
   * @throws ConcurrencyError when `expectedRevision` does not match.
   */
  append(streamName: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;

  readStream<E extends Event = Event>(
    streamName: string,
    options?: { fromRevision?: number; maxCount?: number },
  ): Promise<ReadStreamResult<E>>;

  /** One batch of the global log, in order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;

  /** Global position of the newest event (0 when empty). */
  headPosition(): Promise<number>;

  subscribeToAll(options: SubscribeOptions): Subscription;

  close(): Promise<void>;
}
