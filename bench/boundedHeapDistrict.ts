/**
 * The bounded-heap check at district size (issue 23 §2), opt-in: too long for
 * `npm test` (about ten minutes at 70 classes on a loaded 2-core machine;
 * tests/integration/boundedHeap.int.spec.ts runs the same path on 2 classes).
 *
 *   node --import tsx bench/boundedHeapDistrict.ts        # 70 classes, ~1.5M events
 *   HEAP_CHECK_CLASSES=10 node --import tsx bench/boundedHeapDistrict.ts
 *
 * A district (one seeded class copied, bench/districtScale.ts makeDistrict) is
 * exported, then `kf import` (the log in batches, then every read model built)
 * and `npm start` run in child processes under --max-old-space-size=512, and a
 * class's canvases are loaded through HTTP. Exits 1, saying why, on a crash,
 * an out-of-memory or a failed load; prints the times and the server's RSS.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FsBlobStore } from '../services/adapters/fs-blobstore/fsBlobStore.ts';
import { SqliteEventStore } from '../services/adapters/sqlite-eventstore/sqliteEventStore.ts';
import { exportData } from '../services/cli/exportImport.ts';
import { seedPassword } from '../services/cli/seed/playClass.ts';
import { startServer, type ServerProcess } from '../tests/support/serverProcess.ts';
import { makeDistrict } from './districtScale.ts';

const heapFlag = '--max-old-space-size=512';
const classes = Number(process.env.HEAP_CHECK_CLASSES ?? 70);
const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

const dir = mkdtempSync(join(tmpdir(), 'buildon-heap-district-'));
let server: ServerProcess | null = null;
try {
  const made = await makeDistrict(dir, { seeded: 1, classes, events: 0 });
  console.log(`Bounded heap (${heapFlag}) at ${fmt(made.classes)} classes, ${fmt(made.events)} events`);
  const source = SqliteEventStore.open(join(made.district, 'buildon.sqlite'));
  const out = join(dir, 'export');
  await exportData(source, new FsBlobStore(join(dir, 'blobs')), out);
  await source.close();
  rmSync(made.district, { recursive: true, force: true });

  const target = join(dir, 'target');
  mkdirSync(target);
  let started = performance.now();
  const imported = await run(process.execPath, [heapFlag, '--import', 'tsx', 'services/cli/main.ts', 'import', '--from', out], {
    cwd: root,
    env: { ...process.env, BUILDON_DATA_DIR: target },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string; code?: number }) => ({
    stdout: error.stdout ?? '',
    stderr: `${error.stderr ?? ''} (exit ${error.code})`,
  }));
  const importSeconds = (performance.now() - started) / 1000;
  check(
    imported.stdout.includes(`imported ${made.events} events`),
    `kf import of ${fmt(made.events)} events (${fmt(importSeconds)} s with the read models)`,
  );
  check(/read models built/.test(imported.stdout), 'every read model built by the import');
  check(!/heap out of memory/i.test(imported.stderr), 'no out-of-memory in kf import');
  rmSync(out, { recursive: true, force: true });

  started = performance.now();
  server = await startServer(target, { NODE_OPTIONS: heapFlag });
  const coldMs = performance.now() - started;
  const version = (await (await fetch(`${server.url}/api/version`)).json()) as { readModels?: { state: string } };
  check(version.readModels?.state === 'ready', `npm start answers with its read models ready (${fmt(coldMs)} ms)`);
  const login = await fetch(`${server.url}/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'seed-admin', password: seedPassword }),
  });
  check(login.status === 200, 'the seed admin logs in');
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const communities = (await (await fetch(`${server.url}/api/communities`, { headers })).json()) as { _id: string; title: string }[];
  check(communities.length === made.classes, `every class listed (${communities.length})`);
  let loads = 0;
  let failed = 0;
  for (const community of communities.slice(-5)) {
    const views = (await (await fetch(`${server.url}/api/communities/${community._id}/views`, { headers })).json()) as { _id: string }[];
    for (const view of views) {
      const canvas = await fetch(`${server.url}/api/views/${view._id}/canvas`, { headers });
      loads++;
      if (canvas.status !== 200) failed++;
      else await canvas.arrayBuffer();
    }
  }
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  check(
    failed === 0 && loads > 0,
    `${loads} canvases of the last ${Math.min(5, communities.length)} classes loaded (server RSS ${fmt(rss)} MB)`,
  );
  check(server.child.exitCode === null && !/heap out of memory/i.test(server.output()), 'the server still runs, no out-of-memory');
} finally {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.log(`${failures.length} check(s) failed`);
  process.exit(1);
}
