import { describe, expect, it } from 'vitest';
import type { DashboardRecord } from '../../../../contracts/api/analytics.ts';
import { recordHref, recordsByYearMonth } from './recordTableModel.ts';

const row = (day: string, title: string): DashboardRecord => ({
  day,
  action: 'read',
  author: { key: 'A', label: 'A', me: false },
  contribution: { id: title, title, type: 'Note' },
  count: 1,
});

describe('dashboard record table', () => {
  it('groups rows by year then month, newest first, keeping the order of the rows', () => {
    const groups = recordsByYearMonth([row('2026-01-04', 'e'), row('2025-12-20', 'd'), row('2025-12-01', 'c'), row('2025-09-30', 'b')]);
    expect(groups.map((g) => [g.year, g.months.map((m) => [m.month, m.records.map((r) => r.contribution?.title).join('')])])).toEqual([
      ['2026', [['2026-01', 'e']]],
      [
        '2025',
        [
          ['2025-12', 'dc'],
          ['2025-09', 'b'],
        ],
      ],
    ]);
    expect(recordsByYearMonth([])).toEqual([]);
  });

  it('links notes, drawings and attachments to their page, views to the view, other kinds nowhere', () => {
    expect(recordHref({ id: 'n1', type: 'Note' })).toBe('/contribution/n1');
    expect(recordHref({ id: 'd1', type: 'Drawing' })).toBe('/contribution/d1');
    expect(recordHref({ id: 'v1', type: 'View' })).toBe('/view/v1');
    expect(recordHref({ id: 'g1', type: 'Group' })).toBeNull();
  });
});
