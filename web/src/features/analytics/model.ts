import type { StatsQuery, StatsReply } from '../../../../contracts/api/analytics.ts';

/**
 * The statistics page's pure part (issue 12 §1): the filters as the API's
 * query, and the server's reply as chart series with the same numbers as
 * table rows (each chart's text alternative).
 */

/** What the filter form holds; empty dates mean "the server's default (the school year)". */
export type StatsFilters = { from: string; to: string; viewIds: string[]; authorIds: string[]; words: string };

export const emptyFilters: StatsFilters = { from: '', to: '', viewIds: [], authorIds: [], words: '' };

/** The query of GET /api/analytics/{id}/stats for these filters (authors only for a viewer who may filter by them). */
export const statsQueryOf = (filters: StatsFilters, mayFilterAuthors: boolean): StatsQuery => {
  const query: StatsQuery = {};
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.viewIds.length > 0) query.views = filters.viewIds.join(',');
  if (mayFilterAuthors && filters.authorIds.length > 0) query.authors = filters.authorIds.join(',');
  const words = filters.words.trim().replace(/\s+/g, ' ');
  if (words) query.words = words;
  return query;
};

/** The query as a URL search string ('' or '?…'). */
export const searchOf = (query: StatsQuery): string => {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** A filter problem found before asking the server, as the field it concerns. */
export const filtersProblem = (filters: StatsFilters): 'from' | 'to' | null => {
  if (!filters.from) return 'from';
  if (!filters.to) return 'to';
  if (filters.from > filters.to) return 'to';
  return null;
};

export type BarSeries = {
  name: string;
  x: string[];
  y: number[];
  mine: boolean;
  /** A colour of its own (else community or me). */ colour?: string;
};
export type TableData = { columns: string[]; rows: (string | number)[][] };

/** How a bar chart is drawn beyond grouped vertical bars (the analytics pages of issue 12). */
export type BarOptions = {
  /** Series stacked (the dashboard's Modify + Read per day). */
  stacked?: boolean;
  /** Bars lying down, one row per category (the dashboard's actor chart): `x` holds the categories. */
  horizontal?: boolean;
  /** A range brush under the chart (plotly's range slider). */
  rangeslider?: boolean;
  /** The value axis' title. */
  valueTitle?: string;
  /** The drawing's height in pixels (default 300). */
  height?: number;
  /** The day axis thins its labels. */
  dayAxis?: boolean;
  /** A legend even for one series (the reads chart's "Lecture"); several series always have one. */
  legend?: boolean;
};

export type Chart =
  | ({ id: string; title: string; kind: 'bar'; series: BarSeries[]; table: TableData; empty: boolean; note?: string } & BarOptions)
  | {
      id: string;
      title: string;
      kind: 'pie';
      labels: string[];
      values: number[];
      table: TableData;
      empty: boolean;
      note?: string;
      /** What the slices say: their share (default) or their count. */
      show?: 'percent' | 'value';
    };

/** The words the charts need, in the interface language. */
export type ChartTexts = {
  community: string;
  me: string;
  perDay: string;
  perDayNote: string;
  weekdays: string;
  perYear: string;
  perWeek: string;
  byAuthor: string;
  scaffold: (title: string) => string;
  day: string;
  weekday: string;
  year: string;
  week: string;
  author: string;
  support: string;
  count: string;
  /** Sunday … Saturday. */
  weekdayNames: string[];
  /** An author the viewer sees by letter only. */
  pseudonym: (letter: string) => string;
  /** A day (YYYY-MM-DD) as the interface writes it. */
  formatDay: (day: string) => string;
};

const pair = (texts: ChartTexts, x: string[], community: number[], me: number[]): BarSeries[] => [
  { name: texts.community, x, y: community, mine: false },
  { name: texts.me, x, y: me, mine: true },
];

const isEmpty = (values: number[]) => values.every((v) => v === 0);

/** Monday first, as the school week is read (the reply is Sunday first). */
const mondayFirst = [1, 2, 3, 4, 5, 6, 0];

/** The label of an author on the pie: the viewer by name, others by name for a manager, by letter for a writer. */
export const authorLabel = (entry: StatsReply['byAuthor'][number], seesNames: boolean, texts: Pick<ChartTexts, 'pseudonym'>): string =>
  entry.author.me || seesNames ? entry.author.label : texts.pseudonym(entry.author.label);

/** Every chart of the page, in order, with its table. */
export const chartsOf = (reply: StatsReply, texts: ChartTexts): Chart[] => {
  const cm = [texts.community, texts.me];
  const days = reply.perDay.map((d) => texts.formatDay(d.day));
  const activeDays = reply.perDay.filter((d) => d.community > 0 || d.me > 0);
  const perDay: Chart = {
    id: 'per-day',
    title: texts.perDay,
    kind: 'bar',
    series: pair(
      texts,
      days,
      reply.perDay.map((d) => d.community),
      reply.perDay.map((d) => d.me),
    ),
    table: { columns: [texts.day, ...cm], rows: activeDays.map((d) => [texts.formatDay(d.day), d.community, d.me]) },
    empty: activeDays.length === 0,
    note: texts.perDayNote,
  };
  const weekdayNames = mondayFirst.map((i) => texts.weekdayNames[i] ?? String(i));
  const weekdayCommunity = mondayFirst.map((i) => reply.weekdays.community[i] ?? 0);
  const weekdayMe = mondayFirst.map((i) => reply.weekdays.me[i] ?? 0);
  const weekdays: Chart = {
    id: 'weekdays',
    title: texts.weekdays,
    kind: 'bar',
    series: pair(texts, weekdayNames, weekdayCommunity, weekdayMe),
    table: { columns: [texts.weekday, ...cm], rows: weekdayNames.map((name, i) => [name, weekdayCommunity[i] ?? 0, weekdayMe[i] ?? 0]) },
    empty: isEmpty(weekdayCommunity),
  };
  const perYear: Chart = {
    id: 'per-year',
    title: texts.perYear,
    kind: 'bar',
    series: pair(
      texts,
      reply.perYear.map((y) => y.year),
      reply.perYear.map((y) => y.community),
      reply.perYear.map((y) => y.me),
    ),
    table: { columns: [texts.year, ...cm], rows: reply.perYear.map((y) => [y.year, y.community, y.me]) },
    empty: reply.perYear.length === 0,
  };
  const perWeek: Chart = {
    id: 'per-week',
    title: texts.perWeek,
    kind: 'bar',
    series: pair(
      texts,
      reply.perWeek.map((w) => w.week),
      reply.perWeek.map((w) => w.community),
      reply.perWeek.map((w) => w.me),
    ),
    table: { columns: [texts.week, ...cm], rows: reply.perWeek.map((w) => [w.week, w.community, w.me]) },
    empty: reply.perWeek.length === 0,
  };
  const authorLabels = reply.byAuthor.map((entry) => authorLabel(entry, reply.seesNames, texts));
  const byAuthor: Chart = {
    id: 'by-author',
    title: texts.byAuthor,
    kind: 'pie',
    labels: authorLabels,
    values: reply.byAuthor.map((entry) => entry.count),
    table: { columns: [texts.author, texts.count], rows: reply.byAuthor.map((entry, i) => [authorLabels[i] ?? '', entry.count]) },
    empty: isEmpty(reply.byAuthor.map((entry) => entry.count)),
  };
  const scaffolds: Chart[] = reply.scaffolds.map((scaffold) => ({
    id: `scaffold-${scaffold.scaffoldId}`,
    title: texts.scaffold(scaffold.title),
    kind: 'pie',
    labels: scaffold.supports.map((s) => s.title),
    values: scaffold.supports.map((s) => s.community),
    table: { columns: [texts.support, ...cm], rows: scaffold.supports.map((s) => [s.title, s.community, s.me]) },
    empty: isEmpty(scaffold.supports.map((s) => s.community)),
  }));
  return [perDay, weekdays, perYear, perWeek, byAuthor, ...scaffolds];
};
