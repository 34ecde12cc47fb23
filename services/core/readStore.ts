/**
 * The read store port: named collections of JSON documents keyed by `_id`,
 * queried with MongoDB query semantics. Adapters: SQLite tables (embedded),
 * in-memory collections queried with mingo (tests) and MongoDB (scale); all
 * pass tests/contract/readStore.features.ts.
 *
 * Only projections write here; query routes only read.
 */

import type { SnippetPart, TextHit, TextIndexSpec, TextQuery } from './textSearch.ts';

export type { SnippetPart, TextHit, TextIndexSpec, TextQuery, TextTerm } from './textSearch.ts';

export type Document = { _id: string } & Record<string, unknown>;

/** A MongoDB query document (`{field: value}`, `$in`, `$or`, `$gte`, …). */
export type Filter = Record<string, unknown>;

export type SortSpec = Record<string, 1 | -1>;

export type FindOptions = {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  /** Inclusion (`{a: 1}`) or exclusion (`{a: 0}`) projection. */
  projection?: Record<string, 0 | 1>;
};

/**
 * Declares a collection and the fields it is looked up by. Each index is a list
 * of field paths; the in-memory adapter keeps a hash index on them and
 * prefilters equality/`$in` queries with it, MongoDB creates the same index.
 */
export type CollectionSpec = {
  name: string;
  indexes?: string[][];
  /** Unique indexes reject a second document with the same key. */
  unique?: string[][];
  /** A full-text index over these string fields (textSearch.ts): FTS5 embedded, an index of folded tokens in MongoDB. */
  text?: TextIndexSpec;
};

/** What a full-text search keeps: documents also matching `filter`; at most `limit` (all by default), best first. */
/** A text search's filter (tested on the matches), how many hits at most, and the fields to return (as `find`'s). */
export type TextSearchOptions = { filter?: Filter; limit?: number; projection?: FindOptions['projection'] };

export interface Collection<T extends Document = Document> {
  readonly name: string;
  get(id: string): Promise<T | null>;
  findOne(filter: Filter, options?: Omit<FindOptions, 'limit' | 'skip'>): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
  /** Inserts or replaces the whole document with this `_id`. */
  put(doc: T): Promise<void>;
  putMany(docs: T[]): Promise<void>;
  delete(id: string): Promise<void>;
  deleteMany(filter: Filter): Promise<number>;
  /**
   * Full-text search (issue 14 §1) of a collection declared with `text` =
   * `index`: the documents matching every term of `query` (and `filter`), best
   * first, with their rank. Accents and case are folded; a prefix term matches
   * the words it begins; a phrase's words follow each other in one field.
   */
  textSearch(index: TextIndexSpec, query: TextQuery, options?: TextSearchOptions): Promise<TextHit<T>[]>;
  /** Snippets of `field` (one of the index's) for the documents `ids` (those found), the words of `query` marked. */
  textSnippets(index: TextIndexSpec, ids: readonly string[], query: TextQuery, field: string): Promise<Map<string, SnippetPart[]>>;
}

/**
 * A set of fresh, empty collections being filled by a projection rebuild.
 * Nothing is visible to readers until `commit` swaps them in.
 */
export interface RebuildTarget {
  collection<T extends Document = Document>(name: string): Collection<T>;
  /** Atomically (per collection at worst) replaces the live collections. */
  commit(): Promise<void>;
  /** Drops the fresh collections; the live ones stay untouched. */
  abort(): Promise<void>;
}

export interface ReadStore {
  /** Creates the collection and its indexes if missing (idempotent). */
  ensureCollection(spec: CollectionSpec): Promise<void>;
  collection<T extends Document = Document>(name: string): Collection<T>;
  /** Starts writing fresh copies of these collections (see RebuildTarget). */
  beginRebuild(specs: CollectionSpec[]): Promise<RebuildTarget>;
  /** Names and document counts, for operators. */
  stats(): Promise<{ name: string; count: number }[]>;
  close(): Promise<void>;
  /**
   * Optional: runs `fn` as one atomic unit of writes; everything it wrote
   * through this store is kept, or nothing is. The projection runner writes a
   * batch of events' changes and their checkpoints in one unit, so a crash never
   * leaves a read model ahead of or behind its checkpoint. Units must not
   * overlap (the runner runs them one at a time); a unit started inside another
   * is part of it. Stores without transactions (memory, MongoDB) leave it out,
   * and the runner then saves checkpoints on a timer.
   */
  transaction?<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Optional: `listener` hears of every collection the store finds damaged (a
   * checksum mismatch, a corrupt page); the runner rebuilds the projection
   * owning it from the log. Reads of the damage throw `ReadModelCorruptError`
   * instead of serving it. Returns a function that stops listening.
   */
  onCorruption?(listener: (collection: string, error: Error) => void): () => void;
}
