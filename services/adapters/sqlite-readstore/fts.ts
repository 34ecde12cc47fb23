import type { Statement } from 'better-sqlite3';
import type { Document } from '../../core/readStore.ts';
import {
  checkTextQuery,
  ftsMatchExpression,
  highlightMarkers,
  indexableText,
  partsOfMarked,
  snippetTokens,
  type SnippetPart,
  type TextIndexSpec,
  type TextQuery,
} from '../../core/textSearch.ts';
import type { SqliteDatabase } from '../sqlite-eventstore/database.ts';
import type { StoredRow } from './checksum.ts';
import type { Plan } from './indexing.ts';

// A collection's full-text index (issue 14 §1): one FTS5 table per collection declared with `text`, its rowid the
// document's `rid`, written in the same transaction as the document (so with the projection's checkpoint).

/** The FTS5 table of collection `tid` (FTS5 adds its shadow tables `t{tid}_fts_*`, dropped with it). */
export const ftsTable = (tid: number): string => `t${tid}_fts`;
/** The collection's documents and index keys tables (schema.ts `docsTable`, `keysTable`, repeated: schema.ts imports this file). */
const docsTable = (tid: number): string => `t${tid}_docs`;
const keysTable = (tid: number): string => `t${tid}_keys`;
const metaKey = (tid: number): string => `text:${tid}`;

const isTextSpec = (value: unknown): value is TextIndexSpec =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as TextIndexSpec).fields) &&
  (value as TextIndexSpec).fields.every((field) => typeof field === 'string');

/** The text index recorded for collection `tid`, if any. */
export const readTextSpec = (db: SqliteDatabase, tid: number): TextIndexSpec | undefined => {
  const row = db.prepare<[string], { value: string }>('SELECT value FROM rs_meta WHERE key = ?').get(metaKey(tid));
  if (!row) return undefined;
  try {
    const spec: unknown = JSON.parse(row.value);
    return isTextSpec(spec) ? spec : undefined;
  } catch {
    return undefined;
  }
};

export const sameTextSpec = (a: TextIndexSpec | undefined, b: TextIndexSpec | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Creates the FTS5 table of `tid` for `spec` (accents and case folded, prefix indexes of 2 and 3 characters) and records it. */
export const createFts = (db: SqliteDatabase, tid: number, spec: TextIndexSpec): void => {
  if (spec.fields.length === 0) throw new Error('A text index needs at least one field');
  const columns = spec.fields.map((_, i) => `c${i}`).join(', ');
  db.exec(`CREATE VIRTUAL TABLE ${ftsTable(tid)} USING fts5(${columns}, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`);
  db.prepare('INSERT INTO rs_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    metaKey(tid),
    JSON.stringify({ fields: [...spec.fields], ...(spec.weights ? { weights: [...spec.weights] } : {}) }),
  );
};

export const dropFts = (db: SqliteDatabase, tid: number): void => {
  db.exec(`DROP TABLE IF EXISTS ${ftsTable(tid)}`);
  db.prepare('DELETE FROM rs_meta WHERE key = ?').run(metaKey(tid));
};

/** A match: the document's id and its bm25 rank turned into a score (higher is better). */
export type RankedId = { id: string; rank: number };

/** The FTS5 table of one collection, its statements prepared once. */
export class FtsTable {
  readonly #statements = new Map<string, Statement>();

  constructor(
    private readonly db: SqliteDatabase,
    readonly tid: number,
    readonly spec: TextIndexSpec,
  ) {}

  #sql<R = unknown>(sql: string): Statement<unknown[], R> {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(
        sql.replaceAll('{F}', ftsTable(this.tid)).replaceAll('{D}', docsTable(this.tid)).replaceAll('{K}', keysTable(this.tid)),
      );
      this.#statements.set(sql, statement);
    }
    return statement as Statement<unknown[], R>;
  }

  /** Indexes (or re-indexes) the document stored as row `rid`. */
  write(rid: number, doc: Document): void {
    this.remove(rid);
    const values = this.spec.fields.map((field) => indexableText(doc[field]));
    if (values.every((value) => value.length === 0)) return;
    const columns = this.spec.fields.map((_, i) => `c${i}`).join(', ');
    const params = this.spec.fields.map(() => '?').join(', ');
    this.#sql(`INSERT INTO {F} (rowid, ${columns}) VALUES (?, ${params})`).run(rid, ...values);
  }

  remove(rid: number): void {
    this.#sql('DELETE FROM {F} WHERE rowid = ?').run(rid);
  }

  clear(): void {
    this.#sql('DELETE FROM {F}').run();
  }

  /** Indexes every document of the collection (a text index added to a collection that holds some). */
  fill(decode: (row: StoredRow) => Document): void {
    this.clear();
    const page = this.#sql<StoredRow & { rid: number }>('SELECT rid, id, doc, sum FROM {D} WHERE rid > ? ORDER BY rid LIMIT 500');
    for (let after = 0; ;) {
      const rows = page.all(after);
      for (const row of rows) this.write(row.rid, decode(row));
      if (rows.length < 500) return;
      after = (rows[rows.length - 1] as { rid: number }).rid;
    }
  }

  #columns(query: TextQuery): string[] {
    if (!query.fields) return [];
    return query.fields.map((field) => `c${this.spec.fields.indexOf(field)}`);
  }

  /**
   * The ids of the documents matching `query`, best first, with their bm25
   * rank turned into a score. `within` (the collection's plan for the
   * caller's filter) narrows the matches in SQL to the documents under an
   * index's keys or ids, so a district's other classes are never read; the
   * caller reads the documents (through the cache of recent ones) and tests
   * its whole filter. No document text leaves SQLite here.
   */
  search(index: TextIndexSpec, query: TextQuery, within: Plan = { kind: 'all' }): RankedId[] {
    checkTextQuery(this.spec, query);
    if (query.terms.length === 0) return [];
    const weights = this.spec.fields.map((field) => {
      const at = index.fields.indexOf(field);
      const weight = at >= 0 ? (index.weights?.[at] ?? 1) : 1;
      return Number.isFinite(weight) ? weight : 1;
    });
    const select = `SELECT d.id AS id, -bm25({F}, ${weights.join(', ')}) AS rank FROM {F} JOIN {D} d ON d.rid = {F}.rowid WHERE {F} MATCH ?`;
    const order = ' ORDER BY rank DESC, d.rid';
    const match = ftsMatchExpression(query, this.#columns(query));
    if (within.kind === 'keys') {
      return this.#sql<RankedId>(
        // A correlated lookup in the keys table's primary key (ix, key, rid) for each match: written as `rowid IN (…)`,
        // SQLite hands the list to FTS5, which then runs the MATCH once per row of the list (515 ms against 15 ms on the real class).
        `${select} AND EXISTS (SELECT 1 FROM {K} k WHERE k.ix = ? AND k.key IN (SELECT value FROM json_each(?)) AND k.rid = d.rid)${order}`,
      ).all(match, within.ix, JSON.stringify(within.keys));
    }
    if (within.kind === 'ids') {
      return this.#sql<RankedId>(`${select} AND d.id IN (SELECT value FROM json_each(?))${order}`).all(match, JSON.stringify(within.ids));
    }
    return this.#sql<RankedId>(`${select}${order}`).all(match);
  }

  /** FTS5 `snippet()` of `field` for the documents `ids` that match `query` (the others get the field's opening words). */
  snippets(ids: readonly string[], query: TextQuery, field: string): Map<string, SnippetPart[]> {
    const column = this.spec.fields.indexOf(field);
    checkTextQuery(this.spec, { ...query, fields: [field] });
    const out = new Map<string, SnippetPart[]>();
    if (ids.length === 0) return out;
    if (query.terms.length > 0) {
      const rows = this.#sql<{ id: string; snippet: string }>(
        `SELECT d.id AS id, snippet({F}, ${column}, ?, ?, '…', ${snippetTokens}) AS snippet
         FROM {F} JOIN {D} d ON d.rid = {F}.rowid WHERE {F} MATCH ? AND d.id IN (SELECT value FROM json_each(?))`,
      ).all(highlightMarkers.open, highlightMarkers.close, ftsMatchExpression(query, this.#columns(query)), JSON.stringify(ids));
      for (const row of rows) out.set(row.id, partsOfMarked(row.snippet ?? ''));
    }
    const missing = ids.filter((id) => !out.has(id));
    if (missing.length > 0) {
      const rows = this.#sql<{ id: string; text: string | null }>(
        `SELECT d.id AS id, f.c${column} AS text FROM {D} d LEFT JOIN {F} f ON f.rowid = d.rid WHERE d.id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(missing));
      for (const row of rows) {
        const words = (row.text ?? '').split(/\s+/).filter(Boolean);
        const text = words.slice(0, snippetTokens).join(' ') + (words.length > snippetTokens ? ' …' : '');
        out.set(row.id, text ? [{ text, hit: false }] : []);
      }
    }
    return out;
  }
}
