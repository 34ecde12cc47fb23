/**
 * Memory bench (issue 16 §4): the resident memory of the compiled server
 * (`node dist/api/main.js`, what `npm start` runs) after a class's lesson,
 * beside the same server's on an empty data folder (the baseline) and the
 * SQLite files' sizes. Goal: RSS ≤ 2 × (the .sqlite files and their WALs) +
 * the baseline. Then what holds it, from GET /api/admin/memory: the process's
 * heap and native figures, the SQLite page caches (their limits: SQLite's own
 * use is not exposed to Node) and, per read-model collection, largest first,
 * the documents kept decoded and the ids kept under index keys.
 *
 * The lesson: the teacher and BENCH_MEMORY_PUPILS (5) pupils each load every
 * view's canvas, the view list and tree, the teacher searches and opens the
 * statistics page's requests; BENCH_MEMORY_LESSONS (3) times, the RSS after
 * each (what keeps growing). RSS is read from /proc/<pid>/status (VmRSS).
 *
 * The data: BENCH_MEMORY_DATA_DIR (a folder `npm run seed -- --classes 1`
 * filled; the lesson's reads are written into it), or one class seeded here
 * into a temporary folder (about 30 s). The bundle is built into .tmp/.
 * Figures only: nothing is asserted.
 *
 * `node --import tsx bench/memory.ts`; `BENCH_ONLY=memory npm run bench`;
 * the full `npm run bench` runs it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildServer, root } from '../scripts/buildServer.ts';
import { seedPassword } from '../services/cli/seed/playClass.ts';
import type { MemoryReport } from '../services/app/memoryReport.ts';
import { startServer, type ServerProcess } from '../tests/support/serverProcess.ts';

const pupils = Number(process.env.BENCH_MEMORY_PUPILS ?? 5);
const lessons = Math.max(1, Number(process.env.BENCH_MEMORY_LESSONS ?? 3));
const mb = (bytes: number) => bytes / 1024 / 1024;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const rssBytes = (server: ServerProcess) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

const fileSize = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

/** The SQLite files of a data folder and their WALs, bytes each. */
const sqliteFiles = (dir: string) =>
  ['buildon.sqlite', 'buildon.sqlite-wal', 'readmodels.sqlite', 'readmodels.sqlite-wal'].map((name) => ({
    name,
    bytes: fileSize(join(dir, name)),
  }));

const login = async (server: ServerProcess, userName: string, password: string) => {
  const response = await fetch(`${server.url}/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  if (response.status !== 200) throw new Error(`login ${userName}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
};

/** Requests made, and those that did not answer 2xx (named in the figures: a lesson that failed is no measure). */
const tally = { requests: 0, failed: [] as string[] };

const call = async (server: ServerProcess, token: string, url: string, body?: unknown): Promise<unknown> => {
  const response = await fetch(`${server.url}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  tally.requests++;
  const text = await response.text();
  if (response.status >= 300) {
    tally.failed.push(`${body === undefined ? 'GET' : 'POST'} ${url.replace(/[0-9a-f]{24}/g, ':id')} → ${response.status}`);
    return null;
  }
  return text ? (JSON.parse(text) as unknown) : null;
};

const memoryOf = async (server: ServerProcess, token: string) => (await call(server, token, '/api/admin/memory')) as MemoryReport;

/** The seeded class's community (the first one in the log). */
const firstCommunity = (dir: string): string => {
  const db = new Database(join(dir, 'buildon.sqlite'), { readonly: true });
  try {
    const row = db.prepare<[], { data: string }>("SELECT data FROM events WHERE type = 'CommunityCreated' ORDER BY position LIMIT 1").get();
    return (JSON.parse(row?.data ?? '{}') as { communityId: string }).communityId;
  } finally {
    db.close();
  }
};

/** What a class loads in a lesson: every view's canvas as the teacher and as pupils, the view tree, a search, the statistics page. */
const lesson = async (server: ServerProcess, dir: string) => {
  const communityId = firstCommunity(dir);
  const teacher = await login(server, 'c0-prof', seedPassword);
  const pupilTokens: string[] = [];
  for (let n = 0; n < pupils; n++) pupilTokens.push(await login(server, `c0-p${String(n).padStart(3, '0')}`, seedPassword));
  const views = ((await call(server, teacher, `/api/communities/${communityId}/views`)) as { _id: string }[] | null) ?? [];
  for (const token of [teacher, ...pupilTokens]) {
    await call(server, token, `/api/communities/${communityId}/views`);
    await call(server, token, `/api/communities/${communityId}/viewtree`);
    for (const view of views) await call(server, token, `/api/views/${view._id}/canvas`);
  }
  for (const words of ['eau', 'plante', 'pourquoi']) {
    await call(server, teacher, `/api/contributions/${communityId}/search`, { query: { words }, searchType: 'main_search' });
  }
  for (const page of ['stats', 's2viz', 'dashboard', 'dashboard2', 'authornetwork']) {
    await call(server, teacher, `/api/analytics/${communityId}/${page}`);
  }
  return { views: views.length };
};

const printBreakdown = (report: MemoryReport, rss: number) => {
  const { heapTotal, heapUsed, external, arrayBuffers } = report.process;
  console.log(`   what holds it (GET /api/admin/memory):`);
  console.log(`     V8 heap used / allocated              : ${fmt(mb(heapUsed))} / ${fmt(mb(heapTotal))} MB`);
  console.log(`     external (of which ArrayBuffers)      : ${fmt(mb(external))} MB (${fmt(mb(arrayBuffers))} MB)`);
  console.log(
    `     native, the rest of RSS               : ${fmt(mb(rss - heapTotal - external))} MB  (SQLite page caches, Node and V8 code, the allocator's free pages)`,
  );
  for (const db of report.sqlite) {
    console.log(
      `     SQLite ${db.file.padEnd(18)} cache limit ${fmt(mb(db.cacheLimitBytes))} MB (cache_size ${db.cacheSize}, page ${db.pageSize} B, cache_spill ${db.cacheSpill}, mmap ${fmt(mb(db.mmapBytes))} MB); file ${fmt(mb(db.fileBytes))} MB — the use is not exposed (no sqlite3_memory_used in better-sqlite3)`,
    );
  }
  const models = [...report.readModels].sort((a, b) => b.recentCharacters + b.keyedIds * 24 - (a.recentCharacters + a.keyedIds * 24));
  const held = models.reduce((sum, model) => sum + model.recentCharacters, 0);
  console.log(
    `     read models, largest cache first (documents on file; kept decoded: documents, MB of their JSON; ids kept under index keys) — ${fmt(mb(held), 1)} MB of JSON in all, several times that in the heap once decoded:`,
  );
  for (const model of models.filter((m) => m.recentDocuments + m.keyedEntries > 0)) {
    console.log(
      `       ${model.name.padEnd(30)} ${fmt(model.documents).padStart(7)} docs  ${fmt(model.recentDocuments).padStart(7)} kept ${fmt(mb(model.recentCharacters), 2).padStart(7)} MB  ${fmt(model.keyedIds).padStart(7)} ids under ${fmt(model.keyedEntries)} keys`,
    );
  }
  const idle = models.filter((m) => m.recentDocuments + m.keyedEntries === 0);
  if (idle.length > 0) console.log(`       (${idle.length} collections hold nothing in memory)`);
};

export const benchMemory = async () => {
  const given = process.env.BENCH_MEMORY_DATA_DIR;
  const scratch = mkdtempSync(join(tmpdir(), 'buildon-memory-'));
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const outdir = mkdtempSync(join(root, '.tmp', 'bench-dist-'));
  const servers: ServerProcess[] = [];
  try {
    const classDir = given ?? join(scratch, 'class');
    let seedMs = 0;
    if (!given) {
      const started = performance.now();
      execFileSync(process.execPath, ['--import', 'tsx', 'services/cli/seed/main.ts', '--classes', '1'], {
        cwd: root,
        env: { ...process.env, BUILDON_DATA_DIR: classDir, LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      });
      seedMs = performance.now() - started;
    }
    await buildServer(outdir);
    const compiled = ['--enable-source-maps', join(outdir, 'api/main.js')];

    // 1. the baseline: an empty data folder with one admin, after the first answer and a login.
    const emptyDir = join(scratch, 'empty');
    const adminPassword = 'bench-memory-admin-1';
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'services/cli/main.ts', 'create-admin', '--user', 'bench-admin', '--password', adminPassword],
      {
        cwd: root,
        env: { ...process.env, BUILDON_DATA_DIR: emptyDir, LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      },
    );
    const empty = await startServer(emptyDir, {}, compiled);
    servers.push(empty);
    const emptyAdmin = await login(empty, 'bench-admin', adminPassword);
    const emptyReport = await memoryOf(empty, emptyAdmin);
    const baseline = rssBytes(empty);
    await empty.stop();

    // 2. the class: started, a lesson's loads, then the figures.
    const server = await startServer(classDir, {}, compiled);
    servers.push(server);
    const started = rssBytes(server);
    const admin = await login(server, 'seed-admin', seedPassword);
    const loadStarted = performance.now();
    const { views } = await lesson(server, classDir);
    const loadMs = performance.now() - loadStarted;
    const loaded = rssBytes(server);
    const report = await memoryOf(server, admin);
    // More lessons: what stays and what keeps growing.
    const again: { rss: number; heapUsed: number; heapTotal: number }[] = [];
    for (let n = 1; n < lessons; n++) {
      await lesson(server, classDir);
      const rss = rssBytes(server);
      const { heapUsed, heapTotal } = (await memoryOf(server, admin)).process;
      again.push({ rss, heapUsed, heapTotal });
    }
    const files = sqliteFiles(classDir);
    const fileBytes = files.reduce((sum, file) => sum + file.bytes, 0);
    const goal = 2 * fileBytes + baseline;
    const worst = Math.max(loaded, ...again.map((figures) => figures.rss));

    console.log(
      `\nMemory of the compiled server (node dist/api/main.js), one real class ${given ? `(${given})` : `(seeded in ${fmt(seedMs / 1000)} s)`}`,
    );
    console.log(
      `   empty data folder, after the first answer and an admin's login (baseline): ${fmt(mb(baseline))} MB RSS (heap used ${fmt(mb(emptyReport.process.heapUsed))} MB)`,
    );
    console.log(`   the class's data folder, right after the first answer                    : ${fmt(mb(started))} MB RSS`);
    console.log(
      `   after a lesson (${tally.requests} requests in ${fmt(loadMs / 1000, 1)} s: ${views} views' canvases as the teacher and ${pupils} pupils, view tree, 3 searches, 5 statistics pages)`,
    );
    console.log(`                                                                            : ${fmt(mb(loaded))} MB RSS`);
    for (const [n, figures] of again.entries()) {
      console.log(
        `   after lesson ${n + 2} (the same)                                                : ${fmt(mb(figures.rss))} MB RSS (heap used ${fmt(mb(figures.heapUsed))} of ${fmt(mb(figures.heapTotal))} MB)`,
      );
    }
    console.log(
      `   SQLite files: ${files.map((file) => `${file.name} ${fmt(mb(file.bytes), 1)} MB`).join(', ')} → ${fmt(mb(fileBytes), 1)} MB`,
    );
    console.log(
      `   goal: RSS ≤ 2 × files + baseline = ${fmt(mb(goal))} MB; after the lesson ${fmt(mb(loaded))} MB → ${fmt(loaded / goal, 2)}× the goal (${loaded <= goal ? 'met' : 'NOT met'}), ${fmt(mb(loaded - baseline))} MB above the baseline`,
    );
    console.log(
      `   the highest after any lesson: ${fmt(mb(worst))} MB → ${fmt(worst / goal, 2)}× the goal (the V8 heap grows between collections: heap used counts garbage too)`,
    );
    if (tally.failed.length > 0) console.log(`   NOT 2xx (${tally.failed.length}): ${[...new Set(tally.failed)].join('; ')}`);
    printBreakdown(report, loaded);
  } finally {
    for (const server of servers) await server.stop();
    rmSync(outdir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
};

if (process.argv[1]?.endsWith('memory.ts')) await benchMemory();
