import { describe, expect, it } from 'vitest';
import { collectRecordRows, newestRecordFirst, recordDayChunks, type ActivityRecord } from './dashboardRecords.ts';

/** The activity dashboard's record table (fact sheet §7): order, view filter, readable contributions only, cap. */

const rec = (
  day: string,
  last: string,
  authorId: string,
  contributionId: string,
  action: ActivityRecord['action'],
  count: number,
  byView = {},
) => ({
  day,
  last: `${day}T${last}:00.000Z`,
  authorId,
  contributionId,
  action,
  count,
  byView,
});

const records: ActivityRecord[] = [
  rec('2025-10-06', '09:00', 'A', 'n1', 'created', 1, { V: 1 }),
  rec('2025-10-07', '10:00', 'B', 'n1', 'read', 2, { V: 2 }),
  rec('2025-10-07', '11:00', 'B', 'secret', 'read', 1),
  rec('2025-10-07', '08:00', 'A', 'n2', 'modified', 3, { W: 3 }),
  rec('2025-10-08', '09:00', 'C', 'gone', 'read', 1, { V: 1 }),
  // Outside the range asked.
  rec('2025-10-20', '09:00', 'C', 'n1', 'read', 1, { V: 1 }),
];

const titles = new Map<string, string | null>([
  ['n1', 'Ice'],
  ['n2', 'Water'],
  // Readable, no longer active: kept, without a title.
  ['gone', null],
]);

const setup = () => {
  const loads: string[][] = [];
  const lookups: string[][] = [];
  const options = {
    range: { from: '2025-10-01', to: '2025-10-10' },
    load: async (days: readonly string[]) => {
      loads.push([...days]);
      return records.filter((r) => days.includes(r.day));
    },
    // "secret" is not readable: left out of the map.
    lookup: async (ids: readonly string[]) => {
      lookups.push([...ids]);
      return new Map(ids.flatMap((i) => (titles.has(i) ? [[i, titles.get(i) ?? null] as const] : [])));
    },
  };
  return { loads, lookups, options };
};

const show = (rows: { day: string; action: string; authorId: string; contribution: string | null; count: number }[]) =>
  rows.map((r) => `${r.day} ${r.authorId} ${r.action} ${r.contribution ?? '-'} ${r.count}`);

describe('dashboard record table', () => {
  it('lists the range newest first, leaves out contributions the viewer may not read, looks each one up once', async () => {
    const { options, lookups, loads } = setup();
    const { rows, truncated } = await collectRecordRows(options);
    expect(show(rows)).toEqual([
      '2025-10-08 C read - 1',
      '2025-10-07 B read Ice 2',
      '2025-10-07 A modified Water 3',
      '2025-10-06 A created Ice 1',
    ]);
    expect(truncated).toBe(false);
    // Newest week first (Oct 4–10), then the rest (Oct 1–3): one load per chunk.
    expect(loads.map((days) => [days[0], days.at(-1)])).toEqual([
      ['2025-10-10', '2025-10-04'],
      ['2025-10-03', '2025-10-01'],
    ]);
    // One batch for the first chunk's rows; n1 is not asked again.
    expect(lookups).toEqual([['gone', 'secret', 'n1', 'n2']]);
  });

  it('counts only what was done in the view asked, and leaves out what was not', async () => {
    const { options } = setup();
    const { rows } = await collectRecordRows({ ...options, view: 'V' });
    expect(show(rows)).toEqual(['2025-10-08 C read - 1', '2025-10-07 B read Ice 2', '2025-10-06 A created Ice 1']);
    expect(show((await collectRecordRows({ ...options, view: 'W' })).rows)).toEqual(['2025-10-07 A modified Water 3']);
  });

  it('stops at the cap and says the table is truncated only when a further readable row exists', async () => {
    const { options } = setup();
    const two = await collectRecordRows({ ...options, max: 2 });
    expect(show(two.rows)).toEqual(['2025-10-08 C read - 1', '2025-10-07 B read Ice 2']);
    expect(two.truncated).toBe(true);
    // Four readable rows: a cap of 4 holds them all (the unreadable one does not count).
    const four = await collectRecordRows({ ...options, max: 4 });
    expect(four.rows).toHaveLength(4);
    expect(four.truncated).toBe(false);
  });

  it('orders a day by its latest action, and cuts a range into growing chunks of days', () => {
    const sorted = [...records].sort(newestRecordFirst).map((r) => `${r.day} ${r.contributionId}`);
    expect(sorted.slice(1, 5)).toEqual(['2025-10-08 gone', '2025-10-07 secret', '2025-10-07 n1', '2025-10-07 n2']);
    expect(recordDayChunks({ from: '2025-01-01', to: '2025-02-15' }, 7).map((c) => c.length)).toEqual([7, 14, 25]);
    expect(recordDayChunks({ from: '2025-01-02', to: '2025-01-01' })).toEqual([]);
  });
});
