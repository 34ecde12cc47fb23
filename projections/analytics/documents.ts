import type { Versioned } from '../../services/core/projection.ts';

/**
 * The analytics read models (issue 12): small documents, each carrying its
 * community so that every page loads one community with an indexed query.
 * Folded by projections/analytics/index.ts from the event stream, rebuilt by
 * `kf rebuild` like every read model.
 */

export const analyticsItemsCollectionName = 'analyticsitems';
export const analyticsLinksCollectionName = 'analyticslinks';
export const analyticsMembersCollectionName = 'analyticsmembers';
export const analyticsDailyCollectionName = 'analyticsdaily';
export const analyticsReadGraphCollectionName = 'analyticsreadgraph';
export const analyticsBuildOnGraphCollectionName = 'analyticsbuildongraph';
export const analyticsHeadsCollectionName = 'analyticsheads';
export const analyticsRecordsCollectionName = 'analyticsrecords';

export type AnalyticsAction = 'created' | 'modified' | 'read';
export const analyticsActions: readonly AnalyticsAction[] = ['created', 'modified', 'read'];

/** One contribution as analytics see it: no title, no body, no text. */
export type AnalyticsItemDocument = Versioned & {
  /** The contribution's id. */
  _id: string;
  communityId: string;
  type: string;
  status: 'unsaved' | 'active' | 'inactive';
  permission: 'private' | 'protected' | 'public';
  /** Author ids (memberships); the first is the primary author. */
  authors: string[];
  group: string | null;
  /** When it was created (KF6's `created`: the date statistics count it on). */
  created: string;
  /** Global position of the event that first made it active (null while it never was). */
  activatedAt: number | null;
  /** Views it is placed in (its `contains` links), oldest placement first. */
  views: string[];
  /** Scaffold supports used in its body: support id → how many times (notes only). */
  supports: Record<string, number>;
  /** Build-on links from or to it (their documents say whether they count). */
  buildOns: string[];
};

/** A link analytics must find again when it is deleted: placements and build-ons. */
export type AnalyticsLinkDocument = Versioned & {
  _id: string;
  communityId: string;
  type: 'contains' | 'buildson';
  from: string;
  to: string;
  /**
   * Build-ons count in the build-on graph while both notes are active (an
   * abandoned draft or a deleted note takes its edges away): the (building
   * author, built-on author) pairs it counts now, empty while it does not.
   */
  pairs: [string, string][];
  counted: boolean;
};

/** Who a user is in a community, to attribute the changes they make (events name users, not authors). */
export type AnalyticsMemberDocument = Versioned & {
  /** `memberId(communityId, userId)`. */
  _id: string;
  communityId: string;
  userId: string;
  authorId: string;
};

/** Per type (or per view): how many created / modified / read. */
export type ActionCounts = Partial<Record<AnalyticsAction, number>>;

/** One author's activity on one UTC day in one community. */
export type AnalyticsDailyDocument = Versioned & {
  /** `dailyId(communityId, day, authorId)`. */
  _id: string;
  communityId: string;
  /** UTC date, YYYY-MM-DD. */
  day: string;
  authorId: string;
  /** Contribution type → counts. */
  byType: Record<string, ActionCounts>;
  /** View id → counts, where the event names a view (a move in it, or the views the contribution is placed in). */
  byView: Record<string, ActionCounts>;
};

/**
 * The activity dashboard's record table (fact sheet §7: date, action, title
 * link, user): how often one author did one action on one contribution on one
 * UTC day, folded from the same events as `AnalyticsDailyDocument` (so private
 * contributions' activity is left out here too). No title: the page looks
 * titles up when it shows a row, for the contributions its viewer may read.
 */
export type AnalyticsRecordDocument = Versioned & {
  /** `recordId(communityId, day, authorId, contributionId, action)`. */
  _id: string;
  communityId: string;
  /** UTC date, YYYY-MM-DD. */
  day: string;
  authorId: string;
  /** The contribution acted on (a view, for a move in it). */
  contributionId: string;
  action: AnalyticsAction;
  count: number;
  /** View id → how many of `count` were done in it (the same views as the daily documents' `byView`). */
  byView: Record<string, number>;
  /** When the last of them happened (the record table lists the newest first). */
  last: string;
};

/** The reads graph: how often `from` (the reader) read notes whose first author is `to`. */
export type AnalyticsEdgeDocument = Versioned & {
  _id: string;
  communityId: string;
  from: string;
  to: string;
  count: number;
};

/**
 * The last event that changed a community's analytics: the analytics jobs
 * (services/api/analytics/aggregateJob.ts) find the communities to recompute
 * from it, and a stored aggregate is stale while its stamp is older.
 */
export type AnalyticsHeadDocument = Versioned & {
  /** The community's id (and again in `communityId`, as in every analytics document). */
  _id: string;
  communityId: string;
  /** Global position of the last event that changed the community's analytics. */
  position: number;
  /** When that event happened (its `at`). */
  at: string;
};

export const memberId = (communityId: string, userId: string): string => `${communityId}:${userId}`;
export const dailyId = (communityId: string, day: string, authorId: string): string => `${communityId}:${day}:${authorId}`;
export const recordId = (communityId: string, day: string, authorId: string, contributionId: string, action: AnalyticsAction): string =>
  `${communityId}:${day}:${authorId}:${contributionId}:${action}`;
export const edgeId = (communityId: string, from: string, to: string): string => `${communityId}:${from}:${to}`;
