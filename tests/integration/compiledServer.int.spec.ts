import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, entries, isFresh, root } from '../../scripts/buildServer.ts';

/**
 * Issue 16 §5: `npm start` runs the server compiled to plain JavaScript
 * (scripts/buildServer.ts), not TypeScript compiled at run time by tsx. The
 * build goes to a folder of its own under .tmp/ (inside the repository, so the
 * bundles find node_modules as dist/ does); the server runs from it with plain
 * `node`, no loader, and answers.
 */
const outdir = (() => {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  return mkdtempSync(join(root, '.tmp', 'dist-'));
})();
const dataDir = mkdtempSync(join(tmpdir(), 'buildon-compiled-'));
const admin = { userName: 'admin', password: 'a long password for the compiled server' };

/** The environment of a plain `node`: nothing of vitest's or tsx's loaders. */
const plainEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, BUILDON_DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  delete env.NODE_OPTIONS;
  return env;
};

let child: ChildProcess | undefined;
let output = '';
let url = '';

const lockedPort = (pid: number | undefined): number | null => {
  try {
    const lock = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as { pid: number; port: number };
    return lock.pid === pid && lock.port > 0 ? lock.port : null;
  } catch {
    return null;
  }
};

beforeAll(async () => {
  await buildServer(outdir);
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server (dist/)', () => {
  it('builds one ES module with its source map per process, and knows when it is out of date', () => {
    for (const name of Object.keys(entries)) {
      expect(existsSync(join(outdir, name, 'main.js')), name).toBe(true);
      expect(existsSync(join(outdir, name, 'main.js.map')), name).toBe(true);
    }
    // The API's bundle and the chunks it shares with the other processes (or loads lazily).
    const api = [
      join(outdir, 'api/main.js'),
      ...readdirSync(join(outdir, 'chunks'))
        .filter((name) => name.endsWith('.js'))
        .map((name) => join(outdir, 'chunks', name)),
    ]
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    // Our TypeScript is compiled in; packages stay external (native modules load from node_modules).
    expect(api).not.toMatch(/from ["'][^"']*\.ts["']/);
    expect(api).toMatch(/from "better-sqlite3"/);
    expect(api).toMatch(/from "fastify"/);
    // The scale adapters stay lazy: not imported by the API bundle itself.
    expect(readFileSync(join(outdir, 'api/main.js'), 'utf8')).not.toMatch(/from "mongodb"|from "bullmq"|from "@eventstore\/db-client"/);
    expect(api).toMatch(/"stopwords-iso\/stopwords-iso\.json" with \{ type: "json" \}/);

    expect(isFresh(outdir)).toBe(true);
    // A build older than the sources is stale: `npm start` builds again.
    const stamp = join(outdir, 'build.json');
    utimesSync(stamp, new Date(0), new Date(0));
    expect(isFresh(outdir)).toBe(false);
    utimesSync(stamp, new Date(), new Date());
    expect(isFresh(outdir)).toBe(true);
    expect(isFresh(join(outdir, 'missing'))).toBe(false);
  });

  it('the compiled operator CLI creates an administrator', () => {
    const printed = execFileSync(
      process.execPath,
      [join(outdir, 'cli/main.js'), 'create-admin', '--user', admin.userName, '--password', admin.password],
      {
        cwd: root,
        env: plainEnv(),
        encoding: 'utf8',
      },
    );
    expect(printed).toMatch(/admin/);
  }, 30_000);

  it('runs with plain node (no tsx), answers its public routes and logs the administrator in', async () => {
    const args = ['--enable-source-maps', join(outdir, 'api/main.js')];
    child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...plainEnv(), PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = Date.now();
    while (!url) {
      if (child.exitCode !== null) throw new Error(`the compiled server exited with ${child.exitCode}:\n${output}`);
      if (Date.now() - started > 30_000) throw new Error(`the compiled server did not listen within 30 s:\n${output}`);
      const port = lockedPort(child.pid);
      if (port !== null) url = `http://127.0.0.1:${port}`;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // The process we spawned: node and the bundle, no loader.
    expect(child.spawnargs.join(' ')).not.toMatch(/tsx/);
    const cmdline = `/proc/${child.pid}/cmdline`;
    if (existsSync(cmdline)) expect(readFileSync(cmdline, 'utf8').split('\0').join(' ')).not.toMatch(/tsx|--import|--loader/);
    else console.log(`skipped the /proc check: no ${cmdline} on this system`);

    const providers = await fetch(`${url}/api/auth/providers`);
    expect(providers.status).toBe(200);
    // Files found from the sources' places (package.json, docs/whats-new.*.md) are found from dist/ too.
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    const version = (await (await fetch(`${url}/api/version`)).json()) as { version: string };
    expect(version.version).toBe(pkg.version);
    const changeLog = (await (await fetch(`${url}/api/changeLog?lang=fr`)).json()) as { entries: unknown[] };
    expect(changeLog.entries.length).toBeGreaterThan(0);

    const login = await fetch(`${url}/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(login.status, output).toBe(200);
    const wrong = await fetch(`${url}/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...admin, password: 'not the password at all' }),
    });
    expect(wrong.status).toBe(401);
    // Bodies are still validated (TypeBox is compiled into the bundle): 400 naming the field.
    const bad = await fetch(`${url}/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: admin.userName }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/password/);
  }, 60_000);
});
