import { describe, expect, it } from 'vitest';
import type { AuthorNetworkReply, DashboardReply, NoteDashboardReply, S2vizReply } from '../../../../contracts/api/analytics.ts';
import {
  authorGraph,
  authorText,
  chordTable,
  dashboardCharts,
  dashboardCsvName,
  dashboardQueryOf,
  defaultNetworkSettings,
  graphTable,
  networkQueryOf,
  noteDashboardCharts,
  rangeProblem,
  readsChart,
  rowChartHeight,
  s2vizGraph,
  settingValue,
  type PageTexts,
} from './pagesModel.ts';
import { fileNameOf } from '../../lib/download.ts';

const texts: PageTexts = {
  pseudonym: (letter) => `Pupil ${letter}`,
  formatDay: (day) => `<${day}>`,
  formatMonth: (month) => `[${month}]`,
  formatNumber: (value) => String(value).replace('.', ','),
  reads: 'Lecture',
  readsPerDay: 'Reads per day',
  readsPerDayAxis: 'Visites par jour',
  day: 'Day',
  author: 'Author',
  reader: 'Reader',
  count: 'Count',
  flow: 'Flow',
  action: (action) => ({ read: 'Read', modified: 'Modify', created: 'Create' })[action],
  actions: 'Actions',
  actors: 'Actors',
  views: 'Views',
  view: 'View',
  modifyAndRead: 'Modify and Read',
  byFirstAuthor: 'By first author',
  types: 'Types',
  type: (type) => `T:${type}`,
  percent: '%',
  notesPerDay: 'Notes per day',
  daysLeftOut: 'Days without activity are left out.',
};

const me = { key: 'me1', label: 'Bastien Roy', me: true };
const letterA = { key: 'A', label: 'A', me: false };
const letterB = { key: 'B', label: 'B', me: false };

const s2viz: S2vizReply = {
  communityId: 'c1',
  range: { from: '2025-10-06', to: '2025-10-08' },
  defaultRange: false,
  seesNames: false,
  readsPerDay: [
    { day: '2025-10-06', reads: 4 },
    { day: '2025-10-07', reads: 0 },
    { day: '2025-10-08', reads: 1 },
  ],
  nodes: [me, letterA, letterB],
  chords: {
    reading: [
      [0, 1.3, 0],
      [0.4, 0, 0],
      [0, 0, 1.1],
    ],
    beingRead: [
      [0, 0.4, 0],
      [1.3, 0, 0],
      [0, 0, 1.1],
    ],
  },
  network: {
    edges: [
      { from: 'me1', to: 'A', weight: 3 },
      { from: 'A', to: 'me1', weight: 1 },
    ],
    undirected: [{ a: 'me1', b: 'A', weight: 4 }],
    undirectedCount: 1,
  },
};

describe('analytics pages model', () => {
  it('words authors: me and every name for a manager, letters as "pupil" for a writer', () => {
    expect(authorText(me, false, texts.pseudonym)).toBe('Bastien Roy');
    expect(authorText(letterA, false, texts.pseudonym)).toBe('Pupil A');
    expect(authorText({ key: 'x', label: 'Amandine Roy', me: false }, true, texts.pseudonym)).toBe('Amandine Roy');
  });

  it('checks a range: both ends or none, in order', () => {
    expect(rangeProblem({ from: '', to: '' })).toBeNull();
    expect(rangeProblem({ from: '2025-01-01', to: '' })).toBe('to');
    expect(rangeProblem({ from: '', to: '2025-01-01' })).toBe('from');
    expect(rangeProblem({ from: '2025-02-01', to: '2025-01-01' })).toBe('to');
    expect(rangeProblem({ from: '2025-01-01', to: '2025-01-01' })).toBeNull();
  });

  it('builds the queries with only the filters chosen', () => {
    expect(dashboardQueryOf({ from: '', to: '', view: '' })).toEqual({});
    expect(dashboardQueryOf({ from: '2025-01-01', to: '2025-02-01', view: 'v1' })).toEqual({
      from: '2025-01-01',
      to: '2025-02-01',
      view: 'v1',
    });
    expect(networkQueryOf({ from: '', to: '', group: 'g1', view: '' })).toEqual({ group: 'g1' });
  });

  it("names the CSV as the original and reads the server's name from Content-Disposition", () => {
    expect(dashboardCsvName('Sciences 5e B')).toBe('Activity_Dashboard_Statics_Sciences 5e B.csv');
    expect(
      fileNameOf(
        `attachment; filename="Activity_Dashboard_Statics_Sciences_5e_B_.csv"; filename*=UTF-8''Activity_Dashboard_Statics_Sciences%205e%20B%C3%A9.csv`,
      ),
    ).toBe('Activity_Dashboard_Statics_Sciences 5e Bé.csv');
    expect(fileNameOf('attachment; filename="plain.csv"')).toBe('plain.csv');
    expect(fileNameOf(null)).toBeNull();
  });

  it('draws reads per day as "Lecture" over "Visites par jour", the table keeping only days with reads', () => {
    const chart = readsChart(s2viz, texts);
    expect(chart.kind).toBe('bar');
    if (chart.kind !== 'bar') return;
    expect(chart.series).toEqual([{ name: 'Lecture', x: ['<2025-10-06>', '<2025-10-07>', '<2025-10-08>'], y: [4, 0, 1], mine: false }]);
    expect(chart.valueTitle).toBe('Visites par jour');
    expect(chart.table.rows).toEqual([
      ['<2025-10-06>', 4],
      ['<2025-10-08>', 1],
    ]);
    expect(chart.empty).toBe(false);
    expect(readsChart({ ...s2viz, readsPerDay: [{ day: '2025-10-06', reads: 0 }] }, texts).empty).toBe(true);
  });

  it("lists a chord matrix's flows largest first, self-reads included", () => {
    const labels = ['Bastien Roy', 'Pupil A', 'Pupil B'];
    expect(chordTable(s2viz.chords.reading, labels, texts).rows).toEqual([
      ['Bastien Roy', 'Pupil A', '1,3'],
      ['Pupil B', 'Pupil B', '1,1'],
      ['Pupil A', 'Bastien Roy', '0,4'],
    ]);
  });

  it('sizes the network from the settings: node size for all, width = value × width / 10 (at least 1)', () => {
    const graph = s2vizGraph(s2viz, defaultNetworkSettings, texts.pseudonym);
    expect(graph.nodes.map((n) => [n.id, n.label, n.radius])).toEqual([
      ['me1', 'Bastien Roy', 10],
      ['A', 'Pupil A', 10],
      ['B', 'Pupil B', 10],
    ]);
    expect(graph.links).toEqual([
      { source: 'me1', target: 'A', value: 3, width: 3, directed: true },
      { source: 'A', target: 'me1', value: 1, width: 1, directed: true },
    ]);
    const thin = s2vizGraph(s2viz, { directional: true, nodeSize: 4, edgeWidth: 2 }, texts.pseudonym);
    expect(thin.nodes[0]?.radius).toBe(4);
    expect(thin.links.map((l) => l.width)).toEqual([1, 1]);
  });

  it('shows each pair once when undirected, weighing every read both ways (no off-by-one)', () => {
    const graph = s2vizGraph(s2viz, { ...defaultNetworkSettings, directional: false, edgeWidth: 5 }, texts.pseudonym);
    expect(graph.links).toEqual([{ source: 'me1', target: 'A', value: 4, width: 2, directed: false }]);
    expect(graphTable(graph, ['P', 'Q', 'Reads']).rows).toEqual([['Bastien Roy', 'Pupil A', 4]]);
  });

  it('reads a typed setting as a whole number from 1 to 100, else keeps the last one', () => {
    expect(settingValue('12', 10)).toBe(12);
    expect(settingValue('0', 10)).toBe(10);
    expect(settingValue('abc', 7)).toBe(7);
    expect(settingValue('250', 10)).toBe(10);
  });

  it('makes row charts 50 px a row when they are short, 25 px otherwise', () => {
    expect(rowChartHeight(2)).toBe(140);
    expect(rowChartHeight(5)).toBe(290);
    expect(rowChartHeight(6)).toBe(190);
    expect(rowChartHeight(0)).toBe(120);
  });

  const dashboard: DashboardReply = {
    communityId: 'c1',
    range: { from: '2025-09-30', to: '2025-10-02' },
    defaultRange: true,
    seesNames: false,
    view: null,
    actions: { read: 5, modified: 2, created: 0 },
    views: [{ id: 'v1', title: 'Welcome', count: 7 }],
    actors: [
      { author: letterA, count: 4 },
      { author: me, count: 3 },
    ],
    perDay: [
      { day: '2025-09-30', modified: 1, read: 2 },
      { day: '2025-10-01', modified: 0, read: 0 },
      { day: '2025-10-02', modified: 1, read: 3 },
    ],
    records: [
      { day: '2025-10-02', action: 'read', author: letterA, contribution: { id: 'n1', title: 'Ice', type: 'Note' }, count: 3 },
      { day: '2025-10-02', action: 'modified', author: me, contribution: { id: 'n2', title: 'Water', type: 'Note' }, count: 1 },
      { day: '2025-09-30', action: 'read', author: me, contribution: null, count: 2 },
    ],
    recordsTruncated: false,
    users: [],
    totals: { read: 5, modified: 2, created: 0, total: 7 },
    averages: { read: 2.5, modified: 1, created: 0, total: 3.5 },
  };

  it('draws the dashboard: action pie with counts, views and actors as rows, Modify + Read stacked with a brush', () => {
    const [actions, views, actors, perDay] = dashboardCharts(dashboard, texts);
    expect(actions).toMatchObject({ kind: 'pie', show: 'value', labels: ['Read', 'Modify', 'Create'], values: [5, 2, 0] });
    expect(views).toMatchObject({ kind: 'bar', horizontal: true, table: { rows: [['Welcome', 7]] } });
    expect(actors).toMatchObject({ kind: 'bar', horizontal: true });
    expect(actors?.table.rows).toEqual([
      ['Pupil A', 4],
      ['Bastien Roy', 3],
    ]);
    expect(perDay).toMatchObject({ kind: 'bar', stacked: true, rangeslider: true });
    if (perDay?.kind !== 'bar') throw new Error('bar expected');
    expect(perDay.series.map((s) => [s.name, s.y])).toEqual([
      ['Modify', [1, 0, 1]],
      ['Read', [2, 0, 3]],
    ]);
    expect(perDay.table.rows).toEqual([
      ['<2025-09-30>', 1, 2],
      ['<2025-10-02>', 1, 3],
    ]);
  });

  it('draws the note dashboard: first authors, the type pie in %, notes per day', () => {
    const reply: NoteDashboardReply = {
      communityId: 'c1',
      range: { from: '2025-10-06', to: '2025-10-07' },
      defaultRange: false,
      seesNames: false,
      total: 4,
      byAuthor: [
        { author: letterB, count: 3 },
        { author: me, count: 1 },
      ],
      types: [
        { type: 'Note', count: 3, percent: 75 },
        { type: 'Drawing', count: 1, percent: 25 },
      ],
      perDay: [
        { day: '2025-10-06', count: 4 },
        { day: '2025-10-07', count: 0 },
      ],
    };
    const [authors, types, perDay] = noteDashboardCharts(reply, texts);
    expect(authors?.table.rows).toEqual([
      ['Pupil B', 3],
      ['Bastien Roy', 1],
    ]);
    expect(types).toMatchObject({ kind: 'pie', show: 'percent', labels: ['T:Note', 'T:Drawing'], values: [3, 1] });
    expect(types?.table.rows).toEqual([
      ['T:Note', 3, '75'],
      ['T:Drawing', 1, '25'],
    ]);
    expect(perDay?.table.rows).toEqual([['<2025-10-06>', 4]]);
    expect(noteDashboardCharts({ ...reply, total: 0, types: [], byAuthor: [], perDay: [] }, texts).every((c) => c.empty)).toBe(true);
  });

  it("keeps the author network's radii, strokes and self-loops as the server computed them", () => {
    const reply: AuthorNetworkReply = {
      communityId: 'c1',
      seesNames: false,
      nodes: [
        { author: me, size: 3, radius: 28 },
        { author: letterA, size: 1, radius: 8 },
      ],
      edges: [
        { from: 'me1', to: 'A', weight: 2, stroke: 7 },
        { from: 'A', to: 'A', weight: 1, stroke: 2 },
      ],
    };
    const graph = authorGraph(reply, texts.pseudonym);
    expect(graph.nodes.map((n) => [n.label, n.radius])).toEqual([
      ['Bastien Roy', 28],
      ['Pupil A', 8],
    ]);
    expect(graph.links).toEqual([
      { source: 'me1', target: 'A', width: 7, value: 2, directed: true },
      { source: 'A', target: 'A', width: 2, value: 1, directed: true },
    ]);
    expect(graph.sizes.get('me1')).toBe(3);
  });
});
