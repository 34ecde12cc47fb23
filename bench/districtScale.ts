/**
 * District bench (issue 23): a district of real classes at BENCH_DISTRICT_EVENTS
 * events (default 100,000), or of BENCH_DISTRICT_CLASSES classes (70 for the
 * issue's figures: ~1.5M events), beside the same
 * seeded class alone, in the same run. Figures only: nothing is asserted.
 *
 *  1. The seed: BENCH_DISTRICT_SEEDED (1) real-size classes played through the
 *     use cases, class by class (services/cli/seed/classByClass.ts).
 *  2. The district's log: copies of the seeded classes with fresh ids, users
 *     and keys (bench/district.ts cloneDistrict), appended 10,000 events per
 *     transaction (kf import's path).
 *  3. Rebuild of every read model into readmodels.sqlite, events/s wall and per
 *     CPU-second, beside raw batched better-sqlite3 inserts of one JSON row
 *     per event (the floor of any read-model write).
 *  4. The server (`services/api/main.ts`, a child process) over each data
 *     folder: cold start to the first answer (read models built), RSS after
 *     loading canvases, and a class's canvas (GET /api/views/:id/canvas of its
 *     unit views) in the district vs the class alone, requests interleaved,
 *     three ways: one class of the district in a lesson (its views again and
 *     again) and the same class's first loads, each beside the class alone;
 *     then every class of the district in turn (each load its class's first,
 *     nothing cached) beside the class alone loaded as often (cached).
 *
 * `node --import tsx bench/districtScale.ts`; `npm run bench` runs it last.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { allProjections } from '../projections/index.ts';
import { ProjectionRunner } from '../projections/runner.ts';
import { loadConfig } from '../services/app/config.ts';
import { argon2Hasher } from '../services/app/infrastructure.ts';
import { openDatabase } from '../services/adapters/sqlite-eventstore/database.ts';
import { SqliteEventStore } from '../services/adapters/sqlite-eventstore/sqliteEventStore.ts';
import { openSqliteReadStore } from '../services/adapters/sqlite-readstore/open.ts';
import { seedClassByClass } from '../services/cli/seed/classByClass.ts';
import { hashOnce } from '../services/cli/seed/district.ts';
import { realClassSize } from '../services/cli/seed/plan.ts';
import { seedPassword } from '../services/cli/seed/playClass.ts';
import { startServer as startServerProcess } from '../tests/support/serverProcess.ts';
import { cloneDistrict } from './district.ts';

const targetEvents = Number(process.env.BENCH_DISTRICT_EVENTS ?? 100_000);
const seededClasses = Number(process.env.BENCH_DISTRICT_SEEDED ?? 1);
/** Or a number of classes (70: the district), which then sets the events. */
const wantedClasses = process.env.BENCH_DISTRICT_CLASSES ? Number(process.env.BENCH_DISTRICT_CLASSES) : null;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

type SourceEvent = { type: string; data: string; metadata: string; streamName: string; streamRevision: number };

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1e6;
};

/** Rebuilds every read model of the log in `dir` into a fresh readmodels.sqlite; wall ms and CPU seconds. */
const rebuild = async (dir: string) => {
  const db = openDatabase(join(dir, 'buildon.sqlite'));
  const eventStore = new SqliteEventStore(db);
  const readStore = openSqliteReadStore({ path: join(dir, 'readmodels.sqlite') });
  const runner = new ProjectionRunner({ eventStore, readStore, projections: allProjections });
  const cpu = process.cpuUsage();
  const started = performance.now();
  await runner.start();
  const ms = performance.now() - started;
  const cpuS = cpuSeconds(cpu);
  await runner.stop();
  await readStore.close();
  await eventStore.close();
  db.close();
  return { ms, cpuS, bytes: statSync(join(dir, 'readmodels.sqlite')).size };
};

/** The floor: one JSON row per event of the log in `dir`, 10,000 per transaction. */
const rawInserts = (dir: string) => {
  const source = new Database(join(dir, 'buildon.sqlite'), { readonly: true });
  const db = new Database(join(dir, 'raw.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, doc TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO rows (doc) VALUES (?)');
  const page = source.prepare<[number], { position: number; data: string }>(
    'SELECT position, data FROM events WHERE position > ? ORDER BY position LIMIT 10000',
  );
  const batch = db.transaction((rows: { data: string }[]) => {
    for (const row of rows) insert.run(row.data);
  });
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let after = 0; ;) {
    const rows = page.all(after);
    if (rows.length === 0) break;
    batch(rows);
    after = rows[rows.length - 1]?.position ?? after;
  }
  const result = { ms: performance.now() - started, cpuS: cpuSeconds(cpu) };
  db.close();
  source.close();
  rmSync(join(dir, 'raw.sqlite'), { force: true });
  return result;
};

type Server = { url: string; pid: number; coldMs: number; rssMb: () => number; stop: () => Promise<unknown> };

/** Starts the API server on `dir` (tests/support/serverProcess.ts: PORT=0); the cold start is until GET /api/version answers. */
const startServer = async (dir: string, env: Record<string, string> = {}): Promise<Server> => {
  const started = performance.now();
  const server = await startServerProcess(dir, env);
  const coldMs = performance.now() - started;
  const pid = server.child.pid ?? 0;
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  return { url: server.url, pid, coldMs, rssMb, stop: () => server.stop() };
};

const get = async (server: Server, url: string, token: string) => {
  const response = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
};

const login = async (server: Server) => {
  const response = await fetch(`${server.url}/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'seed-admin', password: seedPassword }),
  });
  if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
};

/** The unit views (not the welcome view) of every community of the log in `dir`. */
const unitViews = async (server: Server, dir: string, token: string): Promise<string[][]> => {
  const db = new Database(join(dir, 'buildon.sqlite'), { readonly: true });
  const communities = db
    .prepare<[], { data: string }>("SELECT data FROM events WHERE type = 'CommunityCreated' ORDER BY position")
    .all()
    .map((row) => (JSON.parse(row.data) as { communityId: string }).communityId);
  db.close();
  const views: string[][] = [];
  for (const id of communities) {
    const list = (await get(server, `/api/communities/${id}/views`, token)) as { _id: string; title: string }[];
    views.push(list.filter((view) => view.title !== 'Bienvenue').map((view) => view._id));
  }
  return views;
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;

/**
 * Seeds `seeded` real classes into `<dir>/alone` (class by class) and copies
 * them into `<dir>/district` up to `classes` classes (or about `events`
 * events): both logs, no read models. Used by the bounded-heap check too.
 */
export const makeDistrict = async (dir: string, options: { seeded: number; classes: number | null; events: number }) => {
  const seededClasses = options.seeded;
  const wantedClasses = options.classes;
  const targetEvents = options.events;
  // 1. the seed
  const alone = join(dir, 'alone');
  mkdirSync(alone);
  const sourceStore = SqliteEventStore.open(join(alone, 'buildon.sqlite'));
  const seedStarted = performance.now();
  const seeded = await seedClassByClass(sourceStore, {
    classes: seededClasses,
    size: realClassSize,
    seed: 1,
    config: loadConfig({}),
    passwords: hashOnce(argon2Hasher),
    password: seedPassword,
  });
  const seedMs = performance.now() - seedStarted;
  const source: SourceEvent[] = [];
  for (let after = 0; ;) {
    const page = await sourceStore.readAll({ after, maxCount: 10_000 });
    for (const e of page) {
      source.push({
        type: e.type,
        data: JSON.stringify(e.data),
        metadata: JSON.stringify(e.metadata),
        streamName: e.streamName,
        streamRevision: e.streamRevision,
      });
    }
    if (page.length < 10_000) break;
    after = page.at(-1)?.globalPosition ?? after;
  }
  await sourceStore.close();
  const adminEvent = source.find((e) => e.type === 'UserRegistered' && e.data.includes('"userName":"seed-admin"'));
  const adminId = (JSON.parse(adminEvent?.data ?? '{}') as { userId: string }).userId;
  const adminStreams = new Set(
    source
      .filter((e) => e.streamName === `user-${adminId}` || (e.type === 'UserNameClaimed' && e.data.includes(adminId)))
      .map((e) => e.streamName),
  );

  // 2. the district's log
  const copies = Math.max(1, wantedClasses ? Math.ceil(wantedClasses / seededClasses) : Math.round(targetEvents / source.length));
  const district = join(dir, 'district');
  mkdirSync(district);
  const districtStore = SqliteEventStore.open(join(district, 'buildon.sqlite'));
  const writeStarted = performance.now();
  const { events } = await districtStore.importBatches(
    (async function* () {
      let batch: SourceEvent[] = [];
      for (const event of cloneDistrict(source, { copies, sourceClasses: seededClasses, adminId, adminStreams })) {
        batch.push(event);
        if (batch.length === 10_000) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    })(),
  );
  const writeMs = performance.now() - writeStarted;
  await districtStore.close();
  source.length = 0;
  return { alone, district, copies, classes: copies * seededClasses, events, seeded: seeded.events, seedMs, writeMs };
};

export const benchDistrict = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'buildon-district-bench-'));
  const servers: Server[] = [];
  try {
    const { alone, district, classes, events, seeded, seedMs, writeMs } = await makeDistrict(dir, {
      seeded: seededClasses,
      classes: wantedClasses,
      events: targetEvents,
    });
    console.log(`\nDistrict: ${fmt(classes)} classes (${seededClasses} seeded, copied), ${fmt(events)} events`);
    console.log(
      `   seed, class by class through the use cases : ${fmt(seeded)} events in ${fmt(seedMs / 1000, 1)} s (${fmt((seeded * 1000) / seedMs)} events/s)`,
    );
    console.log(
      `   district log, 10,000 events per transaction : ${fmt((events * 1000) / writeMs)} events/s (${fmt(writeMs / 1000, 1)} s)`,
    );

    // 3. rebuild
    const raw = rawInserts(district);
    const built = await rebuild(district);
    await rebuild(alone);
    console.log('   rebuild of every read model (readmodels.sqlite)');
    console.log(
      `     raw batched inserts, one JSON row per event : ${fmt((events * 1000) / raw.ms)} rows/s  (${fmt(events / raw.cpuS)} per CPU-second)`,
    );
    console.log(
      `     rebuild                                   : ${fmt((events * 1000) / built.ms)} events/s  (${fmt(events / built.cpuS)} per CPU-second; ${fmt(built.ms / 1000, 1)} s; file ${fmt(built.bytes / 1024 / 1024)} MB)`,
    );
    console.log(`     ratio                                     : ${fmt(raw.ms / built.ms, 2)}×`);
    console.log(
      `     at that rate, 10M events                  : ${fmt(10_000_000 / ((events * 1000) / built.ms) / 60, 1)} min  (goal ≤ 5 min)`,
    );

    // 4. the server over each data folder
    const inDistrict = await startServer(district);
    servers.push(inDistrict);
    const byItself = await startServer(alone);
    servers.push(byItself);
    const tokens = { district: await login(inDistrict), alone: await login(byItself) };
    const districtViews = await unitViews(inDistrict, district, tokens.district);
    const aloneViews = (await unitViews(byItself, alone, tokens.alone))[0] ?? [];
    const timed = async (server: Server, viewId: string, token: string) => {
      const started = performance.now();
      await get(server, `/api/views/${viewId}/canvas`, token);
      return performance.now() - started;
    };
    // a. The same class, in the district and alone, loads interleaved: its first loads (nothing cached yet), then
    //    its views again and again (a class in a lesson). The district's class is a copy of the one alone.
    const sameClass = districtViews[Math.floor(districtViews.length / 2)] ?? [];
    const first = { district: [] as number[], alone: [] as number[] };
    const again = { district: [] as number[], alone: [] as number[] };
    const pairs = Math.min(sameClass.length, aloneViews.length);
    for (let round = 0; round <= 25; round++) {
      const into = round === 0 ? first : again;
      for (let v = 0; v < pairs; v++) {
        // Which server goes first alternates, so neither always follows the other's garbage.
        const order = (round + v) % 2 === 0 ? (['district', 'alone'] as const) : (['alone', 'district'] as const);
        for (const which of order) {
          const [server, viewId, token] =
            which === 'district'
              ? [inDistrict, sameClass[v] as string, tokens.district]
              : [byItself, aloneViews[v] as string, tokens.alone];
          into[which].push(await timed(server, viewId, token));
        }
      }
    }
    // b. Every class's unit views in the district, and as many loads of the class alone, interleaved; at least 300 each.
    const times = { district: [] as number[], alone: [] as number[] };
    const loads = districtViews.reduce((sum, views) => sum + views.length, 0);
    const rounds = Math.max(1, Math.ceil(300 / Math.max(1, loads)));
    for (let round = 0; round < rounds; round++) {
      for (const [k, views] of districtViews.entries()) {
        for (const [v, view] of views.entries()) {
          const d = await timed(inDistrict, view, tokens.district);
          const a = await timed(byItself, aloneViews[v % aloneViews.length] as string, tokens.alone);
          // The first class's first round warms both servers up.
          if (round > 0 || k > 0 || districtViews.length === 1) {
            times.district.push(d);
            times.alone.push(a);
          }
        }
      }
    }
    for (const list of [...Object.values(times), ...Object.values(first), ...Object.values(again)]) list.sort((a, b) => a - b);
    console.log(`   the server (services/api/main.ts), district vs the class alone (baseline), same run`);
    console.log(
      `     cold start to the first answer (read models built) : ${fmt(inDistrict.coldMs)} ms vs ${fmt(byItself.coldMs)} ms → ×${fmt(inDistrict.coldMs / byItself.coldMs, 2)}`,
    );
    console.log(
      `     RSS after the canvas loads                         : ${fmt(inDistrict.rssMb())} MB vs ${fmt(byItself.rssMb())} MB → ×${fmt(inDistrict.rssMb() / byItself.rssMb(), 2)}`,
    );
    const ratio = (district: number[], alone: number[], p: number) =>
      `p${p * 100} ${fmt(percentile(district, p), 1)} vs ${fmt(percentile(alone, p), 1)} ms`;
    console.log(
      `     one class in a lesson, ${fmt(again.district.length)} loads of its views : ${ratio(again.district, again.alone, 0.5)}, ${ratio(again.district, again.alone, 0.99)} → p99 ×${fmt(percentile(again.district, 0.99) / percentile(again.alone, 0.99), 2)} (goal ≤ 1.2×)`,
    );
    console.log(
      `     the same class's first loads (${fmt(first.district.length)}, nothing cached)   : ${ratio(first.district, first.alone, 0.5)}, max ${fmt(percentile(first.district, 1), 1)} vs ${fmt(percentile(first.alone, 1), 1)} ms → p50 ×${fmt(percentile(first.district, 0.5) / percentile(first.alone, 0.5), 2)}`,
    );
    console.log(
      `     every class at once, ${fmt(times.district.length)} loads across ${fmt(districtViews.length)} classes : ${ratio(times.district, times.alone, 0.5)}, ${ratio(times.district, times.alone, 0.99)} → p99 ×${fmt(percentile(times.district, 0.99) / percentile(times.alone, 0.99), 2)}`,
    );
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await benchDistrict();
