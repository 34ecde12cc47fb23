import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadModelCorruptError } from '../../core/errors.ts';
import { openSqliteReadStore } from './open.ts';
import type { SqliteReadStore } from './sqliteReadStore.ts';

type Note = { _id: string; communityId: string; type: string; title: string; tags?: string[] };

const notes = (communities: number, perCommunity: number): Note[] =>
  Array.from({ length: communities * perCommunity }, (_, i) => ({
    _id: `n${i}`,
    communityId: `c${i % communities}`,
    type: i % 3 === 0 ? 'View' : 'Note',
    title: `Idea ${i}`,
    tags: [`t${i % 7}`],
  }));

const spec = { name: 'contributions', indexes: [['communityId'], ['communityId', 'type'], ['tags']], unique: [['title']] };

describe('SqliteReadStore on a file', () => {
  const dirs: string[] = [];
  const stores: SqliteReadStore[] = [];
  const warnings: string[] = [];
  const log = { warn: (_: object, msg: string) => void warnings.push(msg), error: (_: object, msg: string) => void warnings.push(msg) };
  const file = () => {
    const dir = mkdtempSync(join(tmpdir(), 'buildon-sqlite-rs-'));
    dirs.push(dir);
    return join(dir, 'readmodels.sqlite');
  };
  const open = (path: string) => {
    const store = openSqliteReadStore({ path, log });
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    warnings.length = 0;
  });

  it('keeps documents and indexes across a reopen, in WAL mode', async () => {
    const path = file();
    const first = open(path);
    expect(first.db.pragma('journal_mode', { simple: true })).toBe('wal');
    await first.ensureCollection(spec);
    await first.collection<Note>('contributions').putMany(notes(10, 30));
    await first.close();

    const again = open(path);
    await again.ensureCollection(spec);
    const contributions = again.collection<Note>('contributions');
    expect(await contributions.count({ communityId: 'c3' })).toBe(30);
    expect((await contributions.find({ communityId: 'c3', type: 'Note' })).map((n) => n.title).sort()).toHaveLength(20);
    expect(await contributions.count({ tags: { $in: ['t1', 't2'] } })).toBe(86);
    await expect(contributions.put({ _id: 'dup', communityId: 'c1', type: 'Note', title: 'Idea 1' })).rejects.toMatchObject({
      name: 'DuplicateKeyError',
    });
    expect(warnings).toEqual([]);
  });

  it('looks a community up through its index entries, with SQLite searching (not scanning) the keys table', async () => {
    const store = open(file());
    await store.ensureCollection(spec);
    await store.collection<Note>('contributions').putMany(notes(20, 50));
    const [{ tid } = { tid: 0 }] = store.db
      .prepare<[], { tid: number }>("SELECT tid FROM rs_collections WHERE name = 'contributions'")
      .all();
    const plan = store.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id, doc, sum FROM t${tid}_docs WHERE rid IN (SELECT rid FROM t${tid}_keys WHERE ix = ? AND key IN (SELECT value FROM json_each(?)))`,
      )
      .all(1, '["sc3\\u0001sNote"]') as { detail: string }[];
    const details = plan.map((row) => row.detail).join('\n');
    expect(details).toMatch(new RegExp(`SEARCH t${tid}_keys USING PRIMARY KEY \\(ix=\\? AND key=\\?\\)`));
    expect(details).toMatch(new RegExp(`SEARCH t${tid}_docs USING INTEGER PRIMARY KEY`));
    expect(details).not.toMatch(/SCAN t\d+_/);
  });

  it("picks the index with the fewest entries for the pinned keys: a view's links, not every link of that type", async () => {
    const store = open(file());
    await store.ensureCollection({ name: 'links', indexes: [['communityId'], ['type'], ['from'], ['to'], ['communityId', 'type']] });
    const links = store.collection<{ _id: string; communityId: string; from: string; to: string; type: string }>('links');
    await links.putMany(
      Array.from({ length: 3_000 }, (_, i) => ({
        _id: `l${i}`,
        communityId: `c${i % 30}`,
        from: `v${i % 300}`,
        to: `n${i}`,
        type: i % 10 === 0 ? 'buildson' : 'contains',
      })),
    );
    // ['type'] comes first in the catalog but holds 2,700 entries for 'contains'; ['from'] holds 10 for v7.
    expect(links.queryPlan({ from: 'v7', type: 'contains' })).toMatchObject({ kind: 'keys', ix: 2 });
    expect(await links.count({ from: 'v7', type: 'contains' })).toBe(10);
    // Two pinned fields of one index narrow more than one: a class's links of a type.
    expect(links.queryPlan({ communityId: 'c3', type: 'buildson' })).toMatchObject({ kind: 'keys', ix: 4, covered: true });
    expect(links.queryPlan({ _id: { $in: ['l1', 'l2'] }, type: 'contains' })).toEqual({ kind: 'ids', ids: ['l1', 'l2'], covered: false });
    expect(links.queryPlan({ to: { $ne: 'n1' } })).toEqual({ kind: 'all' });
  });

  it('keeps recently read documents only as committed: a write replaces them, a rolled-back write never shows', async () => {
    const store = openSqliteReadStore({ path: file(), log, recentDocuments: 2 });
    stores.push(store);
    await store.ensureCollection(spec);
    const contributions = store.collection<Note>('contributions');
    await contributions.putMany(notes(1, 4));
    expect(await contributions.get('n1')).toMatchObject({ title: 'Idea 1' });
    // Read again from the kept text: a copy of its own each time.
    const first = await contributions.get('n1');
    if (first) first.title = 'changed by a caller';
    expect(await contributions.get('n1')).toMatchObject({ title: 'Idea 1' });
    await contributions.put({ ...notes(1, 4)[1]!, title: 'Idea 1 saved' });
    expect(await contributions.get('n1')).toMatchObject({ title: 'Idea 1 saved' });
    // A transaction that writes, reads and fails: afterwards only what was committed is read.
    await expect(
      store.transaction(async () => {
        await contributions.put({ ...notes(1, 4)[1]!, title: 'never committed' });
        expect(await contributions.get('n1')).toMatchObject({ title: 'never committed' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await contributions.get('n1')).toMatchObject({ title: 'Idea 1 saved' });
    // Bounded: reading more documents than it keeps still answers each one right.
    for (const id of ['n0', 'n2', 'n3', 'n1', 'n0']) expect((await contributions.get(id))?._id).toBe(id);
    await contributions.delete('n0');
    expect(await contributions.get('n0')).toBeNull();
  });

  it('finds through kept documents as copies, and remembers an absent id only until it is written', async () => {
    const store = openSqliteReadStore({ path: file(), log, recentDocuments: 50 });
    stores.push(store);
    await store.ensureCollection(spec);
    const contributions = store.collection<Note>('contributions');
    await contributions.putMany(notes(1, 4));
    // A find by index and by ids, twice: the second comes from the kept documents, unchanged by what a caller did to the first.
    for (const filter of [{ communityId: 'c0' }, { _id: { $in: ['n0', 'n1', 'n9'] } }]) {
      const first = await contributions.find(filter);
      for (const doc of first) doc.title = 'changed by a caller';
      const again = await contributions.find(filter);
      expect(again.map((doc) => doc.title).sort()).toEqual(
        first
          .map((doc) => doc._id)
          .sort()
          .map((id) => `Idea ${id.slice(1)}`),
      );
    }
    // 'n9' was found absent: a write makes it present, a rolled-back write leaves it absent.
    expect(await contributions.get('n9')).toBeNull();
    await expect(
      store.transaction(async () => {
        await contributions.put({ ...notes(1, 4)[0]!, _id: 'n9', title: 'never committed' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await contributions.get('n9')).toBeNull();
    expect(await contributions.find({ _id: { $in: ['n9'] } })).toEqual([]);
    await contributions.put({ ...notes(1, 4)[0]!, _id: 'n9', title: 'Idea 9' });
    expect(await contributions.get('n9')).toMatchObject({ title: 'Idea 9' });
    expect((await contributions.find({ communityId: 'c0' })).map((doc) => doc._id)).toContain('n9');
  });

  it('keeps the ids under index keys only as committed: each write that adds, moves or removes a document under a key is seen', async () => {
    const store = openSqliteReadStore({ path: file(), log, recentDocuments: 50 });
    stores.push(store);
    await store.ensureCollection(spec);
    const contributions = store.collection<Note>('contributions');
    await contributions.putMany(notes(2, 3));
    const ids = async (filter: Record<string, unknown>) => (await contributions.find(filter)).map((doc) => doc._id);
    // Read twice (the second from the kept ids), in row order, a document under two keys once.
    expect(await ids({ communityId: 'c0' })).toEqual(['n0', 'n2', 'n4']);
    expect(await ids({ communityId: 'c0' })).toEqual(['n0', 'n2', 'n4']);
    await contributions.put({ ...notes(2, 3)[1]!, tags: ['t0', 't2'] });
    expect(await ids({ tags: { $in: ['t2', 't0', 't1'] } })).toEqual(['n0', 'n1', 'n2']);
    // Added, moved to another key, removed: every read after the write sees it.
    await contributions.put({ _id: 'n9', communityId: 'c0', type: 'Note', title: 'Idea 9' });
    expect(await ids({ communityId: 'c0' })).toEqual(['n0', 'n2', 'n4', 'n9']);
    await contributions.put({ ...notes(2, 3)[2]!, communityId: 'c1' });
    expect(await ids({ communityId: 'c0' })).toEqual(['n0', 'n4', 'n9']);
    expect(await ids({ communityId: 'c1' })).toEqual(['n1', 'n2', 'n3', 'n5']);
    await contributions.delete('n4');
    expect(await ids({ communityId: 'c0' })).toEqual(['n0', 'n9']);
    await contributions.insertNew([{ _id: 'n10', communityId: 'c0', type: 'View', title: 'Idea 10' }]);
    expect(await ids({ communityId: 'c0', type: 'View' })).toEqual(['n0', 'n10']);
    // A rolled-back write leaves the committed ids, read inside the transaction or after it.
    await expect(
      store.transaction(async () => {
        await contributions.put({ _id: 'n11', communityId: 'c0', type: 'Note', title: 'never committed' });
        expect(await ids({ communityId: 'c0' })).toEqual(['n0', 'n9', 'n10', 'n11']);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await ids({ communityId: 'c0' })).toEqual(['n0', 'n9', 'n10']);
    await contributions.deleteMany({});
    expect(await ids({ communityId: 'c0' })).toEqual([]);
  });

  it('never serves a document changed behind its back: a checksum mismatch throws ReadModelCorruptError and is reported', async () => {
    const store = open(file());
    await store.ensureCollection(spec);
    const contributions = store.collection<Note>('contributions');
    await contributions.putMany(notes(2, 5));
    const reported: string[] = [];
    store.onCorruption((collection) => reported.push(collection));
    const [{ tid } = { tid: 0 }] = store.db
      .prepare<[], { tid: number }>("SELECT tid FROM rs_collections WHERE name = 'contributions'")
      .all();
    store.db.prepare(`UPDATE t${tid}_docs SET doc = replace(doc, 'Idea 3', 'Idea 8') WHERE id = 'n3'`).run();

    await expect(contributions.get('n3')).rejects.toBeInstanceOf(ReadModelCorruptError);
    await expect(contributions.find({ communityId: 'c1' })).rejects.toMatchObject({ status: 503, collection: 'contributions' });
    expect(await contributions.get('n4')).toMatchObject({ title: 'Idea 4' });
    expect(reported).toEqual(['contributions', 'contributions']);
  });

  it('sets aside a file that is not a read store, with a warning, and opens an empty one', async () => {
    const path = file();
    writeFileSync(path, 'this is not a database, only some text long enough to fill a header......................');
    const store = open(path);
    expect(existsSync(`${path}.corrupt`)).toBe(true);
    expect(warnings).toEqual(['the read models file cannot be used: set aside; every read model is rebuilt from the event log']);
    await store.ensureCollection(spec);
    expect(await store.stats()).toEqual([{ name: 'contributions', count: 0 }]);
  });

  it('sets aside a file with a damaged header', async () => {
    const path = file();
    const first = open(path);
    await first.ensureCollection(spec);
    await first.collection<Note>('contributions').putMany(notes(2, 5));
    await first.close();
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(100, 0x41), 0, 100, 0);
    closeSync(fd);
    const store = open(path);
    expect(warnings).toHaveLength(1);
    expect(await store.stats()).toEqual([]);
  });

  it('sets aside a file of another format, and one marked damaged while the server ran', async () => {
    const path = file();
    const first = open(path);
    first.db.prepare("UPDATE rs_meta SET value = 'buildon.sqlite-readstore.v0' WHERE key = 'format'").run();
    await first.close();
    open(path);
    expect(warnings).toHaveLength(1);

    const second = open(path);
    await second.ensureCollection(spec);
    await second.collection<Note>('contributions').put(notes(1, 1)[0] as Note);
    await second.close();
    writeFileSync(`${path}.damaged`, 'SQLITE_CORRUPT');
    const third = open(path);
    expect(warnings).toHaveLength(2);
    expect(existsSync(`${path}.damaged`)).toBe(false);
    expect(await third.collection('contributions').count()).toBe(0);
  });

  it('drops the tables of a rebuild cut short when it opens', async () => {
    const path = file();
    const first = open(path);
    await first.ensureCollection(spec);
    await first.collection<Note>('contributions').putMany(notes(2, 5));
    const target = await first.beginRebuild([spec]);
    await target.collection<Note>('contributions').putMany(notes(2, 3));
    await first.close();
    const again = open(path);
    const tables = again.db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 't%'").all();
    expect(tables).toHaveLength(2);
    expect(await again.collection('contributions').count()).toBe(10);
  });

  it('transaction: keeps all the writes of a unit, or none, rebuild swaps included', async () => {
    const store = open(file());
    await store.ensureCollection(spec);
    const contributions = store.collection<Note>('contributions');
    await contributions.putMany(notes(1, 3));
    const target = await store.beginRebuild([spec]);
    await target.collection<Note>('contributions').put({ _id: 'fresh', communityId: 'c0', type: 'Note', title: 'Fresh' });
    await expect(
      store.transaction(async () => {
        await contributions.delete('n0');
        await target.commit();
        await store.collection('other').put({ _id: 'x' });
        throw new Error('crash in the middle');
      }),
    ).rejects.toThrow('crash in the middle');
    expect((await contributions.find({})).map((n) => n._id).sort()).toEqual(['n0', 'n1', 'n2']);
    expect(await store.collection('other').count()).toBe(0);

    await store.transaction(async () => {
      await contributions.delete('n0');
      await store.transaction(async () => contributions.delete('n1'));
    });
    expect((await contributions.find({})).map((n) => n._id)).toEqual(['n2']);
  });

  it('stores and reads back a document 20,000 levels deep (an old note body)', async () => {
    const store = open(file());
    let body: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 20_000; i++) body = { c: [body] };
    await store.collection('deep').put({ _id: 'deep', body });
    let read = (await store.collection<{ _id: string; body: { c?: [unknown] } }>('deep').get('deep'))?.body ?? {};
    let depth = 0;
    while (read.c) {
      read = read.c[0] as { c?: [unknown] };
      depth++;
    }
    expect(depth).toBe(20_000);
  });
});
