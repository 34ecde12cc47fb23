import type { Event, EventMetadata } from '../../contracts/events/event.ts';
import { AggregateCache, loadFolded } from './aggregateCache.ts';
import { defaultConflictRetry, pauseBeforeRetry, type ConflictRetry } from './conflictRetry.ts';
import type { Decider } from './decider.ts';
import { ConcurrencyError } from './errors.ts';
import type { EventStore } from './eventStore.ts';
import { StreamLocks } from './streamLocks.ts';

/** One aggregate's part of a command that writes several facts. */
export type StreamCommand = {
  streamName: string;
  // Each part has its own state and command types; `streamCommand` checks them where the part is made.
  decider: Decider<unknown, unknown, Event>;
  command: unknown;
};

/** A typed part of `handleCommands`. */
export const streamCommand = <State, Command, E extends Event>(
  streamName: string,
  decider: Decider<State, Command, E>,
  command: Command,
): StreamCommand => ({ streamName, decider: decider as unknown as Decider<unknown, unknown, Event>, command });

/**
 * `handleCommand` over several aggregates at once, written atomically: each
 * stream is loaded and its decider decides, then every stream's new events go
 * in ONE `appendMany`, each pinned to the revision it was decided on. Either
 * every fact of the command is stored or none is (a note never without its
 * ref, a build-on link never without its note). On a concurrency conflict
 * with another process the whole command is decided again after a jittered
 * pause; commands of this process on the same streams take turns (StreamLocks).
 * @returns the furthest global position written (0 when nothing was decided).
 */
export const handleCommands = async (
  store: EventStore,
  commands: readonly StreamCommand[],
  options: { metadata: EventMetadata; retry?: ConflictRetry },
): Promise<{ lastPosition: number }> => {
  const cache = AggregateCache.of(store);
  const locks = StreamLocks.of(store);
  const names = commands.map((part) => part.streamName);
  for (let attempt = 0; ; attempt++) {
    try {
      return await locks.run(names, () => attemptOnce(store, cache, commands, options.metadata));
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (!(await pauseBeforeRetry(attempt, options.retry ?? defaultConflictRetry))) throw error;
    }
  }
};

/** Loads, decides and appends once; a ConcurrencyError leaves the streams out of the cache. */
const attemptOnce = async (
  store: EventStore,
  cache: AggregateCache,
  commands: readonly StreamCommand[],
  metadata: EventMetadata,
): Promise<{ lastPosition: number }> => {
  const decided: { part: StreamCommand; revision: number | null; events: Event[]; state: unknown }[] = [];
  for (const part of commands) {
    const { decider } = part;
    const { state, revision } = await loadFolded(store, part.streamName, decider);
    const events = decider.decide(part.command, state);
    if (events.length === 0) continue;
    const next = decider.evolveAll ? decider.evolveAll(state, events) : events.reduce(decider.evolve, state);
    decided.push({ part, revision, events, state: next });
  }
  if (decided.length === 0) return { lastPosition: 0 };
  try {
    const result = await store.appendMany(
      decided.map(({ part, revision, events }) => ({
        streamName: part.streamName,
        events: events.map((event) => ({ ...event, metadata })),
        expectedRevision: revision ?? 'no_stream',
      })),
    );
    decided.forEach(({ part, state }, index) => {
      const written = result.streams[index];
      if (written) cache.set(part.streamName, part.decider.evolve, state, written.nextExpectedRevision);
    });
    return { lastPosition: result.lastPosition };
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
    // Someone else wrote first: the next attempt reads those streams whole.
    for (const { part } of decided) cache.delete(part.streamName);
    throw error;
  }
};
