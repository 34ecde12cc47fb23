import { eachDay, type DateRange } from './dates.ts';
import { dashboardActions, maxRecordRows, type DashboardAction } from './dashboard.ts';

/**
 * The activity dashboard's record table (fact sheet §7: "record table by
 * year/month (date, action, title link, user)"), from the analytics
 * projection's per-record documents (projections/analytics/records.ts): one
 * row per day, author, contribution and action with its count, newest first,
 * capped. Storage and permissions come in as functions: this only orders,
 * filters and stops.
 */

/** A per-record document as the table needs it. */
export type ActivityRecord = {
  day: string;
  authorId: string;
  contributionId: string;
  action: DashboardAction;
  count: number;
  byView: Readonly<Record<string, number>>;
  /** When the last of them happened. */
  last: string;
};

export type RecordRow<T> = { day: string; action: DashboardAction; authorId: string; contribution: T; count: number };

/** Newest first: by day, then by the time of the latest action, then a fixed order (action, author, contribution). */
export const newestRecordFirst = (x: ActivityRecord, y: ActivityRecord): number =>
  y.day.localeCompare(x.day) ||
  y.last.localeCompare(x.last) ||
  dashboardActions.indexOf(x.action) - dashboardActions.indexOf(y.action) ||
  x.authorId.localeCompare(y.authorId) ||
  x.contributionId.localeCompare(y.contributionId);

/** The days of `range`, newest first, in chunks growing twofold from `first` days (a busy week fills the table in one read). */
export const recordDayChunks = (range: DateRange, first = 7): string[][] => {
  const days = eachDay(range).reverse();
  const chunks: string[][] = [];
  for (let i = 0, size = first; i < days.length; i += size, size *= 2) chunks.push(days.slice(i, i + size));
  return chunks;
};

/** A record's count for the page: all of it, or what was done in `view` (0: not in that view). */
export const countIn = (record: ActivityRecord, view?: string): number => (view === undefined ? record.count : (record.byView[view] ?? 0));

/**
 * The table's rows over `range` (in `view` if given): reads the records a
 * chunk of days at a time, newest first, and asks `lookup` about the
 * contributions of the rows it is about to show, in one batch per step and
 * never twice for one id. A row whose contribution `lookup` leaves out of its
 * map is dropped, not shown without a title (a value of the map, even null,
 * keeps the row). Stops once `max` rows are kept and one
 * more is known (then `truncated`).
 */
export const collectRecordRows = async <T>(options: {
  range: DateRange;
  view?: string;
  max?: number;
  load: (days: readonly string[]) => Promise<readonly ActivityRecord[]>;
  lookup: (contributionIds: readonly string[]) => Promise<ReadonlyMap<string, T>>;
}): Promise<{ rows: RecordRow<T>[]; truncated: boolean }> => {
  const max = options.max ?? maxRecordRows;
  const rows: RecordRow<T>[] = [];
  // Contribution id → what `lookup` said of it (null: left out).
  const known = new Map<string, { value: T } | null>();
  for (const days of recordDayChunks(options.range)) {
    let pending = (await options.load(days))
      .filter((record) => record.day >= options.range.from && record.day <= options.range.to && countIn(record, options.view) > 0)
      .sort(newestRecordFirst);
    while (pending.length > 0) {
      // One row beyond the cap tells whether the table is truncated.
      const batch = pending.slice(0, max + 1 - rows.length);
      pending = pending.slice(batch.length);
      const unknown = [...new Set(batch.map((record) => record.contributionId))].filter((id) => !known.has(id));
      if (unknown.length > 0) {
        const found = await options.lookup(unknown);
        for (const id of unknown) known.set(id, found.has(id) ? { value: found.get(id) as T } : null);
      }
      for (const record of batch) {
        const contribution = known.get(record.contributionId);
        if (!contribution) continue;
        rows.push({
          day: record.day,
          action: record.action,
          authorId: record.authorId,
          contribution: contribution.value,
          count: countIn(record, options.view),
        });
      }
      if (rows.length > max) return { rows: rows.slice(0, max), truncated: true };
    }
  }
  return { rows, truncated: false };
};
