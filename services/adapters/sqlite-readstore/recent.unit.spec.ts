import { describe, expect, it } from 'vitest';
import { RecentDocuments, RecentKeys } from './recent.ts';

describe('what the SQLite read store keeps between reads', () => {
  it('keeps at most its limit, dropping the oldest not read since it was last passed over', () => {
    const recent = new RecentDocuments(3);
    for (const id of ['a', 'b', 'c']) recent.remember(id, { _id: id }, 10);
    expect(recent.recall('a')).toEqual({ _id: 'a' });
    recent.remember('d', { _id: 'd' }, 10);
    // 'a' was read: it gets a second chance, 'b' (the oldest unread) goes.
    expect(recent.recall('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((id) => recent.recall(id))).toEqual([{ _id: 'a' }, { _id: 'c' }, { _id: 'd' }]);
    recent.forget('c');
    expect(recent.recall('c')).toBeUndefined();
  });

  it('keeps an absent id as null, and nothing when its limit is 0 (a follower)', () => {
    const recent = new RecentDocuments(2);
    recent.remember('gone', null, 4);
    expect(recent.recall('gone')).toBeNull();
    const off = new RecentDocuments(0);
    off.remember('a', { _id: 'a' }, 1);
    expect(off.recall('a')).toBeUndefined();
    const offKeys = new RecentKeys(0);
    offKeys.rememberRows('0:"c1"', [{ rid: 1, id: 'a' }]);
    expect(offKeys.recall('0:"c1"')).toBeUndefined();
  });

  it('forgets the index entries a write names, and keeps the others', () => {
    const keys = new RecentKeys(10);
    keys.rememberRows('0:"c1"', [{ rid: 1, id: 'a' }]);
    keys.rememberRows('0:"c2"', []);
    keys.forgetAll(['0:"c2"', '1:"x"']);
    expect(keys.recall('0:"c1"')).toEqual([{ rid: 1, id: 'a' }]);
    expect(keys.recall('0:"c2"')).toBeUndefined();
  });

  it('says what it holds (GET /api/admin/memory): entries and their size, after evictions, forgets and a clear', () => {
    const recent = new RecentDocuments(2);
    recent.remember('a', { _id: 'a' }, 10);
    recent.remember('b', { _id: 'b' }, 20);
    recent.remember('c', { _id: 'c' }, 30); // 'a' goes
    expect(recent.stats()).toEqual({ entries: 2, size: 50 });
    recent.forget('b');
    expect(recent.stats()).toEqual({ entries: 1, size: 30 });
    recent.clear();
    expect(recent.stats()).toEqual({ entries: 0, size: 0 });
    const keys = new RecentKeys(10);
    keys.rememberRows('0:"c1"', [
      { rid: 1, id: 'a' },
      { rid: 2, id: 'b' },
    ]);
    // Each entry counts its ids and one for itself.
    expect(keys.stats()).toEqual({ entries: 1, size: 3 });
  });

  it('evicts as a fresh walk from the oldest entry would, over a long run of reads, writes and forgets', () => {
    // The reference: second chance over a Map, each eviction starting a new walk from its first entry.
    const reference = new Map<string, boolean>();
    const referenceRemember = (key: string, limit: number) => {
      reference.delete(key);
      reference.set(key, false);
      while (reference.size > limit) {
        const [oldest, used] = reference.entries().next().value as [string, boolean];
        reference.delete(oldest);
        if (used) reference.set(oldest, false);
      }
    };
    const recent = new RecentDocuments(50);
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let step = 0; step < 20_000; step++) {
      const key = `k${next(200)}`;
      const op = next(10);
      if (op < 5) {
        const kept = recent.recall(key) !== undefined;
        expect(kept, `step ${step}`).toBe(reference.has(key));
        if (kept) reference.set(key, true);
      } else if (op < 9) {
        recent.remember(key, { _id: key }, 1);
        referenceRemember(key, 50);
      } else {
        recent.forget(key);
        reference.delete(key);
      }
    }
    expect(recent.stats().entries).toBe(reference.size);
  });
});
