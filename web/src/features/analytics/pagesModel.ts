import type {
  AnalyticsAuthor,
  AuthorNetworkQuery,
  AuthorNetworkReply,
  DashboardQuery,
  DashboardReply,
  NoteDashboardReply,
  S2vizReply,
} from '../../../../contracts/api/analytics.ts';
import type { Chart, TableData } from './model.ts';

/**
 * The pure part of the social-interaction page, the two dashboards and the
 * author network (issue 12 §2–§4): the filters as the API's query, the
 * server's replies as charts and graphs, each with its numbers as a table
 * (the text alternative). Pseudonyms come from the server; here a letter is
 * only worded ("Étudiant A").
 */

/** The words these pages need, in the interface language. */
export type PageTexts = {
  /** An author the viewer sees by letter only. */
  pseudonym: (letter: string) => string;
  /** A day (YYYY-MM-DD) as the interface writes it. */
  formatDay: (day: string) => string;
  /** A month (YYYY-MM) as the interface writes it. */
  formatMonth: (month: string) => string;
  /** A number with the interface's separators. */
  formatNumber: (value: number) => string;
  reads: string;
  readsPerDay: string;
  readsPerDayAxis: string;
  day: string;
  author: string;
  reader: string;
  count: string;
  flow: string;
  action: (action: 'read' | 'modified' | 'created') => string;
  actions: string;
  actors: string;
  views: string;
  view: string;
  modifyAndRead: string;
  byFirstAuthor: string;
  types: string;
  type: (type: string) => string;
  percent: string;
  notesPerDay: string;
  daysLeftOut: string;
};

/** An author as this viewer sees them: by name (themself, or anyone for a manager), else "Étudiant <letter>". */
export const authorText = (author: AnalyticsAuthor, seesNames: boolean, pseudonym: (letter: string) => string): string =>
  author.me || seesNames ? author.label : pseudonym(author.label);

/** Date-range filters; empty ends mean "the server's default (the school year)". */
export type RangeFilters = { from: string; to: string };

export const emptyRange: RangeFilters = { from: '', to: '' };

/** A range problem found before asking the server, as the field it concerns. */
export const rangeProblem = (filters: RangeFilters): 'from' | 'to' | null => {
  if (!filters.from && filters.to) return 'from';
  if (filters.from && !filters.to) return 'to';
  if (filters.from && filters.to && filters.from > filters.to) return 'to';
  return null;
};

/** The dashboard's query: a range and one view (none: the whole community). */
export const dashboardQueryOf = (filters: RangeFilters & { view: string }): DashboardQuery => ({
  ...(filters.from ? { from: filters.from } : {}),
  ...(filters.to ? { to: filters.to } : {}),
  ...(filters.view ? { view: filters.view } : {}),
});

/** The author network's query: a range, a group and a view, each optional. */
export const networkQueryOf = (filters: RangeFilters & { group: string; view: string }): AuthorNetworkQuery => ({
  ...(filters.from ? { from: filters.from } : {}),
  ...(filters.to ? { to: filters.to } : {}),
  ...(filters.group ? { group: filters.group } : {}),
  ...(filters.view ? { view: filters.view } : {}),
});

/** `Activity_Dashboard_Statics_{title}.csv`, as the original names it (the server's name when it sends one). */
export const dashboardCsvName = (title: string): string => `Activity_Dashboard_Statics_${title}.csv`;

const days = (texts: PageTexts, list: { day: string }[]) => list.map((d) => texts.formatDay(d.day));

/* ---------- s2viz ---------- */

/** The daily reads bar chart ('Lecture', 'Visites par jour'); its table lists the days with reads. */
export const readsChart = (reply: S2vizReply, texts: PageTexts): Chart => {
  const active = reply.readsPerDay.filter((d) => d.reads > 0);
  return {
    id: 'reads-per-day',
    title: texts.readsPerDay,
    kind: 'bar',
    series: [{ name: texts.reads, x: days(texts, reply.readsPerDay), y: reply.readsPerDay.map((d) => d.reads), mine: false }],
    valueTitle: texts.readsPerDayAxis,
    dayAxis: true,
    legend: true,
    table: { columns: [texts.day, texts.reads], rows: active.map((d) => [texts.formatDay(d.day), d.reads]) },
    empty: active.length === 0,
    note: texts.daysLeftOut,
  };
};

/** A chord matrix's flows as a table: every non-zero cell, largest first (the chord diagram's text alternative). */
export const chordTable = (matrix: number[][], labels: string[], texts: PageTexts): TableData => {
  const cells: { from: string; to: string; value: number }[] = [];
  matrix.forEach((row, i) =>
    row.forEach((value, j) => {
      if (value > 0) cells.push({ from: labels[i] ?? '?', to: labels[j] ?? '?', value });
    }),
  );
  cells.sort((a, b) => b.value - a.value || a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  return {
    columns: [texts.author, texts.reader, texts.flow],
    rows: cells.map((cell) => [cell.from, cell.to, texts.formatNumber(cell.value)]),
  };
};

/** The network's settings (fact sheet §7): directional, node size 10, edge width 10. */
export type NetworkSettings = { directional: boolean; nodeSize: number; edgeWidth: number };

export const defaultNetworkSettings: NetworkSettings = { directional: true, nodeSize: 10, edgeWidth: 10 };

/** A graph ready to lay out: nodes with a radius, links with a stroke width and the raw value for the tooltip. */
export type GraphNode = { id: string; label: string; radius: number; me: boolean; title?: string };
export type GraphLink = { source: string; target: string; width: number; value: number; directed: boolean };
export type Graph = { nodes: GraphNode[]; links: GraphLink[] };

/** A setting typed in a number field: a whole number from 1 to 100, else the default. */
export const settingValue = (text: string, fallback: number): number => {
  const value = Math.round(Number(text));
  return Number.isFinite(value) && value >= 1 && value <= 100 ? value : fallback;
};

/**
 * The reads network (fact sheet §7): every node the size of the node-size
 * setting; directional: reader → author weighted by reads; undirected: each
 * pair once weighted by reads both ways (not the original's one too few);
 * width = value × edge width / 10, at least 1.
 */
export const s2vizGraph = (reply: S2vizReply, settings: NetworkSettings, pseudonym: (letter: string) => string): Graph => {
  const nodes = reply.nodes.map((author) => ({
    id: author.key,
    label: authorText(author, reply.seesNames, pseudonym),
    radius: settings.nodeSize,
    me: author.me,
  }));
  const width = (value: number) => Math.max(1, (value * settings.edgeWidth) / 10);
  const links = settings.directional
    ? reply.network.edges.map((edge) => ({
        source: edge.from,
        target: edge.to,
        value: edge.weight,
        width: width(edge.weight),
        directed: true,
      }))
    : reply.network.undirected.map((pair) => ({
        source: pair.a,
        target: pair.b,
        value: pair.weight,
        width: width(pair.weight),
        directed: false,
      }));
  return { nodes, links };
};

/** The network's table: one row per link (reader, author, reads; or the pair and its reads both ways). */
export const graphTable = (graph: Graph, columns: [string, string, string]): TableData => {
  const label = new Map(graph.nodes.map((node) => [node.id, node.label]));
  return {
    columns,
    rows: graph.links.map((link) => [label.get(link.source) ?? link.source, label.get(link.target) ?? link.target, link.value]),
  };
};

/* ---------- activity dashboard ---------- */

export const dashboardActions = ['read', 'modified', 'created'] as const;

/** The colours of the stacked per-day chart: Modify and Read. */
export const modifyColour = '#c2662d';
export const readColour = '#2f6f5e';

/** Row chart height (fact sheet §7): 25 px per actor, 50 when that would be 125 px or less. */
export const rowChartHeight = (rows: number): number => {
  const per = rows * 25 <= 125 ? 50 : 25;
  return Math.max(120, rows * per + 40);
};

/** The activity dashboard's charts: the action pie with counts, views, actors (rows), Modify + Read per day (stacked, with a brush). */
export const dashboardCharts = (reply: DashboardReply, texts: PageTexts): Chart[] => {
  const actionValues = dashboardActions.map((action) => reply.actions[action]);
  const actionLabels = dashboardActions.map((action) => texts.action(action));
  const actors = reply.actors.map((entry) => authorText(entry.author, reply.seesNames, texts.pseudonym));
  const activeDays = reply.perDay.filter((d) => d.modified > 0 || d.read > 0);
  return [
    {
      id: 'actions',
      title: texts.actions,
      kind: 'pie',
      show: 'value',
      labels: actionLabels,
      values: actionValues,
      table: { columns: [texts.actions, texts.count], rows: actionLabels.map((label, i) => [label, actionValues[i] ?? 0]) },
      empty: actionValues.every((v) => v === 0),
    },
    {
      id: 'views',
      title: texts.views,
      kind: 'bar',
      horizontal: true,
      height: rowChartHeight(reply.views.length),
      series: [{ name: texts.count, x: reply.views.map((v) => v.title), y: reply.views.map((v) => v.count), mine: false }],
      table: { columns: [texts.view, texts.count], rows: reply.views.map((v) => [v.title, v.count]) },
      empty: reply.views.length === 0,
    },
    {
      id: 'actors',
      title: texts.actors,
      kind: 'bar',
      horizontal: true,
      height: rowChartHeight(reply.actors.length),
      series: [{ name: texts.count, x: actors, y: reply.actors.map((a) => a.count), mine: false }],
      table: { columns: [texts.author, texts.count], rows: reply.actors.map((a, i) => [actors[i] ?? '', a.count]) },
      empty: reply.actors.length === 0,
    },
    {
      id: 'modify-read',
      title: texts.modifyAndRead,
      kind: 'bar',
      stacked: true,
      rangeslider: true,
      dayAxis: true,
      series: [
        {
          name: texts.action('modified'),
          x: days(texts, reply.perDay),
          y: reply.perDay.map((d) => d.modified),
          mine: false,
          colour: modifyColour,
        },
        { name: texts.action('read'), x: days(texts, reply.perDay), y: reply.perDay.map((d) => d.read), mine: false, colour: readColour },
      ],
      table: {
        columns: [texts.day, texts.action('modified'), texts.action('read')],
        rows: activeDays.map((d) => [texts.formatDay(d.day), d.modified, d.read]),
      },
      empty: activeDays.length === 0,
      note: texts.daysLeftOut,
    },
  ];
};

/* ---------- note dashboard ---------- */

/** The note dashboard's charts: contributions by first author, the type pie in %, notes per day. */
export const noteDashboardCharts = (reply: NoteDashboardReply, texts: PageTexts): Chart[] => {
  const authors = reply.byAuthor.map((entry) => authorText(entry.author, reply.seesNames, texts.pseudonym));
  const typeLabels = reply.types.map((entry) => texts.type(entry.type));
  const activeDays = reply.perDay.filter((d) => d.count > 0);
  return [
    {
      id: 'by-first-author',
      title: texts.byFirstAuthor,
      kind: 'bar',
      horizontal: true,
      height: rowChartHeight(reply.byAuthor.length),
      series: [{ name: texts.count, x: authors, y: reply.byAuthor.map((a) => a.count), mine: false }],
      table: { columns: [texts.author, texts.count], rows: reply.byAuthor.map((a, i) => [authors[i] ?? '', a.count]) },
      empty: reply.byAuthor.length === 0,
    },
    {
      id: 'types',
      title: texts.types,
      kind: 'pie',
      show: 'percent',
      labels: typeLabels,
      values: reply.types.map((entry) => entry.count),
      table: {
        columns: [texts.types, texts.count, texts.percent],
        rows: reply.types.map((entry, i) => [typeLabels[i] ?? entry.type, entry.count, texts.formatNumber(entry.percent)]),
      },
      empty: reply.total === 0,
    },
    {
      id: 'notes-per-day',
      title: texts.notesPerDay,
      kind: 'bar',
      dayAxis: true,
      series: [{ name: texts.count, x: days(texts, reply.perDay), y: reply.perDay.map((d) => d.count), mine: false }],
      table: { columns: [texts.day, texts.count], rows: activeDays.map((d) => [texts.formatDay(d.day), d.count]) },
      empty: activeDays.length === 0,
      note: texts.daysLeftOut,
    },
  ];
};

/* ---------- author network ---------- */

/** The author network as a graph: radii and strokes as the server computed them (fact sheet §7), self-loops kept. */
export const authorGraph = (reply: AuthorNetworkReply, pseudonym: (letter: string) => string): Graph & { sizes: Map<string, number> } => ({
  nodes: reply.nodes.map((node) => ({
    id: node.author.key,
    label: authorText(node.author, reply.seesNames, pseudonym),
    radius: node.radius,
    me: node.author.me,
  })),
  links: reply.edges.map((edge) => ({ source: edge.from, target: edge.to, width: edge.stroke, value: edge.weight, directed: true })),
  sizes: new Map(reply.nodes.map((node) => [node.author.key, node.size])),
});
