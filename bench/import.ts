/**
 * Import bench (issue 23 §3): `kf import` of a synthetic district's export
 * (importData into a fresh SQLite event store: the checksum pass, streaming
 * events.jsonl, batches of 10,000 events in one transaction each) beside its
 * baseline in the same run: raw batched better-sqlite3 inserts of the same
 * rows (the same table and indexes, the same WAL + synchronous=FULL, 10,000
 * rows per transaction, rows already in memory). Figures only: nothing is
 * asserted. Goal: ≥ 20,000 events/s and ≥ 0.5× the raw inserts.
 *
 * Run alone with `node --import tsx bench/import.ts`; `npm run bench` runs it
 * after the rebuild figure. BENCH_IMPORT_CLASSES (4) sizes the district
 * (classes of 108 pupils and 3,779 notes, bench/district.ts).
 */
import { readFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FsBlobStore } from '../services/adapters/fs-blobstore/fsBlobStore.ts';
import { openDatabase } from '../services/adapters/sqlite-eventstore/database.ts';
import { schema } from '../services/adapters/sqlite-eventstore/eventRows.ts';
import { SqliteEventStore } from '../services/adapters/sqlite-eventstore/sqliteEventStore.ts';
import { exportData, importBatchSize, importData } from '../services/cli/exportImport.ts';
import { classEvents, writeEvents, type ClassShape } from './district.ts';

const classes = Number(process.env.BENCH_IMPORT_CLASSES ?? 4);
const shape: ClassShape = { pupils: 108, notes: 3779, views: 10 };
const epoch = Date.parse('2026-09-01T08:00:00Z');
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

type Row = [number, string, string, number, string, string, string, string];

/** The baseline: the same rows into the same table, `importBatchSize` per transaction, nothing else. */
const rawBatchedInserts = (path: string, rows: readonly Row[]): number => {
  const db = openDatabase(path);
  db.exec(schema);
  const insert = db.prepare<Row>(
    'INSERT INTO events (position, event_id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const batch = db.transaction((slice: readonly Row[]) => {
    for (const row of slice) insert.run(...row);
  });
  const started = performance.now();
  for (let from = 0; from < rows.length; from += importBatchSize) batch.immediate(rows.slice(from, from + importBatchSize));
  const ms = performance.now() - started;
  db.close();
  return ms;
};

export const benchImport = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'buildon-import-bench-'));
  try {
    const source = SqliteEventStore.open(join(dir, 'source.sqlite'));
    const written = await writeEvents(
      source,
      (function* () {
        for (let k = 0; k < classes; k++) yield* classEvents(k, shape, epoch + k * 1e9);
      })(),
    );
    const out = join(dir, 'export');
    const manifest = await exportData(source, new FsBlobStore(join(dir, 'source-blobs')), out);
    await source.close();
    const bytes = statSync(join(out, 'events.jsonl')).size;

    const targetDb = openDatabase(join(dir, 'target.sqlite'));
    const target = new SqliteEventStore(targetDb);
    const started = performance.now();
    const cpu = process.cpuUsage();
    await importData(target, new FsBlobStore(join(dir, 'target-blobs')), out, { window: 1 });
    const importMs = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    await target.close();
    targetDb.close();

    // The same rows, parsed beforehand: the baseline measures SQLite's inserts alone.
    const recordedAt = new Date().toISOString();
    const rows: Row[] = readFileSync(join(out, 'events.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const e = JSON.parse(line) as {
          globalPosition: number;
          eventId: string;
          streamName: string;
          streamRevision: number;
          type: string;
          data: unknown;
          metadata: unknown;
        };
        return [
          e.globalPosition,
          e.eventId,
          e.streamName,
          e.streamRevision,
          e.type,
          JSON.stringify(e.data),
          JSON.stringify(e.metadata),
          recordedAt,
        ];
      });
    const rawMs = rawBatchedInserts(join(dir, 'raw.sqlite'), rows);

    const perSecond = (ms: number) => (manifest.events * 1000) / ms;
    console.log(`\nImport of an export: ${classes} classes, ${fmt(written)} events, events.jsonl ${fmt(bytes / 1024 / 1024)} MB`);
    console.log(
      `   raw batched better-sqlite3 inserts    : ${fmt(perSecond(rawMs))} rows/s  (${fmt(importBatchSize)} per transaction, same table and indexes)`,
    );
    console.log(
      `   kf import (importData)                : ${fmt(perSecond(importMs))} events/s  (${fmt(importMs / 1000, 1)} s with the checksum pass; ${fmt(((user + system) / 1e6 / manifest.events) * 1e6, 1)} µs CPU per event)`,
    );
    console.log(`   ratio                                 : ${fmt(rawMs / importMs, 2)}×  (goal ≥ 0.5×, ≥ 20,000 events/s)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await benchImport();
