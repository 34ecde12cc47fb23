import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../contracts/events/event.ts';
import { MemoryReadStore } from '../services/adapters/memory-readstore/memoryReadStore.ts';
import { evolveDocument, type BufferedCollection, type Versioned } from '../services/core/projection.ts';
import type { Collection } from '../services/core/readStore.ts';
import { openSqliteReadStore } from '../services/adapters/sqlite-readstore/open.ts';
import { writeBehindContext } from './writeBehind.ts';

type Tally = Versioned & { _id: string; total: number };

const added = (globalPosition: number, id: string, by: number): RecordedEvent => ({
  type: 'Added',
  data: { id, by },
  metadata: { actorId: null, at: new Date(0).toISOString() },
  eventId: `e${globalPosition}`,
  streamName: `tally-${id}`,
  streamRevision: 0,
  globalPosition,
});

const add = (tallies: Collection<Tally>, event: RecordedEvent) => {
  const { id, by } = event.data as { id: string; by: number };
  return evolveDocument(tallies, id, event, (current) => (by < 0 ? null : { _id: id, total: (current?.total ?? 0) + by }));
};

describe('writeBehindContext', () => {
  it('over fresh collections, answers every id without the store and folds across flushes', async () => {
    const store = new MemoryReadStore();
    const target = await store.beginRebuild([{ name: 'tallies' }]);
    const context = writeBehindContext((name) => target.collection(name), { fresh: true });
    const tallies = context.collection<Tally>('tallies');
    const buffered = tallies as unknown as BufferedCollection<Tally>;

    expect(buffered.peek('a')).toBeNull();
    await add(tallies, added(1, 'a', 2));
    await add(tallies, added(2, 'a', 3));
    await add(tallies, added(2, 'a', 3)); // seen already: skipped
    expect(buffered.peek('a')).toMatchObject({ total: 5, _position: 2 });

    await context.flush();
    expect(buffered.peek('a')).toBeUndefined(); // written: only the store knows now
    expect(buffered.peek('b')).toBeNull();
    await add(tallies, added(3, 'a', 1));
    await add(tallies, added(4, 'b', 7));
    await add(tallies, added(5, 'b', -1)); // deletes b
    await context.flush();
    await target.commit();

    expect(await store.collection<Tally>('tallies').find({})).toEqual([{ _id: 'a', total: 6, _position: 3 }]);
  });

  it('asks the store for ids it did not write when the collections are not fresh', async () => {
    const store = new MemoryReadStore();
    await store.collection<Tally>('tallies').put({ _id: 'a', total: 10, _position: 1 });
    const context = writeBehindContext((name) => store.collection(name));
    const tallies = context.collection<Tally>('tallies');

    expect((tallies as unknown as BufferedCollection<Tally>).peek('a')).toBeUndefined();
    await add(tallies, added(2, 'a', 5));
    await context.flush();
    expect(await store.collection<Tally>('tallies').get('a')).toEqual({ _id: 'a', total: 15, _position: 2 });
  });

  it('rejects, never throws, when evolve throws on the synchronous path', async () => {
    const store = new MemoryReadStore();
    const target = await store.beginRebuild([{ name: 'tallies' }]);
    const tallies = writeBehindContext((name) => target.collection(name), { fresh: true }).collection<Tally>('tallies');
    const result = evolveDocument(tallies, 'a', added(1, 'a', 1), () => {
      throw new Error('boom');
    });
    await expect(result).rejects.toThrow('boom');
  });

  it('over a fresh SQLite collection: first writes are inserted without a lookup, later ones replace, as over memory', async () => {
    const results: unknown[] = [];
    for (const store of [new MemoryReadStore(), openSqliteReadStore({ path: ':memory:' })]) {
      const target = await store.beginRebuild([{ name: 'tallies' }]);
      const inner = target.collection<Tally>('tallies');
      let inserted = 0;
      const insertNew = (inner as Partial<{ insertNew(docs: Tally[]): Promise<void> }>).insertNew;
      if (insertNew) {
        (inner as unknown as { insertNew(docs: Tally[]): Promise<void> }).insertNew = (docs) => (
          (inserted += docs.length),
          insertNew.call(inner, docs)
        );
      }
      const context = writeBehindContext(() => inner, { fresh: true });
      const tallies = context.collection<Tally>('tallies');
      for (let n = 1; n <= 3_000; n++) {
        await add(tallies, added(n, `t${n % 1_000}`, 1));
        if (n % 500 === 0) await context.flush();
      }
      await add(tallies, added(3_001, 't7', -1)); // a deletion
      await context.flush();
      await target.commit();
      const docs = await store.collection<Tally>('tallies').find({}, { sort: { _id: 1 } });
      results.push(docs);
      expect(docs).toHaveLength(999);
      expect(docs.every((doc) => doc.total === 3)).toBe(true);
      // Each id's first write went in as an insert (SQLite), its two later ones as replacements.
      if (insertNew) expect(inserted).toBeGreaterThanOrEqual(1_000);
      if (insertNew) expect(inserted).toBeLessThan(1_100);
      await store.close();
    }
    expect(results[1]).toEqual(results[0]);
  });
});
