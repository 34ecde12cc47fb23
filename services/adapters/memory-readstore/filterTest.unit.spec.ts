import { Query } from 'mingo';
import { describe, expect, it } from 'vitest';
import type { Document, Filter } from '../../core/readStore.ts';
import { filterTest } from './filterTest.ts';

const docs = [
  { _id: 'a', communityId: 'c1', type: 'Note', status: 'active', n: 1, flag: true },
  { _id: 'b', communityId: 'c1', type: 'View', status: 'inactive', n: 2, flag: false },
  { _id: 'c', communityId: 'c2', type: 'Note', status: 'active', n: 1 },
  { _id: 'd', communityId: 'c1', type: ['Note', 'View'], status: 'active' },
  { _id: 'e', communityId: 'c1', status: null },
  { _id: 'f', communityId: { nested: 'c1' }, type: 'Note', status: 'active' },
  { _id: 'g', communityId: 'c1', type: 'note', status: 'active', n: '1' },
] as unknown as Document[];

const filters: Filter[] = [
  { communityId: 'c1' },
  { communityId: 'c1', type: { $in: ['Note', 'View'] }, status: 'active' },
  { type: 'Note' },
  { type: { $in: ['View'] } },
  { type: { $in: [] } },
  { status: null },
  { status: { $in: ['active', null] } },
  { n: 1 },
  { n: { $in: [1, 2] } },
  { flag: false },
  { flag: { $exists: false } },
  { 'communityId.nested': 'c1' },
  { $or: [{ type: 'View' }, { n: 1 }] },
  { type: { $ne: 'Note' } },
  {},
];

describe('filterTest', () => {
  it.each(filters.map((filter) => [JSON.stringify(filter), filter]))(
    'answers %s as mingo does, arrays and missing fields included',
    (_, filter) => {
      const mingo = new Query(filter, { scriptEnabled: false });
      const test = filterTest(filter);
      for (const doc of docs) expect(test(doc), `${JSON.stringify(filter)} on ${doc._id}`).toBe(mingo.test(doc));
    },
  );

  it('finds the matches of a search filter among documents of several communities', () => {
    const test = filterTest({ communityId: 'c1', type: { $in: ['Note', 'View'] }, status: 'active' });
    expect(docs.filter(test).map((doc) => doc._id)).toEqual(['a', 'd']);
  });
});
