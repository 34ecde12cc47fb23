import { DuplicateKeyError as CoreDuplicateKeyError } from '../../services/core/errors.ts';
import { describe, expect, it } from 'vitest';
import { DuplicateKeyError, MemoryReadStore } from '../../services/adapters/memory-readstore/memoryReadStore.ts';
import type { Document } from '../../services/core/readStore.ts';
import { readStoreContract } from './readStore.features.ts';

readStoreContract('MemoryReadStore', async () => ({ store: new MemoryReadStore(), cleanup: async () => {} }));

type Ref = Document & { view: string; kind: string; n: number; tags: string[]; at?: { community: string } };

const TOTAL = 10_000;

/** 100 views × 2 kinds; tags spread over 50 values (two per document). */
const refs = (): Ref[] =>
  Array.from({ length: TOTAL }, (_, i) => ({
    _id: `r${i}`,
    view: `v${i % 100}`,
    kind: i % 2 === 0 ? 'note' : 'drawing',
    n: i,
    tags: [`t${i % 50}`, `t${(i + 1) % 50}`],
    at: { community: `c${i % 10}` },
  }));

const seededStore = async () => {
  const store = new MemoryReadStore();
  await store.ensureCollection({
    name: 'refs',
    indexes: [['view'], ['view', 'kind'], ['tags'], ['at.community']],
  });
  const collection = store.collection<Ref>('refs');
  await collection.putMany(refs());
  return { store, collection };
};

describe('MemoryReadStore indexes', () => {
  it('prefilters equality queries with a hash index', async () => {
    const { collection } = await seededStore();
    const found = await collection.find({ view: 'v7' });
    expect(found).toHaveLength(TOTAL / 100);
    expect(found.every((ref) => ref.view === 'v7')).toBe(true);
    expect(collection.lastQueryPlan()).toEqual({ index: ['view'], scanned: TOTAL / 100 });
  });

  it('prefilters $in and members of a top-level $and, then applies the rest of the filter', async () => {
    const { collection } = await seededStore();
    const found = await collection.find({ view: { $in: ['v1', 'v2'] }, n: { $lt: 1000 } });
    expect(found).toHaveLength(20);
    expect(collection.lastQueryPlan()).toEqual({ index: ['view'], scanned: 200 });

    expect(await collection.count({ $and: [{ 'at.community': 'c3' }, { n: { $gte: 5000 } }] })).toBe(500);
    expect(collection.lastQueryPlan()).toEqual({ index: ['at.community'], scanned: 1000 });
  });

  it('uses the most selective compound index when every field is pinned', async () => {
    const { collection } = await seededStore();
    const found = await collection.find({ view: 'v4', kind: 'note' }, { sort: { n: -1 } });
    expect(found).toHaveLength(100);
    expect(found[0]?.n).toBe(9904);
    expect(collection.lastQueryPlan()).toEqual({ index: ['view', 'kind'], scanned: 100 });

    // v5 holds only odd numbers, so no 'note': the compound index answers with nothing to test.
    expect(await collection.find({ view: 'v5', kind: 'note' })).toEqual([]);
    expect(collection.lastQueryPlan()).toEqual({ index: ['view', 'kind'], scanned: 0 });
  });

  it('indexes each element of an array (multikey)', async () => {
    const { collection } = await seededStore();
    const found = await collection.find({ tags: 't3' });
    expect(found).toHaveLength(400);
    expect(found.every((ref) => ref.tags.includes('t3'))).toBe(true);
    expect(collection.lastQueryPlan()).toEqual({ index: ['tags'], scanned: 400 });

    // A document holding both values is returned once.
    expect(await collection.count({ tags: { $in: ['t3', 't4'] } })).toBe(600);
    expect(collection.lastQueryPlan()).toEqual({ index: ['tags'], scanned: 600 });
  });

  it('looks documents up by _id without scanning', async () => {
    const { collection } = await seededStore();
    expect(await collection.find({ _id: { $in: ['r1', 'r2', 'nope'] } })).toHaveLength(2);
    expect(collection.lastQueryPlan()).toEqual({ index: ['_id'], scanned: 2 });
  });

  it('scans when no index applies, with the same results', async () => {
    const { collection } = await seededStore();
    expect(await collection.count({ kind: 'note' })).toBe(TOTAL / 2);
    expect(collection.lastQueryPlan()).toEqual({ index: null, scanned: TOTAL });
    expect(await collection.count({ view: { $ne: 'v1' } })).toBe(TOTAL - 100);
    expect(collection.lastQueryPlan()).toEqual({ index: null, scanned: TOTAL });
  });

  it('keeps indexes in step with replacements and deletes', async () => {
    const { collection } = await seededStore();
    await collection.put({ _id: 'r7', view: 'elsewhere', kind: 'note', n: 7, tags: ['fresh'] });
    expect(await collection.count({ view: 'v7' })).toBe(99);
    expect(await collection.count({ tags: 't7' })).toBe(399);
    expect(await collection.find({ tags: 'fresh' })).toHaveLength(1);
    expect(await collection.deleteMany({ view: 'v7' })).toBe(99);
    expect(await collection.count({ view: 'v7' })).toBe(0);
    expect(collection.lastQueryPlan()).toEqual({ index: ['view'], scanned: 0 });
    await collection.delete('r7');
    expect(await collection.count({ tags: 'fresh' })).toBe(0);
  });

  it('keeps numbers and strings apart in keys', async () => {
    const store = new MemoryReadStore();
    await store.ensureCollection({ name: 'mixed', indexes: [['k']] });
    const mixed = store.collection('mixed');
    await mixed.putMany([{ _id: 'a', k: 1 }, { _id: 'b', k: '1' }, { _id: 'c', k: true }, { _id: 'd' }]);
    expect((await mixed.find({ k: 1 })).map((doc) => doc._id)).toEqual(['a']);
    expect((await mixed.find({ k: '1' })).map((doc) => doc._id)).toEqual(['b']);
    expect((await mixed.find({ k: true })).map((doc) => doc._id)).toEqual(['c']);
    expect((await mixed.find({ k: null })).map((doc) => doc._id)).toEqual(['d']);
  });

  it('treats a missing field as null in a unique index, like MongoDB', async () => {
    const store = new MemoryReadStore();
    await store.ensureCollection({ name: 'users', unique: [['email']] });
    const users = store.collection('users');
    await users.put({ _id: 'u1' });
    await expect(users.put({ _id: 'u2' })).rejects.toBeInstanceOf(DuplicateKeyError);
    // …which is the core error every read store throws, a 409 over HTTP.
    await expect(users.put({ _id: 'u2' })).rejects.toMatchObject({ status: 409, code: 'conflict' });
    await expect(users.put({ _id: 'u2' })).rejects.toBeInstanceOf(CoreDuplicateKeyError);
    await expect(users.put({ _id: 'u3', email: ['a@x', 'b@x'] })).resolves.toBeUndefined();
    await expect(users.put({ _id: 'u4', email: 'b@x' })).rejects.toThrow(/users unique index \[email\]/);
  });

  it('refuses to add a unique index over existing duplicates', async () => {
    const store = new MemoryReadStore();
    await store.ensureCollection({ name: 'users' });
    await store.collection('users').putMany([
      { _id: 'u1', email: 'a@x' },
      { _id: 'u2', email: 'a@x' },
    ]);
    await expect(store.ensureCollection({ name: 'users', unique: [['email']] })).rejects.toBeInstanceOf(DuplicateKeyError);
  });
});

describe('MemoryReadStore snapshots', () => {
  it('restores identical collections with working indexes', async () => {
    const { store, collection } = await seededStore();
    await store.ensureCollection({ name: 'users', unique: [['email']] });
    await store.collection('users').put({ _id: 'u1', email: 'a@x', profile: { at: new Date(0), langs: ['fr'] } });

    const bytes = store.snapshot();
    const restored = MemoryReadStore.fromSnapshot(bytes);

    expect(await restored.stats()).toEqual(await store.stats());
    const restoredRefs = restored.collection<Ref>('refs');
    expect(await restoredRefs.find({}, { sort: { n: 1 } })).toEqual(await collection.find({}, { sort: { n: 1 } }));
    expect(await restored.collection('users').get('u1')).toEqual({
      _id: 'u1',
      email: 'a@x',
      profile: { at: new Date(0), langs: ['fr'] },
    });

    expect(await restoredRefs.count({ view: 'v7', kind: 'drawing' })).toBe(100);
    expect(restoredRefs.lastQueryPlan()).toEqual({ index: ['view', 'kind'], scanned: 100 });
    expect(await restoredRefs.count({ tags: 't3' })).toBe(400);
    expect(restoredRefs.lastQueryPlan()).toEqual({ index: ['tags'], scanned: 400 });
    await expect(restored.collection('users').put({ _id: 'u2', email: 'a@x' })).rejects.toBeInstanceOf(DuplicateKeyError);

    // The two stores are independent afterwards.
    await restoredRefs.delete('r1');
    expect(await collection.get('r1')).not.toBeNull();
  });

  it('restore replaces everything the store held', async () => {
    const source = new MemoryReadStore();
    await source.ensureCollection({ name: 'a', indexes: [['x']] });
    await source.collection('a').put({ _id: '1', x: 1 });
    const target = new MemoryReadStore();
    await target.ensureCollection({ name: 'b' });
    await target.collection('b').put({ _id: '2' });
    const handle = target.collection('a');

    target.restore(source.snapshot());
    expect(await target.stats()).toEqual([{ name: 'a', count: 1 }]);
    expect(await handle.find({ x: 1 })).toEqual([{ _id: '1', x: 1 }]);
    expect(handle.lastQueryPlan()).toEqual({ index: ['x'], scanned: 1 });
  });

  it('rejects bytes that are not a snapshot', () => {
    expect(() => MemoryReadStore.fromSnapshot(new Uint8Array([1, 2, 3]))).toThrow();
    const other = new MemoryReadStore();
    expect(() => other.restore(new TextEncoder().encode('{}'))).toThrow();
  });
});

describe('MemoryReadStore copies', () => {
  it('copies plain documents deeply, and anything else as structuredClone does', async () => {
    const store = new MemoryReadStore();
    const docs = store.collection('copies');
    const plain = { _id: 'plain', list: [1, 'two', null, { three: [3] }], nested: { a: { b: true } }, none: null };
    const dated = { _id: 'dated', at: new Date(0), nested: { tags: new Set(['a']) } };
    const keyed = JSON.parse('{"_id":"keyed","__proto__":{"x":1}}') as Document;
    await docs.putMany([plain, dated, keyed]);
    plain.list.push(4);
    plain.nested.a.b = false;

    const [gotPlain, gotDated, gotKeyed] = await Promise.all([docs.get('plain'), docs.get('dated'), docs.get('keyed')]);
    expect(gotPlain).toEqual({ _id: 'plain', list: [1, 'two', null, { three: [3] }], nested: { a: { b: true } }, none: null });
    expect(gotDated?.at).toBeInstanceOf(Date);
    expect(gotDated).toEqual(dated);
    expect(gotDated?.at).not.toBe(dated.at);
    expect(Object.getOwnPropertyNames(gotKeyed)).toEqual(['_id', '__proto__']);
    expect(Object.getPrototypeOf(gotKeyed)).toBe(Object.prototype);
  });
});
