import type { ProjectionContext } from '../services/core/projection.ts';
import type { Collection, Document, Filter, FindOptions } from '../services/core/readStore.ts';

/**
 * A collection wrapper for rebuilds: `get`/`put`/`delete` work on a local map
 * and reach the real collection only on `flush`, once per document per batch
 * instead of once per event. Queries flush first, so they always see every
 * write. Documents must be treated as immutable (evolve returns new objects),
 * which projections do anyway.
 */
class WriteBehindCollection<T extends Document> implements Collection<T> {
  private readonly cache = new Map<string, T | null>();
  private readonly dirty = new Set<string>();

  constructor(private readonly inner: Collection<T>) {}

  get name(): string {
    return this.inner.name;
  }

  async get(id: string): Promise<T | null> {
    const cached = this.cache.get(id);
    if (cached !== undefined) return cached;
    const doc = await this.inner.get(id);
    this.cache.set(id, doc);
    return doc;
  }

  async put(doc: T): Promise<void> {
    this.cache.set(doc._id, doc);
    this.dirty.add(doc._id);
  }

  async putMany(docs: T[]): Promise<void> {
    for (const doc of docs) await this.put(doc);
  }

  async delete(id: string): Promise<void> {
    this.cache.set(id, null);
    this.dirty.add(id);
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

  async deleteMany(filter: Filter): Promise<number> {
    await this.flush();
    this.cache.clear();
    return this.inner.deleteMany(filter);
  }

  /** Writes the pending documents and forgets the cache (bounded memory). */
  async flush(): Promise<void> {
    if (this.dirty.size > 0) {
      const puts: T[] = [];
      for (const id of this.dirty) {
        const doc = this.cache.get(id);
        if (doc) puts.push(doc);
        else await this.inner.delete(id);
      }
      if (puts.length > 0) await this.inner.putMany(puts);
      this.dirty.clear();
    }
    this.cache.clear();
  }
}

/** A projection context whose collections buffer writes until `flush`. */
export const writeBehindContext = (open: (name: string) => Collection): ProjectionContext & { flush(): Promise<void> } => {
  const collections = new Map<string, WriteBehindCollection<Document>>();
  const collection = (name: string) => {
    let wrapped = collections.get(name);
    if (!wrapped) {
      wrapped = new WriteBehindCollection(open(name));
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
