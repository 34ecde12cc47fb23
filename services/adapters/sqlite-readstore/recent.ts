import type { Document } from '../../core/readStore.ts';
import type { Entry } from './indexing.ts';

// What one collection's tables keep of their committed rows between reads: the
// documents read lately, decoded, and the ids under index keys asked for
// lately. Both are filled only outside transactions (committed rows) and told
// of every write, which drops what it changes. Eviction is "second chance": a
// hit only marks its entry (no reordering on the hot path); the oldest entries
// go first unless marked since they were last passed over.

type Marked<T> = { value: T; size: number; used: boolean };

/** A map bounded in entries and in a size of their own, evicting the least recently used in the second-chance way. */
class SecondChance<T> {
  readonly #entries = new Map<string, Marked<T>>();
  #size = 0;
  /**
   * Where eviction goes on from: the oldest entries. One iterator kept across
   * evictions, because a Map keeps its deleted entries as holes until it is
   * rehashed, and a fresh iterator would walk every hole before the oldest
   * live entry at each eviction.
   */
  #cursor: Iterator<[string, Marked<T>]> | null = null;

  constructor(
    private readonly maxEntries: number,
    private readonly maxSize: number,
  ) {}

  recall(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    entry.used = true;
    return entry.value;
  }

  remember(key: string, value: T, size: number): void {
    if (this.maxEntries <= 0 || size > this.maxSize / 4) return; // One huge entry would push out hundreds of small ones.
    this.forget(key);
    this.#entries.set(key, { value, size, used: false });
    this.#size += size;
    while (this.#entries.size > this.maxEntries || this.#size > this.maxSize) {
      const [oldest, entry] = this.#oldest();
      this.#entries.delete(oldest);
      if (entry.used) {
        entry.used = false;
        this.#entries.set(oldest, entry);
      } else this.#size -= entry.size;
    }
  }

  /** The oldest entry (the map is not empty): the kept iterator's next, or a new iterator's first once it ran out. */
  #oldest(): [string, Marked<T>] {
    const next = this.#cursor?.next();
    if (next && !next.done) return next.value;
    this.#cursor = this.#entries.entries();
    return this.#cursor.next().value as [string, Marked<T>];
  }

  forget(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#size -= entry.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#size = 0;
    this.#cursor = null;
  }

  /** What it holds now: entries, and their size in its own unit (JSON characters, ids). */
  stats(): { entries: number; size: number } {
    return { entries: this.#entries.size, size: this.#size };
  }
}

/** JSON characters the documents kept hold at most, per collection (a few tens of MB decoded). */
const recentCharacters = 4_000_000;

/**
 * Documents read lately, decoded once (checksum verified, JSON parsed): a
 * point read of a hot document (a canvas reads hundreds) copies it instead of
 * finding, checking and parsing its row. An id found absent is kept as null (a
 * canvas asks for the reads of every note, most never made). The documents are
 * shared: callers copy what they hand out. A limit of 0 keeps nothing (a
 * follower whose file another process writes).
 */
export class RecentDocuments extends SecondChance<Document | null> {
  constructor(limit: number) {
    super(limit, recentCharacters);
  }
}

/** A row an index key leads to. */
export type KeyedRow = { rid: number; id: string };

/** Ids kept at most, per collection, under index keys. */
const recentKeyIds = 200_000;

/**
 * The rows under index entries asked for lately (a view's links, a note's
 * build-ons), in row order: a plan by keys reads them here instead of the keys
 * table. A write drops the entries it adds or removes; the documents under an
 * unchanged entry are still the same ones.
 */
export class RecentKeys extends SecondChance<readonly KeyedRow[]> {
  constructor(limit: number) {
    super(limit > 0 ? recentKeyIds : 0, recentKeyIds);
  }

  rememberRows(value: Entry, rows: readonly KeyedRow[]): void {
    this.remember(value, rows, rows.length + 1);
  }

  forgetAll(values: Iterable<Entry>): void {
    for (const value of values) this.forget(value);
  }
}
