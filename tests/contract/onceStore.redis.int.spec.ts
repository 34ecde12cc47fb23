import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisOnceStore } from '../../services/adapters/redis-oncestore/redisOnceStore.ts';
import { onceStoreContract } from './onceStore.features.ts';
import { deleteRedisKeys, requireRedisUnlessLocal, testRedisUrl } from './redisTestServer.ts';

const redisUp = await requireRedisUnlessLocal();
const prefix = `buildon-test-once-${randomUUID()}:`;

describe.skipIf(!redisUp)('Redis once-store', () => {
  afterAll(async () => {
    await deleteRedisKeys(prefix);
  });

  onceStoreContract('Redis', () => RedisOnceStore.connect(testRedisUrl, { prefix }));

  it('rejects connecting to a Redis that does not answer', async () => {
    await expect(RedisOnceStore.connect('redis://127.0.0.1:1', { connectTimeoutMs: 500 })).rejects.toThrow();
  });
});
