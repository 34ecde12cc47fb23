import type { Event } from '../../../contracts/events/event.ts';
import type { Decider } from '../../core/decider.ts';

/**
 * A decider whose command is a list of commands of `decider`, decided one
 * after the other on the evolving state: their events are appended together
 * (one atomic append), or none if any command is refused.
 */
export const batchDecider = <State, Command, E extends Event>(decider: Decider<State, Command, E>): Decider<State, Command[], E> => ({
  initialState: decider.initialState,
  evolve: decider.evolve,
  ...(decider.evolveAll ? { evolveAll: decider.evolveAll } : {}),
  decide: (commands, state) => {
    const events: E[] = [];
    let current = state;
    for (const command of commands) {
      const next = decider.decide(command, current);
      events.push(...next);
      current = next.reduce(decider.evolve, current);
    }
    return events;
  },
});
