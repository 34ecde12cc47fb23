import { Redis } from 'ioredis';

/**
 * How long a command may wait for Redis, in ms. With Redis down, a request
 * must fail fast (503) rather than queue for ioredis's default ~100 s of
 * reconnect attempts.
 */
export const redisCommandTimeoutMs = 1_500;

/**
 * Opens an ioredis connection and waits until it is up. The first failure
 * rejects; errors after that (reconnects) go to `onError`, since nobody is
 * awaiting them. Shared by the BullMQ queue and the Redis once store.
 *
 * Commands fail fast while Redis is away (issue 22 §5): no offline queue
 * (a command sent while disconnected is refused at once), one retry per
 * command, a command timeout, and reconnect attempts at most 2 s apart so the
 * connection comes back soon after Redis does. Workers' blocking connections
 * override these (BullmqQueue.workerConnection).
 */
export const connectRedis = async (
  redisUrl: string,
  options: { connectTimeoutMs?: number; commandTimeoutMs?: number; onError: (error: Error) => void },
): Promise<Redis> => {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs ?? 5_000,
    commandTimeout: options.commandTimeoutMs ?? redisCommandTimeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
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
