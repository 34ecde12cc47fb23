import { randomBytes } from 'node:crypto';
import { rebuildJobName } from '../../contracts/api/admin.ts';
import { allProjections } from '../../projections/index.ts';
import { servedWhileRebuilding } from '../../projections/backgroundRebuild.ts';
import { ProjectionRunner, type RebuildResult } from '../../projections/runner.ts';
import { SqliteSettingsStore } from '../adapters/sqlite-eventstore/settingsStore.ts';
import { SqliteSnapshotStore } from '../adapters/sqlite-eventstore/snapshotStore.ts';
import type { PasswordHasher } from '../api/accounts/passwords.ts';
import { startAnalyticsJobs, type AnalyticsJobs } from '../api/analytics/aggregateJob.ts';
import { analyticsAggregatesCollectionName } from '../api/analytics/aggregateStore.ts';
import { startLexicalJobs } from '../api/analytics/lexicalJob.ts';
import { ensureLexicalCollections } from '../api/analytics/lexicalStore.ts';
import type { BlobStore } from '../core/blobStore.ts';
import { systemClock, type Clock, type IdGenerator } from '../core/clock.ts';
import type { OnceStore } from '../core/onceStore.ts';
import type { AppServices } from './appServices.ts';
import { buildServices } from './buildServices.ts';
import type { Config } from './config.ts';
import { openEmbeddedDatabase } from './embeddedDatabase.ts';
import type { AppLog } from './logger.ts';
import { memoryReporter } from './memoryReport.ts';
import { openReadStore } from './openReadStore.ts';
import { openBlobStore, openEventStore, openIdempotencyStore, openJobQueue, openOnceStore } from './openStores.ts';
import { keepSnapshots } from './readStoreSnapshot.ts';
import { ItmClient } from '../integrations/itm/itmClient.ts';
import { startItmJobs, type ItmJobs } from '../api/itm/itmJobs.ts';
import { NotificationDigests, startDigestJobs } from '../api/notifications/digest.ts';
import { smtpMailer } from '../integrations/mail/mailer.ts';

/** For entry points that choose how passwords are hashed (the seed hashes its one shared password once). */
export { argon2Hasher, type PasswordHasher } from '../api/accounts/passwords.ts';

export type InfrastructureOptions = {
  log?: AppLog;
  clock?: Clock;
  ids?: IdGenerator;
  passwords?: PasswordHasher;
  /** How long a command waits for the read models before answering 202 (default 10 s). */
  readModelWaitMs?: number;
  /**
   * Read models missing or of an older projection version are rebuilt in the
   * background while the server answers (503 with Retry-After for the routes
   * that read them): the API server sets it (issue 23 §5). Otherwise the
   * opening waits for the rebuild (the CLI, tests).
   */
  rebuildInBackground?: boolean;
};

export type Infrastructure = AppServices & {
  config: Config;
  secret: string;
  blobStore: BlobStore;
  onceStore: OnceStore;
  /** The analytics jobs' trigger where the projections are applied (null on API nodes at scale). */
  analyticsJobs: AnalyticsJobs | null;
  /** The lexical jobs' trigger (issue 13), likewise. */
  lexicalJobs: AnalyticsJobs | null;
  /** The ITM calls' trigger (issue 18 §7) where the projections are applied and ITM is configured. */
  itmJobs: ItmJobs | null;
  /** Saves the embedded read store's snapshot now (no-op at scale). */
  snapshot(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The composition root of the API, the worker and the operator CLI: opens
 * the stores the configuration names (embedded or at scale), restores the
 * read-store snapshot, starts the projections and wires the use cases.
 */
export const openInfrastructure = async (config: Config, options: InfrastructureOptions = {}): Promise<Infrastructure> => {
  const { log } = options;
  const db = await openEmbeddedDatabase(config, log);
  const settings = new SqliteSettingsStore(db);
  const snapshots = new SqliteSnapshotStore(db);

  const eventStore = await openEventStore(config, db, log);
  const read = await openReadStore(config, snapshots, log);
  const readStore = read.store;
  const queue = await openJobQueue(config, log);
  const onceStore = await openOnceStore(config, db, log);
  const blobStore = await openBlobStore(config, log);
  const idempotency = await openIdempotencyStore(config, db, readStore);

  const secret = config.secret ?? settings.getOrCreate('secret', () => randomBytes(32).toString('base64url'));

  const projectionsMode = config.eventStoreUrl ? config.projectionsMode : 'active';
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    projections: allProjections,
    mode: projectionsMode,
    log,
    rebuildInBackground: options.rebuildInBackground ?? false,
  });
  await runner.start();
  // What use cases and routes read: never a read model still being rebuilt (503 instead).
  const servedReadStore = servedWhileRebuilding(readStore, (collection) => runner.rebuildingState(collection));

  const takeSnapshot = read.takeSnapshot;
  const keeper = takeSnapshot
    ? keepSnapshots({ take: takeSnapshot, runner, snapshots, intervalMs: config.snapshotIntervalMs, log })
    : { save: async () => {}, stop: () => {} };

  // Rebuilds run where the projections are applied (the worker at scale).
  if (projectionsMode === 'active') {
    queue.process<{ projections: string[] }, RebuildResult>(rebuildJobName, async (data, job) => {
      const result = await runner.rebuild(data.projections, (progress) => {
        void job.progress(progress.total > 0 ? Math.min(100, Math.floor((progress.done / progress.total) * 100)) : 100);
      });
      await keeper.save();
      return result;
    });
  }

  // Analytics aggregates (issue 12): jobs enqueued as events arrive, run where the projections are applied.
  const clock = options.clock ?? systemClock;
  await readStore.ensureCollection({ name: analyticsAggregatesCollectionName });
  const analyticsJobs =
    projectionsMode === 'active'
      ? await startAnalyticsJobs({
          eventStore,
          readStore: servedReadStore,
          queue,
          runner,
          clock,
          debounceMs: config.analyticsDebounceMs,
          ...(log ? { log } : {}),
        })
      : null;
  // Lexical statistics (issue 13): the same, one job per community updating only its changed notes.
  await ensureLexicalCollections(readStore);
  const lexicalJobs =
    projectionsMode === 'active'
      ? await startLexicalJobs({
          eventStore,
          readStore: servedReadStore,
          queue,
          runner,
          clock,
          debounceMs: config.analyticsDebounceMs,
          ...(log ? { log } : {}),
        })
      : null;

  // ITM (issue 18 §7): its calls are jobs added as events arrive, where the projections are applied.
  const itm = config.itm ? new ItmClient(config.itm) : null;
  const itmJobs =
    itm && projectionsMode === 'active'
      ? startItmJobs({ eventStore, readStore: servedReadStore, queue, runner, client: itm, ...(log ? { log } : {}) })
      : null;

  // The daily e-mail of unread notifications (issue 18 §5): with SMTP, run where the projections are applied.
  const digestMailer = config.mail.smtpUrl ? smtpMailer(config.mail.smtpUrl) : null;
  const notificationDigests = new NotificationDigests({
    eventStore,
    readStore: servedReadStore,
    projections: runner,
    clock,
    mail: digestMailer ? { mailer: digestMailer, from: config.mail.from } : null,
    publicUrl: config.publicUrl,
  });
  if (digestMailer && projectionsMode === 'active') {
    startDigestJobs({ queue, digests: notificationDigests, clock, hour: config.digestHour, ...(log ? { log } : {}) });
  }

  const { close: closeServices, ...useCases } = buildServices(
    config,
    { eventStore, readStore: servedReadStore, onceStore, blobStore, runner, secret, pointLookups: read.pointLookups },
    { ...options, clock },
  );

  const closers: (() => Promise<void> | void)[] = [
    () => keeper.stop(),
    () => analyticsJobs?.stop(),
    () => lexicalJobs?.stop(),
    () => itmJobs?.stop(),
    () => digestMailer?.close(),
    () => queue.close(),
    () => closeServices(),
    () => runner.stop(),
    () => keeper.save(),
    () => onceStore.close(),
    () => blobStore.close(),
    () => readStore.close(),
    () => eventStore.close(),
    () => {
      db.close();
    },
  ];

  return {
    ...useCases,
    config,
    secret,
    runner,
    eventStore,
    readStore: servedReadStore,
    queue,
    analyticsJobs,
    lexicalJobs,
    itm,
    itmJobs,
    notificationDigests,
    idempotency,
    blobStore,
    onceStore,
    storage: {
      eventStore: config.eventStoreUrl ? 'eventstoredb' : 'sqlite',
      readStore: read.kind,
      jobQueue: config.redisUrl ? 'bullmq' : 'in-process',
    },
    memory: memoryReporter(db, read.sqlite ?? null),
    snapshot: () => keeper.save(),
    close: async () => {
      for (const close of closers) {
        try {
          await close();
        } catch (err) {
          log?.error({ err }, 'error while closing');
        }
      }
    },
  };
};
