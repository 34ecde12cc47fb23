import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BullmqQueue } from '../../services/adapters/bullmq-queue/bullmqQueue.ts';
import { jobQueueContract } from './jobQueue.features.ts';
import { deleteRedisKeys, requireRedisUnlessLocal, testRedisUrl } from './redisTestServer.ts';

const redisUp = await requireRedisUnlessLocal();
/** Every queue of this run lives under this prefix, one sub-prefix per queue, all deleted at the end. */
const runPrefix = `buildon-test-bullmq-${randomUUID()}`;
let queues = 0;
const openQueue = (prefix = `${runPrefix}-${++queues}`): Promise<BullmqQueue> =>
  BullmqQueue.connect(testRedisUrl, { prefix, pollIntervalMs: 10 });

describe.skipIf(!redisUp)('BullMQ job queue', () => {
  afterAll(async () => {
    await deleteRedisKeys(runPrefix);
  });

  jobQueueContract('BullMQ', () => openQueue());

  describe('across processes sharing Redis and a prefix', () => {
    const opened: BullmqQueue[] = [];
    afterEach(async () => {
      await Promise.allSettled(opened.splice(0).map((queue) => queue.close()));
    });
    const open = async (prefix: string): Promise<BullmqQueue> => {
      const queue = await openQueue(prefix);
      opened.push(queue);
      return queue;
    };

    it('runs a job added by one instance on the worker of another, and both see its status', async () => {
      const prefix = `${runPrefix}-shared-${++queues}`;
      const api = await open(prefix);
      const worker = await open(prefix);
      worker.process<{ n: number }, number>('square', async (data) => data.n * data.n);

      const id = await api.add('square', { n: 7 });

      expect(await api.waitForJob(id, 5_000)).toMatchObject({ state: 'completed', result: 49 });
      expect(await worker.status(id)).toMatchObject({ name: 'square', state: 'completed', result: 49 });
    });

    it('finds a job by id in a fresh instance that never added it', async () => {
      const prefix = `${runPrefix}-lookup-${++queues}`;
      const first = await open(prefix);
      const id = await first.add('kept', {}, { jobId: 'lookup-me' });

      const fresh = await open(prefix);

      expect(await fresh.status(id)).toMatchObject({ id: 'lookup-me', name: 'kept', state: 'waiting' });
      expect(await fresh.add('other-name', {}, { jobId: 'lookup-me' })).toBe('lookup-me');
      expect(await fresh.status(id)).toMatchObject({ name: 'kept' });
    });

    it('keeps queues with different prefixes apart', async () => {
      const one = await openQueue();
      const two = await openQueue();
      opened.push(one, two);
      const id = await one.add('isolated', {}, { jobId: 'same-id' });

      expect((await two.status(id)).state).toBe('unknown');
    });
  });

  it('rejects connecting to a Redis that does not answer', async () => {
    await expect(BullmqQueue.connect('redis://127.0.0.1:1', { connectTimeoutMs: 500 })).rejects.toThrow();
  });
});
