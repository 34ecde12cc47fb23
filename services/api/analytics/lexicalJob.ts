import type { AnalyticsAsOf } from '../../../contracts/api/analytics.ts';
import type { Clock } from '../../core/clock.ts';
import type { JobQueue } from '../../core/jobQueue.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { followCommunityChanges, type AnalyticsJobs, type CommunityJobTriggerOptions } from './jobTrigger.ts';
import { ensureLexicalCollections, stampedCommunities, updateLexical } from './lexicalStore.ts';

/**
 * The lexical job (issue 13 §1): brings one community's lexical rows up to
 * date (lexicalStore.ts: only the notes changed since its stamp). Queued like
 * the analytics aggregate job (aggregateJob.ts), on the same queue (in-process
 * embedded, BullMQ at scale), by the same trigger (jobTrigger.ts): one job per
 * community whose analytics head moved (a note saved, retitled, deleted…) and
 * debounce window.
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

export type LexicalJobsOptions = Omit<CommunityJobTriggerOptions, 'jobName' | 'stale'>;

/** Registers the handler and enqueues a community's job as its events arrive (jobTrigger.ts). */
export const startLexicalJobs = async (options: LexicalJobsOptions): Promise<AnalyticsJobs> => {
  await ensureLexicalCollections(options.readStore);
  processLexicalJobs(options.queue, options.readStore, options.clock);
  // Rows older than their notes (the server stopped before their job ran): one update each, cheap when nothing changed.
  return followCommunityChanges({ ...options, jobName: lexicalJobName, stale: () => stampedCommunities(options.readStore) });
};
