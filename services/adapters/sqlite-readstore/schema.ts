import type { TextIndexSpec } from '../../core/textSearch.ts';
import type { SqliteDatabase } from '../sqlite-eventstore/database.ts';
import { createFts, dropFts, readTextSpec } from './fts.ts';
import type { IndexDef } from './indexing.ts';

// The file's layout: a format stamp, a catalog of collections, and two tables per collection.

/** Bumped when the layout changes: a file of another format is set aside and rebuilt. */
export const readStoreFormat = 'buildon.sqlite-readstore.v1';

/** A collection as the catalog records it: its tables' number and its indexes, in key order. */
export type CatalogEntry = { name: string; tid: number; indexes: IndexDef[]; text?: TextIndexSpec };

/** The file is not a read store this version can use: set it aside and rebuild. */
export class ReadStoreFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReadStoreFileError';
  }
}

/**
 * Documents of collection `tid`: `rid` orders them as written (a replacement
 * keeps it), `sum` is the checksum of `id` and `doc`, `keys` lists the row's
 * index entries (`"<ix>:<key>"`), so a replacement or delete touches only the
 * entries that change without parsing the old document.
 */
export const docsTable = (tid: number): string => `t${tid}_docs`;
/**
 * Index entries of collection `tid`: one row per key of each document in each
 * declared index (several for an array: multikey), ordered by index then key,
 * so an equality or `$in` on indexed fields (a community, a view) reads only
 * its own rows, whatever the size of the district.
 */
export const keysTable = (tid: number): string => `t${tid}_keys`;

export const createTables = (db: SqliteDatabase, tid: number, text?: TextIndexSpec): void => {
  if (text) createFts(db, tid, text);
  db.exec(
    `CREATE TABLE ${docsTable(tid)} (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL, sum INTEGER NOT NULL, keys TEXT NOT NULL);
     CREATE TABLE ${keysTable(tid)} (ix INTEGER NOT NULL, key TEXT NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY (ix, key, rid)) WITHOUT ROWID;`,
  );
};

export const dropTables = (db: SqliteDatabase, tid: number): void => {
  db.exec(`DROP TABLE IF EXISTS ${docsTable(tid)}; DROP TABLE IF EXISTS ${keysTable(tid)};`);
  dropFts(db, tid);
};

/** A fresh table number (never reused, so a dropped table's statements can never hit a new one). */
export const allocateTid = (db: SqliteDatabase): number => {
  const row = db.prepare<[], { value: string }>("SELECT value FROM rs_meta WHERE key = 'nextTid'").get();
  const tid = row ? Number(row.value) : 1;
  db.prepare("INSERT INTO rs_meta (key, value) VALUES ('nextTid', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(
    String(tid + 1),
  );
  return tid;
};

const isIndexDef = (value: unknown): value is IndexDef =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as IndexDef).fields) &&
  (value as IndexDef).fields.every((field) => typeof field === 'string') &&
  typeof (value as IndexDef).unique === 'boolean';

/**
 * Creates the format stamp and catalog of a new file, or checks those of an
 * existing one: another format, an unreadable catalog or a collection whose
 * tables are gone throws ReadStoreFileError.
 */
export const initSchema = (db: SqliteDatabase): void => {
  db.exec(
    `CREATE TABLE IF NOT EXISTS rs_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
     CREATE TABLE IF NOT EXISTS rs_collections (name TEXT PRIMARY KEY, tid INTEGER NOT NULL UNIQUE, indexes TEXT NOT NULL) WITHOUT ROWID;`,
  );
  const format = db.prepare<[], { value: string }>("SELECT value FROM rs_meta WHERE key = 'format'").get();
  if (!format) {
    const used = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM rs_collections').get();
    if (used && used.n > 0) throw new ReadStoreFileError('the file has collections but no format stamp');
    db.prepare("INSERT INTO rs_meta (key, value) VALUES ('format', ?)").run(readStoreFormat);
  } else if (format.value !== readStoreFormat) {
    throw new ReadStoreFileError(`the file is in format ${format.value}, this version reads ${readStoreFormat}`);
  }
};

export const readCatalog = (db: SqliteDatabase): Map<string, CatalogEntry> => {
  const tables = new Set(
    db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row) => row.name),
  );
  const catalog = new Map<string, CatalogEntry>();
  for (const row of db.prepare<[], { name: string; tid: number; indexes: string }>('SELECT name, tid, indexes FROM rs_collections').all()) {
    let indexes: unknown;
    try {
      indexes = JSON.parse(row.indexes);
    } catch {
      throw new ReadStoreFileError(`the catalog entry of ${row.name} is not JSON`);
    }
    if (!Array.isArray(indexes) || !indexes.every(isIndexDef)) {
      throw new ReadStoreFileError(`the catalog entry of ${row.name} is malformed`);
    }
    if (!tables.has(docsTable(row.tid)) || !tables.has(keysTable(row.tid))) {
      throw new ReadStoreFileError(`the tables of collection ${row.name} are missing`);
    }
    const text = readTextSpec(db, row.tid);
    catalog.set(row.name, { name: row.name, tid: row.tid, indexes, ...(text ? { text } : {}) });
  }
  return catalog;
};

export const writeCatalogEntry = (db: SqliteDatabase, entry: CatalogEntry): void => {
  db.prepare(
    'INSERT INTO rs_collections (name, tid, indexes) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET tid = excluded.tid, indexes = excluded.indexes',
  ).run(entry.name, entry.tid, JSON.stringify(entry.indexes));
};

/** Drops the tables no catalog entry names: what a rebuild cut short by a crash left. */
export const dropOrphanTables = (db: SqliteDatabase, catalog: ReadonlyMap<string, CatalogEntry>): number => {
  const used = new Set([...catalog.values()].map((entry) => entry.tid));
  const orphans = new Set<number>();
  for (const { name } of db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all()) {
    const match = /^t(\d+)_(docs|keys|fts)$/.exec(name);
    if (match && !used.has(Number(match[1]))) orphans.add(Number(match[1]));
  }
  for (const tid of orphans) dropTables(db, tid);
  return orphans.size;
};
