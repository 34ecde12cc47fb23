import type { Event, EventMetadata } from '../../contracts/events/event.ts';
import { AggregateCache, loadFolded } from './aggregateCache.ts';
import { defaultConflictRetry, pauseBeforeRetry } from './conflictRetry.ts';
import { ConcurrencyError } from './errors.ts';
import { StreamLocks } from './streamLocks.ts';
import { revisionMatches, type AppendResult, type EventStore, type ExpectedRevision } from './eventStore.ts';

/**
 * A decider is the whole behaviour of one aggregate, pure:
 * `decide(command, state)` returns the events the command causes (or throws a
 * BuildonError), `evolve(state, event)` folds one event into the state.
 */
export type Decider<State, Command, E extends Event> = {
  initialState: () => State;
  evolve: (state: State, event: E) => State;
  decide: (command: Command, state: State) => E[];
  /**
   * Optional: folds many events at once, equal to `events.reduce(evolve,
   * state)` but free to share work between them (a long stream loads in linear
   * time). Must not mutate `state`.
   */
  evolveAll?: (state: State, events: readonly E[]) => State;
};

export type CommandResult<State, E extends Event> = AppendResult & {
  newEvents: E[];
  newState: State;
};

export type HandleOptions = {
  metadata: EventMetadata;
  /**
   * Pin the revision the caller saw (from an If-Match header). When absent the
   * handler retries on a concurrent write, since deciding again is safe.
   */
  expectedRevision?: ExpectedRevision;
  /** Retries after a concurrency conflict when no revision is pinned, each after a jittered pause (default: defaultConflictRetry). */
  retries?: number;
};

/**
 * Loads the stream (the cached fold plus its tail, see AggregateCache), decides,
 * appends with optimistic concurrency. Decides nothing and appends nothing
 * when the decider returns no event.
 */
export const handleCommand = async <State, Command, E extends Event>(
  store: EventStore,
  streamName: string,
  decider: Decider<State, Command, E>,
  command: Command,
  options: HandleOptions,
): Promise<CommandResult<State, E>> => {
  const retries = options.expectedRevision === undefined ? (options.retries ?? defaultConflictRetry.retries) : 0;
  const cache = AggregateCache.of(store);
  for (let attempt = 0; ; attempt++) {
    try {
      return await StreamLocks.of(store).run([streamName], () => decideAndAppend(store, cache, streamName, decider, command, options));
    } catch (error) {
      if (error instanceof ConcurrencyError && (await pauseBeforeRetry(attempt, { ...defaultConflictRetry, retries }))) continue;
      throw error;
    }
  }
};

/** One attempt of `handleCommand`, while this process holds the stream. */
const decideAndAppend = async <State, Command, E extends Event>(
  store: EventStore,
  cache: AggregateCache,
  streamName: string,
  decider: Decider<State, Command, E>,
  command: Command,
  options: HandleOptions,
): Promise<CommandResult<State, E>> => {
  const { state, revision: currentRevision } = await loadFolded(store, streamName, decider);
  if (options.expectedRevision !== undefined && !revisionMatches(options.expectedRevision, currentRevision)) {
    throw new ConcurrencyError(streamName, String(options.expectedRevision), String(currentRevision ?? 'no_stream'));
  }
  const newEvents = decider.decide(command, state);
  const newState = decider.evolveAll ? decider.evolveAll(state, newEvents) : newEvents.reduce(decider.evolve, state);
  if (newEvents.length === 0) {
    return { newEvents, newState, nextExpectedRevision: currentRevision ?? -1, lastPosition: 0 };
  }
  try {
    const result = await store.append(
      streamName,
      newEvents.map((event) => ({ ...event, metadata: options.metadata })),
      { expectedRevision: currentRevision ?? 'no_stream' },
    );
    cache.set(streamName, decider.evolve, newState, result.nextExpectedRevision);
    return { ...result, newEvents, newState };
  } catch (error) {
    // Someone else wrote first: the next attempt reads the stream whole.
    if (error instanceof ConcurrencyError) cache.delete(streamName);
    throw error;
  }
};

/** Folds a stream without deciding anything: the current state of one aggregate. */
export const loadAggregate = async <State, E extends Event>(
  store: EventStore,
  streamName: string,
  decider: Pick<Decider<State, unknown, E>, 'initialState' | 'evolve' | 'evolveAll'>,
): Promise<{ state: State; revision: number | null }> => loadFolded(store, streamName, decider);
