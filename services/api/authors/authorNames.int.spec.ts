import { describe, expect, it } from 'vitest';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import { MemoryReadStore } from '../../adapters/memory-readstore/memoryReadStore.ts';
import { authorNames, missingAuthorName } from './authorNames.ts';

const author = (id: string, firstName: string, lastName: string, userName: string): AuthorDocument => ({
  _id: id,
  _position: 1,
  communityId: 'c1',
  userId: `u-${id}`,
  role: 'writer',
  userName,
  userNameLower: userName.toLowerCase(),
  firstName,
  lastName,
  email: '',
  blockLogin: false,
  order: 0,
  workspaces: [],
  created: '2026-01-01T00:00:00.000Z',
  modified: '2026-01-01T00:00:00.000Z',
});

describe('authorNames', () => {
  it('names the authors in the order asked, repeats included, and marks a missing membership', async () => {
    const store = new MemoryReadStore();
    await store
      .collection<AuthorDocument>(authorsCollectionName)
      .putMany([author('a1', 'Ada', 'Lovelace', 'ada'), author('a2', 'Grace', '', 'grace')]);
    expect(await authorNames(store, ['a2', 'gone', 'a1', 'a2'])).toEqual([
      { _id: 'a2', name: 'Grace', userName: 'grace' },
      { _id: 'gone', name: missingAuthorName, userName: '', missing: true },
      { _id: 'a1', name: 'Ada Lovelace', userName: 'ada' },
      { _id: 'a2', name: 'Grace', userName: 'grace' },
    ]);
    expect(await authorNames(store, [])).toEqual([]);
  });
});
