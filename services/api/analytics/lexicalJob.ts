import type { AnalyticsAsOf } from '../../../contracts/api/analytics.ts';
import { analyticsProjection } from '../../../projections/analytics/index.ts';
import type { Clock } from '../../core/clock.ts';
import type { EventStore, Subscription } from '../../core/eventStore.ts';
import type { JobQueue } from '../../core/jobQueue.ts';
import type { ReadStore } from '../../core/readStore.ts';
import type { AnalyticsJobs, AppliedLog } from './aggregateJob.ts';
import { communitiesChangedAfter } from './aggregateStore.ts';
import { ensureLexicalCollections, stampedCommunities, updateLexical } from './lexicalStore.ts';

/**
 * The lexical job (issue 13 §1): brings one community's lexical rows up to
 * date (lexicalStore.ts: only the notes changed since its stamp). Queued like
 * the analytics aggregate job (aggregateJob.ts), on the same queue (in-process
 * embedded, BullMQ at scale): where the projections are applied,
 * `startLexicalJobs` follows the event log, waits until the events are
 * applied, finds the communities whose analytics head moved (a note saved,
 * retitled, deleted…) and adds one job per community and debounce window.
 */
export const lexicalJobName = 'analytics.lexical';

export type LexicalJobData = { communityId: string; full?: boolean };
export type LexicalJobResult = { communityId: string; asOf: AnalyticsAsOf; recomputed: number; removed: number };

/** Registers the lexical job's handler on the queue. */
export const processLexicalJobs = (queue: JobQueue, readStore: ReadStore, clock: Clock): void => {
  queue.process<LexicalJobData, LexicalJobResult>(lexicalJobName, async ({ communityId, full }, job) => {
    const { stamp, recomputed, removed } = await updateLexical(readStore, clock, communityId, full === true);
    await job.progress(100);
    return { communityId, asOf: stamp.asOf, recomputed, removed };
  });
};

export type LexicalJobsOptions = {
  eventStore: EventStore;
  readStore: ReadStore;
  queue: JobQueue;
  runner: AppliedLog;
  clock: Clock;
  debounceMs: number;
  log?: { error(obj: object, msg: string): void };
};

/** Registers the handler and enqueues a community's job as its events arrive. */
export const startLexicalJobs = async (options: LexicalJobsOptions): Promise<AnalyticsJobs> => {
  const { eventStore, readStore, queue, runner, clock, log } = options;
  const debounceMs = Math.max(1, options.debounceMs);
  await ensureLexicalCollections(readStore);
  processLexicalJobs(queue, readStore, clock);

  const handles = new Set(analyticsProjection.handles);
  let scanned = runner.position;
  let seen = runner.position;
  let stopped = false;
  let signalStop = (): void => undefined;
  const stopping = new Promise<void>((resolve) => (signalStop = resolve));
  let running: Promise<void> = Promise.resolve();
  let scheduled = false;

  const enqueue = async (communityId: string): Promise<void> => {
    const now = clock.now().getTime();
    const window = Math.floor(now / debounceMs);
    await queue.add<LexicalJobData>(
      lexicalJobName,
      { communityId },
      { jobId: `${lexicalJobName}.auto-${communityId}-${window}`, delayMs: (window + 1) * debounceMs - now },
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

  const schedule = (): void => {
    if (scheduled || stopped) return;
    scheduled = true;
    running = running.then(scan).catch((err: unknown) => log?.error({ err }, 'enqueuing lexical jobs failed; the next event tries again'));
  };

  // Rows older than their notes (the server stopped before their job ran): one update each, cheap when nothing changed.
  running = stampedCommunities(readStore)
    .then(async (communities) => {
      for (const communityId of communities) if (!stopped) await enqueue(communityId);
    })
    .catch((err: unknown) => log?.error({ err }, 'enqueuing the lexical start-up sweep failed'));

  let subscription: Subscription | null = eventStore.subscribeToAll({
    after: runner.position,
    onEvent: (event) => {
      if (!handles.has(event.type)) return;
      seen = Math.max(seen, event.globalPosition);
      schedule();
    },
    onError: (err) => {
      subscription = null;
      if (!stopped) log?.error({ err }, 'the lexical jobs stopped following the event log; pages still update when asked');
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
