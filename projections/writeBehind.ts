import type { BufferedCollection, ProjectionContext } from '../services/core/projection.ts';
import type {
  Collection,
  Document,
  Filter,
  FindOptions,
  SnippetPart,
  TextHit,
  TextIndexSpec,
  TextQuery,
  TextSearchOptions,
} from '../services/core/readStore.ts';
import { IdFilter } from './idFilter.ts';

/**
 * What a store may offer for documents it certainly does not hold yet (the
 * SQLite read store: no lookup of a previous version before the insert).
 */
type InsertingNew<T> = { insertNew(docs: T[]): Promise<void> };

const insertsNew = <T>(collection: object): collection is InsertingNew<T> =>
  typeof (collection as Partial<InsertingNew<T>>).insertNew === 'function';

/**
 * A collection wrapper for rebuilds: `get`/`put`/`delete` work on a local map
 * and reach the real collection only on `flush`, once per document per batch
 * instead of once per event. Queries flush first, so they always see every
 * write. Documents must be treated as immutable (evolve returns new objects),
 * which projections do anyway.
 *
 * Over a fresh (empty) collection it also remembers which ids it ever wrote
 * (in a bounded filter, idFilter.ts), so a document it certainly never wrote
 * is known to be missing without asking the store: `peek` answers it
 * synchronously (see `evolveDocument`), and the flush inserts it without
 * looking for an older version when the store can (`insertNew`).
 */
class WriteBehindCollection<T extends Document> implements Collection<T>, BufferedCollection<T> {
  private readonly cache = new Map<string, T | null>();
  private readonly dirty = new Set<string>();
  /** Ids written to a fresh inner collection (maybe: a bounded filter); null when the inner one was not empty. */
  private readonly written: IdFilter | null;

  constructor(
    private readonly inner: Collection<T>,
    fresh: boolean,
  ) {
    this.written = fresh ? new IdFilter() : null;
  }

  get name(): string {
    return this.inner.name;
  }

  peek(id: string): T | null | undefined {
    const cached = this.cache.get(id);
    if (cached !== undefined) return cached;
    return this.written && !this.written.mayHave(id) ? null : undefined;
  }

  stage(id: string, doc: T | null): void {
    this.cache.set(id, doc);
    this.dirty.add(id);
  }

  async get(id: string): Promise<T | null> {
    const known = this.peek(id);
    if (known !== undefined) return known;
    const doc = await this.inner.get(id);
    this.cache.set(id, doc);
    return doc;
  }

  async put(doc: T): Promise<void> {
    this.stage(doc._id, doc);
  }

  async putMany(docs: T[]): Promise<void> {
    for (const doc of docs) this.stage(doc._id, doc);
  }

  async delete(id: string): Promise<void> {
    this.stage(id, null);
  }

  async findOne(filter: Filter, options?: Omit<FindOptions, 'limit' | 'skip'>): Promise<T | null> {
    await this.flush();
    return this.inner.findOne(filter, options);
  }

  async find(filter: Filter, options?: FindOptions): Promise<T[]> {
    await this.flush();
    return this.inner.find(filter, options);
  }

  async count(filter?: Filter): Promise<number> {
    await this.flush();
    return this.inner.count(filter);
  }

  async textSearch(index: TextIndexSpec, query: TextQuery, options?: TextSearchOptions): Promise<TextHit<T>[]> {
    await this.flush();
    return this.inner.textSearch(index, query, options);
  }

  async textSnippets(index: TextIndexSpec, ids: readonly string[], query: TextQuery, field: string): Promise<Map<string, SnippetPart[]>> {
    await this.flush();
    return this.inner.textSnippets(index, ids, query, field);
  }

  async deleteMany(filter: Filter): Promise<number> {
    await this.flush();
    this.cache.clear();
    return this.inner.deleteMany(filter);
  }

  /** Writes the pending documents and forgets the cache (bounded memory). */
  async flush(): Promise<void> {
    if (this.dirty.size > 0) {
      const puts: T[] = [];
      const inserts: T[] = [];
      const inserting = this.written !== null && insertsNew<T>(this.inner);
      for (const id of this.dirty) {
        const doc = this.cache.get(id);
        if (doc) {
          if (inserting && !this.written?.mayHave(doc._id)) inserts.push(doc);
          else puts.push(doc);
        } else await this.inner.delete(id);
      }
      if (inserts.length > 0) await (this.inner as unknown as InsertingNew<T>).insertNew(inserts);
      if (puts.length > 0) await this.inner.putMany(puts);
      for (const doc of inserts) this.written?.add(doc._id);
      for (const doc of puts) this.written?.add(doc._id);
      this.dirty.clear();
    }
    this.cache.clear();
  }
}

/**
 * A projection context whose collections buffer writes until `flush`.
 * `fresh`: the collections `open` returns start empty (a rebuild target).
 */
export const writeBehindContext = (
  open: (name: string) => Collection,
  options: { fresh?: boolean } = {},
): ProjectionContext & { flush(): Promise<void> } => {
  const collections = new Map<string, WriteBehindCollection<Document>>();
  const collection = (name: string) => {
    let wrapped = collections.get(name);
    if (!wrapped) {
      wrapped = new WriteBehindCollection(open(name), options.fresh ?? false);
      collections.set(name, wrapped);
    }
    return wrapped;
  };
  return {
    collection: <T extends Document>(name: string) => collection(name) as unknown as Collection<T>,
    flush: async () => {
      for (const wrapped of collections.values()) await wrapped.flush();
    },
  };
};
