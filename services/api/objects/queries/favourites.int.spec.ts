import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contributionsCollectionName, contributionsProjection } from '../../../../projections/contributions/index.ts';
import { openSqliteReadStore } from '../../../adapters/sqlite-readstore/open.ts';
import { favouritesFilter } from './favourites.ts';

// A favourites panel must not read a class's thousands of contributions to find the few a pupil starred (issue 14 §4).
describe('the favourites query', () => {
  const dir = mkdtempSync(join(tmpdir(), 'buildon-favourites-'));
  const store = openSqliteReadStore({ path: join(dir, 'readmodels.sqlite'), recentDocuments: 100 });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("finds the pupil's starred contributions through the data.favAuthors index, not the community's", async () => {
    const spec = contributionsProjection.collections.find((collection) => collection.name === contributionsCollectionName);
    if (!spec) throw new Error('no contributions collection in the projection');
    await store.ensureCollection(spec);
    const contributions = store.collection(contributionsCollectionName);
    await contributions.putMany(
      Array.from({ length: 2_000 }, (_, i) => ({
        _id: `n${i}`,
        communityId: 'c1',
        type: 'Note',
        status: 'active',
        data: i % 500 === 0 ? { favAuthors: ['u1', 'u2'] } : {},
      })),
    );
    const filter = favouritesFilter('c1', 'u1');
    const favIndex = spec.indexes?.findIndex((fields) => fields.join() === 'data.favAuthors') ?? -1;
    expect(favIndex).toBeGreaterThanOrEqual(0);
    expect(contributions.queryPlan(filter)).toMatchObject({ kind: 'keys', ix: favIndex });
    expect((await contributions.find(filter)).map((doc) => doc._id).sort()).toEqual(['n0', 'n1000', 'n1500', 'n500']);
    expect(await contributions.find(favouritesFilter('c1', 'u3'))).toEqual([]);
  });
});
