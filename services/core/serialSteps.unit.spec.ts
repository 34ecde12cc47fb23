import { describe, expect, it } from 'vitest';
import { SerialSteps } from './serialSteps.ts';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe('SerialSteps', () => {
  it('runs steps one at a time, in order, past a failing one, and idles after steps added while running', async () => {
    const steps = new SerialSteps();
    const done: string[] = [];
    const errors: unknown[] = [];
    let inFlight = 0;
    const step = (name: string) => async () => {
      inFlight += 1;
      expect(inFlight).toBe(1);
      await tick();
      done.push(name);
      inFlight -= 1;
      if (name === 'a') steps.add(step('late'), (err) => errors.push(err));
    };
    steps.add(step('a'), (err) => errors.push(err));
    steps.add(
      () => Promise.reject(new Error('boom')),
      (err) => errors.push(err),
    );
    steps.add(step('b'), (err) => errors.push(err));
    await steps.idle();
    expect(done).toEqual(['a', 'b', 'late']);
    expect(errors).toEqual([new Error('boom')]);
  });
});
