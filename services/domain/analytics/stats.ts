import { dayOf, eachDay, isoWeek, weekday, type DateRange } from './dates.ts';

/**
 * The statistics page (spec part 2 §2 "Statistics", fact sheet §7), computed
 * from the analytics read models. Pure: the route loads, this counts.
 */

/** A contribution as statistics see it (already limited to what the viewer may count). */
export type StatsItem = {
  id: string;
  type: string;
  /** Author ids; the first is the primary author. */
  authors: readonly string[];
  /** Creation instant (ISO). */
  created: string;
  views: readonly string[];
  /** Support id → uses in the body. */
  supports: Readonly<Record<string, number>>;
};

export type StatsScaffold = { id: string; title: string; supports: readonly { id: string; title: string }[] };

export type StatsFilters = {
  range: DateRange;
  /** Only contributions placed in one of these views (none: all). */
  views?: readonly string[];
  /** Only contributions of one of these authors (none: all). */
  authors?: readonly string[];
};

export type CommunityVsMe = { community: number; me: number };

export type Stats = {
  range: DateRange;
  total: CommunityVsMe;
  /** Every day of the range, in order. */
  perDay: ({ day: string } & CommunityVsMe)[];
  /** Sunday … Saturday. */
  weekdays: { community: number[]; me: number[] };
  /** Years and ISO weeks that hold at least one contribution, in order. */
  perYear: ({ year: string } & CommunityVsMe)[];
  perWeek: ({ week: string } & CommunityVsMe)[];
  /** Contributions per primary author, most first (then first-seen). */
  byAuthor: { authorId: string; count: number }[];
  /** Per registered scaffold, uses of each of its supports: in my contributions and in all. */
  scaffolds: { scaffoldId: string; title: string; supports: ({ supportId: string; title: string } & CommunityVsMe)[] }[];
};

/** The contributions the filters keep (range by UTC creation date, both ends included). */
export const selectItems = (items: readonly StatsItem[], filters: StatsFilters): StatsItem[] => {
  const views = filters.views && filters.views.length > 0 ? new Set(filters.views) : null;
  const authors = filters.authors && filters.authors.length > 0 ? new Set(filters.authors) : null;
  return items.filter((item) => {
    const day = dayOf(item.created);
    if (day < filters.range.from || day > filters.range.to) return false;
    if (views && !item.views.some((view) => views.has(view))) return false;
    if (authors && !item.authors.some((author) => authors.has(author))) return false;
    return true;
  });
};

const tally = <K extends string>(keys: Iterable<[K, boolean]>): Map<K, CommunityVsMe> => {
  const counts = new Map<K, CommunityVsMe>();
  for (const [key, mine] of keys) {
    const entry = counts.get(key) ?? { community: 0, me: 0 };
    entry.community++;
    if (mine) entry.me++;
    counts.set(key, entry);
  }
  return counts;
};

/**
 * Scaffold usage, one pie per scaffold. Each scaffold counts its own supports
 * only: the original's pies shared one counter object, so every pie also
 * showed the supports of the pies drawn before it (fact sheet §7, not copied).
 */
export const scaffoldUsage = (items: readonly StatsItem[], me: string | null, scaffolds: readonly StatsScaffold[]): Stats['scaffolds'] =>
  scaffolds.map((scaffold) => ({
    scaffoldId: scaffold.id,
    title: scaffold.title,
    supports: scaffold.supports.map((support) => {
      let community = 0;
      let mine = 0;
      for (const item of items) {
        const uses = item.supports[support.id] ?? 0;
        community += uses;
        if (me && item.authors.includes(me)) mine += uses;
      }
      return { supportId: support.id, title: support.title, community, me: mine };
    }),
  }));

/** Every chart of the statistics page for the viewer `me` (an author id; null: an admin who is not a member). */
export const computeStats = (
  items: readonly StatsItem[],
  me: string | null,
  filters: StatsFilters,
  scaffolds: readonly StatsScaffold[],
  authorOrder: readonly string[] = [],
): Stats => {
  const selected = selectItems(items, filters);
  const rows = selected.map((item) => ({ item, day: dayOf(item.created), mine: me !== null && item.authors.includes(me) }));
  const byDay = tally(rows.map((row) => [row.day, row.mine]));
  const weekdays = { community: [0, 0, 0, 0, 0, 0, 0], me: [0, 0, 0, 0, 0, 0, 0] };
  for (const row of rows) {
    const d = weekday(row.day);
    weekdays.community[d]!++;
    if (row.mine) weekdays.me[d]!++;
  }
  const sortedEntries = <K extends string>(map: Map<K, CommunityVsMe>) => [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
  const byAuthor = new Map<string, number>();
  for (const { item } of rows) {
    const primary = item.authors[0];
    if (primary) byAuthor.set(primary, (byAuthor.get(primary) ?? 0) + 1);
  }
  const rank = new Map(authorOrder.map((author, i) => [author, i]));
  const rankOf = (author: string) => rank.get(author) ?? Number.MAX_SAFE_INTEGER;
  return {
    range: filters.range,
    total: { community: rows.length, me: rows.filter((row) => row.mine).length },
    perDay: eachDay(filters.range).map((day) => ({ day, ...(byDay.get(day) ?? { community: 0, me: 0 }) })),
    weekdays,
    perYear: sortedEntries(tally(rows.map((row) => [row.day.slice(0, 4), row.mine]))).map(([year, counts]) => ({ year, ...counts })),
    perWeek: sortedEntries(tally(rows.map((row) => [isoWeek(row.day), row.mine]))).map(([week, counts]) => ({ week, ...counts })),
    byAuthor: [...byAuthor.entries()]
      .sort(([a, x], [b, y]) => y - x || rankOf(a) - rankOf(b) || a.localeCompare(b))
      .map(([authorId, count]) => ({ authorId, count })),
    scaffolds: scaffoldUsage(selected, me, scaffolds),
  };
};
