import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { classEvents, classIds, writeEvents, type ClassShape } from '../../bench/district.ts';
import { openInfrastructure } from '../../services/app/infrastructure.ts';
import { exportData } from '../../services/cli/exportImport.ts';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';
import { tempDataDir, testConfig } from '../support/testApp.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
const shape: ClassShape = { pupils: 108, notes: 3_779, views: 10 };
const classes = 2;
const epoch = Date.parse('2026-09-01T08:00:00Z');
/** The district's heap bound (issue 23 §2), given to each child process. */
const heapFlag = '--max-old-space-size=512';
const teacher = { userName: 'c0p0', password: 'teacher-pass-1' };

describe(`a district under a ${heapFlag} heap (issue 23 §2)`, () => {
  const dirs: string[] = [];
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const newDir = (prefix: string) => {
    const dir = tempDataDir(prefix);
    dirs.push(dir);
    return dir;
  };

  it('imports an export of two real-size classes, starts on it and loads a class, without running out of heap', async () => {
    // The export: two classes written through the event store, their teacher able to log in.
    const source = newDir('buildon-heap-source-');
    const infra = await openInfrastructure(testConfig(source));
    const events = await writeEvents(
      infra.eventStore,
      (function* () {
        for (let k = 0; k < classes; k++) yield* classEvents(k, shape, epoch + k * 1e9);
      })(),
    );
    await infra.accounts.createOrPromoteAdmin(teacher);
    const out = join(newDir('buildon-heap-export-'), 'export');
    const manifest = await exportData(infra.eventStore, infra.blobStore, out);
    await infra.close();
    expect(events).toBeGreaterThan(40_000);
    expect(manifest.events).toBeLessThanOrEqual(100_000);

    // kf import in a child whose heap is bounded: the log appended in batches, then every read model built.
    const target = newDir('buildon-heap-target-');
    const imported = await run(process.execPath, [heapFlag, '--import', 'tsx', 'services/cli/main.ts', 'import', '--from', out], {
      cwd: root,
      env: { ...process.env, BUILDON_DATA_DIR: target },
      timeout: 120_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(imported.stdout).toContain(`imported ${manifest.events} events`);
    expect(imported.stdout).toMatch(/read models built/);
    expect(imported.stderr).not.toMatch(/heap out of memory/i);

    // npm start on it, the same bound: it answers at once (read models kept), and a class's pages load.
    server = await startServer(target, { NODE_OPTIONS: heapFlag });
    const version = (await (await fetch(`${server.url}/api/version`)).json()) as { readModels?: { state: string } };
    expect(version.readModels?.state).toBe('ready');
    const login = await fetch(`${server.url}/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(teacher),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const communities = (await (await fetch(`${server.url}/api/communities`, { headers })).json()) as { title: string }[];
    expect(communities.map((community) => community.title)).toEqual(expect.arrayContaining(['Class 0', 'Class 1']));
    const canvas = await fetch(`${server.url}/api/views/${classIds(0, shape).viewIds[3]}/canvas`, { headers });
    expect(canvas.status).toBe(200);
    expect(((await canvas.json()) as { refs: unknown[] }).refs.length).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/heap out of memory/i);
  }, 180_000);
});
