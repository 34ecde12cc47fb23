import { DuplicateKeyError as BaseDuplicateKeyError } from '../../core/errors.ts';
import { deserialize, serialize } from 'node:v8';
import { Query } from 'mingo';
import type {
  Collection,
  CollectionSpec,
  Document,
  Filter,
  FindOptions,
  ReadStore,
  RebuildTarget,
  SortSpec,
} from '../../core/readStore.ts';

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

/**
 * How the last query on a collection found its candidates: `index` names the
 * fields of the hash index used (`['_id']` for a lookup by id, `null` for a
 * full scan) and `scanned` counts the documents tested against the filter.
 */
export type QueryPlan = { index: readonly string[] | null; scanned: number };

/** Encoded index key (see `encodeValue`). */
type Key = string;

/**
 * One stored version of a document. A replacement or delete retires the entry
 * (`alive = false`) instead of searching every bucket holding it; buckets drop
 * retired entries when they make up half of them.
 */
type Entry = { readonly doc: Document; alive: boolean; /** last query that yielded it (dedupes multi-bucket lookups) */ mark: number };

/**
 * The entries under one index key. Plain arrays rather than Sets: appending is
 * an order of magnitude cheaper than hashing each id, which is what makes
 * restoring a snapshot of a million documents fast.
 */
type Bucket = { entries: Entry[]; dead: number };

type IndexState = {
  fields: readonly string[];
  /** `fields` split on dots, once. */
  paths: readonly (readonly string[])[];
  unique: boolean;
  /** key → the documents having that key (several keys per document when multikey). */
  buckets: Map<Key, Bucket>;
};

const liveCount = (bucket: Bucket): number => bucket.entries.length - bucket.dead;

/** One collection's documents and indexes; swapped as a whole by a rebuild. */
class CollectionState {
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
    // `$where` and `$function` run arbitrary code: read store filters never need them.
    const query = new Query(filter, { scriptEnabled: false });
    const { index, candidates } = this.#candidates(filter);
    const result: Document[] = [];
    let scanned = 0;
    for (const doc of candidates) {
      scanned++;
      if (query.test(doc)) result.push(doc);
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

/**
 * The embedded read store: collections live in memory as Maps of documents and
 * are queried with MongoDB semantics through mingo, so projections and query
 * routes behave the same as on the MongoDB adapter.
 *
 * Why hash indexes: projections and routes look documents up by a few fields
 * (community, view, author); testing every document with mingo would make each
 * lookup O(collection). Declared indexes prefilter equality and `$in` queries.
 *
 * Why snapshots: the embedded deployment keeps the read models only in memory;
 * `snapshot()` lets the composition root persist them (next to the event store)
 * so a restart restores them instead of replaying every event.
 *
 * Stored documents are private copies: callers never hold a reference to them.
 */
export class MemoryReadStore implements ReadStore {
  #collections = new Map<string, CollectionState>();
  #specs = new Map<string, CollectionSpec>();

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    this.#ensure(spec);
  }

  #ensure(spec: CollectionSpec): CollectionState {
    let state = this.#collections.get(spec.name);
    if (!state) {
      state = new CollectionState(spec.name);
      this.#collections.set(spec.name, state);
    }
    state.addIndexes(spec);
    this.#specs.set(spec.name, mergeSpecs(this.#specs.get(spec.name), spec));
    return state;
  }

  /**
   * A handle on the live collection `name`. It follows rebuild commits, and a
   * collection that was never ensured is created (without indexes) on first write.
   */
  collection<T extends Document = Document>(name: string): MemoryCollection<T> {
    return new MemoryCollection<T>(
      name,
      () => this.#collections.get(name),
      () => this.#ensure({ name }),
    );
  }

  async beginRebuild(specs: CollectionSpec[]): Promise<RebuildTarget> {
    const fresh = new Map<string, { state: CollectionState; spec: CollectionSpec }>();
    for (const spec of specs) {
      const state = new CollectionState(spec.name);
      state.addIndexes(spec);
      fresh.set(spec.name, { state, spec: mergeSpecs(undefined, spec) });
    }
    let finished: 'committed' | 'aborted' | null = null;
    const open = (name: string): CollectionState => {
      if (finished) throw new Error(`Rebuild already ${finished}: cannot use collection ${name}`);
      const entry = fresh.get(name);
      if (!entry) throw new Error(`Collection ${name} is not part of this rebuild`);
      return entry.state;
    };
    return {
      collection: <T extends Document = Document>(name: string): Collection<T> => {
        open(name);
        return new MemoryCollection<T>(
          name,
          () => open(name),
          () => open(name),
        );
      },
      commit: async () => {
        if (finished) throw new Error(`Rebuild already ${finished}`);
        finished = 'committed';
        for (const [name, { state, spec }] of fresh) {
          this.#collections.set(name, state);
          this.#specs.set(name, spec);
        }
      },
      abort: async () => {
        if (finished === 'committed') throw new Error('Rebuild already committed');
        finished = 'aborted';
        fresh.clear();
      },
    };
  }

  async stats(): Promise<{ name: string; count: number }[]> {
    return [...this.#collections.values()]
      .map((state) => ({ name: state.name, count: state.docs.size }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async close(): Promise<void> {}

  /**
   * Serializes every collection (documents and specs) with node:v8.
   *
   * Plain JSON documents (the usual case) travel as JSON text in chunks of
   * SNAPSHOT_CHUNK documents: V8's JSON parser restores them several times
   * faster than `v8.deserialize` rebuilds objects one by one. Documents holding
   * other values (Date, typed arrays, -0, …) go through the structured clone
   * format. Indexes are not stored: `restore` rebuilds them from the specs.
   */
  snapshot(): Uint8Array {
    const collections: SnapshotCollection[] = [...this.#collections.values()].map((state) => {
      const chunks: string[] = [];
      const others: Document[] = [];
      const deep: string[] = [];
      let chunk: Document[] = [];
      for (const { doc } of state.docs.values()) {
        if (!isJsonSafe(doc, 0)) {
          // Nested too deep for JSON.stringify and the structured clone (an old note
          // body): written as JSON text without recursion; JSON.parse reads any depth.
          const text = deepJsonText(doc);
          if (text === null) others.push(doc);
          else deep.push(text);
          continue;
        }
        chunk.push(doc);
        if (chunk.length === SNAPSHOT_CHUNK) {
          chunks.push(JSON.stringify(chunk));
          chunk = [];
        }
      }
      if (chunk.length > 0) chunks.push(JSON.stringify(chunk));
      if (deep.length > 0) chunks.push(`[${deep.join(',')}]`);
      return { spec: this.#specs.get(state.name) ?? { name: state.name }, json: chunks, others };
    });
    const payload: Snapshot = { format: SNAPSHOT_FORMAT, collections };
    return serialize(payload);
  }

  /** Replaces every collection with the content of `bytes` (from `snapshot()`). */
  restore(bytes: Uint8Array): void {
    const snapshot = parseSnapshot(deserialize(bytes));
    const collections = new Map<string, CollectionState>();
    const specs = new Map<string, CollectionSpec>();
    for (const { spec, json, others } of snapshot.collections) {
      const state = new CollectionState(spec.name);
      const load = (doc: unknown): void => {
        if (!isRecord(doc) || typeof doc._id !== 'string') {
          throw new Error(`Corrupt read store snapshot: bad document in ${spec.name}`);
        }
        state.docs.set(doc._id, { doc: doc as Document, alive: true, mark: 0 });
      };
      for (const text of json) {
        const docs: unknown = JSON.parse(text);
        if (!Array.isArray(docs)) throw new Error(`Corrupt read store snapshot: bad chunk in ${spec.name}`);
        for (const doc of docs as unknown[]) load(doc);
      }
      for (const doc of others) load(doc);
      state.addIndexes(spec);
      collections.set(spec.name, state);
      specs.set(spec.name, spec);
    }
    this.#collections = collections;
    this.#specs = specs;
  }

  /** A store holding the content of `bytes` (from `snapshot()`). */
  static fromSnapshot(bytes: Uint8Array): MemoryReadStore {
    const store = new MemoryReadStore();
    store.restore(bytes);
    return store;
  }
}

/**
 * The Collection port over one CollectionState. `resolve` is called on every
 * operation so that a handle taken before a rebuild sees the committed data.
 */
export class MemoryCollection<T extends Document = Document> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly resolve: () => CollectionState | undefined,
    private readonly resolveForWrite: () => CollectionState,
  ) {}

  /** How the last query on this collection (from any handle) found its documents. */
  lastQueryPlan(): QueryPlan | null {
    return this.resolve()?.lastPlan ?? null;
  }

  async get(id: string): Promise<T | null> {
    const doc = this.resolve()?.docs.get(id)?.doc;
    return doc ? copyDocument(doc as T) : null;
  }

  async findOne(filter: Filter, options: Omit<FindOptions, 'limit' | 'skip'> = {}): Promise<T | null> {
    const [first] = this.#find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    return this.#find(filter, options);
  }

  #find(filter: Filter, options: FindOptions): T[] {
    const state = this.resolve();
    if (!state) return [];
    let docs = state.match(filter);
    if (options.sort && Object.keys(options.sort).length > 0) docs = sortDocuments(docs, options.sort);
    const skip = options.skip ?? 0;
    const limit = options.limit ?? 0;
    if (skip > 0 || limit > 0) docs = docs.slice(skip, limit > 0 ? skip + limit : undefined);
    const projection = options.projection;
    if (projection && Object.keys(projection).length > 0) {
      const simple = topLevelProjection(projection);
      if (simple) return docs.map((doc) => copyDocument(simple(doc) as T));
      const projected = new Query({}).find<Document>(docs, projection).all();
      return projected.map((doc) => copyDocument(doc as T));
    }
    return docs.map((doc) => copyDocument(doc as T));
  }

  async count(filter: Filter = {}): Promise<number> {
    const state = this.resolve();
    if (!state) return 0;
    if (isEmptyFilter(filter)) return state.docs.size;
    return state.match(filter).length;
  }

  async put(doc: T): Promise<void> {
    this.resolveForWrite().put(copyForStorage(doc));
  }

  /** Writes in order; on a duplicate key the earlier documents stay written (as MongoDB's ordered bulk write). */
  async putMany(docs: T[]): Promise<void> {
    if (docs.length === 0) return;
    const state = this.resolveForWrite();
    for (const doc of docs) state.put(copyForStorage(doc));
  }

  async delete(id: string): Promise<void> {
    this.resolve()?.delete(id);
  }

  async deleteMany(filter: Filter): Promise<number> {
    const state = this.resolve();
    if (!state) return 0;
    const ids = state.match(filter).map((doc) => doc._id);
    for (const id of ids) state.delete(id);
    return ids.length;
  }
}

// ---------------------------------------------------------------------------
// Snapshots

const SNAPSHOT_FORMAT = 'buildon.memory-readstore.v1';
const SNAPSHOT_CHUNK = 10_000;

type SnapshotCollection = { spec: CollectionSpec; json: string[]; others: unknown[] };
type Snapshot = { format: typeof SNAPSHOT_FORMAT; collections: SnapshotCollection[] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isFieldLists = (value: unknown): value is string[][] =>
  value === undefined ||
  (Array.isArray(value) && value.every((fields) => Array.isArray(fields) && fields.every((f) => typeof f === 'string')));

/**
 * Whether JSON text gives `value` back unchanged. Undefined properties count as
 * safe: JSON drops them, and a missing field matches queries exactly as an
 * undefined one does.
 */
/**
 * The JSON text of a plain JSON value of any depth, or null when it holds
 * anything `isJsonSafe` refuses (or a value met twice). An explicit stack
 * instead of recursion: JSON.stringify overflows a few thousand levels down.
 */
function deepJsonText(root: unknown): string | null {
  const out: string[] = [];
  // A string on the stack is literal text; anything else is a value still to write.
  const stack: ({ text: string } | { value: unknown })[] = [{ value: root }];
  const seen = new Set<object>();
  for (let item = stack.pop(); item; item = stack.pop()) {
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const { value } = item;
    if (typeof value !== 'object' || value === null) {
      if (!isJsonSafe(value, 0)) return null;
      out.push(JSON.stringify(value));
      continue;
    }
    if (seen.has(value)) return null;
    seen.add(value);
    if (Array.isArray(value)) {
      const items = value as unknown[];
      out.push('[');
      stack.push({ text: ']' });
      for (let i = items.length - 1; i >= 0; i--) {
        if (items[i] === undefined) return null;
        stack.push({ value: items[i] });
        if (i > 0) stack.push({ text: ',' });
      }
      continue;
    }
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return null;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined);
    out.push('{');
    stack.push({ text: '}' });
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      stack.push({ value: record[key] });
      stack.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(key)}:` });
    }
  }
  return out.join('');
}

function isJsonSafe(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (depth > 64) return false;
      if (Array.isArray(value)) {
        for (const element of value as unknown[]) {
          if (element === undefined || !isJsonSafe(element, depth + 1)) return false;
        }
        return true;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      const record = value as Record<string, unknown>;
      for (const key in record) {
        const field = record[key];
        if (field !== undefined && !isJsonSafe(field, depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

function parseSnapshot(value: unknown): Snapshot {
  if (!isRecord(value) || value.format !== SNAPSHOT_FORMAT || !Array.isArray(value.collections)) {
    throw new Error(`Not a read store snapshot (expected format ${SNAPSHOT_FORMAT})`);
  }
  const collections: SnapshotCollection[] = [];
  for (const entry of value.collections as unknown[]) {
    if (!isRecord(entry) || !isRecord(entry.spec) || !Array.isArray(entry.json) || !Array.isArray(entry.others)) {
      throw new Error('Corrupt read store snapshot: bad collection entry');
    }
    const { name, indexes, unique } = entry.spec;
    if (typeof name !== 'string' || !isFieldLists(indexes) || !isFieldLists(unique)) {
      throw new Error('Corrupt read store snapshot: bad collection spec');
    }
    const json = entry.json as unknown[];
    if (!json.every((text): text is string => typeof text === 'string')) {
      throw new Error(`Corrupt read store snapshot: bad chunk in ${name}`);
    }
    collections.push({
      spec: { name, ...(indexes ? { indexes } : {}), ...(unique ? { unique } : {}) },
      json,
      others: entry.others as unknown[],
    });
  }
  return { format: SNAPSHOT_FORMAT, collections };
}

// ---------------------------------------------------------------------------
// Specs

const sameFields = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((field, i) => field === b[i]);

/** The union of the indexes of two specs of the same collection. */
function mergeSpecs(previous: CollectionSpec | undefined, spec: CollectionSpec): CollectionSpec {
  const unique: string[][] = [];
  const indexes: string[][] = [];
  const add = (list: string[][], fields: string[]): void => {
    if (!list.some((other) => sameFields(other, fields))) list.push([...fields]);
  };
  for (const fields of [...(previous?.unique ?? []), ...(spec.unique ?? [])]) add(unique, fields);
  for (const fields of [...(previous?.indexes ?? []), ...(spec.indexes ?? [])]) {
    if (!unique.some((other) => sameFields(other, fields))) add(indexes, fields);
  }
  return {
    name: spec.name,
    ...(indexes.length > 0 ? { indexes } : {}),
    ...(unique.length > 0 ? { unique } : {}),
  };
}

function copyForStorage<T extends Document>(doc: T): Document {
  if (!isRecord(doc) || typeof doc._id !== 'string') {
    throw new TypeError('A read store document needs a string _id');
  }
  return copyDocument(doc);
}

/** Returned by `copyPlain` for a value it leaves to structuredClone. */
const NOT_PLAIN = Symbol('not plain');

/**
 * Copies plain objects, dense arrays and primitives by hand, or answers
 * NOT_PLAIN for anything else (Date, Map, typed arrays, class instances,
 * null-prototype objects, holes, very deep or cyclic values, …). Several
 * times faster than structuredClone, which reads and writes a byte stream:
 * every stored and returned document is copied, a rebuild copies millions.
 */
function copyPlain(value: unknown, depth: number): unknown {
  if (typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? NOT_PLAIN : value;
  }
  if (value === null) return null;
  if (depth > 64) return copyDeep(value);
  if (Array.isArray(value)) {
    const source = value as unknown[];
    const copy: unknown[] = new Array<unknown>(source.length);
    for (let i = 0; i < source.length; i++) {
      if (!(i in source)) return NOT_PLAIN;
      const element = copyPlain(source[i], depth + 1);
      if (element === NOT_PLAIN) return NOT_PLAIN;
      copy[i] = element;
    }
    // Like MongoDB, and unlike structuredClone, it keeps no non-index array properties.
    return copy;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return NOT_PLAIN;
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key in source) {
    if (key === '__proto__') return NOT_PLAIN;
    const field = copyPlain(source[key], depth + 1);
    if (field === NOT_PLAIN) return NOT_PLAIN;
    copy[key] = field;
  }
  return copy;
}

/**
 * `copyPlain` for what lies deeper than 64 levels: the same rules with an
 * explicit stack instead of recursion, so a document nested thousands of levels
 * deep (a note body written before bodies had a depth limit) is copied instead of
 * overflowing the call stack (structuredClone overflows too).
 */
function copyDeep(root: object): unknown {
  const copyOf = (value: unknown): unknown => {
    if (typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? NOT_PLAIN : value;
    if (value === null) return null;
    if (Array.isArray(value)) return new Array<unknown>(value.length);
    return Object.getPrototypeOf(value) === Object.prototype ? {} : NOT_PLAIN;
  };
  const top = copyOf(root);
  if (top === NOT_PLAIN) return NOT_PLAIN;
  const stack: [Record<string, unknown> | unknown[], Record<string, unknown> | unknown[]][] = [
    [root as Record<string, unknown>, top as Record<string, unknown>],
  ];
  // A value met twice is shared or cyclic: left to structuredClone, as `copyPlain` does.
  const seen = new Set<object>();
  for (let pair = stack.pop(); pair; pair = stack.pop()) {
    const [source, target] = pair;
    if (seen.has(source)) return NOT_PLAIN;
    seen.add(source);
    if (Array.isArray(source)) {
      for (let i = 0; i < source.length; i++) {
        if (!(i in source)) return NOT_PLAIN;
        const element = copyOf(source[i]);
        if (element === NOT_PLAIN) return NOT_PLAIN;
        (target as unknown[])[i] = element;
        if (element !== null && typeof element === 'object') {
          stack.push([source[i] as object as Record<string, unknown>, element as Record<string, unknown>]);
        }
      }
      continue;
    }
    for (const key in source) {
      if (key === '__proto__') return NOT_PLAIN;
      const field = copyOf(source[key]);
      if (field === NOT_PLAIN) return NOT_PLAIN;
      (target as Record<string, unknown>)[key] = field;
      if (field !== null && typeof field === 'object') {
        stack.push([source[key] as Record<string, unknown>, field as Record<string, unknown>]);
      }
    }
  }
  return top;
}

/**
 * A projection that only keeps or only drops top-level fields, applied by hand:
 * mingo copies the fields it keeps recursively, which overflows on a document
 * nested thousands of levels deep (an old note body, issue 20 §0); the copy is
 * left to `copyDocument`, which does not recurse on depth. Null for any other
 * projection (dotted paths, operators), which mingo applies.
 */
function topLevelProjection(projection: Record<string, unknown>): ((doc: Document) => Document) | null {
  const entries = Object.entries(projection);
  if (
    entries.some(
      ([field, value]) => field.includes('.') || field.startsWith('$') || (value !== 0 && value !== 1 && typeof value !== 'boolean'),
    )
  ) {
    return null;
  }
  const kept = entries.filter(([field, value]) => field !== '_id' && (value === 1 || value === true)).map(([field]) => field);
  const dropped = new Set(entries.filter(([, value]) => value === 0 || value === false).map(([field]) => field));
  if (kept.length > 0 && [...dropped].some((field) => field !== '_id')) return null;
  return (doc) => {
    const out: Document = {} as Document;
    const fields = kept.length > 0 ? ['_id', ...kept] : Object.keys(doc);
    for (const field of fields) {
      if (dropped.has(field) || !(field in doc)) continue;
      (out as Record<string, unknown>)[field] = (doc as Record<string, unknown>)[field];
    }
    return out;
  };
}

/** A private deep copy of a document (see `copyPlain`). */
function copyDocument<T extends Document>(doc: T): T {
  const copy = copyPlain(doc, 0);
  return copy === NOT_PLAIN ? structuredClone(doc) : (copy as T);
}

// ---------------------------------------------------------------------------
// Index keys

type Pinnable = string | number | boolean;

const isPinnable = (value: unknown): value is Pinnable =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/**
 * Encodes one indexed value so that equal values (in MongoDB's sense: 1 and
 * 1.0, 0 and -0) share a key and different types never do.
 */
function encodeValue(value: unknown): Key {
  switch (typeof value) {
    case 'string':
      return `s${value}`;
    case 'number':
      return `n${value === 0 ? 0 : value}`;
    case 'boolean':
      return value ? 'b1' : 'b0';
    case 'undefined':
      return 'z';
    default:
      if (value === null) return 'z';
      if (value instanceof Date) return `d${value.getTime()}`;
      return `o${JSON.stringify(value)}`;
  }
}

/**
 * The values a MongoDB equality on `path` could match in `doc`: the value at
 * the path, each element when it is an array, and the path followed through
 * arrays of sub-documents (`a.b` over `a: [{b: 1}, {b: 2}]`). A superset is
 * harmless (mingo tests every candidate); a missing value would lose matches.
 */
function pathValues(node: unknown, segments: readonly string[], from: number, out: unknown[]): void {
  if (from === segments.length) {
    if (Array.isArray(node)) {
      if (node.length === 0) out.push(null);
      for (const element of node) out.push(element);
    } else {
      out.push(node);
    }
    return;
  }
  const segment = segments[from] ?? '';
  if (Array.isArray(node)) {
    for (const element of node) {
      if (isRecord(element)) pathValues(element, segments, from, out);
    }
    if (/^\d+$/.test(segment)) {
      const element: unknown = node[Number(segment)];
      if (element !== undefined) pathValues(element, segments, from + 1, out);
    }
    return;
  }
  if (isRecord(node)) {
    const child = node[segment];
    if (child !== undefined) pathValues(child, segments, from + 1, out);
  }
}

const splitCache = new Map<string, string[]>();
const splitPath = (path: string): string[] => {
  let segments = splitCache.get(path);
  if (!segments) {
    segments = path.split('.');
    splitCache.set(path, segments);
  }
  return segments;
};

/** Distinct encoded values at `path` in `doc`; a missing field is indexed as null, like MongoDB. */
function fieldKeys(doc: Document, path: readonly string[]): Key[] {
  if (path.length === 1) {
    // Fast path: a top-level scalar.
    const value = doc[path[0] ?? ''];
    if (value === undefined || value === null) return ['z'];
    if (typeof value !== 'object') return [encodeValue(value)];
  }
  const values: unknown[] = [];
  pathValues(doc, path, 0, values);
  if (values.length === 0) return ['z'];
  if (values.length === 1) return [encodeValue(values[0])];
  return [...new Set(values.map(encodeValue))];
}

/**
 * Compound keys: the encoded parts joined by U+0001, or as JSON when a part
 * contains that character (encoded parts never start with `[`, so the two
 * forms cannot collide).
 */
function joinKey(parts: readonly Key[]): Key {
  return parts.some((part) => part.includes('\u0001')) ? JSON.stringify(parts) : parts.join('\u0001');
}

function keyProduct(perField: Key[][]): Key[] {
  if (perField.length === 1) return perField[0] ?? [];
  let tuples: Key[][] = [[]];
  for (const keys of perField) {
    const next: Key[][] = [];
    for (const tuple of tuples) for (const key of keys) next.push([...tuple, key]);
    tuples = next;
  }
  return tuples.map(joinKey);
}

/**
 * The key of a path leading to one scalar (or nothing, indexed as null), or
 * `null` when arrays or sub-documents need the general walk. Most indexed
 * fields are scalars, and this path allocates nothing but the key.
 */
function scalarKey(doc: Document, path: readonly string[]): Key | null {
  let node: unknown = doc;
  for (const segment of path) {
    if (node === undefined || node === null) return 'z';
    if (typeof node !== 'object' || Array.isArray(node)) return null;
    node = (node as Record<string, unknown>)[segment];
  }
  if (node === undefined || node === null) return 'z';
  return typeof node === 'object' ? null : encodeValue(node);
}

function indexKeys(index: IndexState, doc: Document): Key[] {
  const paths = index.paths;
  if (paths.length === 1) {
    const [path = []] = paths;
    const key = scalarKey(doc, path);
    return key === null ? fieldKeys(doc, path) : [key];
  }
  let joined = '';
  for (let i = 0; i < paths.length; i++) {
    const key = scalarKey(doc, paths[i] ?? []);
    if (key === null || key.includes('\u0001')) return keyProduct(paths.map((path) => fieldKeys(doc, path)));
    joined = i === 0 ? key : `${joined}\u0001${key}`;
  }
  return [joined];
}

function addToIndex(index: IndexState, entry: Entry): void {
  for (const key of indexKeys(index, entry.doc)) {
    const bucket = index.buckets.get(key);
    if (bucket) bucket.entries.push(entry);
    else index.buckets.set(key, { entries: [entry], dead: 0 });
  }
}

// ---------------------------------------------------------------------------
// Query planning

const isEmptyFilter = (filter: Filter): boolean => {
  for (const _ in filter) return false;
  return true;
};

/**
 * The fields the filter pins to a finite set of primitive values: `{f: v}`,
 * `{f: {$eq: v}}`, `{f: {$in: [...]}}`, at the top level or inside a top-level
 * `$and`. Null is never pinned (it also matches missing fields and arrays of
 * sub-documents in ways a hash lookup cannot follow), so such queries scan.
 */
function pinnedValues(filter: Filter): Map<string, Pinnable[]> {
  const pinned = new Map<string, Pinnable[]>();
  const pin = (field: string, values: Pinnable[]): void => {
    const current = pinned.get(field);
    if (!current || values.length < current.length) pinned.set(field, values);
  };
  const visit = (clause: Record<string, unknown>): void => {
    for (const [field, condition] of Object.entries(clause)) {
      if (field === '$and') {
        if (Array.isArray(condition)) {
          for (const member of condition) if (isRecord(member)) visit(member);
        }
        continue;
      }
      if (field.startsWith('$')) continue;
      if (isPinnable(condition)) {
        pin(field, [condition]);
        continue;
      }
      if (!isRecord(condition)) continue;
      const operators = Object.keys(condition);
      if (operators.length === 0 || !operators.every((op) => op.startsWith('$'))) continue;
      if ('$eq' in condition && isPinnable(condition.$eq)) pin(field, [condition.$eq]);
      const values = condition.$in;
      if (Array.isArray(values) && values.every(isPinnable)) pin(field, values);
    }
  };
  visit(filter);
  return pinned;
}

// ---------------------------------------------------------------------------
// Sorting (MongoDB's BSON comparison order)

const EMPTY_ARRAY = Symbol('empty array');

/** BSON sort order of the types a JSON-like document holds. */
function typeRank(value: unknown): number {
  if (value === EMPTY_ARRAY) return 0;
  if (value === null || value === undefined) return 1;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return 2;
    case 'string':
    case 'symbol':
      return 3;
    case 'boolean':
      return 8;
    default:
      if (Array.isArray(value)) return 5;
      if (value instanceof Date) return 9;
      if (value instanceof RegExp) return 10;
      if (value instanceof Uint8Array) return 6;
      return 4;
  }
}

function compareValues(a: unknown, b: unknown): number {
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA - rankB;
  switch (rankA) {
    case 2:
      return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
    case 3:
      return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
    case 8:
      return Number(a) - Number(b);
    case 9:
      return (a as Date).getTime() - (b as Date).getTime();
    case 5: {
      const left = a as unknown[];
      const right = b as unknown[];
      for (let i = 0; i < Math.min(left.length, right.length); i++) {
        const order = compareValues(left[i], right[i]);
        if (order !== 0) return order;
      }
      return left.length - right.length;
    }
    case 4: {
      const left = Object.entries(a as Record<string, unknown>);
      const right = Object.entries(b as Record<string, unknown>);
      for (let i = 0; i < Math.min(left.length, right.length); i++) {
        const [keyA, valueA] = left[i] ?? [];
        const [keyB, valueB] = right[i] ?? [];
        const order = compareValues(valueA, valueB) || compareValues(keyA, keyB);
        if (order !== 0) return order;
      }
      return left.length - right.length;
    }
    default:
      return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  }
}

/**
 * The value a document sorts by on `path`: like MongoDB, an array sorts by its
 * smallest element ascending and its largest descending, a missing field as
 * null (first ascending) and an empty array before null.
 */
function sortKey(doc: Document, path: string, direction: 1 | -1): unknown {
  const values: unknown[] = [];
  collectSortValues(doc, splitPath(path), 0, values);
  if (values.length === 0) return null;
  let best = values[0];
  for (let i = 1; i < values.length; i++) {
    const order = compareValues(values[i], best);
    if (direction === 1 ? order < 0 : order > 0) best = values[i];
  }
  return best;
}

function collectSortValues(node: unknown, segments: readonly string[], from: number, out: unknown[]): void {
  if (from === segments.length) {
    if (Array.isArray(node)) {
      if (node.length === 0) out.push(EMPTY_ARRAY);
      else out.push(...(node as unknown[]));
    } else {
      out.push(node ?? null);
    }
    return;
  }
  if (Array.isArray(node)) {
    for (const element of node) collectSortValues(element, segments, from, out);
    return;
  }
  const child = isRecord(node) ? node[segments[from] ?? ''] : undefined;
  if (child === undefined) out.push(null);
  else collectSortValues(child, segments, from + 1, out);
}

function sortDocuments(docs: Document[], sort: SortSpec): Document[] {
  const fields = Object.entries(sort);
  const keyed = docs.map((doc) => ({ doc, keys: fields.map(([path, direction]) => sortKey(doc, path, direction)) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < fields.length; i++) {
      const order = compareValues(a.keys[i], b.keys[i]);
      if (order !== 0) return order * (fields[i]?.[1] ?? 1);
    }
    return 0;
  });
  return keyed.map(({ doc }) => doc);
}
