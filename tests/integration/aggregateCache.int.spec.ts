import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../services/adapters/sqlite-eventstore/database.ts';
import { SqliteEventStore } from '../../services/adapters/sqlite-eventstore/sqliteEventStore.ts';
import { AggregateCache } from '../../services/core/aggregateCache.ts';
import { handleCommand, loadAggregate, type Decider } from '../../services/core/decider.ts';
import { ConcurrencyError, ValidationError } from '../../services/core/errors.ts';
import { msgWithText } from '../../contracts/messageCodes.ts';

type Added = { type: 'Added'; data: { n: number } };
type Sum = { total: number; seen: number[] };
type Add = { n: number };

const sumDecider: Decider<Sum, Add, Added> = {
  initialState: () => ({ total: 0, seen: [] }),
  evolve: (state, event) => ({ total: state.total + event.data.n, seen: [...state.seen, event.data.n] }),
  decide: (command) => {
    if (command.n < 0) throw ValidationError.field('n', msgWithText('errors.fieldInvalid', 'must not be negative', { field: 'n' }));
    return [{ type: 'Added', data: { n: command.n } }];
  },
};
const metadata = { actorId: null, at: '2026-11-22T00:00:00.000Z' };

/** Two stores on one file: the second plays another process (the CLI while the server runs). */
describe('handleCommand with the aggregate cache', () => {
  let dir: string;
  let dbs: SqliteDatabase[];
  let store: SqliteEventStore;
  let other: SqliteEventStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'buildon-cache-'));
    dbs = [openDatabase(join(dir, 'events.sqlite')), openDatabase(join(dir, 'events.sqlite'))];
    store = new SqliteEventStore(dbs[0]!);
    other = new SqliteEventStore(dbs[1]!);
  });
  afterEach(async () => {
    await store.close();
    await other.close();
    for (const db of dbs) db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const add = (n: number, target = store, options: { expectedRevision?: number } = {}) =>
    handleCommand(target, 'sum-1', sumDecider, { n }, { metadata, ...options });

  it('reads only the tail of a stream it has folded before', async () => {
    await add(1);
    await add(2);
    const reads = vi.spyOn(store, 'readStream');
    const result = await add(3);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(reads.mock.calls[0]?.[1]).toEqual({ fromRevision: 2 });
    expect(result.newState).toEqual({ total: 6, seen: [1, 2, 3] });
    expect(result.nextExpectedRevision).toBe(2);
  });

  it('folds in events another writer appended since', async () => {
    await add(1);
    await other.append('sum-1', [{ type: 'Added', data: { n: 10 }, metadata }], { expectedRevision: 0 });
    const result = await add(2);
    expect(result.newState).toEqual({ total: 13, seen: [1, 10, 2] });
    expect((await loadAggregate(other, 'sum-1', sumDecider)).state).toEqual(result.newState);
  });

  it('retries from the whole stream when another writer wins the race', async () => {
    await add(1);
    const append = store.append.bind(store);
    let raced = false;
    vi.spyOn(store, 'append').mockImplementation(async (...args) => {
      if (!raced) {
        raced = true;
        await other.append('sum-1', [{ type: 'Added', data: { n: 100 }, metadata }], { expectedRevision: 0 });
      }
      return append(...args);
    });
    const result = await add(2);
    expect(result.newState).toEqual({ total: 103, seen: [1, 100, 2] });
    expect((await loadAggregate(other, 'sum-1', sumDecider)).state).toEqual(result.newState);
  });

  it('refuses a pinned revision that is no longer current, cache or not', async () => {
    await add(1);
    await other.append('sum-1', [{ type: 'Added', data: { n: 5 }, metadata }], { expectedRevision: 0 });
    await expect(add(2, store, { expectedRevision: 0 })).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await add(2, store, { expectedRevision: 1 })).newState.total).toBe(8);
  });

  it('keeps the cached state intact when a command is refused', async () => {
    await add(4);
    await expect(add(-1)).rejects.toBeInstanceOf(ValidationError);
    expect((await add(1)).newState).toEqual({ total: 5, seen: [4, 1] });
  });

  it('never hands a stream folded by one decider to another', async () => {
    await add(7);
    const countDecider: Decider<number, null, Added> = {
      initialState: () => 0,
      evolve: (count) => count + 1,
      decide: () => [],
    };
    expect((await loadAggregate(store, 'sum-1', countDecider)).state).toBe(1);
    expect((await add(1)).newState.total).toBe(8);
  });

  it('is one cache per store, so separate apps never share states', async () => {
    await add(1);
    expect(AggregateCache.of(store).size).toBe(1);
    expect(AggregateCache.of(other).size).toBe(0);
  });
});
