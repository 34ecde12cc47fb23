import { filterTest } from './filterTest.ts';
import { DuplicateKeyError as BaseDuplicateKeyError } from '../../core/errors.ts';
import type { CollectionSpec, Document, Filter } from '../../core/readStore.ts';
import { addToIndex, encodeValue, indexKeys, keyProduct, liveCount, type Bucket, type Entry, type IndexState } from './indexKeys.ts';
import { covers, isEmptyFilter, pinnedValues, type QueryPlan } from './queryPlan.ts';
import { sameFields } from './specs.ts';

/**
 * Raised when a write would give two documents the same key in a unique index.
 * Carries the collection, the index fields and the clashing `_id`s so that a
 * projection bug can be traced to the documents involved.
 */
export class DuplicateKeyError extends BaseDuplicateKeyError {
  constructor(
    collection: string,
    readonly index: readonly string[],
    readonly id: string,
    readonly existingId: string,
  ) {
    super(
      collection,
      `Duplicate key in ${collection} unique index [${index.join(', ')}]: ` +
        `document ${JSON.stringify(id)} clashes with ${JSON.stringify(existingId)}`,
    );
  }
}

/** One collection's documents and indexes; swapped as a whole by a rebuild. */
export class CollectionState {
  readonly docs = new Map<string, Entry>();
  readonly indexes: IndexState[] = [];
  lastPlan: QueryPlan | null = null;
  #queries = 0;

  constructor(readonly name: string) {}

  /** Adds the indexes of `spec` that are missing; existing documents are indexed at once. */
  addIndexes(spec: CollectionSpec): void {
    const wanted: { fields: string[]; unique: boolean }[] = [
      ...(spec.unique ?? []).map((fields) => ({ fields, unique: true })),
      ...(spec.indexes ?? []).map((fields) => ({ fields, unique: false })),
    ];
    for (const { fields, unique } of wanted) {
      if (fields.length === 0) throw new TypeError(`Empty index in collection ${this.name}`);
      const existing = this.indexes.find((index) => sameFields(index.fields, fields));
      if (existing) {
        if (unique && !existing.unique) {
          // Upgrade: check the documents already indexed before enforcing it.
          this.#checkUnique(existing);
          existing.unique = true;
        }
        continue;
      }
      const index: IndexState = {
        fields: [...fields],
        paths: fields.map((field) => field.split('.')),
        unique,
        buckets: new Map(),
      };
      for (const entry of this.docs.values()) addToIndex(index, entry);
      if (unique) this.#checkUnique(index);
      this.indexes.push(index);
    }
  }

  #checkUnique(index: IndexState): void {
    for (const bucket of index.buckets.values()) {
      const live = bucket.entries.filter((entry) => entry.alive);
      const [first, second] = live;
      if (first && second) throw new DuplicateKeyError(this.name, index.fields, second.doc._id, first.doc._id);
    }
  }

  /** Stores `doc` (already a private copy), replacing the document with the same `_id`. */
  put(doc: Document): void {
    const id = doc._id;
    for (const index of this.indexes) {
      if (!index.unique) continue;
      for (const key of indexKeys(index, doc)) {
        const bucket = index.buckets.get(key);
        if (!bucket) continue;
        for (const other of bucket.entries) {
          if (other.alive && other.doc._id !== id) {
            throw new DuplicateKeyError(this.name, index.fields, id, other.doc._id);
          }
        }
      }
    }
    const previous = this.docs.get(id);
    if (previous) this.#retire(previous);
    const entry: Entry = { doc, alive: true, mark: 0 };
    this.docs.set(id, entry);
    for (const index of this.indexes) addToIndex(index, entry);
  }

  delete(id: string): boolean {
    const previous = this.docs.get(id);
    if (!previous) return false;
    this.#retire(previous);
    this.docs.delete(id);
    return true;
  }

  #retire(entry: Entry): void {
    entry.alive = false;
    for (const index of this.indexes) {
      for (const key of indexKeys(index, entry.doc)) {
        const bucket = index.buckets.get(key);
        if (!bucket) continue;
        bucket.dead++;
        if (bucket.dead >= bucket.entries.length) index.buckets.delete(key);
        else if (bucket.dead * 2 > bucket.entries.length) {
          bucket.entries = bucket.entries.filter((other) => other.alive);
          bucket.dead = 0;
        }
      }
    }
  }

  /** The documents matching `filter`, in store order, using an index when one applies. */
  match(filter: Filter): Document[] {
    if (isEmptyFilter(filter)) {
      this.lastPlan = { index: null, scanned: 0 };
      return Array.from(this.docs.values(), (entry) => entry.doc);
    }
    const { index, candidates } = this.#candidates(filter);
    // A covered plan finds exactly the matches: nothing to compile or test.
    const test = index && covers(filter, index) ? null : filterTest(filter);
    const result: Document[] = [];
    let scanned = 0;
    for (const doc of candidates) {
      scanned++;
      if (!test || test(doc)) result.push(doc);
    }
    this.lastPlan = { index, scanned };
    return result;
  }

  /** Picks the cheapest usable index for `filter`, or a full scan. */
  #candidates(filter: Filter): { index: readonly string[] | null; candidates: Iterable<Document> } {
    const pinned = pinnedValues(filter);
    if (pinned.size === 0) return { index: null, candidates: this.#all() };

    let best: { fields: readonly string[]; candidates: Iterable<Document>; size: number } | null = null;
    const byId = pinned.get('_id');
    if (byId) {
      const docs: Document[] = [];
      for (const id of new Set(byId)) {
        const entry = typeof id === 'string' ? this.docs.get(id) : undefined;
        if (entry) docs.push(entry.doc);
      }
      best = { fields: ['_id'], candidates: docs, size: docs.length };
    }
    for (const index of this.indexes) {
      if (!index.fields.every((field) => pinned.has(field))) continue;
      const keys = keyProduct(index.fields.map((field) => [...new Set((pinned.get(field) ?? []).map(encodeValue))]));
      const buckets: Bucket[] = [];
      let size = 0;
      for (const key of keys) {
        const bucket = index.buckets.get(key);
        if (bucket) {
          buckets.push(bucket);
          size += liveCount(bucket);
        }
      }
      // On a tie, the index pinning more fields is kept: it reflects the query's intent.
      if (best && (best.size < size || (best.size === size && best.fields.length >= index.fields.length))) continue;
      best = { fields: index.fields, candidates: this.#fromBuckets(buckets), size };
    }
    if (!best) return { index: null, candidates: this.#all() };
    return { index: best.fields, candidates: best.candidates };
  }

  *#all(): Generator<Document> {
    for (const entry of this.docs.values()) yield entry.doc;
  }

  /** Live documents of the buckets, each once (a multikey document can sit in several). */
  *#fromBuckets(buckets: readonly Bucket[]): Generator<Document> {
    const mark = ++this.#queries;
    const dedupe = buckets.length > 1;
    for (const bucket of buckets) {
      for (const entry of bucket.entries) {
        if (!entry.alive) continue;
        if (dedupe) {
          if (entry.mark === mark) continue;
          entry.mark = mark;
        }
        yield entry.doc;
      }
    }
  }
}
