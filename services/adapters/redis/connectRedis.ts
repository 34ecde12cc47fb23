import { Redis } from 'ioredis';

/**
 * Opens an ioredis connection and waits until it is up. The first failure
 * rejects; errors after that (reconnects) go to `onError`, since nobody is
 * awaiting them. Shared by the BullMQ queue and the Redis once store.
 */
export const connectRedis = async (
  redisUrl: string,
  options: { connectTimeoutMs?: number; onError: (error: Error) => void },
): Promise<Redis> => {
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: options.connectTimeoutMs ?? 5_000 });
  let connected = false;
  redis.on('error', (error: Error) => {
    if (connected) options.onError(error);
  });
  try {
    await redis.connect();
    connected = true;
    return redis;
  } catch (error) {
    redis.disconnect();
    throw error;
  }
};
