import { describe, expect, it } from 'vitest';
import { conflictDelay, defaultConflictRetry, pauseBeforeRetry } from './conflictRetry.ts';
import { StreamLocks } from './streamLocks.ts';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('StreamLocks', () => {
  it('commands on one stream take turns, in arrival order; other streams run at once', async () => {
    const locks = StreamLocks.of({});
    const log: string[] = [];
    let releaseFirst!: () => void;
    const first = locks.run(['view-1'], async () => {
      log.push('a start');
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      log.push('a end');
    });
    const second = locks.run(['view-1'], async () => void log.push('b'));
    const other = locks.run(['view-2'], async () => void log.push('other'));
    await other;
    await tick();
    expect(log).toEqual(['a start', 'other']);
    releaseFirst();
    await Promise.all([first, second]);
    expect(log).toEqual(['a start', 'other', 'a end', 'b']);
    expect(locks.busy).toBe(0);
  });

  it('multi-stream commands in opposite orders never deadlock, and a failure releases the streams', async () => {
    const locks = StreamLocks.of({});
    const runs = Array.from({ length: 50 }, (_, i) =>
      locks.run(i % 2 === 0 ? ['a', 'b'] : ['b', 'a'], async () => {
        await tick();
        if (i % 7 === 0) throw new Error(`fail ${i}`);
        return i;
      }),
    );
    const outcomes = await Promise.allSettled(runs);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(50 - 8);
    expect(locks.busy).toBe(0);
  });

  it('keeps one set of locks per store', () => {
    const store = {};
    expect(StreamLocks.of(store)).toBe(StreamLocks.of(store));
    expect(StreamLocks.of({})).not.toBe(StreamLocks.of(store));
  });
});

describe('conflict retry', () => {
  it('pauses a random time under a bound that doubles per attempt up to the cap', () => {
    const policy = { retries: 10, baseMs: 4, capMs: 100 };
    expect([0, 1, 2, 3, 5, 9].map((attempt) => conflictDelay(attempt, policy, () => 1))).toEqual([4, 8, 16, 32, 100, 100]);
    expect(conflictDelay(3, policy, () => 0)).toBe(0);
    expect(conflictDelay(3, policy, () => 0.5)).toBe(16);
  });

  it('says when no retry is left', async () => {
    expect(await pauseBeforeRetry(defaultConflictRetry.retries)).toBe(false);
    expect(await pauseBeforeRetry(0, { retries: 1, baseMs: 0, capMs: 0 })).toBe(true);
  });
});
