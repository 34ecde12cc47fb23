import type { AnalyticsAsOf } from '../../../contracts/api/analytics.ts';
import {
  analyticsBuildOnGraphCollectionName,
  analyticsDailyCollectionName,
  analyticsHeadsCollectionName,
  analyticsReadGraphCollectionName,
  type AnalyticsDailyDocument,
  type AnalyticsEdgeDocument,
  type AnalyticsHeadDocument,
} from '../../../projections/analytics/index.ts';
import type { Clock } from '../../core/clock.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { foldCommunityAggregate, type CommunityAggregate } from '../../domain/analytics/aggregate.ts';

/**
 * The analytics aggregates (issue 12: heavier aggregates are jobs): one
 * document per community, computed by the analytics job (aggregateJob.ts)
 * from the analytics projection and stamped with the last community event it
 * covers. A read model written by a job, not by a projection: `kf rebuild`
 * leaves it alone (positions do not change) and the next job replaces it.
 */
export const analyticsAggregatesCollectionName = 'analyticsaggregates';

export type AnalyticsAggregateDocument = {
  /** The community's id. */
  _id: string;
  communityId: string;
  asOf: AnalyticsAsOf;
  aggregate: CommunityAggregate;
};

/** A stored aggregate and whether newer events of its community exist. */
export type ServedAggregate = { doc: AnalyticsAggregateDocument; stale: boolean };

const heads = (readStore: ReadStore) => readStore.collection<AnalyticsHeadDocument>(analyticsHeadsCollectionName);
const aggregates = (readStore: ReadStore) => readStore.collection<AnalyticsAggregateDocument>(analyticsAggregatesCollectionName);

/**
 * Computes the community's aggregate now. The stamp is the community's head
 * read first: the documents read after it are at least that recent, so the
 * aggregate covers every event up to the stamp (perhaps a few more).
 */
export const computeAggregate = async (readStore: ReadStore, clock: Clock, communityId: string): Promise<AnalyticsAggregateDocument> => {
  const head = await heads(readStore).get(communityId);
  const [daily, reads, buildOns] = await Promise.all([
    readStore.collection<AnalyticsDailyDocument>(analyticsDailyCollectionName).find({ communityId }),
    readStore.collection<AnalyticsEdgeDocument>(analyticsReadGraphCollectionName).find({ communityId }),
    readStore.collection<AnalyticsEdgeDocument>(analyticsBuildOnGraphCollectionName).find({ communityId }),
  ]);
  return {
    _id: communityId,
    communityId,
    asOf: { position: head?.position ?? 0, time: head?.at ?? null, computedAt: clock.now().toISOString() },
    aggregate: foldCommunityAggregate(daily, reads, buildOns),
  };
};

/** Stores the aggregate unless one covering later events is already there (two jobs may race). */
export const storeAggregate = async (readStore: ReadStore, doc: AnalyticsAggregateDocument): Promise<boolean> => {
  const stored = await aggregates(readStore).get(doc._id);
  if (stored && stored.asOf.position > doc.asOf.position) return false;
  await aggregates(readStore).put(doc);
  return true;
};

/** Computes and stores the community's aggregate (what the job does). */
export const refreshAggregate = async (readStore: ReadStore, clock: Clock, communityId: string): Promise<AnalyticsAggregateDocument> => {
  const doc = await computeAggregate(readStore, clock, communityId);
  await storeAggregate(readStore, doc);
  return doc;
};

/** The stored aggregate, stamped; computed (and stored) now when the community has none yet. */
export const servedAggregate = async (readStore: ReadStore, clock: Clock, communityId: string): Promise<ServedAggregate> => {
  const stored = await aggregates(readStore).get(communityId);
  if (!stored) return { doc: await refreshAggregate(readStore, clock, communityId), stale: false };
  const head = await heads(readStore).get(communityId);
  return { doc: stored, stale: (head?.position ?? 0) > stored.asOf.position };
};

/** The community's latest analytics event as a stamp, for answers computed on request (the statistics page). */
export const liveStamp = async (readStore: ReadStore, clock: Clock, communityId: string): Promise<AnalyticsAsOf> => {
  const head = await heads(readStore).get(communityId);
  return { position: head?.position ?? 0, time: head?.at ?? null, computedAt: clock.now().toISOString() };
};

/** Communities whose analytics changed after `position`, with their head positions. */
export const communitiesChangedAfter = async (readStore: ReadStore, position: number): Promise<AnalyticsHeadDocument[]> =>
  heads(readStore).find({ position: { $gte: position + 1 } });

/** Communities with a stored aggregate older than their head (the start-up sweep; the others are computed when first asked). */
export const staleCommunities = async (readStore: ReadStore): Promise<string[]> => {
  const stamps = new Map(
    (await aggregates(readStore).find({}, { projection: { _id: 1, asOf: 1 } })).map((doc) => [doc._id, doc.asOf.position]),
  );
  return (await heads(readStore).find({}))
    .filter((head) => stamps.has(head._id) && head.position > (stamps.get(head._id) ?? 0))
    .map((head) => head._id);
};
