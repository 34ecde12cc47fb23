import type { ActionTally } from './dashboard.ts';
import type { BuildOnEdge } from './authorNetwork.ts';
import type { ReadEdge } from './interactions.ts';

/**
 * The community aggregate the analytics job computes (issue 12: heavier
 * aggregates are jobs): what the s2viz, dashboard and author-network pages
 * would otherwise gather from thousands of per-day, per-author documents on
 * every request, folded once per community into one document. Viewer-free:
 * the pages still apply the viewer's permissions, filters and pseudonyms. Pure.
 */

type Counts = Partial<ActionTally>;

/** One author's activity on one day, as the analytics projection keeps it (per type and per view). */
export type DailyInput = {
  day: string;
  authorId: string;
  byType: Readonly<Record<string, Counts>>;
  byView: Readonly<Record<string, Counts>>;
};

/** One author's actions on one day: summed over types, and per view. */
export type ActivityRow = { day: string; authorId: string; counts: Counts; byView: Record<string, Counts> };

export type CommunityAggregate = {
  /** The reads graph (reader → first author), by reader then author. */
  readEdges: ReadEdge[];
  /** The build-on graph (building author → built-on author), by author pair. */
  buildOns: BuildOnEdge[];
  /** Reads per UTC day (days without reads left out). */
  readsPerDay: Record<string, number>;
  /** Activity per day and author, by day then author. */
  activity: ActivityRow[];
};

const actions = ['read', 'modified', 'created'] as const;

const byPair = (x: { from: string; to: string }, y: { from: string; to: string }) =>
  x.from.localeCompare(y.from) || x.to.localeCompare(y.to);

/** Adds `counts` into `into` (only positive counts of the three actions). */
const addCounts = (into: Counts, counts: Counts): void => {
  for (const action of actions) {
    const n = counts[action] ?? 0;
    if (n > 0) into[action] = (into[action] ?? 0) + n;
  }
};

/** Folds the projection's documents of one community into its aggregate. */
export const foldCommunityAggregate = (
  daily: readonly DailyInput[],
  readEdges: readonly ReadEdge[],
  buildOns: readonly BuildOnEdge[],
): CommunityAggregate => {
  const readsPerDay: Record<string, number> = {};
  const activity: ActivityRow[] = [];
  for (const doc of daily) {
    const counts: Counts = {};
    for (const typeCounts of Object.values(doc.byType)) addCounts(counts, typeCounts);
    if ((counts.read ?? 0) > 0) readsPerDay[doc.day] = (readsPerDay[doc.day] ?? 0) + (counts.read ?? 0);
    const byView: Record<string, Counts> = {};
    for (const [viewId, viewCounts] of Object.entries(doc.byView)) {
      const kept: Counts = {};
      addCounts(kept, viewCounts);
      if (Object.keys(kept).length > 0) byView[viewId] = kept;
    }
    activity.push({ day: doc.day, authorId: doc.authorId, counts, byView });
  }
  activity.sort((x, y) => x.day.localeCompare(y.day) || x.authorId.localeCompare(y.authorId));
  return {
    readEdges: readEdges.map(({ from, to, count }) => ({ from, to, count })).sort(byPair),
    buildOns: buildOns.map(({ from, to, count }) => ({ from, to, count })).sort(byPair),
    readsPerDay,
    activity,
  };
};

/** The dashboard's activity over `range`, for the whole community or one view. */
export const activityIn = (
  aggregate: Pick<CommunityAggregate, 'activity'>,
  range: { from: string; to: string },
  view?: string,
): { day: string; authorId: string; counts: Counts; byView: Record<string, Counts> }[] =>
  aggregate.activity
    .filter((row) => row.day >= range.from && row.day <= range.to)
    .map((row) => ({ ...row, counts: view === undefined ? row.counts : (row.byView[view] ?? {}) }));
