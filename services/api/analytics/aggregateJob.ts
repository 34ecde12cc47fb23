import { randomUUID } from 'node:crypto';
import type { AnalyticsAsOf, AnalyticsJobStatus } from '../../../contracts/api/analytics.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { analyticsProjection } from '../../../projections/analytics/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { Clock } from '../../core/clock.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { EventStore, Subscription } from '../../core/eventStore.ts';
import type { JobQueue } from '../../core/jobQueue.ts';
import type { ReadStore } from '../../core/readStore.ts';
import type { CommunityAccess } from '../communities/access.ts';
import { analyticsAggregatesCollectionName, communitiesChangedAfter, refreshAggregate, staleCommunities } from './aggregateStore.ts';

/**
 * The analytics job (issue 12: heavier aggregates are jobs on the job queue,
 * in-process embedded, BullMQ at scale): recomputes one community's aggregate
 * (aggregateStore.ts) and stores it stamped with the last event it covers.
 *
 * Where the projections are applied (the embedded server; the worker process
 * at scale), `startAnalyticsJobs` registers the handler and follows the event
 * log: when events the analytics projection reads arrive, it waits until they
 * are applied, finds the communities they changed (their heads) and enqueues
 * one job per community and debounce window (the job id names the window, so
 * a burst of events adds one job, run at the window's end). A manager may ask
 * for a refresh at any time (`requestRefresh`).
 */
export const analyticsJobName = 'analytics.aggregate';

export type AnalyticsJobData = { communityId: string };
export type AnalyticsJobResult = { communityId: string; asOf: AnalyticsAsOf };

/** Job ids: `analytics.<kind>-<communityId>-<unique>`, so a status request can tell the job is this community's. */
const jobIdPrefix = (kind: 'auto' | 'refresh', communityId: string) => `${analyticsJobName}.${kind}-${communityId}-`;

/** Where the log is applied: how far, and a way to wait for an event to be applied. */
export type AppliedLog = { readonly position: number; waitFor(position: number, timeoutMs?: number): Promise<void> };

export type AnalyticsJobsOptions = {
  eventStore: EventStore;
  readStore: ReadStore;
  queue: JobQueue;
  runner: AppliedLog;
  clock: Clock;
  /** Length of a debounce window, in ms: at most one job per community per window. */
  debounceMs: number;
  log?: { error(obj: object, msg: string): void };
};

export type AnalyticsJobs = {
  /** Resolves when the jobs enqueued so far by events have been added to the queue (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

/** Registers the analytics job's handler on the queue (only where the projections are applied). */
export const processAnalyticsJobs = (queue: JobQueue, readStore: ReadStore, clock: Clock): void => {
  queue.process<AnalyticsJobData, AnalyticsJobResult>(analyticsJobName, async ({ communityId }, job) => {
    const doc = await refreshAggregate(readStore, clock, communityId);
    await job.progress(100);
    return { communityId, asOf: doc.asOf };
  });
};

/** Registers the handler and enqueues jobs as analytics events arrive; see the module comment. */
export const startAnalyticsJobs = async (options: AnalyticsJobsOptions): Promise<AnalyticsJobs> => {
  const { eventStore, readStore, queue, runner, clock, log } = options;
  const debounceMs = Math.max(1, options.debounceMs);
  await readStore.ensureCollection({ name: analyticsAggregatesCollectionName });
  processAnalyticsJobs(queue, readStore, clock);

  const handles = new Set(analyticsProjection.handles);
  let scanned = runner.position;
  let seen = runner.position;
  let stopped = false;
  // Settles when `stop()` is called: a scan waiting for the projections gives up then, so stopping never waits on them.
  let signalStop = (): void => undefined;
  const stopping = new Promise<void>((resolve) => (signalStop = resolve));
  let running: Promise<void> = Promise.resolve();
  let scheduled = false;

  const enqueue = async (communityId: string): Promise<void> => {
    const now = clock.now().getTime();
    const window = Math.floor(now / debounceMs);
    await queue.add<AnalyticsJobData>(
      analyticsJobName,
      { communityId },
      { jobId: `${jobIdPrefix('auto', communityId)}${window}`, delayMs: (window + 1) * debounceMs - now },
    );
  };

  const scan = async (): Promise<void> => {
    scheduled = false;
    const upTo = seen;
    if (stopped || upTo <= scanned) return;
    await Promise.race([runner.waitFor(upTo, 30_000), stopping]);
    if (stopped) return;
    const changed = await communitiesChangedAfter(readStore, scanned);
    scanned = upTo;
    for (const head of changed) if (!stopped) await enqueue(head.communityId);
  };

  // One scan at most every `scanEveryMs`: a class moving and reading notes adds
  // events by the hundred a minute, and one scan (a read of the heads, a queue
  // add per community) covers them all. Jobs run at their window's end anyway.
  const scanEveryMs = Math.min(250, debounceMs);
  const pause = () => Promise.race([new Promise<void>((resolve) => setTimeout(resolve, scanEveryMs).unref()), stopping]);

  const schedule = (): void => {
    if (scheduled || stopped) return;
    scheduled = true;
    running = running
      .then(pause)
      .then(scan)
      .catch((err: unknown) => log?.error({ err }, 'enqueuing analytics jobs failed; the next event tries again'));
  };

  // Aggregates older than their community's events (the server stopped before their job ran).
  running = staleCommunities(readStore)
    .then(async (communities) => {
      for (const communityId of communities) if (!stopped) await enqueue(communityId);
    })
    .catch((err: unknown) => log?.error({ err }, 'enqueuing stale analytics aggregates failed'));

  let subscription: Subscription | null = eventStore.subscribeToAll({
    after: runner.position,
    onEvent: (event) => {
      if (!handles.has(event.type)) return;
      seen = Math.max(seen, event.globalPosition);
      schedule();
    },
    onError: (err) => {
      subscription = null;
      if (!stopped) log?.error({ err }, 'the analytics jobs stopped following the event log; refreshes still run');
    },
  });

  return {
    idle: async () => {
      for (let last: Promise<void> | null = null; last !== running;) {
        last = running;
        await running;
      }
    },
    stop: async () => {
      stopped = true;
      signalStop();
      await subscription?.close();
      subscription = null;
      await running;
    },
  };
};

export type AnalyticsJobDeps = { queue: JobQueue; access: CommunityAccess };

/** POST /api/analytics/{communityId}/refresh: managers and admins enqueue the community's job now. */
export const requestRefresh = async (deps: AnalyticsJobDeps, user: UserDocument, communityId: string): Promise<{ jobId: string }> => {
  await deps.access.manager(user, communityId);
  const jobId = await deps.queue.add<AnalyticsJobData>(
    analyticsJobName,
    { communityId },
    { jobId: `${jobIdPrefix('refresh', communityId)}${randomUUID()}` },
  );
  return { jobId };
};

/** GET /api/analytics/{communityId}/jobs/{jobId}: an analytics job of this community, for its managers and admins. */
export const analyticsJobStatus = async (
  deps: AnalyticsJobDeps,
  user: UserDocument,
  communityId: string,
  jobId: string,
): Promise<AnalyticsJobStatus> => {
  await deps.access.manager(user, communityId);
  const ours = (['auto', 'refresh'] as const).some((kind) => jobId.startsWith(jobIdPrefix(kind, communityId)));
  if (!ours) throw new NotFoundError(msg('errors.jobNotFound'));
  const status = await deps.queue.status(jobId);
  if (status.state === 'unknown' || status.name !== analyticsJobName) throw new NotFoundError(msg('errors.jobNotFound'));
  const result = status.result as Partial<AnalyticsJobResult> | undefined;
  return {
    id: status.id,
    state: status.state,
    progress: status.progress,
    attemptsMade: status.attemptsMade,
    ...(result?.asOf ? { asOf: result.asOf } : {}),
    ...(status.failedReason !== undefined ? { failedReason: status.failedReason } : {}),
  };
};
