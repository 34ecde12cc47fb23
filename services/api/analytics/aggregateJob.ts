import { randomUUID } from 'node:crypto';
import type { AnalyticsAsOf, AnalyticsJobStatus } from '../../../contracts/api/analytics.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { Clock } from '../../core/clock.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { JobQueue } from '../../core/jobQueue.ts';
import type { ReadStore } from '../../core/readStore.ts';
import type { CommunityAccess } from '../communities/access.ts';
import { analyticsAggregatesCollectionName, refreshAggregate, staleCommunities } from './aggregateStore.ts';
import { followCommunityChanges, type AnalyticsJobs, type CommunityJobTriggerOptions } from './jobTrigger.ts';

export type { AnalyticsJobs, AppliedLog } from './jobTrigger.ts';

/**
 * The analytics job (issue 12: heavier aggregates are jobs on the job queue,
 * in-process embedded, BullMQ at scale): recomputes one community's aggregate
 * (aggregateStore.ts) and stores it stamped with the last event it covers.
 *
 * Where the projections are applied (the embedded server; the worker process
 * at scale), `startAnalyticsJobs` registers the handler and enqueues one job
 * per changed community and debounce window (jobTrigger.ts). A manager may ask
 * for a refresh at any time (`requestRefresh`).
 */
export const analyticsJobName = 'analytics.aggregate';

export type AnalyticsJobData = { communityId: string };
export type AnalyticsJobResult = { communityId: string; asOf: AnalyticsAsOf };

/** Job ids: `analytics.<kind>-<communityId>-<unique>`, so a status request can tell the job is this community's. */
const jobIdPrefix = (kind: 'auto' | 'refresh', communityId: string) => `${analyticsJobName}.${kind}-${communityId}-`;

export type AnalyticsJobsOptions = Omit<CommunityJobTriggerOptions, 'jobName' | 'stale'>;

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
  await options.readStore.ensureCollection({ name: analyticsAggregatesCollectionName });
  processAnalyticsJobs(options.queue, options.readStore, options.clock);
  // Aggregates older than their community's events (the server stopped before their job ran).
  return followCommunityChanges({ ...options, jobName: analyticsJobName, stale: () => staleCommunities(options.readStore) });
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
