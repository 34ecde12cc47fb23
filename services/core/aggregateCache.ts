import type { Event } from '../../contracts/events/event.ts';
import type { EventStore } from './eventStore.ts';

type Evolve<State, E extends Event> = (state: State, event: E) => State;

type Entry = {
  /** The fold that produced `state`: a stream folded by another decider is a miss. */
  evolve: Evolve<unknown, never>;
  state: unknown;
  /** Revision of the last event folded into `state`. */
  revision: number;
};

/**
 * How many folded streams each event store keeps. A note or a view is a few
 * kilobytes of state; a view with thousands of refs a few hundred.
 */
const capacity = 2_000;

/**
 * Folded states of recently used streams: a command on a stream it saw before
 * reads only the events after the cached revision (usually none) instead of
 * the whole stream, and folds only those. Without it, every placement on a
 * view re-reads and re-folds every earlier placement on that view.
 *
 * The cache is a snapshot, never a source of truth: the tail is always read,
 * so events written by another process (the CLI while the server runs) are
 * folded in, and the append still carries the expected revision, so a race
 * is a ConcurrencyError as without the cache. It relies on what deciders
 * already promise: `evolve` returns new states and never mutates its input.
 *
 * One cache per event store (a WeakMap), so test apps never share states.
 * Least recently used entries go first (a Map keeps insertion order).
 */
export class AggregateCache {
  private static readonly perStore = new WeakMap<EventStore, AggregateCache>();
  private readonly entries = new Map<string, Entry>();

  static of(store: EventStore): AggregateCache {
    let cache = AggregateCache.perStore.get(store);
    if (!cache) {
      cache = new AggregateCache();
      AggregateCache.perStore.set(store, cache);
    }
    return cache;
  }

  get<State, E extends Event>(streamName: string, evolve: Evolve<State, E>): { state: State; revision: number } | undefined {
    const entry = this.entries.get(streamName);
    if (!entry || entry.evolve !== (evolve as Evolve<unknown, never>)) return undefined;
    this.entries.delete(streamName);
    this.entries.set(streamName, entry);
    return { state: entry.state as State, revision: entry.revision };
  }

  set<State, E extends Event>(streamName: string, evolve: Evolve<State, E>, state: State, revision: number): void {
    this.entries.delete(streamName);
    this.entries.set(streamName, { evolve: evolve as Evolve<unknown, never>, state, revision });
    if (this.entries.size > capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  delete(streamName: string): void {
    this.entries.delete(streamName);
  }

  get size(): number {
    return this.entries.size;
  }
}

const fold = <State, E extends Event>(
  decider: { evolve: Evolve<State, E>; evolveAll?: (state: State, events: readonly E[]) => State },
  state: State,
  events: readonly E[],
): State => (decider.evolveAll ? decider.evolveAll(state, events) : events.reduce(decider.evolve, state));

/**
 * The current state of one stream folded by `evolve`: the cached state plus
 * the events after it, or the whole stream on a miss. The result is cached.
 */
export const loadFolded = async <State, E extends Event>(
  store: EventStore,
  streamName: string,
  decider: { initialState: () => State; evolve: Evolve<State, E>; evolveAll?: (state: State, events: readonly E[]) => State },
): Promise<{ state: State; revision: number | null }> => {
  const cache = AggregateCache.of(store);
  const cached = cache.get(streamName, decider.evolve);
  if (cached) {
    const tail = await store.readStream<E>(streamName, { fromRevision: cached.revision + 1 });
    // A stream never shrinks; if this one seems to, trust the store, not the cache.
    if (tail.currentRevision !== null && tail.currentRevision === cached.revision + tail.events.length) {
      const state = fold(decider, cached.state, tail.events);
      if (tail.events.length > 0) cache.set(streamName, decider.evolve, state, tail.currentRevision);
      return { state, revision: tail.currentRevision };
    }
    cache.delete(streamName);
  }
  const { events, currentRevision } = await store.readStream<E>(streamName);
  const state = fold(decider, decider.initialState(), events);
  if (currentRevision !== null) cache.set(streamName, decider.evolve, state, currentRevision);
  return { state, revision: currentRevision };
};
