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
import type { BlobStore } from '../core/blobStore.ts';
import { objectIdGenerator, systemClock, type Clock, type IdGenerator } from '../core/clock.ts';
import type { EventStore } from '../core/eventStore.ts';
import type { JobQueue } from '../core/jobQueue.ts';
import type { OnceStore } from '../core/onceStore.ts';
import type { ReadStore } from '../core/readStore.ts';
import { AltchaRobotCheck } from '../integrations/robot-check/altchaRobotCheck.ts';
import { RecaptchaRobotCheck } from '../integrations/robot-check/recaptchaRobotCheck.ts';
import type { RobotCheck } from '../integrations/robot-check/robotCheck.ts';
import { AccountService } from './accounts/accountService.ts';
import { CommunityAccess } from './communities/access.ts';
import { CommunityService } from './communities/communityService.ts';
import { HelpService } from './help/helpService.ts';
import { smtpMailer } from '../integrations/mail/mailer.ts';
import { AuthorService } from './authors/authorService.ts';
import { TimeMachineService } from './timemachine/timeMachineService.ts';
import { ObjectService } from './objects/objectService.ts';
import { CanvasReader } from './canvas/canvasReader.ts';
import { CanvasService } from './canvas/canvasService.ts';
import type { CommandDeps } from './appServices.ts';
import { argon2Hasher, type PasswordHasher } from './accounts/passwords.ts';
import type { AppServices } from './appServices.ts';
import type { Config } from './config.ts';

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
  const db = openDatabase(join(config.dataDir, 'buildon.sqlite'));
  const settings = new SqliteSettingsStore(db);
  const snapshots = new SqliteSnapshotStore(db);
  const closers: (() => Promise<void> | void)[] = [];

  // Scale drivers are imported only when configured: they take seconds to load.
  const eventStore: EventStore = config.eventStoreUrl
    ? await (await import('../adapters/esdb-eventstore/esdbEventStore.ts')).EsdbEventStore.connect(config.eventStoreUrl)
    : new SqliteEventStore(db);

  let memory: MemoryReadStore | null = null;
  let readStore: ReadStore;
  if (config.mongoUrl) {
    const { MongoReadStore } = await import('../adapters/mongo-readstore/mongoReadStore.ts');
    readStore = await MongoReadStore.connect(config.mongoUrl, config.mongoDb);
  } else {
    const saved = snapshots.load(snapshotName);
    memory = saved && saved.version === snapshotFormat ? restoreSnapshot(saved.bytes, options.log) : new MemoryReadStore();
    if (saved) options.log?.info({ checkpoint: saved.checkpoint, bytes: saved.bytes.byteLength }, 'read store snapshot loaded');
    readStore = memory;
  }

  const queue: JobQueue = config.redisUrl
    ? await (await import('../adapters/bullmq-queue/bullmqQueue.ts')).BullmqQueue.connect(config.redisUrl, { prefix: 'buildon' })
    : new InProcessQueue();
  const onceStore: OnceStore = config.redisUrl
    ? await (
        await import('../adapters/redis-oncestore/redisOnceStore.ts')
      ).RedisOnceStore.connect(config.redisUrl, { prefix: 'buildon:once' })
    : new SqliteOnceStore(db);
  const blobStore: BlobStore = config.mongoUrl
    ? await (
        await import('../adapters/gridfs-blobstore/gridfsBlobStore.ts')
      ).GridfsBlobStore.connect(config.mongoUrl, { dbName: config.mongoDb })
    : new FsBlobStore(join(config.dataDir, 'blobs'));

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

  const commandDeps: CommandDeps = { eventStore, readStore, projections: runner, clock, ids: options.ids ?? objectIdGenerator(clock) };
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
