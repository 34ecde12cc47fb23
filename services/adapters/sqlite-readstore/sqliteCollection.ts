import { Query } from 'mingo';
import { DuplicateKeyError } from '../../core/errors.ts';
import type {
  Collection,
  Document,
  Filter,
  FindOptions,
  SnippetPart,
  SortSpec,
  TextHit,
  TextIndexSpec,
  TextQuery,
  TextSearchOptions,
} from '../../core/readStore.ts';
import { copyDocument } from '../memory-readstore/copy.ts';
import { filterTest } from '../memory-readstore/filterTest.ts';
import { topLevelProjection } from '../memory-readstore/projection.ts';
import { isEmptyFilter } from '../memory-readstore/queryPlan.ts';
import { sortDocuments } from '../memory-readstore/sort.ts';
import type { SqliteDatabase } from '../sqlite-eventstore/database.ts';
import type { Plan } from './indexing.ts';
import type { CollectionTables } from './tables.ts';

/** Runs a storage operation, turning damage it meets into ReadModelCorruptError (and telling the store). */
export type Guard = <R>(collection: string, operation: () => R) => R;

/** The documents of `tables` matching `filter`, sorted, skipped, limited; a sorted page keeps only what it may return. */
const matching = (
  tables: CollectionTables,
  filter: Filter,
  options: FindOptions & { sort?: SortSpec },
  plan = tables.plan(filter),
): Document[] => {
  // A covered plan finds exactly the matches (as `count` trusts): nothing to test.
  const covered = plan.kind !== 'all' && plan.covered;
  const test = isEmptyFilter(filter) || covered ? null : filterTest(filter);
  const sort = options.sort && Object.keys(options.sort).length > 0 ? options.sort : null;
  const skip = options.skip ?? 0;
  const wanted = options.limit ? skip + options.limit : Infinity;
  let docs: Document[] = [];
  tables.scan(plan, (doc, shared) => {
    if (test && !test(doc)) return true;
    docs.push(shared ? copyDocument(doc) : doc);
    if (!sort) return docs.length < wanted;
    // Top-k: a page of a big collection never holds more than twice what it returns.
    if (docs.length >= 2 * wanted + 1_000) docs = sortDocuments(docs, sort).slice(0, wanted);
    return true;
  });
  if (sort) docs = sortDocuments(docs, sort);
  return skip > 0 || wanted < Infinity ? docs.slice(skip, wanted) : docs;
};

/**
 * Runs `fn` as one unit of `db` (a savepoint inside a transaction), through
 * one transaction function per connection: better-sqlite3 builds a new
 * wrapper for every `db.transaction(...)`, which cost more than the write.
 */
const atomic = (db: SqliteDatabase): (<R>(fn: () => R) => R) => {
  let run = units.get(db);
  if (!run) {
    run = db.transaction((fn: () => unknown) => fn());
    units.set(db, run);
  }
  return run as <R>(fn: () => R) => R;
};
const units = new WeakMap<SqliteDatabase, (fn: () => unknown) => unknown>();

const project = (docs: Document[], projection: FindOptions['projection']): Document[] => {
  if (!projection || Object.keys(projection).length === 0) return docs;
  const simple = topLevelProjection(projection);
  if (simple) return docs.map(simple);
  return new Query({}).find<Document>(docs, projection).all();
};

/** Matches whose documents a text search reads at once. */
const textBatch = 500;

/** A document as a reader receives it: its own copy, of the projected fields only when a projection is given. */
const shaper = (projection: FindOptions['projection']): ((doc: Document, shared: boolean) => Document) => {
  if (!projection || Object.keys(projection).length === 0) return (doc, shared) => (shared ? copyDocument(doc) : doc);
  const simple = topLevelProjection(projection);
  // The picked fields of a shared document are copied; a document parsed for this read is the caller's already.
  if (simple) return (doc, shared) => (shared ? copyDocument(simple(doc)) : simple(doc));
  return (doc, shared) => project([shared ? copyDocument(doc) : doc], projection)[0] as Document;
};

/**
 * The Collection port over a collection's tables. `resolve` is called on every
 * operation, so a handle taken before a rebuild sees the committed tables.
 * Returned documents are private copies: parsed from their rows, or copied
 * from the tables' cache of recent documents.
 */
export class SqliteCollection<T extends Document = Document> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly db: SqliteDatabase,
    private readonly resolve: () => CollectionTables | undefined,
    private readonly resolveForWrite: () => CollectionTables,
    private readonly guard: Guard,
  ) {}

  /** How a query with `filter` would find its candidates (for tests and operators). */
  queryPlan(filter: Filter): Plan {
    return this.resolve()?.plan(filter) ?? { kind: 'all' };
  }

  async get(id: string): Promise<T | null> {
    const tables = this.resolve();
    return tables ? (this.guard(this.name, () => tables.get(id)) as T | null) : null;
  }

  async findOne(filter: Filter, options: Omit<FindOptions, 'limit' | 'skip'> = {}): Promise<T | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const tables = this.resolve();
    if (!tables) return [];
    return this.guard(this.name, () => project(matching(tables, filter, options), options.projection)) as T[];
  }

  async count(filter: Filter = {}): Promise<number> {
    const tables = this.resolve();
    if (!tables) return 0;
    return this.guard(this.name, () => {
      const plan = tables.plan(filter);
      if (plan.kind === 'all' ? isEmptyFilter(filter) : plan.covered) return tables.countCovered(plan);
      return matching(tables, filter, {}, plan).length;
    });
  }

  /**
   * FTS5 finds and ranks (bm25, the index's weights) within the plan of
   * `filter`; the matches' documents are read as `find` reads them (checked,
   * through the cache of recent documents), in batches so a `limit` stops
   * early, and tested against `filter`. A `projection` copies only the fields
   * it keeps (a search that filters thousands of matches decides on a few).
   */
  async textSearch(index: TextIndexSpec, query: TextQuery, options: TextSearchOptions = {}): Promise<TextHit<T>[]> {
    const tables = this.resolve();
    if (!tables || query.terms.length === 0) return [];
    const fts = this.#fts(tables);
    const filter = options.filter ?? {};
    const shape = shaper(options.projection);
    return this.guard(this.name, () => {
      const test = isEmptyFilter(filter) ? null : filterTest(filter);
      const ranked = fts.search(index, query, tables.plan(filter));
      const hits: TextHit<T>[] = [];
      for (let from = 0; from < ranked.length; from += textBatch) {
        const batch = ranked.slice(from, from + textBatch);
        const read = new Map<string, [Document, boolean]>();
        tables.scan({ kind: 'ids', ids: batch.map((row) => row.id), covered: false }, (doc, shared) => {
          read.set(doc._id, [doc, shared]);
        });
        for (const row of batch) {
          const found = read.get(row.id);
          if (!found || (test && !test(found[0]))) continue;
          hits.push({ doc: shape(found[0], found[1]) as T, score: row.rank });
          if (options.limit && hits.length >= options.limit) return hits;
        }
      }
      return hits;
    });
  }

  async textSnippets(_index: TextIndexSpec, ids: readonly string[], query: TextQuery, field: string): Promise<Map<string, SnippetPart[]>> {
    const tables = this.resolve();
    if (!tables) return new Map();
    const fts = this.#fts(tables);
    return this.guard(this.name, () => fts.snippets(ids, query, field));
  }

  #fts(tables: CollectionTables) {
    if (!tables.fts) throw new Error(`Collection ${this.name} has no text index (declare it with \`text\` in its spec)`);
    return tables.fts;
  }

  async put(doc: T): Promise<void> {
    const tables = this.resolveForWrite();
    this.guard(this.name, () => atomic(this.db)(() => tables.put(doc)));
  }

  /** Writes in order; on a duplicate key the earlier documents stay written (as MongoDB's ordered bulk write). */
  async putMany(docs: T[]): Promise<void> {
    this.#writeInOrder(docs, (tables, doc) => tables.put(doc));
  }

  /**
   * Writes documents the collection certainly does not hold (a rebuild's
   * first write of each, projections/writeBehind.ts), in one transaction,
   * without looking for older versions; refused as `putMany` refuses.
   */
  async insertNew(docs: T[]): Promise<void> {
    this.#writeInOrder(docs, (tables, doc) => tables.insert(doc));
  }

  /** `write`s each document in one transaction; a refused one stops there, the earlier ones stay. */
  #writeInOrder(docs: T[], write: (tables: CollectionTables, doc: T) => void): void {
    if (docs.length === 0) return;
    const tables = this.resolveForWrite();
    const refused = this.guard(this.name, () =>
      atomic(this.db)((): Error | null => {
        for (const doc of docs) {
          try {
            write(tables, doc);
          } catch (error) {
            // Refused before anything of it was written: keep the earlier ones, as MongoDB does.
            if (error instanceof DuplicateKeyError || error instanceof TypeError) return error;
            throw error;
          }
        }
        return null;
      }),
    );
    if (refused) throw refused;
  }

  async delete(id: string): Promise<void> {
    const tables = this.resolve();
    if (tables) this.guard(this.name, () => atomic(this.db)(() => tables.delete(id)));
  }

  async deleteMany(filter: Filter): Promise<number> {
    const tables = this.resolve();
    if (!tables) return 0;
    return this.guard(this.name, () => {
      if (isEmptyFilter(filter)) return atomic(this.db)(() => tables.clear());
      const ids = matching(tables, filter, {}).map((doc) => doc._id);
      return atomic(this.db)(() => ids.filter((id) => tables.delete(id)).length);
    });
  }
}
