import { AsyncLocalStorage } from 'node:async_hooks';
import { AcceptedNotVisibleError } from '../core/errors.ts';
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
} from '../core/eventStore.ts';
import type { Event, RecordedEvent } from '../../contracts/events/event.ts';

/** What one HTTP request wrote so far: enough to name what it created when the read models lag. */
export type RequestContext = { created: string[]; readsOnly: boolean };

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs one request's handler with its own context (services/api/plugins/idempotency.ts wraps every handler). */
export const runInRequestContext = <T>(work: () => T, options: { readsOnly?: boolean } = {}): T =>
  storage.run({ created: [], readsOnly: options.readsOnly === true }, work);

/**
 * Whether the running request may change something: a POST, PUT, PATCH or DELETE route not marked
 * `readsOnly` (a search sent as POST). The community gate refuses researchers these (issue 24 §5).
 */
export const inWriteRequest = (): boolean => {
  const context = storage.getStore();
  return context !== undefined && !context.readsOnly;
};

/** The ids a write creates: a new stream's id (`contribution-<id>` → id) and each new link. */
const createdIds = (streamName: string, expected: ExpectedRevision | undefined, events: readonly NewEvent[]): string[] => {
  const ids: string[] = [];
  const dash = streamName.indexOf('-');
  if (expected === 'no_stream' && dash > 0) ids.push(streamName.slice(dash + 1));
  for (const event of events) {
    const linkId = (event.data as { linkId?: unknown } | undefined)?.linkId;
    if (event.type === 'LinkCreated' && typeof linkId === 'string') ids.push(linkId);
  }
  return ids;
};

const record = (streamName: string, expected: ExpectedRevision | undefined, events: readonly NewEvent[]): void => {
  const context = storage.getStore();
  if (context) context.created.push(...createdIds(streamName, expected, events));
};

/**
 * The event store the use cases write through: the store itself, plus a note
 * in the request's context of what each append created.
 */
export class RecordingEventStore implements EventStore {
  constructor(private readonly store: EventStore) {}

  async append(streamName: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    const result = await this.store.append(streamName, events, options);
    record(streamName, options?.expectedRevision, events);
    return result;
  }
  async appendMany(appends: readonly StreamAppend[]): Promise<AppendManyResult> {
    const result = await this.store.appendMany(appends);
    for (const part of appends) record(part.streamName, part.expectedRevision, part.events);
    return result;
  }
  readStream<E extends Event = Event>(
    streamName: string,
    options?: { fromRevision?: number; maxCount?: number },
  ): Promise<ReadStreamResult<E>> {
    return this.store.readStream<E>(streamName, options);
  }
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.store.readAll(options);
  }
  headPosition(): Promise<number> {
    return this.store.headPosition();
  }
  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.store.subscribeToAll(options);
  }
  close(): Promise<void> {
    return this.store.close();
  }
}

/**
 * The read-your-writes barrier of the use cases: when the read models do not
 * reach a successful write in time, the request answers 202 with the ids it
 * created (AcceptedNotVisibleError) instead of a 500 a client would retry.
 */
export const acceptingWhenLate = (runner: { waitFor(position: number, timeoutMs?: number): Promise<void> }, timeoutMs = 10_000) => ({
  async waitFor(position: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeoutMs);
    });
    try {
      // The runner's own deadline is later: ours decides, its waiter is dropped soon after.
      const outcome = await Promise.race([runner.waitFor(position, timeoutMs + 5_000), late]);
      if (outcome === 'late') throw new AcceptedNotVisibleError([...new Set(storage.getStore()?.created ?? [])], position);
    } finally {
      clearTimeout(timer);
    }
  },
});
