import type { Redis } from 'ioredis';
import { ServiceUnavailableError } from '../../core/errors.ts';
import type { OnceStore } from '../../core/onceStore.ts';
import { connectRedis } from '../redis/connectRedis.ts';

export type RedisOnceStoreOptions = {
  /** Prefix of every key (default `buildon:once:`); tests use a unique one. */
  prefix?: string;
  /** How long `connect` waits for Redis before failing, in ms (default 5000). */
  connectTimeoutMs?: number;
  /** Receives connection errors after the first connection (default: `console.error`). */
  onError?: (error: Error) => void;
};

/**
 * The scale once-store: `SET <prefix><key> 1 NX PX <ttl>` on Redis, atomic
 * across every API node; Redis expires the keys itself.
 */
export class RedisOnceStore implements OnceStore {
  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /**
   * Connects to Redis; rejects (leaving nothing open) when it cannot be reached.
   * @param redisUrl e.g. `redis://127.0.0.1:6379/0`
   * @returns the store, owning its connection until `close()`
   */
  static async connect(redisUrl: string, options: RedisOnceStoreOptions = {}): Promise<RedisOnceStore> {
    const onError = options.onError ?? ((error: Error) => console.error('[redis-oncestore]', error));
    const redis = await connectRedis(redisUrl, { connectTimeoutMs: options.connectTimeoutMs, onError });
    return new RedisOnceStore(redis, options.prefix ?? 'buildon:once:');
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new Error(`ttlMs must be a positive number, got ${ttlMs}`);
    // Fails fast while Redis is away (connectRedis): a 503, not a request hanging for ~100 s.
    if (this.redis.status !== 'ready') throw new ServiceUnavailableError('Redis', 5);
    try {
      const reply = await this.redis.set(this.prefix + key, '1', 'PX', Math.ceil(ttlMs), 'NX');
      return reply === 'OK';
    } catch (error) {
      if (this.redis.status !== 'ready') throw new ServiceUnavailableError('Redis', 5, { cause: error });
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.redis.status === 'end') return;
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
