import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import { analyticsHeadsCollectionName, type AnalyticsHeadDocument } from '../../../projections/analytics/index.ts';
import { InProcessQueue } from '../../adapters/inprocess-queue/inProcessQueue.ts';
import { MemoryReadStore } from '../../adapters/memory-readstore/memoryReadStore.ts';
import type { EventStore, SubscribeOptions } from '../../core/eventStore.ts';
import type { JobOptions } from '../../core/jobQueue.ts';
import { analyticsJobName, startAnalyticsJobs, type AnalyticsJobs } from './aggregateJob.ts';
import { analyticsAggregatesCollectionName, type AnalyticsAggregateDocument } from './aggregateStore.ts';

/**
 * The analytics jobs' trigger (issue 12: "a job is enqueued, debounced per community, when relevant
 * events arrive"), with an event log played by hand: a burst of events adds one job per community
 * and window, run at the window's end; events the analytics projection does not read add none.
 */

const [A, B] = ['a'.repeat(24), 'b'.repeat(24)];
const windowMs = 10_000;

type Added = { name: string; data: unknown; options: JobOptions | undefined };

const setUp = async (now: number, waitFor: () => Promise<void> = async () => {}) => {
  const readStore = new MemoryReadStore();
  await readStore.ensureCollection({ name: analyticsHeadsCollectionName });
  const heads = readStore.collection<AnalyticsHeadDocument>(analyticsHeadsCollectionName);
  let onEvent: SubscribeOptions['onEvent'] = () => {};
  const eventStore = {
    subscribeToAll: (options: SubscribeOptions) => {
      onEvent = options.onEvent;
      return { close: async () => {} };
    },
  } as unknown as EventStore;
  const queue = new InProcessQueue();
  const added: Added[] = [];
  const add = queue.add.bind(queue);
  queue.add = (name, data, options) => (added.push({ name, data, options }), add(name, data, options));
  const runner = { position: 0, waitFor };
  const jobs = await startAnalyticsJobs({
    eventStore,
    readStore,
    queue,
    runner,
    clock: { now: () => new Date(now) },
    debounceMs: windowMs,
  });
  let position = 0;
  /** One event of `type` applied: the projection moved the community's head to it. */
  const event = async (type: string, communityId: string | null) => {
    position += 1;
    if (communityId) await heads.put({ _id: communityId, communityId, position, at: new Date(now).toISOString(), _position: position });
    await onEvent({ type, globalPosition: position } as RecordedEvent);
  };
  return { readStore, queue, added, jobs, event };
};

let opened: { jobs: AnalyticsJobs; queue: InProcessQueue }[] = [];
afterEach(async () => {
  for (const { jobs, queue } of opened) {
    await jobs.stop();
    await queue.close();
  }
  opened = [];
});

describe('startAnalyticsJobs', () => {
  it('adds one job per community and window for a burst of events, delayed to the end of the window', async () => {
    const now = 5 * windowMs + 2_500;
    const world = await setUp(now);
    opened.push(world);
    for (let i = 0; i < 5; i++) await world.event('ReadMarked', A);
    await world.event('NoteSaved', B);
    await world.event('LinkUpdated', A);
    await world.jobs.idle();

    const ids = new Set(world.added.map((job) => job.options?.jobId));
    expect([...ids].sort()).toEqual([`${analyticsJobName}.auto-${A}-5`, `${analyticsJobName}.auto-${B}-5`]);
    expect(world.added.every((job) => job.name === analyticsJobName && job.options?.delayMs === 7_500)).toBe(true);
    for (const id of ids) expect((await world.queue.status(id ?? '')).state).toBe('delayed');
  });

  it('adds nothing for events analytics do not read', async () => {
    const world = await setUp(0);
    opened.push(world);
    await world.event('FavouriteAdded', A);
    await world.event('UserRegistered', null);
    await world.jobs.idle();
    expect(world.added).toEqual([]);
  });

  it('runs the job: the aggregate is stored stamped with the head it covers', async () => {
    const world = await setUp(0);
    opened.push(world);
    await world.event('AuthorJoined', A);
    await world.event('ContributionCreated', A);
    await world.jobs.idle();
    const [job] = world.added;
    expect(job?.options?.delayMs).toBe(windowMs);
    // Run it now rather than wait out the window.
    const id = await world.queue.add(analyticsJobName, { communityId: A }, { jobId: 'now' });
    expect(await world.queue.waitForJob(id, 5_000)).toMatchObject({
      state: 'completed',
      result: { communityId: A, asOf: { position: 2 } },
    });
    const stored = await world.readStore.collection<AnalyticsAggregateDocument>(analyticsAggregatesCollectionName).get(A);
    expect(stored?.asOf).toEqual({ position: 2, time: new Date(0).toISOString(), computedAt: new Date(0).toISOString() });
    expect(stored?.aggregate).toEqual({ readEdges: [], buildOns: [], readsPerDay: {}, activity: [] });
  });

  it('stops at once while waiting for projections that do not catch up (a stalled runner never holds the shutdown)', async () => {
    const world = await setUp(0, () => new Promise<void>(() => undefined));
    await world.event('ReadMarked', A);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the scan is waiting for the runner now
    const stopped = await Promise.race([
      world.jobs.stop().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(resolve, 1_000, 'hung')),
    ]);
    await world.queue.close();
    expect(stopped).toBe('stopped');
    expect(world.added).toEqual([]);
  });
});
