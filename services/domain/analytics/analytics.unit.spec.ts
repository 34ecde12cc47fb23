import { describe, expect, it } from 'vitest';
import { daysInRange, eachDay, isValidDate, isoWeek, schoolYear, weekday } from './dates.ts';
import { firstSeenOrder, labelAuthors, pseudonymCode } from './pseudonyms.ts';
import { computeStats, scaffoldUsage, type StatsItem, type StatsScaffold } from './stats.ts';

describe('the school year (fact sheet §7)', () => {
  it('runs from 15 August to 30 June: from August on, of this year; before, of last year', () => {
    expect(schoolYear(new Date('2025-08-01T00:00:00Z'))).toEqual({ from: '2025-08-15', to: '2026-06-30' });
    expect(schoolYear(new Date('2025-12-31T23:59:59Z'))).toEqual({ from: '2025-08-15', to: '2026-06-30' });
    expect(schoolYear(new Date('2026-01-10T12:00:00Z'))).toEqual({ from: '2025-08-15', to: '2026-06-30' });
    expect(schoolYear(new Date('2025-07-31T23:59:59Z'))).toEqual({ from: '2024-08-15', to: '2025-06-30' });
    expect(daysInRange(schoolYear(new Date('2025-09-01T00:00:00Z')))).toBe(320);
  });
});

describe('calendar helpers', () => {
  it('knows weekdays (Sunday = 0), ISO weeks across year ends, real dates and every day of a range', () => {
    expect(weekday('2025-10-05')).toBe(0);
    expect(weekday('2025-10-11')).toBe(6);
    expect(isoWeek('2021-01-03')).toBe('2020-W53');
    expect(isoWeek('2021-01-04')).toBe('2021-W01');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
    expect(isoWeek('2025-10-05')).toBe('2025-W40');
    expect(isoWeek('2025-10-06')).toBe('2025-W41');
    expect(isValidDate('2025-02-29')).toBe(false);
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(eachDay({ from: '2024-02-28', to: '2024-03-01' })).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(eachDay({ from: '2024-03-01', to: '2024-02-28' })).toEqual([]);
  });
});

const [A, B, C] = ['author-a', 'author-b', 'author-c'];
const item = (id: string, authors: string[], created: string, views: string[] = [], supports: Record<string, number> = {}): StatsItem => ({
  id,
  type: 'Note',
  authors,
  created,
  views,
  supports,
});
/** A week of a class, Sunday 5 to Saturday 11 October 2025, and two notes just outside it. */
const items: StatsItem[] = [
  item('n1', [A], '2025-10-05T10:00:00.000Z', ['V1'], { s1: 2 }),
  item('n2', [B], '2025-10-06T23:59:00.000Z', ['V2'], { s1: 1, s3: 1 }),
  item('n3', [A, B], '2025-10-06T00:00:00.000Z', ['V1'], { s2: 1 }),
  item('n4', [C], '2025-10-12T00:00:00.000Z', ['V1'], { s1: 5 }),
  item('n5', [B], '2025-10-04T23:59:59.999Z', ['V1'], { s1: 5 }),
  item('n6', [C], '2025-10-11T12:00:00.000Z'),
];
const scaffolds: StatsScaffold[] = [
  {
    id: 'S1',
    title: 'Theory building',
    supports: [
      { id: 's1', title: 'My theory' },
      { id: 's2', title: 'I need to understand' },
    ],
  },
  { id: 'S2', title: 'Debate', supports: [{ id: 's3', title: 'I disagree' }] },
];
const week = { from: '2025-10-05', to: '2025-10-11' };

describe('computeStats (hand-counted week)', () => {
  const stats = computeStats(items, A, { range: week }, scaffolds, [C, B, A]);

  it('counts the community and me per day, every day of the range, ends included', () => {
    expect(stats.total).toEqual({ community: 4, me: 2 });
    expect(stats.perDay).toEqual([
      { day: '2025-10-05', community: 1, me: 1 },
      { day: '2025-10-06', community: 2, me: 1 },
      { day: '2025-10-07', community: 0, me: 0 },
      { day: '2025-10-08', community: 0, me: 0 },
      { day: '2025-10-09', community: 0, me: 0 },
      { day: '2025-10-10', community: 0, me: 0 },
      { day: '2025-10-11', community: 1, me: 0 },
    ]);
  });

  it('gives the weekday distribution Sunday … Saturday, notes per year and per ISO week', () => {
    expect(stats.weekdays).toEqual({ community: [1, 2, 0, 0, 0, 0, 1], me: [1, 1, 0, 0, 0, 0, 0] });
    expect(stats.perYear).toEqual([{ year: '2025', community: 4, me: 2 }]);
    expect(stats.perWeek).toEqual([
      { week: '2025-W40', community: 1, me: 1 },
      { week: '2025-W41', community: 3, me: 1 },
    ]);
  });

  it('shares contributions by primary author, most first, ties in first-seen order', () => {
    expect(stats.byAuthor).toEqual([
      { authorId: A, count: 2 },
      { authorId: C, count: 1 },
      { authorId: B, count: 1 },
    ]);
  });

  it("counts each scaffold's own supports only (the original's pies accumulated the earlier pies' supports)", () => {
    expect(stats.scaffolds).toEqual([
      {
        scaffoldId: 'S1',
        title: 'Theory building',
        supports: [
          { supportId: 's1', title: 'My theory', community: 3, me: 2 },
          { supportId: 's2', title: 'I need to understand', community: 1, me: 1 },
        ],
      },
      { scaffoldId: 'S2', title: 'Debate', supports: [{ supportId: 's3', title: 'I disagree', community: 1, me: 0 }] },
    ]);
    // Drawing the pies in the other order changes nothing either.
    expect(scaffoldUsage(items.slice(0, 3), A, [...scaffolds].reverse())[1]?.supports.map((s) => s.community)).toEqual([3, 1]);
  });

  it('filters by view and by author (any of the authors)', () => {
    expect(computeStats(items, A, { range: week, views: ['V1'] }, []).total).toEqual({ community: 2, me: 2 });
    expect(computeStats(items, A, { range: week, authors: [B] }, []).total).toEqual({ community: 2, me: 1 });
    expect(computeStats(items, null, { range: { from: '2025-10-04', to: '2025-10-12' } }, []).total).toEqual({ community: 6, me: 0 });
  });
});

describe('pseudonyms (fact sheet §7)', () => {
  it('codes the k-th other author A…Z, then AA, BB … ZZ, then AAA', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(pseudonymCode)).toEqual(['A', 'B', 'Z', 'AA', 'BB', 'ZZ', 'AAA']);
  });

  const names: Record<string, string> = { x: 'Xavier Roy', me: 'Maëlle Dupont', y: 'Yasmine Haddad' };
  const nameOf = (id: string) => names[id] ?? id;

  it('shows a writer their own name and letters for the others in first-seen order; the writer uses up no letter', () => {
    const labels = labelAuthors({ authorId: 'me', seesNames: false }, ['x', 'me', 'y'], nameOf);
    expect([...labels.values()]).toEqual(
      [
        { key: 'A', label: 'A', me: false },
        { key: 'Maëlle Dupont', label: 'Maëlle Dupont', me: true },
        { key: 'B', label: 'B', me: false },
      ].map((l) => (l.me ? { ...l, key: 'me' } : l)),
    );
  });

  it('shows managers and admins every name', () => {
    const labels = labelAuthors({ authorId: null, seesNames: true }, ['x', 'y'], nameOf);
    expect([...labels.values()].map((l) => l.label)).toEqual(['Xavier Roy', 'Yasmine Haddad']);
  });

  it('starts at A whenever it is asked (the activity dashboard labelled twice and began after the first n letters)', () => {
    const order = Array.from({ length: 30 }, (_, i) => `p${i}`);
    const once = labelAuthors({ authorId: 'p3', seesNames: false }, order, nameOf);
    const twice = labelAuthors({ authorId: 'p3', seesNames: false }, [...order, ...order], nameOf);
    expect(twice).toEqual(once);
    expect(once.get('p0')?.label).toBe('A');
    expect(once.get('p4')?.label).toBe('D');
    // p3 is the writer: p26 is the 26th other (Z), p27 the 27th (AA), p29 the 29th (CC).
    expect([once.get('p26')?.label, once.get('p27')?.label, once.get('p29')?.label]).toEqual(['Z', 'AA', 'CC']);
  });

  it('orders authors by their first contribution (then id), co-authors included, then the others', () => {
    const order = firstSeenOrder(
      [
        { id: 'n2', created: '2025-10-02T00:00:00Z', authors: ['y', 'x'] },
        { id: 'n1', created: '2025-10-01T00:00:00Z', authors: ['z'] },
        { id: 'n0', created: '2025-10-02T00:00:00Z', authors: ['x'] },
      ],
      ['w', 'y'],
    );
    expect(order).toEqual(['z', 'x', 'y', 'w']);
  });
});
