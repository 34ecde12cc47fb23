import type { Clock, IdGenerator } from './clock.ts';
import type { EventStore } from './eventStore.ts';
import type { ReadStore } from './readStore.ts';

/**
 * What every use case needs to run commands with read-your-writes: ports
 * only, so use cases take it from the core and never from the composition
 * root that builds them (services/app, issue 22 §6).
 */
export type CommandDeps = {
  eventStore: EventStore;
  readStore: ReadStore;
  /** The projections' read-your-writes barrier. */
  projections: { waitFor(position: number): Promise<void> };
  clock: Clock;
  ids: IdGenerator;
};
