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

/** One stream's part of a multi-stream append. */
export type StreamAppend = {
  streamName: string;
  events: NewEvent[];
  /** Checked like `append`'s; default 'any'. */
  expectedRevision?: ExpectedRevision;
};

export type AppendManyResult = {
  /** One result per part, in the order given. */
  streams: AppendResult[];
  /** Global position of the last event written (the furthest a reader must wait for). */
  lastPosition: number;
};

/**
 * Checks the shape of a multi-stream append (adapters call it first): at least
 * one part, each with events, no stream named twice.
 */
export const checkAppendMany = (appends: readonly StreamAppend[]): void => {
  if (appends.length === 0) throw new TypeError('A multi-stream append needs at least one stream');
  const names = new Set<string>();
  for (const part of appends) {
    if (names.has(part.streamName)) throw new TypeError(`A multi-stream append names ${part.streamName} twice`);
    names.add(part.streamName);
  }
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

  /**
   * Appends to several streams all-or-nothing: one command that writes several
   * facts (a note, its build-on link, its refs in views) is either wholly
   * visible or not at all, also after a crash. Every part's expected revision
   * is checked; one mismatch rejects the whole append with a ConcurrencyError
   * and writes nothing. SQLite does it in one transaction; EventStoreDB, which
   * has no multi-stream transaction, records the intent first and finishes
   * unfinished intents when the store opens (see esdbEventStore.ts).
   */
  appendMany(appends: readonly StreamAppend[]): Promise<AppendManyResult>;

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

/**
 * One event of an export, ready to store by a bulk import (`kf import`): data and metadata already as JSON
 * text. `globalPosition` kept as given (a whole-store export) or, absent,
 * the next position (a community archive, renumbered densely).
 */
export type ImportedEvent = {
  type: string;
  data: string;
  metadata: string;
  streamName: string;
  streamRevision: number;
  globalPosition?: number;
  eventId?: string;
  /** `data` was not parsed by the caller: stored only if SQLite finds it JSON (json_valid). */
  unchecked?: boolean;
};
