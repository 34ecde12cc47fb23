/**
 * Cold start bench (issue 16 §5): from spawning the API server to its first
 * answered request (GET /api/auth/providers → 200) over a real class's data,
 * the TypeScript sources run through tsx (`node --import tsx
 * services/api/main.ts`, how `npm start` ran before: the baseline) beside the
 * compiled bundle (`node --enable-source-maps dist/api/main.js`, what `npm
 * start` runs now). Runs alternate between the two, after one warm-up each
 * (the first start over a fresh seed may rebuild read models; file caches warm).
 * Figures only: nothing is asserted; the goal is ≤ 1 s compiled.
 *
 * The data: BENCH_START_DATA_DIR (a folder `npm run seed -- --classes 1` filled),
 * or one class seeded here into a temporary folder (about 30 s). The bundle is
 * built into .tmp/ (scripts/buildServer.ts), leaving dist/ alone.
 * BENCH_START_RUNS (5) starts of each.
 *
 * `node --import tsx bench/coldStart.ts`; `BENCH_ONLY=start npm run bench`;
 * the full `npm run bench` runs it last.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, isFresh, root } from '../scripts/buildServer.ts';

const runs = Number(process.env.BENCH_START_RUNS ?? 5);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** The CPU milliseconds (user + system) a process has used (Linux /proc; NaN elsewhere). */
const cpuMs = (pid: number | undefined): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in ticks of 10 ms
  } catch {
    return Number.NaN;
  }
};

type Start = { wallMs: number; cpuMs: number };

/** From spawn to the first 200 of GET /api/auth/providers: wall and CPU milliseconds; the server is stopped after. */
const coldStart = async (args: string[], dataDir: string): Promise<Start> => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', BUILDON_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.NODE_OPTIONS;
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/auth/providers`)).status === 200) {
          return { wallMs: performance.now() - started, cpuMs: cpuMs(child.pid) };
        }
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error(`${args.join(' ')} did not answer within 120 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export const benchColdStart = async () => {
  const given = process.env.BENCH_START_DATA_DIR;
  const seeded = given ? null : mkdtempSync(join(tmpdir(), 'buildon-coldstart-'));
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const outdir = mkdtempSync(join(root, '.tmp', 'bench-dist-'));
  try {
    const dataDir = given ?? seeded ?? '';
    let seedMs = 0;
    if (seeded) {
      const started = performance.now();
      execFileSync(process.execPath, ['--import', 'tsx', 'services/cli/seed/main.ts', '--classes', '1'], {
        cwd: root,
        env: { ...process.env, BUILDON_DATA_DIR: seeded, LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      });
      seedMs = performance.now() - started;
    }
    const buildMs = await buildServer(outdir);
    const checkStarted = performance.now();
    isFresh(outdir);
    const checkMs = performance.now() - checkStarted;

    const tsx = ['--import', 'tsx', 'services/api/main.ts'];
    const compiled = ['--enable-source-maps', join(outdir, 'api/main.js')];
    await coldStart(tsx, dataDir);
    await coldStart(compiled, dataDir);
    const times = { tsx: [] as Start[], compiled: [] as Start[] };
    for (let run = 0; run < runs; run++) {
      times.tsx.push(await coldStart(tsx, dataDir));
      times.compiled.push(await coldStart(compiled, dataDir));
    }

    const line = (starts: Start[]) => {
      const wall = starts.map((start) => start.wallMs);
      return `${fmt(median(wall))} ms median (min ${fmt(Math.min(...wall))}, max ${fmt(Math.max(...wall))}), CPU ${fmt(median(starts.map((start) => start.cpuMs)))} ms`;
    };
    console.log(
      `\nCold start: spawn to the first answer (GET /api/auth/providers), one real class ${seeded ? `(seeded in ${fmt(seedMs / 1000)} s)` : `(${dataDir})`}, ${runs} starts each`,
    );
    console.log(`   tsx (node --import tsx services/api/main.ts) : ${line(times.tsx)}`);
    console.log(`   compiled (node dist/api/main.js)              : ${line(times.compiled)}  (goal ≤ 1,000 ms)`);
    console.log(
      `   ratio                                         : ${(median(times.compiled.map((start) => start.wallMs)) / median(times.tsx.map((start) => start.wallMs))).toFixed(2)}× wall, ${(median(times.compiled.map((start) => start.cpuMs)) / median(times.tsx.map((start) => start.cpuMs))).toFixed(2)}× CPU (CPU is the steadier figure on a shared machine)`,
    );
    console.log(`   build:server ${fmt(buildMs)} ms once; npm start's freshness check when up to date: ${fmt(checkMs)} ms`);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
    if (seeded) rmSync(seeded, { recursive: true, force: true });
  }
};

if (process.argv[1]?.endsWith('coldStart.ts')) await benchColdStart();
