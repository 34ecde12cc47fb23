import type { DashboardRecord } from '../../../../contracts/api/analytics.ts';

/**
 * The activity dashboard's record table (fact sheet §7: "record table by
 * year/month (date, action, title link, user)"), grouped for the page: years
 * newest first, each with its months newest first, rows in the reply's order
 * (newest first). Pure.
 */
export type RecordYear = { year: string; months: { month: string; records: DashboardRecord[] }[] };

export const recordsByYearMonth = (records: readonly DashboardRecord[]): RecordYear[] => {
  const years = new Map<string, Map<string, DashboardRecord[]>>();
  for (const record of records) {
    const year = record.day.slice(0, 4);
    const month = record.day.slice(0, 7);
    let months = years.get(year);
    if (!months) years.set(year, (months = new Map<string, DashboardRecord[]>()));
    const list = months.get(month);
    if (list) list.push(record);
    else months.set(month, [record]);
  }
  return [...years.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([year, months]) => ({
      year,
      months: [...months.entries()].sort(([a], [b]) => b.localeCompare(a)).map(([month, list]) => ({ month, records: list })),
    }));
};

/** Where a record's title leads: a view opens as a view, a note, drawing or attachment in its own page; other kinds (groups, scaffolds…) nowhere. */
export const recordHref = (contribution: { id: string; type: string }): string | null => {
  if (contribution.type === 'View') return `/view/${contribution.id}`;
  return ['Note', 'Drawing', 'Attachment'].includes(contribution.type) ? `/contribution/${contribution.id}` : null;
};
