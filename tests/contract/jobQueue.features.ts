import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobContext, JobQueue } from '../../services/core/jobQueue.ts';

/** Opens a fresh, empty queue; the suite closes it after each test. */
export type OpenJobQueue = () => Promise<JobQueue>;

type Gate = { promise: Promise<void>; open: () => void };

const gate = (): Gate => {
  let open = (): void => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `check` to pass, polling often: adapters report state asynchronously. */
const eventually = (check: () => Promise<void> | void, timeout = 15_000): Promise<void> => vi.waitFor(check, { timeout, interval: 10 });

/**
 * The behaviour every JobQueue adapter shares (services/core/jobQueue.ts).
 * Delays and backoffs are kept short (those whose waiting state is checked
 * last 1.5 s, so a loaded machine still sees it) so the suite runs in seconds on
 * any adapter; timing assertions allow generous slack.
 * @param label adapter name shown in the test report
 * @param open returns a new queue that shares no jobs with queues of earlier tests
 */
export const jobQueueContract = (label: string, open: OpenJobQueue): void => {
  describe(`JobQueue contract: ${label}`, () => {
    const opened: JobQueue[] = [];
    /** Gates a test may leave closed; opened before closing queues so running jobs can end. */
    const gates: Gate[] = [];

    const openQueue = async (): Promise<JobQueue> => {
      const queue = await open();
      opened.push(queue);
      return queue;
    };
    const newGate = (): Gate => {
      const created = gate();
      gates.push(created);
      return created;
    };

    afterEach(async () => {
      for (const g of gates.splice(0)) g.open();
      await Promise.allSettled(opened.splice(0).map((queue) => queue.close()));
    });

    it('runs a job and makes its result visible', async () => {
      const queue = await openQueue();
      const contexts: JobContext[] = [];
      queue.process<{ n: number }, { doubled: number }>('double', async (data, context) => {
        contexts.push(context);
        return { doubled: data.n * 2 };
      });
      const id = await queue.add('double', { n: 21 });

      const done = await queue.waitForJob(id, 15_000);

      expect(done).toMatchObject({ id, name: 'double', state: 'completed', attemptsMade: 1, result: { doubled: 42 } });
      expect(done.failedReason).toBeUndefined();
      expect(await queue.status(id)).toMatchObject({ id, state: 'completed', result: { doubled: 42 } });
      expect(contexts).toHaveLength(1);
      expect(contexts[0]).toMatchObject({ id, name: 'double', attempt: 1 });
    });

    it('keeps jobs added before their handler is registered until it is', async () => {
      const queue = await openQueue();
      const id = await queue.add('later', { text: 'hello' });
      await sleep(30);
      expect(await queue.status(id)).toMatchObject({ id, name: 'later', state: 'waiting', attemptsMade: 0 });

      queue.process<{ text: string }, string>('later', async (data) => data.text.toUpperCase());

      expect(await queue.waitForJob(id, 15_000)).toMatchObject({ state: 'completed', result: 'HELLO' });
    });

    it('retries a failing job and records the success', async () => {
      const queue = await openQueue();
      const attempts: number[] = [];
      queue.process('flaky', async (_data, context) => {
        attempts.push(context.attempt);
        if (context.attempt < 3) throw new Error(`try ${context.attempt} failed`);
        return 'ok';
      });
      const id = await queue.add('flaky', {}, { attempts: 3, backoffMs: 10 });

      const done = await queue.waitForJob(id, 15_000);

      expect(done).toMatchObject({ state: 'completed', result: 'ok', attemptsMade: 3 });
      expect(done.failedReason).toBeUndefined();
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('fails a job for good with the last reason once its attempts are used up', async () => {
      const queue = await openQueue();
      let calls = 0;
      queue.process('doomed', async (_data, context) => {
        calls += 1;
        throw new Error(`boom on try ${context.attempt}`);
      });
      const id = await queue.add('doomed', {}, { attempts: 2, backoffMs: 10 });

      const done = await queue.waitForJob(id, 15_000);

      expect(done).toMatchObject({ state: 'failed', attemptsMade: 2, failedReason: 'boom on try 2' });
      expect(done.result).toBeUndefined();
      expect(calls).toBe(2);
    });

    it('tries a job once by default', async () => {
      const queue = await openQueue();
      let calls = 0;
      queue.process('once', async () => {
        calls += 1;
        throw new Error('nope');
      });
      const id = await queue.add('once', {});

      expect(await queue.waitForJob(id, 15_000)).toMatchObject({ state: 'failed', attemptsMade: 1, failedReason: 'nope' });
      expect(calls).toBe(1);
    });

    it('waits for the backoff between tries', async () => {
      const queue = await openQueue();
      const startedAt: number[] = [];
      queue.process('slow-retry', async () => {
        startedAt.push(Date.now());
        if (startedAt.length === 1) throw new Error('first try fails');
        return 'ok';
      });
      // A backoff long enough that the job is still waiting for it when we look, even on a loaded machine.
      const id = await queue.add('slow-retry', {}, { attempts: 2, backoffMs: 1_500 });

      await eventually(async () => expect((await queue.status(id)).attemptsMade).toBe(1));
      expect((await queue.status(id)).state).toBe('delayed');
      expect(await queue.waitForJob(id, 15_000)).toMatchObject({ state: 'completed' });
      const [first = 0, second = 0] = startedAt;
      expect(second - first).toBeGreaterThanOrEqual(1_200);
    });

    it('starts a delayed job no sooner than asked', async () => {
      const queue = await openQueue();
      let startedAt = 0;
      queue.process('delayed', async () => {
        startedAt = Date.now();
      });
      const addedAt = Date.now();
      // Long enough that the job is still delayed when we look, even on a loaded machine.
      const id = await queue.add('delayed', {}, { delayMs: 1_500 });

      expect((await queue.status(id)).state).toBe('delayed');
      expect(await queue.waitForJob(id, 15_000)).toMatchObject({ state: 'completed' });
      expect(startedAt - addedAt).toBeGreaterThanOrEqual(1_300);
      expect(startedAt - addedAt).toBeLessThan(6_000);
    });

    it('does not add a job whose id is still known, before or after it ran', async () => {
      const queue = await openQueue();
      const seen: number[] = [];
      const first = await queue.add('dedup', { n: 1 }, { jobId: 'report-1' });
      const second = await queue.add('dedup', { n: 2 }, { jobId: 'report-1' });
      queue.process<{ n: number }, number>('dedup', async (data) => {
        seen.push(data.n);
        return data.n;
      });

      expect(first).toBe('report-1');
      expect(second).toBe('report-1');
      expect(await queue.waitForJob('report-1', 15_000)).toMatchObject({ id: 'report-1', state: 'completed', result: 1 });

      expect(await queue.add('dedup', { n: 3 }, { jobId: 'report-1' })).toBe('report-1');
      await sleep(100);
      expect(seen).toEqual([1]);
      expect(await queue.status('report-1')).toMatchObject({ state: 'completed', result: 1 });
    });

    it('gives every job without a jobId its own id', async () => {
      const queue = await openQueue();
      const ids = await Promise.all([queue.add('many', {}), queue.add('many', {}), queue.add('many', {})]);
      expect(new Set(ids).size).toBe(3);
    });

    it('accepts any string as a jobId', async () => {
      const queue = await openQueue();
      queue.process<string, string>('odd-ids', async (data) => data);
      for (const jobId of ['42', 'a:b:c', 'with space/and%percent', 'ünïcødé']) {
        expect(await queue.add('odd-ids', jobId, { jobId })).toBe(jobId);
        expect(await queue.waitForJob(jobId, 15_000)).toMatchObject({ id: jobId, state: 'completed', result: jobId });
      }
    });

    it('runs no more jobs of a name at once than its concurrency', async () => {
      const queue = await openQueue();
      let active = 0;
      let most = 0;
      queue.process(
        'limited',
        async () => {
          active += 1;
          most = Math.max(most, active);
          await sleep(40);
          active -= 1;
        },
        { concurrency: 2 },
      );
      const ids = await Promise.all(Array.from({ length: 6 }, () => queue.add('limited', {})));

      const done = await Promise.all(ids.map((id) => queue.waitForJob(id, 15_000)));

      expect(done.every((status) => status.state === 'completed')).toBe(true);
      expect(most).toBe(2);
    });

    it('limits concurrency per name, not across names', async () => {
      const queue = await openQueue();
      const release = newGate();
      const started = new Set<string>();
      for (const name of ['left', 'right']) {
        queue.process(name, async () => {
          started.add(name);
          await release.promise;
        });
      }
      const ids = [await queue.add('left', {}), await queue.add('right', {}), await queue.add('left', {})];

      await eventually(() => expect([...started].sort()).toEqual(['left', 'right']));
      expect((await queue.status(ids[2] ?? '')).state).toBe('waiting');
      release.open();
      for (const id of ids) expect((await queue.waitForJob(id, 15_000)).state).toBe('completed');
    });

    it('shows reported progress in the status', async () => {
      const queue = await openQueue();
      const release = newGate();
      queue.process('progressing', async (_data, context) => {
        await context.progress(50);
        await release.promise;
        await context.progress(100);
        return 'done';
      });
      const id = await queue.add('progressing', {});

      await eventually(async () => expect(await queue.status(id)).toMatchObject({ state: 'active', progress: 50 }));
      release.open();
      expect(await queue.waitForJob(id, 15_000)).toMatchObject({ state: 'completed', progress: 100 });
    });

    it('rejects waitForJob when the job does not finish in time', async () => {
      const queue = await openQueue();
      const id = await queue.add('nobody-handles-this', {});
      const startedAt = Date.now();

      await expect(queue.waitForJob(id, 100)).rejects.toThrow(Error);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(90);
      expect((await queue.status(id)).state).toBe('waiting');
    });

    it('reports an unknown job as unknown and rejects waiting for it', async () => {
      const queue = await openQueue();
      expect(await queue.status('no-such-job')).toMatchObject({ id: 'no-such-job', state: 'unknown' });
      await expect(queue.waitForJob('no-such-job', 1_000)).rejects.toThrow(Error);
    });

    it('lets running jobs finish when closed', async () => {
      const queue = await openQueue();
      let finished = false;
      queue.process('finishing', async () => {
        await sleep(100);
        finished = true;
      });
      const id = await queue.add('finishing', {});
      await eventually(async () => expect((await queue.status(id)).state).toBe('active'));

      await queue.close();

      expect(finished).toBe(true);
    });

    it('rejects pending waitForJob calls when closed', async () => {
      const queue = await openQueue();
      const id = await queue.add('never-handled', {});
      const waiting = queue.waitForJob(id);
      const outcome = waiting.then(
        () => 'resolved',
        (error: unknown) => (error instanceof Error ? 'rejected' : 'rejected with a non-Error'),
      );
      await sleep(30);

      await queue.close();

      expect(await outcome).toBe('rejected');
    });

    it('refuses a second handler for the same name and nonsense options', async () => {
      const queue = await openQueue();
      queue.process('taken', async () => undefined);

      expect(() => queue.process('taken', async () => undefined)).toThrow(Error);
      expect(() => queue.process('zero', async () => undefined, { concurrency: 0 })).toThrow(Error);
      await expect(queue.add('taken', {}, { attempts: 0 })).rejects.toThrow(Error);
      await expect(queue.add('taken', {}, { backoffMs: -1 })).rejects.toThrow(Error);
      await expect(queue.add('taken', {}, { delayMs: Number.NaN })).rejects.toThrow(Error);
    });

    it('processes nothing more once closed', async () => {
      const queue = await openQueue();
      let calls = 0;
      queue.process('after-close', async () => {
        calls += 1;
      });
      await queue.add('after-close', {}, { delayMs: 100 });

      await queue.close();
      await sleep(200);

      expect(calls).toBe(0);
      await expect(queue.add('after-close', {})).rejects.toThrow(Error);
    });
  });
};
