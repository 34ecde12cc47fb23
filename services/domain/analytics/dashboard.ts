import { dayOf, eachDay, type DateRange } from './dates.ts';

/**
 * The activity dashboard (spec part 2 §2 "Dashboards", fact sheet §7), from
 * the per-day, per-author action counts. Pure: the route loads, this counts.
 */

export type DashboardAction = 'read' | 'modified' | 'created';
export type ActionTally = Record<DashboardAction, number>;

/** One author's actions on one day (already limited to one view when the page asks for one). */
export type DailyActivity = { day: string; authorId: string; counts: Partial<ActionTally> };

export type Dashboard = {
  actions: ActionTally;
  actors: { authorId: string; count: number }[];
  perDay: { day: string; modified: number; read: number }[];
  users: { authorId: string; counts: ActionTally & { total: number } }[];
  totals: ActionTally & { total: number };
  averages: ActionTally & { total: number };
};

export const dashboardActions: readonly DashboardAction[] = ['read', 'modified', 'created'];
/** The record table's cap (dashboardRecords.ts builds it, from the per-record documents). */
export const maxRecordRows = 1000;

const zero = (): ActionTally => ({ read: 0, modified: 0, created: 0 });
const withTotal = (t: ActionTally) => ({ ...t, total: t.read + t.modified + t.created });
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Every chart and table of the dashboard over `range` (both ends included),
 * but the record table (dashboardRecords.ts).
 * `order` ranks authors (first-seen) for ties and the user table.
 */
export const computeDashboard = (activity: readonly DailyActivity[], range: DateRange, order: readonly string[]): Dashboard => {
  const rank = new Map(order.map((id, i) => [id, i]));
  const rankOf = (id: string) => rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  const inRange = activity.filter((row) => row.day >= range.from && row.day <= range.to);
  const actions = zero();
  const byAuthor = new Map<string, ActionTally>();
  const byDay = new Map<string, ActionTally>();
  for (const row of inRange) {
    const author = byAuthor.get(row.authorId) ?? zero();
    const day = byDay.get(row.day) ?? zero();
    for (const action of dashboardActions) {
      const n = row.counts[action] ?? 0;
      if (n <= 0) continue;
      actions[action] += n;
      author[action] += n;
      day[action] += n;
    }
    byAuthor.set(row.authorId, author);
    byDay.set(row.day, day);
  }
  const users = [...byAuthor.entries()]
    .map(([authorId, counts]) => ({ authorId, counts: withTotal(counts) }))
    .filter((user) => user.counts.total > 0)
    .sort((x, y) => rankOf(x.authorId) - rankOf(y.authorId) || x.authorId.localeCompare(y.authorId));
  const totals = withTotal(actions);
  const n = users.length;
  const average = (value: number) => (n === 0 ? 0 : round2(value / n));
  return {
    actions,
    actors: users
      .map((user) => ({ authorId: user.authorId, count: user.counts.total }))
      .sort((x, y) => y.count - x.count || rankOf(x.authorId) - rankOf(y.authorId) || x.authorId.localeCompare(y.authorId)),
    perDay: eachDay(range).map((day) => ({ day, modified: byDay.get(day)?.modified ?? 0, read: byDay.get(day)?.read ?? 0 })),
    users,
    totals,
    averages: {
      read: average(totals.read),
      modified: average(totals.modified),
      created: average(totals.created),
      total: average(totals.total),
    },
  };
};

/** The CSV's header (the original's, as written). */
export const dashboardCsvHeader = ['User Name', '# of Reads', '# of Modified', '# of created', 'Total'] as const;

/** The CSV's rows: one per user, label as shown to the viewer. */
export const dashboardCsvRows = (users: readonly { label: string; counts: ActionTally & { total: number } }[]): (string | number)[][] =>
  users.map(({ label, counts }) => [label, counts.read, counts.modified, counts.created, counts.total]);

/** The file name the original gave the download (its "Statics" kept), with characters unsafe in a file name replaced. */
export const dashboardCsvFileName = (title: string): string =>
  `Activity_Dashboard_Statics_${[...title].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('')}.csv`;

/** A contribution as the note dashboard counts it. */
export type NoteDashboardItem = { type: string; authors: readonly string[]; created: string };

export type NoteDashboard = {
  total: number;
  /** Per first author, most first (then first-seen). */
  byAuthor: { authorId: string; count: number }[];
  /** Per type, most first: count and share of the total in % (2 decimals). */
  types: { type: string; count: number; percent: number }[];
  /** Every day of the range. */
  perDay: { day: string; count: number }[];
};

/** The note dashboard (dashboard2, fact sheet §7): contributions created in `range` by first author, by type in %, per day. */
export const computeNoteDashboard = (items: readonly NoteDashboardItem[], range: DateRange, order: readonly string[]): NoteDashboard => {
  const rank = new Map(order.map((id, i) => [id, i]));
  const rankOf = (id: string) => rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  const kept = items.map((item) => ({ item, day: dayOf(item.created) })).filter(({ day }) => day >= range.from && day <= range.to);
  const count = <K>(keys: K[]) => {
    const counts = new Map<K, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  };
  const byAuthor = count(kept.flatMap(({ item }) => (item.authors[0] ? [item.authors[0]] : [])));
  const byType = count(kept.map(({ item }) => item.type));
  const byDay = count(kept.map(({ day }) => day));
  return {
    total: kept.length,
    byAuthor: [...byAuthor.entries()]
      .sort(([a, x], [b, y]) => y - x || rankOf(a) - rankOf(b) || a.localeCompare(b))
      .map(([authorId, n]) => ({ authorId, count: n })),
    types: [...byType.entries()]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(([type, n]) => ({ type, count: n, percent: round2((n / kept.length) * 100) })),
    perDay: eachDay(range).map((day) => ({ day, count: byDay.get(day) ?? 0 })),
  };
};

/** The view chart: records per view over days' per-view counts, most first (then id). */
export const recordsPerView = (byViews: readonly Readonly<Record<string, Partial<ActionTally>>>[]): { viewId: string; count: number }[] => {
  const counts = new Map<string, number>();
  for (const byView of byViews) {
    for (const [viewId, tally] of Object.entries(byView)) {
      const n = dashboardActions.reduce((sum, action) => sum + (tally[action] ?? 0), 0);
      if (n > 0) counts.set(viewId, (counts.get(viewId) ?? 0) + n);
    }
  }
  return [...counts.entries()].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([viewId, count]) => ({ viewId, count }));
};
