import { ReadModelCorruptError } from '../../core/errors.ts';
import type { Collection, CollectionSpec, Document, ReadStore, RebuildTarget } from '../../core/readStore.ts';
import type { SqliteDatabase } from '../sqlite-eventstore/database.ts';
import { isFileDamage } from './checksum.ts';
import { mergeIndexes } from './indexing.ts';
import { allocateTid, createTables, dropOrphanTables, dropTables, readCatalog, writeCatalogEntry, type CatalogEntry } from './schema.ts';
import { SqliteCollection } from './sqliteCollection.ts';
import { createFts, dropFts, sameTextSpec } from './fts.ts';
import { decodeRow } from './checksum.ts';
import { CollectionTables, type CollectionMemory } from './tables.ts';
import { pageCacheSettings, type PageCacheSettings } from '../sqlite-eventstore/pageCache.ts';

type CorruptionListener = (collection: string, error: Error) => void;

export type SqliteReadStoreOptions = {
  /** Called once when SQLite reports the file itself damaged (openSqliteReadStore marks it for a fresh start). */
  onFileDamage?: (error: Error) => void;
  /** Recently read documents kept per collection (their verified JSON text), default 0 (none); see CollectionTables. */
  recentDocuments?: number;
};

/**
 * The embedded read store: each collection is two SQLite tables (documents as
 * JSON with a checksum, and index entries), queried with MongoDB semantics:
 * equalities and `$in` on declared indexes become index lookups in SQL, and
 * mingo checks the candidates against the whole filter, so results are those
 * of the memory and MongoDB adapters (the same contract suite). Nothing holds a
 * collection in memory: documents are read from the file for each query.
 *
 * `transaction(fn)` makes a projection batch and its checkpoint one SQLite
 * transaction. Rebuilds fill fresh tables and swap them in one transaction.
 * Open it with `openSqliteReadStore` (open.ts), which checks the file.
 */
export class SqliteReadStore implements ReadStore {
  readonly #tables = new Map<string, CollectionTables>();
  readonly #listeners = new Set<CorruptionListener>();

  constructor(
    readonly db: SqliteDatabase,
    private readonly options: SqliteReadStoreOptions = {},
  ) {
    this.#loadCatalog();
    this.db.transaction(() => dropOrphanTables(this.db, readCatalog(this.db)))();
  }

  #loadCatalog(): void {
    this.#tables.clear();
    for (const entry of readCatalog(this.db).values()) this.#tables.set(entry.name, this.#open(entry));
  }

  #open(entry: CatalogEntry): CollectionTables {
    return new CollectionTables(this.db, entry.name, entry.tid, entry.indexes, this.options.recentDocuments ?? 0, entry.text);
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    this.#guard(spec.name, () => this.#ensure(spec));
  }

  #ensure(spec: CollectionSpec): CollectionTables {
    return this.db.transaction(() => {
      const current = this.#tables.get(spec.name);
      const { indexes, added, madeUnique } = mergeIndexes(current ? current.indexes : [], spec);
      // A text index is kept once declared; a new declaration (other fields or weights) replaces it.
      const text = spec.text ?? current?.fts?.spec;
      const newText = !sameTextSpec(text, current?.fts?.spec);
      if (current && added.length === 0 && madeUnique.length === 0 && !newText) return current;
      const tid = current?.tid ?? allocateTid(this.db);
      if (!current) createTables(this.db, tid, text);
      else if (newText && text) {
        dropFts(this.db, tid);
        createFts(this.db, tid, text);
      }
      const tables = this.#open({ name: spec.name, tid, indexes, ...(text ? { text } : {}) });
      tables.reindex(added);
      if (current && newText) tables.fts?.fill((row) => decodeRow(spec.name, row));
      for (const ix of madeUnique) tables.checkUnique(ix);
      writeCatalogEntry(this.db, { name: spec.name, tid, indexes });
      this.#tables.set(spec.name, tables);
      return tables;
    })();
  }

  /** A handle on the live collection `name`; one never ensured reads as empty and is created on first write. */
  collection<T extends Document = Document>(name: string): SqliteCollection<T> {
    return new SqliteCollection<T>(
      name,
      this.db,
      () => this.#tables.get(name),
      () => this.#tables.get(name) ?? this.#ensure({ name }),
      this.#guard,
    );
  }

  async beginRebuild(specs: CollectionSpec[]): Promise<RebuildTarget> {
    const fresh = this.db.transaction(() =>
      specs.map((spec) => {
        const tid = allocateTid(this.db);
        createTables(this.db, tid, spec.text);
        return this.#open({ name: spec.name, tid, indexes: mergeIndexes([], spec).indexes, ...(spec.text ? { text: spec.text } : {}) });
      }),
    )();
    const byName = new Map(fresh.map((tables) => [tables.name, tables]));
    let finished: 'committed' | 'aborted' | null = null;
    const open = (name: string): CollectionTables => {
      if (finished) throw new Error(`Rebuild already ${finished}: cannot use collection ${name}`);
      const tables = byName.get(name);
      if (!tables) throw new Error(`Collection ${name} is not part of this rebuild`);
      return tables;
    };
    return {
      collection: <T extends Document = Document>(name: string): Collection<T> => {
        open(name);
        return new SqliteCollection<T>(
          name,
          this.db,
          () => open(name),
          () => open(name),
          this.#guard,
        );
      },
      commit: async () => {
        if (finished) throw new Error(`Rebuild already ${finished}`);
        finished = 'committed';
        // One transaction (a savepoint inside the runner's): readers see all the old tables or all the new.
        this.db.transaction(() => {
          for (const tables of fresh) {
            const old = this.#tables.get(tables.name);
            writeCatalogEntry(this.db, { name: tables.name, tid: tables.tid, indexes: tables.indexes });
            if (old) dropTables(this.db, old.tid);
          }
        })();
        for (const tables of fresh) this.#tables.set(tables.name, tables);
      },
      abort: async () => {
        if (finished === 'committed') throw new Error('Rebuild already committed');
        if (finished === 'aborted') return;
        finished = 'aborted';
        this.db.transaction(() => {
          for (const tables of fresh) dropTables(this.db, tables.tid);
        })();
      },
    };
  }

  async stats(): Promise<{ name: string; count: number }[]> {
    return [...this.#tables.values()]
      .map((tables) => ({ name: tables.name, count: tables.countCovered({ kind: 'all' }) }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** What the store holds in memory: its connection's page cache settings, and each collection's caches (largest first). */
  memory(): { pageCache: PageCacheSettings; collections: CollectionMemory[] } {
    return {
      pageCache: pageCacheSettings(this.db),
      collections: [...this.#tables.values()].map((tables) => tables.memory()).sort((a, b) => b.recentCharacters - a.recentCharacters),
    };
  }

  /**
   * One SQLite transaction around `fn` (which must not wait on anything but
   * this store, so no other writer's work lands in it). Inside another unit it
   * simply joins it. A failure rolls everything back, including the catalog.
   */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.db.inTransaction) return fn();
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = await fn();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      // A rebuild committed inside the unit is undone: follow the catalog back.
      this.#loadCatalog();
      throw error;
    }
  }

  onCorruption(listener: CorruptionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  readonly #guard = <R>(collection: string, operation: () => R): R => {
    try {
      return operation();
    } catch (error) {
      if (!(error instanceof ReadModelCorruptError) && !isFileDamage(error)) throw error;
      const damage =
        error instanceof ReadModelCorruptError ? error : new ReadModelCorruptError(collection, (error as Error).message, { cause: error });
      if (damage !== error) this.options.onFileDamage?.(error as Error);
      for (const listener of this.#listeners) {
        try {
          listener(collection, damage);
        } catch {
          // A listener's failure must not hide the damage from the caller.
        }
      }
      throw damage;
    }
  };

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
