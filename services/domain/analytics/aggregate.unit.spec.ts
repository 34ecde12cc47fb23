import { describe, expect, it } from 'vitest';
import { activityIn, foldCommunityAggregate, type DailyInput } from './aggregate.ts';

/** The analytics job's fold (issue 12), against hand-computed figures. */
describe('foldCommunityAggregate', () => {
  const daily: DailyInput[] = [
    // Bob on the 7th: one note created and read twice (a Note), a view moved (a View), in view v1 and v2.
    {
      day: '2025-10-07',
      authorId: 'bob',
      byType: { Note: { created: 1, read: 2 }, View: { modified: 1 } },
      byView: { v1: { created: 1, read: 1 }, v2: { read: 1, modified: 0 } },
    },
    { day: '2025-10-06', authorId: 'carol', byType: { Note: { read: 3 } }, byView: {} },
    { day: '2025-10-07', authorId: 'alice', byType: { Drawing: { modified: 2 } }, byView: { v1: { modified: 2 } } },
  ];
  const reads = [
    { from: 'carol', to: 'alice', count: 3, _id: 'x', communityId: 'c' },
    { from: 'bob', to: 'alice', count: 2 },
  ];
  const buildOns = [{ from: 'bob', to: 'alice', count: 1 }];

  it('sums reads per day over authors and types, and keeps the graphs by pair without their documents', () => {
    const aggregate = foldCommunityAggregate(daily, reads, buildOns);
    expect(aggregate.readsPerDay).toEqual({ '2025-10-06': 3, '2025-10-07': 2 });
    expect(aggregate.readEdges).toEqual([
      { from: 'bob', to: 'alice', count: 2 },
      { from: 'carol', to: 'alice', count: 3 },
    ]);
    expect(aggregate.buildOns).toEqual([{ from: 'bob', to: 'alice', count: 1 }]);
  });

  it('keeps one activity row per day and author, summed over types, with its per-view counts (zeros left out)', () => {
    expect(foldCommunityAggregate(daily, [], []).activity).toEqual([
      { day: '2025-10-06', authorId: 'carol', counts: { read: 3 }, byView: {} },
      { day: '2025-10-07', authorId: 'alice', counts: { modified: 2 }, byView: { v1: { modified: 2 } } },
      {
        day: '2025-10-07',
        authorId: 'bob',
        counts: { created: 1, read: 2, modified: 1 },
        byView: { v1: { created: 1, read: 1 }, v2: { read: 1 } },
      },
    ]);
  });

  it('gives the dashboard the rows of a range, for the community or one view', () => {
    const aggregate = foldCommunityAggregate(daily, [], []);
    const range = { from: '2025-10-07', to: '2025-10-07' };
    expect(activityIn(aggregate, range).map((row) => [row.authorId, row.counts])).toEqual([
      ['alice', { modified: 2 }],
      ['bob', { created: 1, read: 2, modified: 1 }],
    ]);
    expect(activityIn(aggregate, range, 'v2').map((row) => [row.authorId, row.counts])).toEqual([
      ['alice', {}],
      ['bob', { read: 1 }],
    ]);
    expect(activityIn(aggregate, { from: '2025-10-08', to: '2025-10-31' })).toEqual([]);
  });
});
