import { DuplicateKeyError as BaseDuplicateKeyError } from '../../core/errors.ts';
import {
  MongoClient,
  MongoServerError,
  ObjectId,
  type AnyBulkWriteOperation,
  type Db,
  type Filter as MongoFilter,
  type MongoClientOptions,
  type Collection as MongoCollection,
} from 'mongodb';
import type {
  Collection,
  CollectionSpec,
  Document,
  Filter,
  FindOptions,
  ReadStore,
  RebuildTarget,
  SnippetPart,
  TextHit,
  TextIndexSpec,
  TextQuery,
  TextSearchOptions,
} from '../../core/readStore.ts';
import { checkTextQuery, rankText, snippetOf } from '../../core/textSearch.ts';
import { copiesOf } from '../memory-readstore/projection.ts';
import { candidateFilter, termsField, withoutTerms, withTerms } from './mongoText.ts';

/**
 * Raised when a write would give two documents the same key in a unique index
 * (MongoDB error 11000). Same name and meaning as the in-memory adapter's, so
 * callers can test `error.name === 'DuplicateKeyError'` whatever the store.
 */
export class DuplicateKeyError extends BaseDuplicateKeyError {
  constructor(
    collection: string,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(collection, `Duplicate key in ${collection}: ${detail}`);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** What the driver stores: our documents, keyed by a string `_id`. */
type StoredDocument = { _id: string } & Record<string, unknown>;

const REBUILD_MARKER = '__rebuild_';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** MongoDB's "namespace exists" / "namespace not found" codes, harmless for idempotent DDL. */
const NAMESPACE_EXISTS = 48;
const NAMESPACE_NOT_FOUND = 26;
const DUPLICATE_KEY = 11000;

const hasCode = (error: unknown, code: number): boolean =>
  error instanceof MongoServerError && (error.code === code || error.errorResponse.code === code);

const indexKey = (fields: readonly string[]): Record<string, 1> => Object.fromEntries(fields.map((field) => [field, 1] as const));

const sameFields = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((field, i) => field === b[i]);

/** The indexes of a spec, a plain index dropped when the same fields are also unique. */
function indexPlan(spec: CollectionSpec): { fields: string[]; unique: boolean }[] {
  const unique = (spec.unique ?? []).map((fields) => ({ fields, unique: true }));
  const plain = (spec.indexes ?? [])
    .filter((fields) => !unique.some((u) => sameFields(u.fields, fields)))
    .map((fields) => ({ fields, unique: false }));
  return [...unique, ...plain, ...(spec.text ? [{ fields: [termsField], unique: false }] : [])];
}

/**
 * Converts BSON wrapper values the driver may hand back (ObjectId, Long,
 * Decimal128, Int32, Double, Binary, …) into plain JavaScript values so that
 * documents look exactly like the in-memory adapter's.
 */
function toPlain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toPlain);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const record = value as Record<string, unknown>;
  const bsonType = record._bsontype;
  if (typeof bsonType === 'string') {
    switch (bsonType) {
      case 'ObjectId':
      case 'ObjectID':
        return (value as ObjectId).toHexString();
      case 'Long':
      case 'Int32':
      case 'Double':
      case 'Decimal128':
        return Number((value as { toString(): string }).toString());
      case 'Binary': {
        const buffer = record.buffer;
        return buffer instanceof Uint8Array ? new Uint8Array(buffer) : value;
      }
      case 'BSONRegExp':
        return typeof record.pattern === 'string' && typeof record.options === 'string'
          ? new RegExp(record.pattern, record.options.replace(/[^dgimsuy]/g, ''))
          : value;
      default:
        // Timestamp, MinKey, MaxKey, Code…: never written by Buildon; returned as is.
        return value;
    }
  }
  if (value instanceof RegExp || ArrayBuffer.isView(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) out[key] = toPlain(field);
  return out;
}

const fromStored = <T extends Document>(doc: unknown): T => withoutTerms(toPlain(doc) as T);

/** Our filters are plain MongoDB query documents. */
const asMongoFilter = (filter: Filter): MongoFilter<StoredDocument> => filter;

function rethrowDuplicate(collection: string, error: unknown): never {
  if (hasCode(error, DUPLICATE_KEY)) {
    const detail = error instanceof Error ? error.message : 'unique index violated';
    throw new DuplicateKeyError(collection, detail, { cause: error });
  }
  throw error;
}

/**
 * The scale read store: each collection of the port is a MongoDB collection
 * with string `_id`s. Queries pass through unchanged (the API validates them),
 * so both adapters share MongoDB semantics and the same contract suite.
 *
 * Rebuilds write to `<name>__rebuild_<random>` collections and rename them over
 * the live ones on commit, so readers see the old read model until the new one
 * is complete.
 */
export class MongoReadStore implements ReadStore {
  /** The text indexes declared by `ensureCollection` (the writers' process declares every projection's). */
  readonly #textSpecs = new Map<string, TextIndexSpec>();
  /**
   * @param db the database holding the read models.
   * @param client closed by `close()` when given (the store then owns it).
   */
  constructor(
    readonly db: Db,
    private readonly client?: MongoClient,
  ) {}

  /** Connects to `url` and uses database `dbName`; `close()` closes the connection. */
  static async connect(url: string, dbName: string, options: MongoClientOptions = {}): Promise<MongoReadStore> {
    const client = new MongoClient(url, { ignoreUndefined: true, ...options });
    await client.connect();
    return new MongoReadStore(client.db(dbName), client);
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    await this.#create(spec.name);
    if (spec.text) this.#textSpecs.set(spec.name, spec.text);
    await this.#createIndexes(spec.name, indexPlan(spec));
    if (spec.text) await this.#addTerms(spec.name, spec.text);
  }

  /** Gives `_tt` to the documents written before the collection had a text index. */
  async #addTerms(name: string, text: TextIndexSpec): Promise<void> {
    const native = this.db.collection<StoredDocument>(name);
    for (;;) {
      const docs = await native.find({ [termsField]: { $exists: false } }, { limit: 500 }).toArray();
      if (docs.length === 0) return;
      await native.bulkWrite(
        docs.map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: withTerms(fromStored<StoredDocument>(doc), text) } })),
      );
    }
  }

  async #create(name: string): Promise<void> {
    const existing = await this.db.listCollections({ name }, { nameOnly: true }).toArray();
    if (existing.length > 0) return;
    try {
      await this.db.createCollection(name);
    } catch (error) {
      if (!hasCode(error, NAMESPACE_EXISTS)) throw error;
    }
  }

  async #createIndexes(name: string, indexes: { fields: string[]; unique: boolean }[]): Promise<void> {
    if (indexes.length === 0) return;
    await this.db
      .collection(name)
      .createIndexes(indexes.map(({ fields, unique }) => ({ key: indexKey(fields), ...(unique ? { unique: true } : {}) })));
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    return new MongoReadCollection<T>(name, this.db.collection<StoredDocument>(name), () => this.#textSpecs.get(name));
  }

  /**
   * Creates the temporary collections with their unique indexes (so duplicates
   * fail while writing, as in memory); plain indexes are built on commit, after
   * the bulk load, which is much faster than maintaining them during it.
   */
  async beginRebuild(specs: CollectionSpec[]): Promise<RebuildTarget> {
    const suffix = new ObjectId().toHexString();
    const fresh = new Map<string, { spec: CollectionSpec; temporary: string }>();
    try {
      for (const spec of specs) {
        const temporary = `${spec.name}${REBUILD_MARKER}${suffix}`;
        fresh.set(spec.name, { spec, temporary });
        await this.db.createCollection(temporary);
        await this.#createIndexes(
          temporary,
          indexPlan(spec).filter((index) => index.unique),
        );
      }
    } catch (error) {
      await this.#dropAll([...fresh.values()].map(({ temporary }) => temporary));
      throw error;
    }

    let finished: 'committed' | 'aborted' | null = null;
    return {
      collection: <T extends Document = Document>(name: string): Collection<T> => {
        if (finished) throw new Error(`Rebuild already ${finished}: cannot use collection ${name}`);
        const entry = fresh.get(name);
        if (!entry) throw new Error(`Collection ${name} is not part of this rebuild`);
        return new MongoReadCollection<T>(name, this.db.collection<StoredDocument>(entry.temporary), () => entry.spec.text);
      },
      commit: async () => {
        if (finished) throw new Error(`Rebuild already ${finished}`);
        finished = 'committed';
        for (const { spec, temporary } of fresh.values()) {
          await this.#createIndexes(
            temporary,
            indexPlan(spec).filter((index) => !index.unique),
          );
        }
        for (const { spec, temporary } of fresh.values()) {
          await this.db.renameCollection(temporary, spec.name, { dropTarget: true });
          if (spec.text) this.#textSpecs.set(spec.name, spec.text);
        }
      },
      abort: async () => {
        if (finished === 'committed') throw new Error('Rebuild already committed');
        if (finished === 'aborted') return;
        finished = 'aborted';
        await this.#dropAll([...fresh.values()].map(({ temporary }) => temporary));
      },
    };
  }

  async #dropAll(names: string[]): Promise<void> {
    for (const name of names) {
      try {
        await this.db.dropCollection(name);
      } catch (error) {
        if (!hasCode(error, NAMESPACE_NOT_FOUND)) throw error;
      }
    }
  }

  /** Live collections only: rebuild temporaries and system collections are left out. */
  async stats(): Promise<{ name: string; count: number }[]> {
    const collections = await this.db.listCollections({}, { nameOnly: true }).toArray();
    const names = collections
      .map((info) => info.name)
      .filter((name) => !name.includes(REBUILD_MARKER) && !name.startsWith('system.'))
      .sort();
    return Promise.all(names.map(async (name) => ({ name, count: await this.db.collection(name).countDocuments({}) })));
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}

/** The Collection port over one MongoDB collection. */
class MongoReadCollection<T extends Document> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly native: MongoCollection<StoredDocument>,
    private readonly textSpec: () => TextIndexSpec | undefined = () => undefined,
  ) {}

  /** Candidates through the `_tt` index, then matched and ranked by the shared definition (mongoText.ts). */
  async textSearch(index: TextIndexSpec, query: TextQuery, options: TextSearchOptions = {}): Promise<TextHit<T>[]> {
    checkTextQuery(index, query);
    if (query.terms.length === 0) return [];
    const candidates = await this.find(candidateFilter(query, options.filter));
    const corpus = await this.count(options.filter ?? {});
    const hits = rankText(candidates, index, query, corpus);
    const kept = options.limit ? hits.slice(0, options.limit) : hits;
    if (!options.projection) return kept;
    const docs = copiesOf(
      kept.map((hit) => hit.doc),
      options.projection,
    );
    return kept.map(({ score }, at) => ({ doc: docs[at] as T, score }));
  }

  async textSnippets(index: TextIndexSpec, ids: readonly string[], query: TextQuery, field: string): Promise<Map<string, SnippetPart[]>> {
    checkTextQuery(index, { ...query, fields: [field] });
    const docs = ids.length > 0 ? await this.find({ _id: { $in: [...ids] } }, { projection: { _id: 1, [field]: 1 } }) : [];
    return new Map(docs.map((doc) => [doc._id, snippetOf(typeof doc[field] === 'string' ? doc[field] : '', query)]));
  }

  async get(id: string): Promise<T | null> {
    const doc = await this.native.findOne({ _id: id });
    return doc ? fromStored<T>(doc) : null;
  }

  async findOne(filter: Filter, options: Omit<FindOptions, 'limit' | 'skip'> = {}): Promise<T | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const cursor = this.native.find(asMongoFilter(filter), {
      ...(options.sort ? { sort: options.sort } : {}),
      ...(options.skip ? { skip: options.skip } : {}),
      ...(options.limit ? { limit: options.limit } : {}),
      ...(options.projection ? { projection: options.projection } : {}),
    });
    const docs = await cursor.toArray();
    return docs.map((doc) => fromStored<T>(doc));
  }

  async count(filter: Filter = {}): Promise<number> {
    return this.native.countDocuments(asMongoFilter(filter));
  }

  async put(doc: T): Promise<void> {
    assertDocument(doc);
    try {
      await this.native.replaceOne({ _id: doc._id }, withTerms(doc, this.textSpec()), { upsert: true });
    } catch (error) {
      rethrowDuplicate(this.name, error);
    }
  }

  /** One ordered bulk write: on a duplicate key the earlier documents stay written. */
  async putMany(docs: T[]): Promise<void> {
    if (docs.length === 0) return;
    const operations: AnyBulkWriteOperation<StoredDocument>[] = docs.map((doc) => {
      assertDocument(doc);
      return { replaceOne: { filter: { _id: doc._id }, replacement: withTerms(doc, this.textSpec()), upsert: true } };
    });
    try {
      await this.native.bulkWrite(operations, { ordered: true });
    } catch (error) {
      rethrowDuplicate(this.name, error);
    }
  }

  async delete(id: string): Promise<void> {
    await this.native.deleteOne({ _id: id });
  }

  async deleteMany(filter: Filter): Promise<number> {
    const result = await this.native.deleteMany(asMongoFilter(filter));
    return result.deletedCount;
  }
}

function assertDocument(doc: unknown): asserts doc is StoredDocument {
  if (!isRecord(doc) || typeof doc._id !== 'string') {
    throw new TypeError('A read store document needs a string _id');
  }
}
