import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { rebuildJobName } from '../../contracts/api/admin.ts';
import { allProjections } from '../../projections/index.ts';
import { ProjectionRunner, type RebuildResult } from '../../projections/runner.ts';
import { FsBlobStore } from '../adapters/fs-blobstore/fsBlobStore.ts';
import { InProcessQueue } from '../adapters/inprocess-queue/inProcessQueue.ts';
import { MemoryReadStore } from '../adapters/memory-readstore/memoryReadStore.ts';
import { openDatabase } from '../adapters/sqlite-eventstore/database.ts';
import { SqliteEventStore } from '../adapters/sqlite-eventstore/sqliteEventStore.ts';
import { SqliteSettingsStore } from '../adapters/sqlite-eventstore/settingsStore.ts';
import { SqliteSnapshotStore } from '../adapters/sqlite-eventstore/snapshotStore.ts';
import { SqliteOnceStore } from '../adapters/sqlite-oncestore/sqliteOnceStore.ts';
import { SqliteIdempotencyStore } from '../adapters/sqlite-eventstore/idempotencyStore.ts';
import { readStoreIdempotency } from '../adapters/readstore-idempotency/readStoreIdempotency.ts';
import type { BlobStore } from '../core/blobStore.ts';
import { objectIdGenerator, systemClock, type Clock, type IdGenerator } from '../core/clock.ts';
import type { EventStore } from '../core/eventStore.ts';
import type { JobQueue } from '../core/jobQueue.ts';
import type { OnceStore } from '../core/onceStore.ts';
import type { ReadStore } from '../core/readStore.ts';
import { AltchaRobotCheck } from '../integrations/robot-check/altchaRobotCheck.ts';
import { RecaptchaRobotCheck } from '../integrations/robot-check/recaptchaRobotCheck.ts';
import type { RobotCheck } from '../integrations/robot-check/robotCheck.ts';
import { AccountService } from '../api/accounts/accountService.ts';
import { CommunityAccess } from '../api/communities/access.ts';
import { CommunityService } from '../api/communities/communityService.ts';
import { HelpService } from '../api/help/helpService.ts';
import { smtpMailer } from '../integrations/mail/mailer.ts';
import { AuthorService } from '../api/authors/authorService.ts';
import { TimeMachineService } from '../api/timemachine/timeMachineService.ts';
import { ObjectService } from '../api/objects/objectService.ts';
import { CanvasReader } from '../api/canvas/canvasReader.ts';
import { CanvasService } from '../api/canvas/canvasService.ts';
import type { CommandDeps } from '../core/commandDeps.ts';
import { argon2Hasher, type PasswordHasher } from '../api/accounts/passwords.ts';
import type { AppServices } from './appServices.ts';
import type { Config } from './config.ts';
import { acceptingWhenLate, RecordingEventStore } from './requestContext.ts';

/**
 * A dependency that cannot be opened at start, named with the setting that
 * points to it (issue 22 §5): "Redis at redis://127.0.0.1:6390
 * (BUILDON_REDIS_URL) does not answer: connect ECONNREFUSED …", not
 * "Connection is closed.".
 */
export class DependencyError extends Error {
  constructor(
    readonly dependency: string,
    readonly setting: string,
    readonly target: string,
    cause: unknown,
    verb = 'does not answer',
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`${dependency} at ${target} (${setting}) ${verb}: ${reason}`, { cause });
    this.name = 'DependencyError';
  }
}

/** A URL without its password, for messages and logs. */
const redactUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
};

/** Opens a dependency; a failure names it and its setting. */
const opening = async <T>(dependency: string, setting: string, target: string, open: () => Promise<T> | T, verb?: string): Promise<T> => {
  try {
    return await open();
  } catch (error) {
    throw new DependencyError(dependency, setting, redactUrl(target), error, verb);
  }
};

/** Bumped when the snapshot layout changes; an old snapshot is then ignored. */
const snapshotFormat = 'memory-readstore/1';
const snapshotName = 'readstore';

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void; warn?(obj: object, msg: string): void };

/**
 * The read store from its snapshot, or an empty one when the snapshot cannot
 * be read (issue 20 §0: what an older version wrote must never keep the server
 * from starting). The snapshot only caches the read models: with an empty
 * store the projections rebuild every one of them from the event log.
 */
const restoreSnapshot = (bytes: Uint8Array, log?: Log): MemoryReadStore => {
  try {
    return MemoryReadStore.fromSnapshot(bytes);
  } catch (err) {
    log?.error({ err }, 'the read store snapshot cannot be read: rebuilding the read models from the event log');
    return new MemoryReadStore();
  }
};

export type InfrastructureOptions = {
  log?: Log;
  clock?: Clock;
  ids?: IdGenerator;
  passwords?: PasswordHasher;
  /** How long a command waits for the read models before answering 202 (default 10 s). */
  readModelWaitMs?: number;
};

export type Infrastructure = AppServices & {
  config: Config;
  secret: string;
  blobStore: BlobStore;
  onceStore: OnceStore;
  /** Saves the embedded read store's snapshot now (no-op at scale). */
  snapshot(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The composition root shared by the API, the workers and the CLI: picks
 * embedded or scale adapters from the configuration, restores the read-store
 * snapshot, starts the projections and wires the use cases.
 */
export const openInfrastructure = async (config: Config, options: InfrastructureOptions = {}): Promise<Infrastructure> => {
  // Issue 20 §13: the data folder is the server user's alone (0700), also when an older version made it 0755.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const mode = statSync(config.dataDir).mode & 0o777;
  if (mode !== 0o700) {
    chmodSync(config.dataDir, 0o700);
    options.log?.warn?.({ dataDir: config.dataDir, was: mode.toString(8) }, 'the data folder was open to other accounts: it is now 0700');
  }
  const clock = options.clock ?? systemClock;
  const db = await opening(
    'The database file',
    'BUILDON_DATA_DIR',
    join(config.dataDir, 'buildon.sqlite'),
    () => openDatabase(join(config.dataDir, 'buildon.sqlite')),
    'cannot be opened',
  );
  const settings = new SqliteSettingsStore(db);
  const snapshots = new SqliteSnapshotStore(db);
  const closers: (() => Promise<void> | void)[] = [];

  // Scale drivers are imported only when configured: they take seconds to load.
  const eventStoreUrl = config.eventStoreUrl;
  const eventStore: EventStore = eventStoreUrl
    ? await opening('EventStoreDB', 'BUILDON_EVENTSTORE_URL', eventStoreUrl, async () => {
        const store = await (await import('../adapters/esdb-eventstore/esdbEventStore.ts')).EsdbEventStore.connect(eventStoreUrl);
        const { finished, abandoned } = store.recovered;
        if (finished + abandoned > 0) options.log?.info({ finished, abandoned }, 'multi-stream appends left open by a crash recovered');
        return store;
      })
    : new SqliteEventStore(db);

  let memory: MemoryReadStore | null = null;
  let readStore: ReadStore;
  const mongoUrl = config.mongoUrl;
  if (mongoUrl) {
    const { MongoReadStore } = await import('../adapters/mongo-readstore/mongoReadStore.ts');
    readStore = await opening('MongoDB', 'BUILDON_MONGO_URL', mongoUrl, () => MongoReadStore.connect(mongoUrl, config.mongoDb));
  } else {
    const saved = snapshots.load(snapshotName);
    memory = saved && saved.version === snapshotFormat ? restoreSnapshot(saved.bytes, options.log) : new MemoryReadStore();
    if (saved) options.log?.info({ checkpoint: saved.checkpoint, bytes: saved.bytes.byteLength }, 'read store snapshot loaded');
    readStore = memory;
  }

  const redisUrl = config.redisUrl;
  const redisErrors = (error: Error) => options.log?.error({ err: error }, `Redis at ${redactUrl(redisUrl ?? '')} (BUILDON_REDIS_URL)`);
  const queue: JobQueue = redisUrl
    ? await opening('Redis', 'BUILDON_REDIS_URL', redisUrl, async () =>
        (await import('../adapters/bullmq-queue/bullmqQueue.ts')).BullmqQueue.connect(redisUrl, {
          prefix: 'buildon',
          ...(options.log ? { onError: redisErrors } : {}),
        }),
      )
    : new InProcessQueue();
  const onceStore: OnceStore = redisUrl
    ? await opening('Redis', 'BUILDON_REDIS_URL', redisUrl, async () =>
        (await import('../adapters/redis-oncestore/redisOnceStore.ts')).RedisOnceStore.connect(redisUrl, {
          prefix: 'buildon:once',
          ...(options.log ? { onError: redisErrors } : {}),
        }),
      )
    : new SqliteOnceStore(db);
  let blobStore: BlobStore;
  if (mongoUrl) {
    const { GridfsBlobStore } = await import('../adapters/gridfs-blobstore/gridfsBlobStore.ts');
    blobStore = await opening('MongoDB', 'BUILDON_MONGO_URL', mongoUrl, () =>
      GridfsBlobStore.connect(mongoUrl, { dbName: config.mongoDb }),
    );
  } else {
    const files = new FsBlobStore(join(config.dataDir, 'blobs'));
    // What uploads interrupted by a crash left behind (issue 22 §5).
    const cleaned = await files.cleanInterrupted();
    if (cleaned.temporary + cleaned.strayMeta > 0) options.log?.info(cleaned, 'files left by interrupted uploads removed');
    blobStore = files;
  }

  const secret = config.secret ?? settings.getOrCreate('secret', () => randomBytes(32).toString('base64url'));

  const projectionsMode = config.eventStoreUrl ? config.projectionsMode : 'active';
  const runner = new ProjectionRunner({ eventStore, readStore, projections: allProjections, mode: projectionsMode, log: options.log });
  await runner.start();

  let snapshotPosition = -1;
  const snapshot = async () => {
    if (!memory) return;
    const store = memory;
    const taken = await runner.exclusive(() => ({ position: runner.position, bytes: store.snapshot() }));
    if (taken.position === snapshotPosition) return;
    snapshots.save(snapshotName, taken.position, snapshotFormat, taken.bytes);
    snapshotPosition = taken.position;
  };
  const snapshotTimer =
    memory && config.snapshotIntervalMs > 0
      ? setInterval(
          () => void snapshot().catch((err: unknown) => options.log?.error({ err }, 'snapshot failed')),
          config.snapshotIntervalMs,
        )
      : null;
  snapshotTimer?.unref();

  // Rebuilds run where the projections are applied (the worker at scale).
  if (projectionsMode === 'active') {
    queue.process<{ projections: string[] }, RebuildResult>(rebuildJobName, async (data, job) => {
      const result = await runner.rebuild(data.projections, (progress) => {
        void job.progress(progress.total > 0 ? Math.min(100, Math.floor((progress.done / progress.total) * 100)) : 100);
      });
      await snapshot();
      return result;
    });
  }

  const robotCheck: RobotCheck = config.recaptcha
    ? new RecaptchaRobotCheck({ ...config.recaptcha, once: onceStore })
    : new AltchaRobotCheck({ hmacSecret: `altcha:${secret}`, once: onceStore, ...config.altcha });

  // Use cases write through a store that notes what each request created, and wait for the
  // read models with a deadline after which they answer 202 with those ids (issue 22 §5).
  const commandDeps: CommandDeps = {
    eventStore: new RecordingEventStore(eventStore),
    readStore,
    projections: acceptingWhenLate(runner, options.readModelWaitMs),
    clock,
    ids: options.ids ?? objectIdGenerator(clock),
  };
  const accounts = new AccountService({ ...commandDeps, passwords: options.passwords ?? argon2Hasher });
  const access = new CommunityAccess(readStore);
  const communities = new CommunityService({ ...commandDeps, access, once: onceStore, runner });
  const mailer = config.mail.smtpUrl && config.mail.to ? smtpMailer(config.mail.smtpUrl) : null;
  const help = new HelpService({
    ...commandDeps,
    access,
    mail: mailer && config.mail.to ? { mailer, to: config.mail.to, from: config.mail.from } : null,
    log: options.log,
  });
  const authors = new AuthorService({ ...commandDeps, accounts, access });
  const timeMachine = new TimeMachineService({ eventStore, readStore, access });
  const objects = new ObjectService({ ...commandDeps, access, blobStore, secret, uploadLimitBytes: config.uploadLimitMb * 1024 * 1024 });
  const canvasReader = new CanvasReader({ readStore, access, pointLookups: !config.mongoUrl, secret });
  const canvas = new CanvasService({ ...commandDeps, reader: canvasReader });

  closers.push(
    () => {
      if (snapshotTimer) clearInterval(snapshotTimer);
    },
    () => queue.close(),
    () => mailer?.close(),
    () => runner.stop(),
    () => snapshot(),
    () => onceStore.close(),
    () => blobStore.close(),
    () => readStore.close(),
    () => eventStore.close(),
    () => {
      db.close();
    },
  );

  return {
    config,
    secret,
    accounts,
    access,
    communities,
    help,
    authors,
    timeMachine,
    objects,
    canvasReader,
    canvas,
    commandDeps,
    robotCheck,
    runner,
    eventStore,
    readStore,
    queue,
    idempotency: mongoUrl ? await readStoreIdempotency(readStore) : new SqliteIdempotencyStore(db),
    blobStore,
    onceStore,
    storage: {
      eventStore: config.eventStoreUrl ? 'eventstoredb' : 'sqlite',
      readStore: config.mongoUrl ? 'mongodb' : 'memory',
      jobQueue: config.redisUrl ? 'bullmq' : 'in-process',
    },
    snapshot,
    close: async () => {
      for (const close of closers) {
        try {
          await close();
        } catch (err) {
          options.log?.error({ err }, 'error while closing');
        }
      }
    },
  };
};
