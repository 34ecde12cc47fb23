/**
 * `npm run bench`: performance figures, each printed against a baseline run in
 * the same process on the same machine. Figures only: nothing is asserted.
 *
 *  1. Durable single-event commands/s through the whole command path (load
 *     stream, decide, append with group commit, project, read-your-writes)
 *     vs raw better-sqlite3 single-row commits (one fsync each).
 *  2. Projection rebuild events/s (the real users projection into fresh
 *     in-memory collections) vs a raw JSON fold of the same events.
 *
 * Then `kf import` of an export vs raw batched inserts (bench/import.ts), the
 * time machine, the canvas (server load, browser drag), the live push and the
 * statistics page figures, then a district vs one class alone (bench/districtScale.ts:
 * seed, rebuild, cold start, RSS, canvas p99). BENCH_ONLY=district runs that alone, BENCH_ONLY=canvas runs the canvas and live figures
 * alone (live at scale included), BENCH_ONLY=livescale the 1,000 sockets of bench/liveScale.ts alone, BENCH_ONLY=analytics the statistics page alone,
 * BENCH_ONLY=lexical the lexical statistics and the scaffold tracker alone, BENCH_ONLY=search the search (bench/search.ts) alone,
 * BENCH_ONLY=start the cold start, tsx vs compiled (bench/coldStart.ts) alone; the full run ends with it.
 * BENCH_ONLY=memory the compiled server's memory over a real class vs an empty one (bench/memory.ts) alone.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserEvent } from '../contracts/events/user.ts';
import { usersProjection } from '../projections/users/index.ts';
import { ProjectionRunner } from '../projections/runner.ts';
import { MemoryReadStore } from '../services/adapters/memory-readstore/memoryReadStore.ts';
import { openDatabase } from '../services/adapters/sqlite-eventstore/database.ts';
import { SqliteEventStore } from '../services/adapters/sqlite-eventstore/sqliteEventStore.ts';
import { handleCommand, type Decider } from '../services/core/decider.ts';
import type { NewEvent } from '../services/core/eventStore.ts';
import { evolveDocument, type Projection, type Versioned } from '../services/core/projection.ts';

const commandSeconds = Number(process.env.BENCH_COMMAND_SECONDS ?? 3);
const rebuildEvents = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 64);
const dir = mkdtempSync(join(tmpdir(), 'buildon-bench-'));
const at = () => new Date().toISOString();
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

if (process.env.BENCH_ONLY === 'analytics') {
  rmSync(dir, { recursive: true, force: true });
  await import('./analytics.ts');
  // A district at BENCH_DISTRICT_EVENTS (100,000 by default; 1000000 for the figures) vs a class alone.
  await (await import('./districtScale.ts')).benchDistrict();
  process.exit(0);
}

if (process.env.BENCH_ONLY === 'lexical') {
  rmSync(dir, { recursive: true, force: true });
  await import('./lexical.ts');
  await import('./scaffoldTracker.ts');
  await import('./wordcloud-browser.ts');
  process.exit(0);
}

if (process.env.BENCH_ONLY === 'search') {
  rmSync(dir, { recursive: true, force: true });
  await import('./search.ts');
  process.exit(0);
}

if (process.env.BENCH_ONLY === 'start') {
  rmSync(dir, { recursive: true, force: true });
  await (await import('./coldStart.ts')).benchColdStart();
  process.exit(0);
}

if (process.env.BENCH_ONLY === 'memory') {
  rmSync(dir, { recursive: true, force: true });
  await (await import('./memory.ts')).benchMemory();
  process.exit(0);
}

if (process.env.BENCH_ONLY === 'district') {
  rmSync(dir, { recursive: true, force: true });
  await (await import('./districtScale.ts')).benchDistrict();
  process.exit(0);
}

if (process.env.BENCH_ONLY === 'livescale') {
  rmSync(dir, { recursive: true, force: true });
  await import('./liveScale.ts');
  process.exit(0);
}

if (process.env.BENCH_ONLY === 'canvas') {
  rmSync(dir, { recursive: true, force: true });
  await import('./canvas.ts');
  await import('./canvas-browser.ts');
  await import('./live.ts');
  await import('./liveScale.ts');
  process.exit(0);
}

// ---- 1. commands -----------------------------------------------------------

type Tally = { count: number };
type Incremented = { type: 'Incremented'; data: { id: string; by: number } };
const tallyDecider: Decider<Tally, { by: number; id: string }, Incremented> = {
  initialState: () => ({ count: 0 }),
  evolve: (state, event) => ({ count: state.count + event.data.by }),
  decide: (command) => [{ type: 'Incremented', data: { id: command.id, by: command.by } }],
};
const tallyProjection: Projection = {
  name: 'tallies',
  version: 1,
  collections: [{ name: 'tallies' }],
  handles: ['Incremented'],
  apply: async (event, context) => {
    const data = event.data as Incremented['data'];
    await evolveDocument(context.collection<Versioned & { _id: string; count: number }>('tallies'), data.id, event, (current) => ({
      _id: data.id,
      count: (current?.count ?? 0) + data.by,
    }));
  },
};

const benchCommands = async () => {
  const db = openDatabase(join(dir, 'commands.sqlite'));
  const store = new SqliteEventStore(db);
  const runner = new ProjectionRunner({ eventStore: store, readStore: new MemoryReadStore(), projections: [tallyProjection] });
  await runner.start();
  let done = 0;
  const deadline = performance.now() + commandSeconds * 1000;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      // Each client works on its own streams, one fresh stream per command
      // every 16 commands, like users acting on their own notes.
      for (let i = 0; performance.now() < deadline; i++) {
        const id = `tally-${client}-${i >> 4}`;
        const result = await handleCommand(store, id, tallyDecider, { id, by: 1 }, { metadata: { actorId: null, at: at() } });
        await runner.waitFor(result.lastPosition);
        done++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuMicros = (cpuSecondsSince(cpu) * 1e6) / done;
  const stats = store.stats();
  await runner.stop();
  await store.close();
  db.close();
  return { perSecond: done / seconds, done, commits: stats.commits, cpuMicros };
};

const benchRawCommits = () => {
  const db = new Database(join(dir, 'raw.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY AUTOINCREMENT, stream TEXT NOT NULL, data TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO rows (stream, data) VALUES (?, ?)');
  let done = 0;
  const started = performance.now();
  const deadline = started + commandSeconds * 1000;
  while (performance.now() < deadline) {
    insert.run(`raw-${done}`, JSON.stringify({ by: 1, at: at() }));
    done++;
  }
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return { perSecond: done / seconds, done };
};

// ---- 2. rebuild ------------------------------------------------------------

const eventsPerUser = 10;
const userId = (n: number) => n.toString(16).padStart(24, '0');

const seedUsers = async (store: SqliteEventStore, total: number) => {
  const users = Math.ceil(total / eventsPerUser);
  const languages = ['en', 'fr', 'es', 'it', 'fi', 'pt', 'ja', 'cn', 'zh_CN'] as const;
  let window: Promise<unknown>[] = [];
  for (let n = 1; n <= users; n++) {
    const id = userId(n);
    const events: NewEvent<UserEvent>[] = [
      {
        type: 'UserRegistered',
        data: {
          userId: id,
          userName: `user${n}`,
          email: `user${n}@school.org`,
          firstName: 'First',
          lastName: `Last${n}`,
          passwordHash: '$argon2id$bench',
          role: 'user',
          lang: 'fr',
          provider: 'local',
        },
        metadata: { actorId: id, at: at() },
      },
    ];
    for (let k = 1; k < eventsPerUser; k++) {
      events.push(
        k % 3 === 0
          ? { type: 'UserProfileUpdated', data: { userId: id, lastName: `Last${n}-${k}` }, metadata: { actorId: id, at: at() } }
          : {
              type: 'UserLanguageChanged',
              data: { userId: id, lang: languages[(n + k) % languages.length] ?? 'en' },
              metadata: { actorId: id, at: at() },
            },
      );
    }
    window.push(store.append(`user-${id}`, events, { expectedRevision: 'no_stream' }));
    if (window.length >= 2_000) {
      await Promise.all(window);
      window = [];
    }
  }
  await Promise.all(window);
};

/**
 * CPU seconds of this process (every thread) since `start`: on a shared
 * machine a steadier figure than the wall clock, printed beside it.
 */
const cpuSecondsSince = (start: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
};

/** The baseline: read the same rows, parse the JSON, fold into plain objects. */
const rawFold = (path: string) => {
  const db = new Database(path, { readonly: true });
  const started = performance.now();
  const cpu = process.cpuUsage();
  const users = new Map<string, Record<string, unknown>>();
  let count = 0;
  for (const row of db.prepare('SELECT type, data, metadata FROM events ORDER BY position').iterate() as IterableIterator<{
    type: string;
    data: string;
    metadata: string;
  }>) {
    const data = JSON.parse(row.data) as Record<string, unknown> & { userId: string };
    const metadata = JSON.parse(row.metadata) as { at: string };
    const current = users.get(data.userId);
    if (row.type === 'UserRegistered') users.set(data.userId, { ...data, created: metadata.at, modified: metadata.at });
    else if (current) users.set(data.userId, { ...current, ...data, modified: metadata.at });
    count++;
  }
  const ms = performance.now() - started;
  const cpuSeconds = cpuSecondsSince(cpu);
  db.close();
  return { events: count, perSecond: (count * 1000) / ms, perCpuSecond: count / cpuSeconds, docs: users.size };
};

const benchRebuild = async () => {
  const path = join(dir, 'rebuild.sqlite');
  const db = openDatabase(path);
  const store = new SqliteEventStore(db);
  const seedStarted = performance.now();
  await seedUsers(store, rebuildEvents);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const total = await store.headPosition();

  const raw = rawFold(path);
  const readStore = new MemoryReadStore();
  const runner = new ProjectionRunner({ eventStore: store, readStore, projections: [usersProjection] });
  const cpu = process.cpuUsage();
  const result = await runner.rebuild(['users']);
  const perCpuSecond = result.events / cpuSecondsSince(cpu);
  const docs = await readStore.collection('users').count({});
  await store.close();
  db.close();
  return { total, seedPerSecond: total / seedSeconds, raw, rebuild: { ...result, perCpuSecond }, docs };
};

// ---- report ----------------------------------------------------------------

try {
  console.log(`Buildon benchmarks — Node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`);

  const raw = benchRawCommits();
  const commands = await benchCommands();
  console.log('1. Durable single-event commands (WAL, synchronous=FULL)');
  console.log(`   raw better-sqlite3 single-row commits : ${fmt(raw.perSecond)} /s`);
  console.log(
    `   Buildon command path (${concurrency} clients)   : ${fmt(commands.perSecond)} /s  (${fmt(commands.done)} commands in ${fmt(commands.commits)} commits)`,
  );
  console.log(
    `   CPU per command                       : ${fmt(commands.cpuMicros)} µs  (read the stream's tail, decide, append, project)`,
  );
  console.log(`   ratio                                 : ${(commands.perSecond / raw.perSecond).toFixed(2)}×  (goal ≥ 1.0×)\n`);

  const rebuild = await benchRebuild();
  console.log(
    `2. Projection rebuild over ${fmt(rebuild.total)} events (${fmt(rebuild.docs)} users; seeded at ${fmt(rebuild.seedPerSecond)} events/s)`,
  );
  console.log(
    `   raw JSON fold                         : ${fmt(rebuild.raw.perSecond)} events/s  (${fmt(rebuild.raw.perCpuSecond)} per CPU-second)`,
  );
  console.log(
    `   users projection rebuild              : ${fmt(rebuild.rebuild.eventsPerSecond)} events/s  (${fmt(rebuild.rebuild.perCpuSecond)} per CPU-second)`,
  );
  console.log(
    `   ratio                                 : ${(rebuild.rebuild.eventsPerSecond / rebuild.raw.perSecond).toFixed(2)}×  (goal ≥ 0.5×, ≥ 150,000 events/s)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
await (await import('./import.ts')).benchImport();
await (await import('./timemachine.ts')).benchTimeMachine();
await import('./canvas.ts');
await import('./canvas-browser.ts');
await import('./live.ts');
await import('./liveScale.ts');
await import('./analytics.ts');
await import('./lexical.ts');
await import('./scaffoldTracker.ts');
await import('./wordcloud-browser.ts');
await import('./search.ts');
// A district at BENCH_DISTRICT_EVENTS (100,000 by default; 1000000 for the figures) vs a class alone.
await (await import('./districtScale.ts')).benchDistrict();
// The compiled server's memory after a real class's lesson vs an empty server's (issue 16 §4).
await (await import('./memory.ts')).benchMemory();
// Start to the first answer over a real class: tsx vs the compiled dist/ (issue 16 §5).
await (await import('./coldStart.ts')).benchColdStart();
