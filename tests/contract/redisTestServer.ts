import { Redis } from 'ioredis';

/** The Redis the contract suites use: `BUILDON_TEST_REDIS_URL`, else a local server. */
export const testRedisUrl = process.env.BUILDON_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers a PING within a second. In CI (where `CI` is set and
 * Redis is always started) an unreachable Redis throws, so the suite fails
 * instead of skipping; elsewhere it prints `skipped: no Redis at <url>`.
 */
export const requireRedisUnlessLocal = async (url = testRedisUrl): Promise<boolean> => {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  let reachable = false;
  try {
    await redis.connect();
    reachable = (await redis.ping()) === 'PONG';
  } catch {
    reachable = false;
  } finally {
    redis.disconnect();
  }
  if (!reachable) {
    if (process.env.CI) throw new Error(`Redis is required in CI but none answers at ${url}`);
    console.warn(`skipped: no Redis at ${url}`);
  }
  return reachable;
};

/** Deletes every key starting with `prefix` (test clean-up). */
export const deleteRedisKeys = async (prefix: string, url = testRedisUrl): Promise<void> => {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
    await redis.quit();
  } finally {
    redis.disconnect();
  }
};
