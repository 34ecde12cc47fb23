import { expect } from 'vitest';
import type { Event } from '../../contracts/events/event.ts';
import type { Decider } from '../../services/core/decider.ts';

/**
 * Given/when/then for deciders (after emmett's DeciderSpecification):
 *   spec.given([events]).when(command).then([events])
 *   spec.given([events]).when(command).thenThrows(ErrorClass, 'message')
 */
export const deciderSpec = <State, Command, E extends Event>(decider: Decider<State, Command, E>) => ({
  given: (events: E[]) => ({
    when: (command: Command) => {
      const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
      return {
        then: (expected: E[]) => expect(run()).toEqual(expected),
        thenNothingHappens: () => expect(run()).toEqual([]),
        thenThrows: (errorClass: new (...args: never[]) => Error, message?: string | RegExp) => {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(errorClass);
          if (message !== undefined) expect((thrown as Error).message).toMatch(message);
          return thrown as Error;
        },
      };
    },
  }),
});
