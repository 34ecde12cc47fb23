import type { Statement } from 'better-sqlite3';
import { jsonText } from '../../../contracts/deepJson.ts';
import { ReadModelCorruptError } from '../../core/errors.ts';
import type { Document, Filter } from '../../core/readStore.ts';
import { DuplicateKeyError } from '../memory-readstore/collectionState.ts';
import { copyDocument } from '../memory-readstore/copy.ts';
import type { SqliteDatabase } from '../sqlite-eventstore/database.ts';
import { checksum, decodeRow, type StoredRow } from './checksum.ts';
import {
  candidatePlans,
  documentEntries,
  entry,
  keyedIndexes,
  splitEntry,
  type Entry,
  type IndexDef,
  type KeyedIndex,
  type Plan,
} from './indexing.ts';
import { RecentDocuments, RecentKeys, type KeyedRow } from './recent.ts';
import { docsTable, keysTable } from './schema.ts';
import { FtsTable } from './fts.ts';
import type { TextIndexSpec } from '../../core/textSearch.ts';

/** Rows read per statement when scanning a whole collection: memory stays bounded. */
const scanPage = 500;

type OldRow = { rid: number; keys: string };

/** One collection's share of the read store's memory (CollectionTables.memory). */
export type CollectionMemory = {
  name: string;
  documents: number;
  recentDocuments: number;
  recentCharacters: number;
  keyedEntries: number;
  keyedIds: number;
};

/**
 * One collection's two tables (see schema.ts), with its statements prepared
 * once. Synchronous, like better-sqlite3; callers wrap writes in transactions.
 */
export class CollectionTables {
  readonly indexes: KeyedIndex[];
  readonly #statements = new Map<string, Statement>();
  /** Documents read lately (see recent.ts): `get` hands out copies, `scan` says which documents are shared. */
  readonly #recent: RecentDocuments;
  /** The rows under index keys asked for lately (see recent.ts). */
  readonly #keyed: RecentKeys;
  /** The full-text index, for a collection declared with `text` (fts.ts). */
  readonly fts: FtsTable | null;

  constructor(
    private readonly db: SqliteDatabase,
    readonly name: string,
    readonly tid: number,
    indexes: readonly IndexDef[],
    private readonly recentLimit = 0,
    text?: TextIndexSpec,
  ) {
    this.fts = text ? new FtsTable(db, tid, text) : null;
    this.indexes = keyedIndexes(indexes);
    this.#recent = new RecentDocuments(recentLimit);
    this.#keyed = new RecentKeys(recentLimit);
  }

  /** The statement `sql`, `D` and `K` standing for this collection's tables. */
  #sql<R = unknown>(sql: string): Statement<unknown[], R> {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql.replaceAll('{D}', docsTable(this.tid)).replaceAll('{K}', keysTable(this.tid)));
      this.#statements.set(sql, statement);
    }
    return statement as Statement<unknown[], R>;
  }

  /**
   * How to find the candidates of `filter`. Among several usable indexes, the
   * one with the fewest entries for the pinned keys: each is counted up to the
   * best so far (a few index pages at most), so a query pinning a view and a
   * link type reads the view's links, not every link of the district.
   */
  plan(filter: Filter): Plan {
    const plans = candidatePlans(filter, this.indexes);
    if (plans.length <= 1) return plans[0] ?? { kind: 'all' };
    let best: { plan: Plan; size: number } | null = null;
    for (const plan of plans) {
      if (plan.kind !== 'keys') return plan;
      const limit: number = best ? best.size : 1_000_000;
      const size: number =
        this.#sql<{ n: number }>(
          'SELECT count(*) AS n FROM (SELECT 1 FROM {K} WHERE ix = ? AND key IN (SELECT value FROM json_each(?)) LIMIT ?)',
        ).get(plan.ix, JSON.stringify(plan.keys), limit)?.n ?? 0;
      if (!best || size < best.size) best = { plan, size };
      if (size === 0) break;
    }
    return best?.plan ?? { kind: 'all' };
  }

  get(id: string): Document | null {
    if (!this.#caching()) {
      const row = this.#sql<StoredRow>('SELECT id, doc, sum FROM {D} WHERE id = ?').get(id);
      return row ? decodeRow(this.name, row) : null;
    }
    const recalled = this.#recent.recall(id);
    const shared = recalled === undefined ? this.#loadRows([id]).get(id) : recalled;
    return shared ? copyDocument(shared) : null;
  }

  /** Whether reads may use and fill the cache of recent documents now. */
  #caching(): boolean {
    return this.recentLimit > 0 && !this.db.inTransaction;
  }

  /** Reads, checks and caches the rows of `ids`, and the absence of the others (shared documents, by id). */
  #loadRows(ids: readonly string[]): Map<string, Document> {
    const rows =
      ids.length === 1
        ? [this.#sql<StoredRow>('SELECT id, doc, sum FROM {D} WHERE id = ?').get(ids[0])].filter((row) => row !== undefined)
        : this.#sql<StoredRow>('SELECT id, doc, sum FROM {D} WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids));
    const loaded = new Map<string, Document>();
    for (const row of rows) {
      const doc = decodeRow(this.name, row);
      loaded.set(row.id, doc);
      this.#recent.remember(row.id, doc, row.doc.length);
    }
    for (const id of ids) if (!loaded.has(id)) this.#recent.remember(id, null, id.length);
    return loaded;
  }

  /** Stores `doc` in place of the document with its `_id`; refuses a unique key another document holds. */
  put(doc: Document): void {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc) || typeof doc._id !== 'string') {
      throw new TypeError('A read store document needs a string _id');
    }
    this.#recent.forget(doc._id);
    const text = jsonText(doc);
    const entries = this.indexes.length > 0 ? documentEntries(this.indexes, doc) : [];
    const old = this.#sql<OldRow>('SELECT rid, keys FROM {D} WHERE id = ?').get(doc._id);
    const oldEntries = new Set<Entry>(old ? this.#entries(doc._id, old.keys) : []);
    const added = entries.filter((value) => !oldEntries.has(value));
    this.#keyed.forgetAll(added);
    for (const value of added) this.#checkUnique(value, doc._id, old?.rid ?? -1);
    const keys = JSON.stringify(entries);
    const sum = checksum(doc._id, text);
    let rid: number;
    if (old) {
      rid = old.rid;
      this.#sql('UPDATE {D} SET doc = ?, sum = ?, keys = ? WHERE rid = ?').run(text, sum, keys, rid);
      const kept = new Set(entries);
      for (const value of oldEntries) if (!kept.has(value)) this.#deleteEntry(value, rid);
      this.#keyed.forgetAll([...oldEntries].filter((value) => !kept.has(value)));
    } else {
      rid = Number(this.#sql('INSERT INTO {D} (id, doc, sum, keys) VALUES (?, ?, ?, ?)').run(doc._id, text, sum, keys).lastInsertRowid);
    }
    this.fts?.write(rid, doc);
    for (const value of added) {
      const [ix, key] = splitEntry(value);
      this.#sql('INSERT INTO {K} (ix, key, rid) VALUES (?, ?, ?)').run(ix, key, rid);
    }
  }

  /**
   * Stores `doc`, whose `_id` the collection certainly does not hold (a
   * rebuild's first write of it): `put` without the lookup of an older
   * version. Should the id be there after all, SQLite refuses the row.
   */
  insert(doc: Document): void {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc) || typeof doc._id !== 'string') {
      throw new TypeError('A read store document needs a string _id');
    }
    this.#recent.forget(doc._id);
    const text = jsonText(doc);
    const entries = this.indexes.length > 0 ? documentEntries(this.indexes, doc) : [];
    for (const value of entries) this.#checkUnique(value, doc._id, -1);
    this.#keyed.forgetAll(entries);
    const sum = checksum(doc._id, text);
    const inserted = this.#sql('INSERT INTO {D} (id, doc, sum, keys) VALUES (?, ?, ?, ?)').run(doc._id, text, sum, JSON.stringify(entries));
    const rid = Number(inserted.lastInsertRowid);
    this.fts?.write(rid, doc);
    for (const value of entries) {
      const [ix, key] = splitEntry(value);
      this.#sql('INSERT INTO {K} (ix, key, rid) VALUES (?, ?, ?)').run(ix, key, rid);
    }
  }

  /** The index entries a row records; damaged ones are reported, never half-used. */
  #entries(id: string, keys: string): Entry[] {
    try {
      const entries: unknown = JSON.parse(keys);
      if (Array.isArray(entries) && entries.every((value) => typeof value === 'string')) return entries;
    } catch {
      // Reported below.
    }
    throw new ReadModelCorruptError(this.name, `the index entries of document ${JSON.stringify(id)} are damaged`);
  }

  #checkUnique(value: Entry, id: string, rid: number): void {
    const [ix, key] = splitEntry(value);
    const index = this.indexes[ix];
    if (!index?.unique) return;
    const clash = this.#sql<{ id: string }>(
      'SELECT d.id FROM {K} k JOIN {D} d ON d.rid = k.rid WHERE k.ix = ? AND k.key = ? AND k.rid <> ? LIMIT 1',
    ).get(ix, key, rid);
    if (clash) throw new DuplicateKeyError(this.name, index.fields, id, clash.id);
  }

  #deleteEntry(value: Entry, rid: number): void {
    const [ix, key] = splitEntry(value);
    this.#sql('DELETE FROM {K} WHERE ix = ? AND key = ? AND rid = ?').run(ix, key, rid);
  }

  delete(id: string): boolean {
    this.#recent.forget(id);
    const old = this.#sql<OldRow>('SELECT rid, keys FROM {D} WHERE id = ?').get(id);
    if (!old) return false;
    const oldEntries = this.#entries(id, old.keys);
    this.#keyed.forgetAll(oldEntries);
    for (const value of oldEntries) this.#deleteEntry(value, old.rid);
    this.#sql('DELETE FROM {D} WHERE rid = ?').run(old.rid);
    this.fts?.remove(old.rid);
    return true;
  }

  /** Empties the collection; answers how many documents it held. */
  clear(): number {
    this.#recent.clear();
    this.#keyed.clear();
    this.#sql('DELETE FROM {K}').run();
    this.fts?.clear();
    return this.#sql('DELETE FROM {D}').run().changes;
  }

  /**
   * Calls `visit` with each candidate document of `plan` (checked against its
   * checksum), until it answers false; `shared` says the document is the
   * cache's own, to be copied if kept. A whole-collection scan reads pages of
   * rows, so only one page is ever held (and the cache is left alone).
   */
  scan(plan: Plan, visit: (doc: Document, shared: boolean) => boolean | void): void {
    if ((plan.kind === 'ids' || plan.kind === 'keys') && this.#caching()) {
      const ids = plan.kind === 'ids' ? [...new Set(plan.ids)] : this.#keyedIds(plan.ix, plan.keys);
      const found = new Map<string, Document | null>();
      for (const id of ids) {
        const doc = this.#recent.recall(id);
        if (doc !== undefined) found.set(id, doc);
      }
      const loaded = found.size < ids.length ? this.#loadRows(ids.filter((id) => !found.has(id))) : found;
      for (const id of ids) {
        const doc = found.get(id) ?? loaded.get(id);
        if (doc && visit(doc, true) === false) return;
      }
      return;
    }
    if (plan.kind === 'ids' || plan.kind === 'keys') {
      const rows =
        plan.kind === 'ids'
          ? this.#sql<StoredRow>('SELECT id, doc, sum FROM {D} WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(plan.ids))
          : this.#sql<StoredRow>(
              'SELECT id, doc, sum FROM {D} WHERE rid IN (SELECT rid FROM {K} WHERE ix = ? AND key IN (SELECT value FROM json_each(?)))',
            ).all(plan.ix, JSON.stringify(plan.keys));
      for (const row of rows) if (visit(decodeRow(this.name, row), false) === false) return;
      return;
    }
    const page = this.#sql<StoredRow & { rid: number }>('SELECT rid, id, doc, sum FROM {D} WHERE rid > ? ORDER BY rid LIMIT ?');
    for (let after = 0; ;) {
      const rows = page.all(after, scanPage);
      for (const row of rows) if (visit(decodeRow(this.name, row), false) === false) return;
      if (rows.length < scanPage) return;
      after = (rows[rows.length - 1] as { rid: number }).rid;
    }
  }

  /**
   * The ids under index `ix`'s `keys`, each once, in row order (as SQLite
   * finds them through the keys table): from the rows kept per key, reading
   * the keys table only for the keys not kept, and keeping what it read.
   */
  #keyedIds(ix: number, keys: readonly string[]): string[] {
    const lists: (readonly KeyedRow[])[] = [];
    const missing: string[] = [];
    for (const key of keys) {
      const rows = this.#keyed.recall(entry(ix, key));
      if (rows) lists.push(rows);
      else missing.push(key);
    }
    if (missing.length > 0) {
      const read = new Map<string, KeyedRow[]>(missing.map((key) => [key, []]));
      const rows = this.#sql<KeyedRow & { key: string }>(
        'SELECT k.key AS key, d.rid AS rid, d.id AS id FROM {K} k JOIN {D} d ON d.rid = k.rid WHERE k.ix = ? AND k.key IN (SELECT value FROM json_each(?)) ORDER BY d.rid',
      ).all(ix, JSON.stringify(missing));
      for (const { key, rid, id } of rows) read.get(key)?.push({ rid, id });
      for (const [key, list] of read) {
        this.#keyed.rememberRows(entry(ix, key), list);
        lists.push(list);
      }
    }
    if (lists.length === 1) return (lists[0] as readonly KeyedRow[]).map((row) => row.id);
    // Several keys (an `$in`, or a multikey document under two of them): merged in row order, each row once.
    const merged = lists.flat().sort((a, b) => a.rid - b.rid);
    return merged.filter((row, at) => at === 0 || (merged[at - 1] as KeyedRow).rid !== row.rid).map((row) => row.id);
  }

  /**
   * What this collection keeps in memory between reads (GET /api/admin/memory):
   * its documents on file, and the recent documents' and index keys' caches
   * (entries; JSON characters of the documents, ids under the keys).
   */
  memory(): CollectionMemory {
    const recent = this.#recent.stats();
    const keyed = this.#keyed.stats();
    return {
      name: this.name,
      documents: this.countCovered({ kind: 'all' }),
      recentDocuments: recent.entries,
      recentCharacters: recent.size,
      keyedEntries: keyed.entries,
      keyedIds: keyed.size - keyed.entries,
    };
  }

  /** How many documents `plan` finds, when it is covered (or all). */
  countCovered(plan: Plan): number {
    const count = (row: { n: number } | undefined) => row?.n ?? 0;
    if (plan.kind === 'all') return count(this.#sql<{ n: number }>('SELECT count(*) AS n FROM {D}').get());
    if (plan.kind === 'ids') {
      return count(
        this.#sql<{ n: number }>('SELECT count(*) AS n FROM {D} WHERE id IN (SELECT value FROM json_each(?))').get(
          JSON.stringify(plan.ids),
        ),
      );
    }
    return count(
      this.#sql<{ n: number }>('SELECT count(DISTINCT rid) AS n FROM {K} WHERE ix = ? AND key IN (SELECT value FROM json_each(?))').get(
        plan.ix,
        JSON.stringify(plan.keys),
      ),
    );
  }

  /**
   * Fills index entries for the indexes at `positions` (added to a collection
   * that already holds documents) and checks those that must be unique.
   */
  reindex(positions: readonly number[]): void {
    if (positions.length === 0) return;
    this.#keyed.clear();
    const page = this.#sql<{ rid: number; id: string; doc: string; sum: number; keys: string }>(
      'SELECT rid, id, doc, sum, keys FROM {D} WHERE rid > ? ORDER BY rid LIMIT ?',
    );
    const wanted = new Set(positions);
    for (let after = 0; ;) {
      const rows = page.all(after, scanPage);
      for (const row of rows) {
        const doc = decodeRow(this.name, row);
        const entries = documentEntries(this.indexes, doc);
        const old = new Set(this.#entries(row.id, row.keys));
        for (const value of entries) {
          if (old.has(value) || !wanted.has(splitEntry(value)[0])) continue;
          this.#checkUnique(value, row.id, row.rid);
          const [ix, key] = splitEntry(value);
          this.#sql('INSERT INTO {K} (ix, key, rid) VALUES (?, ?, ?)').run(ix, key, row.rid);
        }
        this.#sql('UPDATE {D} SET keys = ? WHERE rid = ?').run(JSON.stringify(entries), row.rid);
      }
      if (rows.length < scanPage) return;
      after = (rows[rows.length - 1] as { rid: number }).rid;
    }
  }

  /** Checks the documents already holding the keys of the index at `ix`, which has become unique. */
  checkUnique(ix: number): void {
    const index = this.indexes[ix];
    if (!index) return;
    const clash = this.#sql<{ key: string; first: string; second: string }>(
      `SELECT a.key AS key, (SELECT id FROM {D} WHERE rid = a.rid) AS first, (SELECT id FROM {D} WHERE rid = b.rid) AS second
       FROM {K} a JOIN {K} b ON b.ix = a.ix AND b.key = a.key AND b.rid > a.rid WHERE a.ix = ? LIMIT 1`,
    ).get(ix);
    if (clash) throw new DuplicateKeyError(this.name, index.fields, clash.second, clash.first);
  }
}
