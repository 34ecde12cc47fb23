import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, Document, ReadStore } from '../../services/core/readStore.ts';

/** What a contract run needs from an adapter: a store and a way to clean up after it. */
export type OpenReadStore = () => Promise<{ store: ReadStore; cleanup(): Promise<void> }>;

type Note = Document & {
  community?: string;
  title?: string;
  n?: number | null;
  tags?: string[];
  data?: { x?: number; y?: string };
  status?: string;
};

let sequence = 0;
/** A collection name no other test (or earlier run against the same database) uses. */
const freshName = (prefix = 'c'): string =>
  `${prefix}_${Date.now().toString(36)}_${(sequence++).toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

const ids = (docs: readonly Document[]): string[] => docs.map((doc) => doc._id);
const sortedIds = (docs: readonly Document[]): string[] => ids(docs).sort();

const sample: Note[] = [
  { _id: 'a', community: 'c1', title: 'Alpha', n: 3, tags: ['x', 'y'], data: { x: 1, y: 'p' }, status: 'active' },
  { _id: 'b', community: 'c1', title: 'Beta', n: 1, tags: ['y'], data: { x: 2 }, status: 'active' },
  { _id: 'c', community: 'c2', title: 'Gamma', n: 2, tags: [], data: { x: 3, y: 'q' }, status: 'deleted' },
  { _id: 'd', community: 'c2', title: 'Delta', status: 'active' },
  { _id: 'e', community: 'c3', title: 'Epsilon', n: null, tags: ['z'], data: { x: 5 }, status: 'unsaved' },
];

/**
 * The behaviour every ReadStore adapter must share (ARCHITECTURE.md: every
 * adapter of a port passes the same contract suite). `open` is called once for
 * the suite; each test works in its own, fresh collection.
 */
export function readStoreContract(label: string, open: OpenReadStore): void {
  describe(label, () => {
    let store: ReadStore;
    let opened: Awaited<ReturnType<OpenReadStore>> | undefined;

    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });

    afterAll(async () => {
      await opened?.cleanup();
    });

    /** A fresh collection holding `sample`. */
    const seeded = async (spec: { indexes?: string[][]; unique?: string[][] } = {}): Promise<Collection<Note>> => {
      const name = freshName();
      await store.ensureCollection({ name, ...spec });
      const notes = store.collection<Note>(name);
      await notes.putMany(sample);
      return notes;
    };

    describe('ensureCollection', () => {
      it('is idempotent and keeps the documents', async () => {
        const name = freshName();
        const spec = { name, indexes: [['community'], ['community', 'status']], unique: [['title']] };
        await store.ensureCollection(spec);
        await store.collection<Note>(name).put({ _id: 'a', community: 'c1', title: 'A' });
        await store.ensureCollection(spec);
        await store.ensureCollection({ name });
        expect(await store.collection<Note>(name).get('a')).toEqual({ _id: 'a', community: 'c1', title: 'A' });
        const stats = await store.stats();
        expect(stats.filter((entry) => entry.name === name)).toEqual([{ name, count: 1 }]);
      });
    });

    describe('put, get, replace, delete', () => {
      it('stores a document and reads it back by id', async () => {
        const name = freshName();
        await store.ensureCollection({ name });
        const notes = store.collection<Note>(name);
        expect(notes.name).toBe(name);
        await notes.put({ _id: 'n1', title: 'First', data: { x: 1, y: 'deep' }, tags: ['a', 'b'] });
        expect(await notes.get('n1')).toEqual({ _id: 'n1', title: 'First', data: { x: 1, y: 'deep' }, tags: ['a', 'b'] });
        expect(await notes.get('missing')).toBeNull();
      });

      it('replaces the whole document on a second put', async () => {
        const name = freshName();
        await store.ensureCollection({ name });
        const notes = store.collection<Note>(name);
        await notes.put({ _id: 'n1', title: 'First', status: 'active' });
        await notes.put({ _id: 'n1', title: 'Second' });
        expect(await notes.get('n1')).toEqual({ _id: 'n1', title: 'Second' });
        expect(await notes.count()).toBe(1);
      });

      it('deletes by id, and deleting a missing id is harmless', async () => {
        const notes = await seeded();
        await notes.delete('a');
        await notes.delete('a');
        await notes.delete('never-there');
        expect(await notes.get('a')).toBeNull();
        expect(await notes.count()).toBe(sample.length - 1);
      });

      it('putMany inserts and replaces', async () => {
        const notes = await seeded();
        await notes.putMany([
          { _id: 'a', title: 'Alpha 2' },
          { _id: 'f', title: 'Zeta' },
        ]);
        await notes.putMany([]);
        expect(await notes.get('a')).toEqual({ _id: 'a', title: 'Alpha 2' });
        expect(await notes.get('f')).toEqual({ _id: 'f', title: 'Zeta' });
        expect(await notes.count()).toBe(sample.length + 1);
      });

      it('treats a collection that was never ensured as empty', async () => {
        const notes = store.collection<Note>(freshName());
        expect(await notes.get('x')).toBeNull();
        expect(await notes.find({})).toEqual([]);
        expect(await notes.count()).toBe(0);
        expect(await notes.deleteMany({})).toBe(0);
      });
    });

    describe('find', () => {
      it('matches by equality', async () => {
        const notes = await seeded({ indexes: [['community']] });
        expect(sortedIds(await notes.find({ community: 'c1' }))).toEqual(['a', 'b']);
        expect(sortedIds(await notes.find({ community: 'c1', status: 'active' }))).toEqual(['a', 'b']);
        expect(sortedIds(await notes.find({ community: { $eq: 'c2' } }))).toEqual(['c', 'd']);
        expect(await notes.find({ community: 'nowhere' })).toEqual([]);
        expect(sortedIds(await notes.find({ _id: 'c' }))).toEqual(['c']);
      });

      it('returns every document for an empty filter', async () => {
        const notes = await seeded();
        expect(sortedIds(await notes.find({}))).toEqual(['a', 'b', 'c', 'd', 'e']);
      });

      it('matches $in', async () => {
        const notes = await seeded({ indexes: [['community']] });
        expect(sortedIds(await notes.find({ community: { $in: ['c1', 'c3'] } }))).toEqual(['a', 'b', 'e']);
        expect(sortedIds(await notes.find({ _id: { $in: ['b', 'd', 'zz'] } }))).toEqual(['b', 'd']);
        expect(await notes.find({ community: { $in: [] } })).toEqual([]);
      });

      it('matches $or', async () => {
        const notes = await seeded({ indexes: [['community']] });
        const found = await notes.find({ $or: [{ community: 'c2' }, { status: 'unsaved' }] });
        expect(sortedIds(found)).toEqual(['c', 'd', 'e']);
      });

      it('matches $and', async () => {
        const notes = await seeded({ indexes: [['community']] });
        const found = await notes.find({ $and: [{ community: { $in: ['c1', 'c2'] } }, { status: 'active' }] });
        expect(sortedIds(found)).toEqual(['a', 'b', 'd']);
        const nested = await notes.find({
          $and: [{ $or: [{ community: 'c1' }, { community: 'c3' }] }, { n: { $gte: 1 } }],
        });
        expect(sortedIds(nested)).toEqual(['a', 'b']);
      });

      it('matches $ne, including documents missing the field', async () => {
        const notes = await seeded();
        expect(sortedIds(await notes.find({ status: { $ne: 'active' } }))).toEqual(['c', 'e']);
        expect(sortedIds(await notes.find({ n: { $ne: 3 } }))).toEqual(['b', 'c', 'd', 'e']);
      });

      it('matches $exists', async () => {
        const notes = await seeded();
        expect(sortedIds(await notes.find({ data: { $exists: false } }))).toEqual(['d']);
        expect(sortedIds(await notes.find({ 'data.y': { $exists: true } }))).toEqual(['a', 'c']);
        // A field holding null exists.
        expect(sortedIds(await notes.find({ n: { $exists: true } }))).toEqual(['a', 'b', 'c', 'e']);
      });

      it('matches null against missing fields and null values', async () => {
        const notes = await seeded();
        expect(sortedIds(await notes.find({ n: null }))).toEqual(['d', 'e']);
      });

      it('matches $gte and $lte', async () => {
        const notes = await seeded();
        expect(sortedIds(await notes.find({ n: { $gte: 2 } }))).toEqual(['a', 'c']);
        expect(sortedIds(await notes.find({ n: { $lte: 2 } }))).toEqual(['b', 'c']);
        expect(sortedIds(await notes.find({ n: { $gte: 2, $lte: 2 } }))).toEqual(['c']);
        expect(sortedIds(await notes.find({ title: { $gte: 'D', $lte: 'F' } }))).toEqual(['d', 'e']);
      });

      it('matches nested fields with dotted paths', async () => {
        const notes = await seeded({ indexes: [['data.x']] });
        expect(sortedIds(await notes.find({ 'data.x': 2 }))).toEqual(['b']);
        expect(sortedIds(await notes.find({ 'data.x': { $in: [1, 5] } }))).toEqual(['a', 'e']);
        expect(sortedIds(await notes.find({ 'data.x': { $gte: 3 } }))).toEqual(['c', 'e']);
        expect(sortedIds(await notes.find({ 'data.y': 'q' }))).toEqual(['c']);
        // A whole sub-document matches only exactly.
        expect(sortedIds(await notes.find({ data: { x: 2 } }))).toEqual(['b']);
      });

      it('matches array fields by element', async () => {
        const notes = await seeded({ indexes: [['tags']] });
        expect(sortedIds(await notes.find({ tags: 'y' }))).toEqual(['a', 'b']);
        expect(sortedIds(await notes.find({ tags: { $in: ['x', 'z'] } }))).toEqual(['a', 'e']);
        expect(sortedIds(await notes.find({ tags: { $all: ['x', 'y'] } }))).toEqual(['a']);
        expect(sortedIds(await notes.find({ tags: { $size: 0 } }))).toEqual(['c']);
        expect(sortedIds(await notes.find({ tags: ['y'] }))).toEqual(['b']);
      });

      it('matches arrays of sub-documents by element field', async () => {
        const name = freshName();
        await store.ensureCollection({ name, indexes: [['refs.to']] });
        const links = store.collection(name);
        await links.putMany([
          {
            _id: 'v1',
            refs: [
              { to: 'n1', x: 1 },
              { to: 'n2', x: 2 },
            ],
          },
          { _id: 'v2', refs: [{ to: 'n2', x: 5 }] },
          { _id: 'v3', refs: [] },
        ]);
        expect(sortedIds(await links.find({ 'refs.to': 'n2' }))).toEqual(['v1', 'v2']);
        expect(sortedIds(await links.find({ 'refs.to': 'n1' }))).toEqual(['v1']);
        expect(sortedIds(await links.find({ refs: { $elemMatch: { to: 'n2', x: { $gte: 3 } } } }))).toEqual(['v2']);
      });

      it('sorts ascending and descending, missing and null fields first ascending', async () => {
        const notes = await seeded();
        const ascending = ids(await notes.find({}, { sort: { n: 1, _id: 1 } }));
        expect(ascending).toEqual(['d', 'e', 'b', 'c', 'a']);
        const descending = ids(await notes.find({}, { sort: { n: -1, _id: 1 } }));
        expect(descending).toEqual(['a', 'c', 'b', 'd', 'e']);
        expect(ids(await notes.find({}, { sort: { title: 1 } }))).toEqual(['a', 'b', 'd', 'e', 'c']);
        expect(ids(await notes.find({}, { sort: { 'data.x': -1, _id: -1 } }))).toEqual(['e', 'c', 'b', 'a', 'd']);
      });

      it('sorts on several keys', async () => {
        const notes = await seeded();
        const found = await notes.find({}, { sort: { community: -1, title: 1 } });
        expect(ids(found)).toEqual(['e', 'd', 'c', 'a', 'b']);
      });

      it('sorts arrays by their smallest element ascending and largest descending', async () => {
        const name = freshName();
        await store.ensureCollection({ name });
        const docs = store.collection(name);
        await docs.putMany([
          { _id: 'p', v: [2, 9] },
          { _id: 'q', v: 3 },
          { _id: 'r', v: [1, 4] },
        ]);
        expect(ids(await docs.find({}, { sort: { v: 1 } }))).toEqual(['r', 'p', 'q']);
        expect(ids(await docs.find({}, { sort: { v: -1 } }))).toEqual(['p', 'r', 'q']);
      });

      it('skips and limits after sorting', async () => {
        const notes = await seeded();
        const page = await notes.find({}, { sort: { title: 1 }, skip: 1, limit: 2 });
        expect(ids(page)).toEqual(['b', 'd']);
        expect(ids(await notes.find({}, { sort: { title: 1 }, skip: 4 }))).toEqual(['c']);
        expect(await notes.find({}, { sort: { title: 1 }, skip: 10 })).toEqual([]);
        expect(ids(await notes.find({ community: 'c1' }, { sort: { title: -1 }, limit: 1 }))).toEqual(['b']);
      });

      it('projects by inclusion', async () => {
        const notes = await seeded();
        const [a] = await notes.find({ _id: 'a' }, { projection: { title: 1, 'data.x': 1 } });
        expect(a).toEqual({ _id: 'a', title: 'Alpha', data: { x: 1 } });
        const [b] = await notes.find({ _id: 'b' }, { projection: { _id: 0, title: 1 } });
        expect(b).toEqual({ title: 'Beta' });
      });

      it('projects by exclusion', async () => {
        const notes = await seeded();
        const [a] = await notes.find({ _id: 'a' }, { projection: { tags: 0, data: 0, n: 0 } });
        expect(a).toEqual({ _id: 'a', community: 'c1', title: 'Alpha', status: 'active' });
        const [c] = await notes.find({ _id: 'c' }, { projection: { 'data.y': 0, tags: 0 } });
        expect(c).toEqual({ _id: 'c', community: 'c2', title: 'Gamma', n: 2, data: { x: 3 }, status: 'deleted' });
      });

      it('findOne honours sort and projection', async () => {
        const notes = await seeded();
        expect(await notes.findOne({ community: 'c1' }, { sort: { n: -1 }, projection: { title: 1 } })).toEqual({
          _id: 'a',
          title: 'Alpha',
        });
        expect(await notes.findOne({ community: 'none' })).toBeNull();
      });
    });

    describe('count and deleteMany', () => {
      it('counts all documents or those matching a filter', async () => {
        const notes = await seeded({ indexes: [['community']] });
        expect(await notes.count()).toBe(5);
        expect(await notes.count({})).toBe(5);
        expect(await notes.count({ community: 'c1' })).toBe(2);
        expect(await notes.count({ tags: 'y', status: 'active' })).toBe(2);
        expect(await notes.count({ n: { $gte: 100 } })).toBe(0);
      });

      it('deletes the matching documents and returns how many', async () => {
        const notes = await seeded({ indexes: [['community']] });
        expect(await notes.deleteMany({ community: { $in: ['c1', 'c3'] } })).toBe(3);
        expect(sortedIds(await notes.find({}))).toEqual(['c', 'd']);
        expect(await notes.find({ community: 'c1' })).toEqual([]);
        expect(await notes.deleteMany({ community: 'c1' })).toBe(0);
        expect(await notes.deleteMany({})).toBe(2);
        expect(await notes.count()).toBe(0);
      });
    });

    describe('unique indexes', () => {
      it('rejects a second document with the same key', async () => {
        const name = freshName();
        await store.ensureCollection({ name, unique: [['community', 'title']] });
        const notes = store.collection<Note>(name);
        await notes.put({ _id: 'u1', community: 'c1', title: 'Same' });
        await notes.put({ _id: 'u2', community: 'c2', title: 'Same' });
        await expect(notes.put({ _id: 'u3', community: 'c1', title: 'Same' })).rejects.toMatchObject({
          name: 'DuplicateKeyError',
        });
        expect(await notes.get('u3')).toBeNull();
        // Replacing the holder of the key is not a duplicate.
        await notes.put({ _id: 'u1', community: 'c1', title: 'Same', status: 'edited' });
        expect(await notes.get('u1')).toMatchObject({ status: 'edited' });
        // Once the key is freed, another document may take it.
        await notes.delete('u1');
        await notes.put({ _id: 'u3', community: 'c1', title: 'Same' });
        expect(await notes.count()).toBe(2);
      });

      it('rejects duplicates within putMany', async () => {
        const name = freshName();
        await store.ensureCollection({ name, unique: [['title']] });
        const notes = store.collection<Note>(name);
        await expect(
          notes.putMany([
            { _id: 'm1', title: 'T' },
            { _id: 'm2', title: 'T' },
          ]),
        ).rejects.toMatchObject({ name: 'DuplicateKeyError' });
        expect(await notes.get('m2')).toBeNull();
      });
    });

    describe('rebuild', () => {
      it('keeps fresh collections invisible until commit, then swaps them in', async () => {
        const name = freshName();
        const spec = { name, indexes: [['community']], unique: [['title']] };
        await store.ensureCollection(spec);
        const live = store.collection<Note>(name);
        await live.putMany([
          { _id: 'old1', community: 'c1', title: 'Old 1' },
          { _id: 'old2', community: 'c1', title: 'Old 2' },
        ]);

        const target = await store.beginRebuild([spec]);
        const fresh = target.collection<Note>(name);
        expect(await fresh.count()).toBe(0);
        await fresh.putMany([
          { _id: 'new1', community: 'c1', title: 'New 1' },
          { _id: 'new2', community: 'c2', title: 'New 2' },
          { _id: 'new3', community: 'c1', title: 'New 3' },
        ]);
        expect(sortedIds(await fresh.find({ community: 'c1' }))).toEqual(['new1', 'new3']);

        // Readers still see the old read model.
        expect(sortedIds(await live.find({}))).toEqual(['old1', 'old2']);
        expect((await store.stats()).find((entry) => entry.name === name)).toEqual({ name, count: 2 });

        await target.commit();
        expect(sortedIds(await live.find({}))).toEqual(['new1', 'new2', 'new3']);
        expect(sortedIds(await store.collection<Note>(name).find({ community: 'c1' }))).toEqual(['new1', 'new3']);
        expect((await store.stats()).filter((entry) => entry.name.startsWith(name))).toEqual([{ name, count: 3 }]);

        // The committed collection keeps its unique index.
        await expect(live.put({ _id: 'dup', community: 'c9', title: 'New 1' })).rejects.toMatchObject({
          name: 'DuplicateKeyError',
        });
      });

      it('creates collections that did not exist before', async () => {
        const name = freshName();
        const target = await store.beginRebuild([{ name, indexes: [['community']] }]);
        await target.collection<Note>(name).put({ _id: 'x', community: 'c1' });
        expect(await store.collection<Note>(name).count()).toBe(0);
        await target.commit();
        expect(await store.collection<Note>(name).get('x')).toEqual({ _id: 'x', community: 'c1' });
      });

      it('rebuilds several collections at once', async () => {
        const first = freshName();
        const second = freshName();
        await store.ensureCollection({ name: first });
        await store.collection(first).put({ _id: 'old' });
        const target = await store.beginRebuild([{ name: first }, { name: second }]);
        await target.collection(first).put({ _id: 'f' });
        await target.collection(second).put({ _id: 's' });
        await target.commit();
        expect(ids(await store.collection(first).find({}))).toEqual(['f']);
        expect(ids(await store.collection(second).find({}))).toEqual(['s']);
      });

      it('abort keeps the live collections untouched', async () => {
        const notes = await seeded({ indexes: [['community']] });
        const target = await store.beginRebuild([{ name: notes.name, indexes: [['community']] }]);
        await target.collection<Note>(notes.name).put({ _id: 'zz', community: 'c1' });
        await target.abort();
        expect(sortedIds(await notes.find({}))).toEqual(['a', 'b', 'c', 'd', 'e']);
        expect(sortedIds(await notes.find({ community: 'c1' }))).toEqual(['a', 'b']);
        expect((await store.stats()).filter((entry) => entry.name.startsWith(notes.name))).toEqual([{ name: notes.name, count: 5 }]);
      });

      it('refuses collections that are not part of the rebuild', async () => {
        const target = await store.beginRebuild([{ name: freshName() }]);
        expect(() => target.collection(freshName())).toThrow(/not part of this rebuild/);
        await target.abort();
      });
    });

    describe('copies', () => {
      it('returns documents the caller can change without touching the store', async () => {
        const notes = await seeded();
        const found = await notes.get('a');
        if (!found) throw new Error('document a missing');
        found.title = 'Changed';
        found.tags?.push('mutated');
        if (found.data) found.data.x = 99;
        const [listed] = await notes.find({ _id: 'a' });
        if (listed?.data) listed.data.x = 42;
        const [projected] = await notes.find({ _id: 'a' }, { projection: { data: 1 } });
        if (projected?.data) projected.data.x = 7;
        expect(await notes.get('a')).toEqual(sample[0]);
      });

      it('keeps its own copy of what was put', async () => {
        const name = freshName();
        await store.ensureCollection({ name });
        const notes = store.collection<Note>(name);
        const doc: Note = { _id: 'k', tags: ['a'], data: { x: 1 } };
        await notes.put(doc);
        doc.tags?.push('b');
        if (doc.data) doc.data.x = 2;
        expect(await notes.get('k')).toEqual({ _id: 'k', tags: ['a'], data: { x: 1 } });
      });
    });
  });
}
