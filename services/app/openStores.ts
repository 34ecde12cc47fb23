import { join } from 'node:path';
import { FsBlobStore } from '../adapters/fs-blobstore/fsBlobStore.ts';
import { InProcessQueue } from '../adapters/inprocess-queue/inProcessQueue.ts';
import { readStoreIdempotency } from '../adapters/readstore-idempotency/readStoreIdempotency.ts';
import type { SqliteDatabase } from '../adapters/sqlite-eventstore/database.ts';
import { SqliteIdempotencyStore } from '../adapters/sqlite-eventstore/idempotencyStore.ts';
import { SqliteEventStore } from '../adapters/sqlite-eventstore/sqliteEventStore.ts';
import { SqliteOnceStore } from '../adapters/sqlite-oncestore/sqliteOnceStore.ts';
import type { BlobStore } from '../core/blobStore.ts';
import type { EventStore } from '../core/eventStore.ts';
import type { IdempotencyStore } from '../core/idempotencyStore.ts';
import type { JobQueue } from '../core/jobQueue.ts';
import type { OnceStore } from '../core/onceStore.ts';
import type { ReadStore } from '../core/readStore.ts';
import type { Config } from './config.ts';
import { opening, withoutPassword } from './dependencyError.ts';
import type { AppLog } from './logger.ts';

/**
 * The stores other than the read store (openReadStore.ts), each embedded
 * (SQLite, files, in process) or at scale (EventStoreDB, Redis, MongoDB) as
 * the configuration says. Scale drivers are imported only when configured:
 * they take seconds to load.
 */

/** The event log: the SQLite file, or EventStoreDB (BUILDON_EVENTSTORE_URL). */
export const openEventStore = async (config: Config, db: SqliteDatabase, log?: AppLog): Promise<EventStore> => {
  const url = config.eventStoreUrl;
  if (!url) return new SqliteEventStore(db);
  return opening('EventStoreDB', 'BUILDON_EVENTSTORE_URL', url, async () => {
    const store = await (await import('../adapters/esdb-eventstore/esdbEventStore.ts')).EsdbEventStore.connect(url);
    const { finished, abandoned } = store.recovered;
    if (finished + abandoned > 0) log?.info({ finished, abandoned }, 'multi-stream appends left open by a crash recovered');
    return store;
  });
};

const redisErrors = (redisUrl: string, log?: AppLog) =>
  log ? { onError: (error: Error) => log.error({ err: error }, `Redis at ${withoutPassword(redisUrl)} (BUILDON_REDIS_URL)`) } : {};

/** Jobs (projection rebuilds): in this process, or BullMQ on Redis (BUILDON_REDIS_URL). */
export const openJobQueue = async (config: Config, log?: AppLog): Promise<JobQueue> => {
  const url = config.redisUrl;
  if (!url) return new InProcessQueue();
  return opening('Redis', 'BUILDON_REDIS_URL', url, async () =>
    (await import('../adapters/bullmq-queue/bullmqQueue.ts')).BullmqQueue.connect(url, { prefix: 'buildon', ...redisErrors(url, log) }),
  );
};

/** Keys used once (robot-check solutions): a SQLite table, or Redis shared by every API node. */
export const openOnceStore = async (config: Config, db: SqliteDatabase, log?: AppLog): Promise<OnceStore> => {
  const url = config.redisUrl;
  if (!url) return new SqliteOnceStore(db);
  return opening('Redis', 'BUILDON_REDIS_URL', url, async () =>
    (await import('../adapters/redis-oncestore/redisOnceStore.ts')).RedisOnceStore.connect(url, {
      prefix: 'buildon:once',
      ...redisErrors(url, log),
    }),
  );
};

/** Attachments: files under the data folder, or GridFS (BUILDON_MONGO_URL). */
export const openBlobStore = async (config: Config, log?: AppLog): Promise<BlobStore> => {
  const url = config.mongoUrl;
  if (url) {
    const { GridfsBlobStore } = await import('../adapters/gridfs-blobstore/gridfsBlobStore.ts');
    return opening('MongoDB', 'BUILDON_MONGO_URL', url, () => GridfsBlobStore.connect(url, { dbName: config.mongoDb }));
  }
  const files = new FsBlobStore(join(config.dataDir, 'blobs'));
  // What uploads interrupted by a crash left behind (issue 22 §5).
  const cleaned = await files.cleanInterrupted();
  if (cleaned.temporary + cleaned.strayMeta > 0) log?.info(cleaned, 'files left by interrupted uploads removed');
  return files;
};

/**
 * Replies kept for retries with the same Idempotency-Key: a SQLite table, or
 * a read-store collection when several API nodes share MongoDB.
 */
export const openIdempotencyStore = async (config: Config, db: SqliteDatabase, readStore: ReadStore): Promise<IdempotencyStore> =>
  config.mongoUrl ? readStoreIdempotency(readStore) : new SqliteIdempotencyStore(db);
