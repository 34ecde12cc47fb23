import { describe, expect, it } from 'vitest';
import type { StatsReply } from '../../../../contracts/api/analytics.ts';
import { chartsOf, filtersProblem, searchOf, statsQueryOf, type ChartTexts, type StatsFilters } from './model.ts';

const texts: ChartTexts = {
  community: 'Community',
  me: 'Me',
  perDay: 'Per day',
  perDayNote: 'Days without contributions are left out.',
  weekdays: 'Weekdays',
  perYear: 'Per year',
  perWeek: 'Per week',
  byAuthor: 'By author',
  scaffold: (title) => `Scaffold ${title}`,
  day: 'Day',
  weekday: 'Weekday',
  year: 'Year',
  week: 'Week',
  author: 'Author',
  support: 'Support',
  count: 'Contributions',
  weekdayNames: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  pseudonym: (letter) => `Pupil ${letter}`,
  formatDay: (day) => `<${day}>`,
};

const reply: StatsReply = {
  communityId: 'c1',
  range: { from: '2025-10-06', to: '2025-10-08' },
  defaultRange: false,
  seesNames: false,
  types: ['Note'],
  total: { community: 5, me: 2 },
  perDay: [
    { day: '2025-10-06', community: 3, me: 1 },
    { day: '2025-10-07', community: 0, me: 0 },
    { day: '2025-10-08', community: 2, me: 1 },
  ],
  // Sunday first, as the server sends it.
  weekdays: { community: [0, 3, 0, 2, 0, 0, 0], me: [0, 1, 0, 1, 0, 0, 0] },
  perYear: [{ year: '2025', community: 5, me: 2 }],
  perWeek: [{ week: '2025-W41', community: 5, me: 2 }],
  byAuthor: [
    { author: { key: 'A', label: 'A', me: false }, count: 3 },
    { author: { key: 'x', label: 'Bob Martin', me: true }, count: 2 },
  ],
  scaffolds: [
    {
      scaffoldId: 's1',
      title: 'Theory building',
      supports: [
        { supportId: 'p1', title: 'My idea', community: 3, me: 2 },
        { supportId: 'p2', title: 'I need to understand', community: 0, me: 0 },
      ],
    },
  ],
};

describe('statistics model', () => {
  const charts = chartsOf(reply, texts);
  const byId = (id: string) => charts.find((c) => c.id === id)!;

  it('draws every chart in order, one pie per scaffold', () => {
    expect(charts.map((c) => c.id)).toEqual(['per-day', 'weekdays', 'per-year', 'per-week', 'by-author', 'scaffold-s1']);
    expect(byId('scaffold-s1').title).toBe('Scaffold Theory building');
  });

  it('gives per day the community and me as two series over every day, the table only the days with contributions', () => {
    const chart = byId('per-day');
    if (chart.kind !== 'bar') throw new Error('bar expected');
    expect(chart.series).toEqual([
      { name: 'Community', x: ['<2025-10-06>', '<2025-10-07>', '<2025-10-08>'], y: [3, 0, 2], mine: false },
      { name: 'Me', x: ['<2025-10-06>', '<2025-10-07>', '<2025-10-08>'], y: [1, 0, 1], mine: true },
    ]);
    expect(chart.table).toEqual({
      columns: ['Day', 'Community', 'Me'],
      rows: [
        ['<2025-10-06>', 3, 1],
        ['<2025-10-08>', 2, 1],
      ],
    });
    expect(chart.empty).toBe(false);
  });

  it('puts the weekdays Monday first, with their names', () => {
    const chart = byId('weekdays');
    expect(chart.table.rows).toEqual([
      ['Mon', 3, 1],
      ['Tue', 0, 0],
      ['Wed', 2, 1],
      ['Thu', 0, 0],
      ['Fri', 0, 0],
      ['Sat', 0, 0],
      ['Sun', 0, 0],
    ]);
  });

  it('shows a writer by name and the classmates by their pseudonym letter', () => {
    const chart = byId('by-author');
    if (chart.kind !== 'pie') throw new Error('pie expected');
    expect(chart.labels).toEqual(['Pupil A', 'Bob Martin']);
    expect(chart.values).toEqual([3, 2]);
    expect(chart.table.rows).toEqual([
      ['Pupil A', 3],
      ['Bob Martin', 2],
    ]);
  });

  it('shows a manager every name as the server gives it', () => {
    const manager = chartsOf(
      { ...reply, seesNames: true, byAuthor: [{ author: { key: 'id1', label: 'Alice Roy', me: false }, count: 3 }] },
      texts,
    );
    const chart = manager.find((c) => c.id === 'by-author');
    expect(chart?.kind === 'pie' && chart.labels).toEqual(['Alice Roy']);
  });

  it('gives a scaffold pie its supports with the community counts, and me in the table', () => {
    const chart = byId('scaffold-s1');
    if (chart.kind !== 'pie') throw new Error('pie expected');
    expect(chart.values).toEqual([3, 0]);
    expect(chart.table.rows).toEqual([
      ['My idea', 3, 2],
      ['I need to understand', 0, 0],
    ]);
  });

  it('marks charts with nothing to draw as empty', () => {
    const none = chartsOf(
      {
        ...reply,
        perDay: reply.perDay.map((d) => ({ ...d, community: 0, me: 0 })),
        weekdays: { community: [0, 0, 0, 0, 0, 0, 0], me: [0, 0, 0, 0, 0, 0, 0] },
        perYear: [],
        perWeek: [],
        byAuthor: [],
        scaffolds: [{ ...reply.scaffolds[0]!, supports: reply.scaffolds[0]!.supports.map((s) => ({ ...s, community: 0, me: 0 })) }],
      },
      texts,
    );
    expect(none.map((c) => c.empty)).toEqual([true, true, true, true, true, true]);
    expect(charts.map((c) => c.empty)).toEqual([false, false, false, false, false, false]);
  });
});

describe('statistics filters', () => {
  const filters: StatsFilters = {
    from: '2025-08-15',
    to: '2026-06-30',
    viewIds: ['a'.repeat(24), 'b'.repeat(24)],
    authorIds: ['c'.repeat(24)],
    words: '  winter   leaves ',
  };

  it('sends the range, views, words, and authors only for a viewer who may filter by them', () => {
    expect(statsQueryOf(filters, true)).toEqual({
      from: '2025-08-15',
      to: '2026-06-30',
      views: `${'a'.repeat(24)},${'b'.repeat(24)}`,
      authors: 'c'.repeat(24),
      words: 'winter leaves',
    });
    expect(statsQueryOf(filters, false)).not.toHaveProperty('authors');
    expect(statsQueryOf({ from: '', to: '', viewIds: [], authorIds: [], words: ' ' }, true)).toEqual({});
  });

  it('writes the query as a search string', () => {
    expect(searchOf({})).toBe('');
    expect(searchOf({ from: '2025-08-15', words: 'a b' })).toBe('?from=2025-08-15&words=a+b');
  });

  it('requires both dates, in order', () => {
    expect(filtersProblem(filters)).toBeNull();
    expect(filtersProblem({ ...filters, from: '' })).toBe('from');
    expect(filtersProblem({ ...filters, to: '' })).toBe('to');
    expect(filtersProblem({ ...filters, from: '2026-07-01' })).toBe('to');
  });
});
