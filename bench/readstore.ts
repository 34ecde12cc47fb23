/**
 * Read store bench (issue 23): the embedded SQLite read store on a synthetic
 * district, each figure beside a baseline run in the same process. Figures
 * only: nothing is asserted. `node --import tsx bench/readstore.ts`.
 *
 *  1. Rebuild of every read model, events/s: SQLite read store vs raw batched
 *     better-sqlite3 inserts of one JSON row per event (and vs the memory store).
 *  2. Restart: cold start of the runner over built read models, and the
 *     catch-up of events appended while it was stopped (one transaction a batch).
 *  3. Queries of one class inside the district vs the same class alone:
 *     p50/p99 ms of a view's refs and notes, the class's notes (search
 *     candidates), its members, a covered count and a point lookup.
 *
 * BENCH_CLASSES (6), BENCH_NOTES (3779), BENCH_PUPILS (108) size the district.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections } from '../projections/index.ts';
import { ProjectionRunner } from '../projections/runner.ts';
import { MemoryReadStore } from '../services/adapters/memory-readstore/memoryReadStore.ts';
import { SqliteEventStore } from '../services/adapters/sqlite-eventstore/sqliteEventStore.ts';
import { openSqliteReadStore } from '../services/adapters/sqlite-readstore/open.ts';
import type { EventStore } from '../services/core/eventStore.ts';
import type { ReadStore } from '../services/core/readStore.ts';
import { classEvents, classIds, writeEvents, type ClassShape } from './district.ts';

const classes = Number(process.env.BENCH_CLASSES ?? 6);
const shape: ClassShape = { pupils: Number(process.env.BENCH_PUPILS ?? 108), notes: Number(process.env.BENCH_NOTES ?? 3779), views: 10 };
const dir = mkdtempSync(join(tmpdir(), 'buildon-readstore-bench-'));
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;
const epoch = Date.parse('2026-09-01T08:00:00Z');

function* district(count: number) {
  for (let k = 0; k < count; k++) yield* classEvents(k, shape, epoch + k * 1e9);
}

/** Opens a runner (rebuilding when there are no checkpoints) and answers how long start() took. */
const timedStart = async (eventStore: EventStore, readStore: ReadStore) => {
  const runner = new ProjectionRunner({ eventStore, readStore, projections: allProjections });
  const started = performance.now();
  await runner.start();
  const ms = performance.now() - started;
  await runner.stop();
  return ms;
};

const rawBatchedInserts = (rows: string[]) => {
  const db = new Database(join(dir, 'raw.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, doc TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO rows (doc) VALUES (?)');
  const batch = db.transaction((slice: string[]) => {
    for (const row of slice) insert.run(row);
  });
  const started = performance.now();
  for (let from = 0; from < rows.length; from += 1_000) batch(rows.slice(from, from + 1_000));
  const ms = performance.now() - started;
  db.close();
  return ms;
};

const percentiles = (times: number[]) => {
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99) };
};

/** The queries a class's pages make, on class 0. */
const classQueries = (store: ReadStore) => {
  const ids = classIds(0, shape);
  const links = store.collection<{ _id: string; to: string }>('links');
  const contributions = store.collection('contributions');
  return {
    'view refs + notes': async () => {
      const refs = await links.find({ from: ids.viewIds[3], type: 'contains' });
      await contributions.find({ _id: { $in: refs.map((ref) => ref.to) } });
    },
    'class notes (search)': () => contributions.find({ communityId: ids.communityId, type: { $in: ['Note'] }, status: 'active' }),
    'members sorted': () => store.collection('authors').find({ communityId: ids.communityId }, { sort: { userNameLower: 1 } }),
    'count notes': () => contributions.count({ communityId: ids.communityId, type: 'Note' }),
    'note by id': () => contributions.get(ids.noteId(1234 % shape.notes)),
  };
};

/** p50/p99 of each class query on both stores, interleaved so that both meet the same machine load. */
const timeQueries = async (district: ReadStore, alone: ReadStore, rounds = 100) => {
  const result: Record<string, { district: { p50: number; p99: number }; alone: { p50: number; p99: number } }> = {};
  const inDistrict = classQueries(district);
  const byItself = classQueries(alone);
  for (const name of Object.keys(inDistrict) as (keyof typeof inDistrict)[]) {
    const times = { district: [] as number[], alone: [] as number[] };
    for (let i = 0; i < rounds + 5; i++) {
      for (const [which, query] of [
        ['district', inDistrict[name]],
        ['alone', byItself[name]],
      ] as const) {
        const started = performance.now();
        await query();
        if (i >= 5) times[which].push(performance.now() - started);
      }
    }
    result[name] = { district: percentiles(times.district), alone: percentiles(times.alone) };
  }
  return result;
};

try {
  console.log(`Read store bench: ${classes} classes of ${fmt(shape.pupils)} pupils and ${fmt(shape.notes)} notes`);
  const eventStore = SqliteEventStore.open(join(dir, 'events.sqlite'));
  const events = await writeEvents(eventStore, district(classes));
  console.log(`  district written: ${fmt(events)} events`);

  // 1. rebuild
  const readModels = join(dir, 'readmodels.sqlite');
  let sqlite = openSqliteReadStore({ path: readModels });
  const sqliteMs = await timedStart(eventStore, sqlite);
  const rows: string[] = [];
  for (let after = 0; ;) {
    const page = await eventStore.readAll({ after, maxCount: 5_000 });
    for (const event of page) rows.push(JSON.stringify(event.data));
    if (page.length < 5_000) break;
    after = page.at(-1)?.globalPosition ?? after;
  }
  const rawMs = rawBatchedInserts(rows);
  rows.length = 0;
  const memoryMs = await timedStart(eventStore, new MemoryReadStore());
  const perSecond = (ms: number) => (events * 1000) / ms;
  console.log('1. Rebuild of every read model');
  console.log(
    `  SQLite read store      ${fmt(perSecond(sqliteMs)).padStart(10)} events/s  (${fmt(sqliteMs / 1000, 1)} s, file ${mb(statSync(readModels).size)})`,
  );
  console.log(
    `  baseline: raw inserts  ${fmt(perSecond(rawMs)).padStart(10)} rows/s    (1,000 per transaction) → ×${fmt(rawMs / sqliteMs, 2)}`,
  );
  console.log(`  memory read store      ${fmt(perSecond(memoryMs)).padStart(10)} events/s  → ×${fmt(memoryMs / sqliteMs, 2)}`);

  // 2. restart: cold start over built read models, then a catch-up of what was appended meanwhile
  await sqlite.close();
  const extra = await writeEvents(eventStore, classEvents(classes, { ...shape, notes: Math.ceil(shape.notes / 4) }, epoch - 1e9));
  sqlite = openSqliteReadStore({ path: readModels });
  const resumeMs = await timedStart(eventStore, sqlite);
  const coldMs = await timedStart(eventStore, sqlite);
  console.log('2. Restart over built read models');
  console.log(`  cold start (nothing to catch up)        ${fmt(coldMs)} ms`);
  console.log(`  start + catch-up of ${fmt(extra)} events  ${fmt(resumeMs)} ms (${fmt((extra * 1000) / resumeMs)} events/s)`);

  // 3. one class inside the district vs alone
  const aloneLog = SqliteEventStore.open(join(dir, 'alone-events.sqlite'));
  await writeEvents(aloneLog, classEvents(0, shape, epoch));
  const alone = openSqliteReadStore({ path: join(dir, 'alone.sqlite') });
  await timedStart(aloneLog, alone);
  const figures = await timeQueries(sqlite, alone);
  console.log(`3. Queries of one class (ms): inside ${classes + 1} classes vs alone (baseline), interleaved`);
  for (const [name, { district: d, alone: a }] of Object.entries(figures)) {
    console.log(
      `  ${name.padEnd(22)} p50 ${fmt(d.p50, 2).padStart(7)} vs ${fmt(a.p50, 2).padStart(7)}   p99 ${fmt(d.p99, 2).padStart(7)} vs ${fmt(a.p99, 2).padStart(7)}  → p99 ×${fmt(d.p99 / a.p99, 2)}`,
    );
  }
  const memory = process.memoryUsage();
  console.log(`  process: RSS ${mb(memory.rss)}, heap ${mb(memory.heapUsed)}`);
  await Promise.all([sqlite.close(), alone.close(), aloneLog.close(), eventStore.close()]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
