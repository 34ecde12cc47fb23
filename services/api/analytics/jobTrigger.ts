import { analyticsProjection } from '../../../projections/analytics/index.ts';
import type { Clock } from '../../core/clock.ts';
import type { EventStore, Subscription } from '../../core/eventStore.ts';
import type { JobQueue } from '../../core/jobQueue.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { SerialSteps } from '../../core/serialSteps.ts';
import { communitiesChangedAfter } from './aggregateStore.ts';

/** Where the log is applied: how far, and a way to wait for an event to be applied. */
export type AppliedLog = { readonly position: number; waitFor(position: number, timeoutMs?: number): Promise<void> };

export type AnalyticsJobs = {
  /** Resolves when the jobs enqueued so far by events have been added to the queue (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

export type CommunityJobTriggerOptions = {
  eventStore: EventStore;
  readStore: ReadStore;
  queue: JobQueue;
  runner: AppliedLog;
  clock: Clock;
  /** Length of a debounce window, in ms: at most one job per community per window. */
  debounceMs: number;
  log?: { error(obj: object, msg: string): void };
  /** The job added for a changed community, with `{ communityId }`. */
  jobName: string;
  /** Communities whose stored results are older than their events (the server stopped before their job ran). */
  stale: () => Promise<string[]>;
};

/** Automatic jobs' ids: `<job>.auto-<communityId>-<window>`, so a burst of events adds one job per window. */
const autoJobId = (jobName: string, communityId: string, window: number): string => `${jobName}.auto-${communityId}-${window}`;

/**
 * The trigger of the analytics jobs (issue 12, issue 13 §1): where the
 * projections are applied, follows the event log; when events the analytics
 * projection reads arrive, waits until they are applied, finds the
 * communities they changed (their analytics heads) and enqueues one job per
 * community and debounce window, run at the window's end. At start, enqueues
 * the communities `stale` names.
 */
export const followCommunityChanges = (options: CommunityJobTriggerOptions): AnalyticsJobs => {
  const { eventStore, readStore, queue, runner, clock, log, jobName } = options;
  const debounceMs = Math.max(1, options.debounceMs);
  const handles = new Set(analyticsProjection.handles);
  let scanned = runner.position;
  let seen = runner.position;
  let stopped = false;
  // Settles when `stop()` is called: a scan waiting for the projections gives up then, so stopping never waits on them.
  let signalStop = (): void => undefined;
  const stopping = new Promise<void>((resolve) => (signalStop = resolve));
  const steps = new SerialSteps();
  let scheduled = false;

  const enqueue = async (communityId: string): Promise<void> => {
    const now = clock.now().getTime();
    const window = Math.floor(now / debounceMs);
    await queue.add(jobName, { communityId }, { jobId: autoJobId(jobName, communityId, window), delayMs: (window + 1) * debounceMs - now });
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
    steps.add(
      () => pause().then(scan),
      (err) => log?.error({ err, job: jobName }, 'enqueuing analytics jobs failed; the next event tries again'),
    );
  };

  steps.add(
    async () => {
      for (const communityId of await options.stale()) if (!stopped) await enqueue(communityId);
    },
    (err) => log?.error({ err, job: jobName }, 'enqueuing stale analytics results failed'),
  );

  let subscription: Subscription | null = eventStore.subscribeToAll({
    after: runner.position,
    onEvent: (event) => {
      if (!handles.has(event.type)) return;
      seen = Math.max(seen, event.globalPosition);
      schedule();
    },
    onError: (err) => {
      subscription = null;
      if (!stopped) log?.error({ err, job: jobName }, 'the analytics jobs stopped following the event log; refreshes still run');
    },
  });

  return {
    idle: () => steps.idle(),
    stop: async () => {
      stopped = true;
      signalStop();
      await subscription?.close();
      subscription = null;
      await steps.idle();
    },
  };
};
