import { describe, expect, it } from 'vitest';
import { trackSupports, type TrackerItem } from './supportTracker.ts';

/** The tracker's counting (issue 13 §6): usage(S, N) = tags of S in N; filters; newest first. */

const item = (id: string, created: string, supports: Record<string, number>, more: Partial<TrackerItem> = {}): TrackerItem => ({
  id,
  authors: ['alice'],
  created,
  views: ['v1'],
  supports,
  ...more,
});

const items = [
  item('n1', '2025-10-06T09:00:00.000Z', { s1: 2, s2: 1 }),
  item('n2', '2025-10-07T09:00:00.000Z', { s1: 1 }, { authors: ['bob'], views: ['v2'] }),
  item('n3', '2025-10-08T09:00:00.000Z', {}),
  item('n4', '2025-10-09T23:59:59.000Z', { s3: 4 }),
];

describe('trackSupports', () => {
  it('keeps the notes using a chosen support, with the chosen supports only, newest first', () => {
    const { searched, notes } = trackSupports(items, { supportIds: ['s1', 's2'], views: [], authors: [] });
    expect(searched).toBe(4);
    expect(notes.map((n) => [n.id, n.usage])).toEqual([
      ['n2', { s1: 1 }],
      ['n1', { s1: 2, s2: 1 }],
    ]);
  });

  it('filters by view, author and dates (both ends included)', () => {
    expect(trackSupports(items, { supportIds: ['s1'], views: ['v2'], authors: [] }).notes.map((n) => n.id)).toEqual(['n2']);
    expect(trackSupports(items, { supportIds: ['s1'], views: [], authors: ['alice'] }).notes.map((n) => n.id)).toEqual(['n1']);
    const ranged = trackSupports(items, { supportIds: ['s1', 's3'], views: [], authors: [], from: '2025-10-07', to: '2025-10-09' });
    expect(ranged.searched).toBe(3);
    expect(ranged.notes.map((n) => n.id)).toEqual(['n4', 'n2']);
  });

  it('finds nothing when no chosen support is used', () => {
    expect(trackSupports(items, { supportIds: ['zz'], views: [], authors: [] }).notes).toEqual([]);
  });
});
