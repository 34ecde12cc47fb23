import type { Clock, IdGenerator } from '../core/clock.ts';
import type { EventStore } from '../core/eventStore.ts';
import type { ReadStore } from '../core/readStore.ts';

/**
 * What every use case needs to run commands with read-your-writes. In its own
 * module so that use cases do not import appServices.ts, which imports them
 * (an import loop, issue 22 §6).
 */
export type CommandDeps = {
  eventStore: EventStore;
  readStore: ReadStore;
  /** The projections' read-your-writes barrier. */
  projections: { waitFor(position: number): Promise<void> };
  clock: Clock;
  ids: IdGenerator;
};
