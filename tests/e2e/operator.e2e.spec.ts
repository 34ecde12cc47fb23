import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';
import { tempDataDir } from '../support/testApp.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');

describe('operator CLI beside a running server', () => {
  const dataDir = tempDataDir('buildon-operator-');
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('create-admin works while the server runs, and the server sees the new admin at once', async () => {
    server = await startServer(dataDir);
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'services/cli/main.ts', 'create-admin', '--user', 'head', '--password', 'head-pass'],
      {
        cwd: root,
        env: { ...process.env, BUILDON_DATA_DIR: dataDir },
      },
    );
    expect(stdout).toMatch(/created admin head/);

    // The server follows appends made by other processes on the same file.
    let status = 0;
    let token = '';
    // Generous: each try is a real (argon2) login, slow on a loaded CI machine.
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const response = await fetch(`${server.url}/auth/local`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'head', password: 'head-pass' }),
      });
      status = response.status;
      if (status === 200) {
        token = ((await response.json()) as { token: string }).token;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    const me = await fetch(`${server.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ userName: 'head', role: 'admin' });

    const rebuild = await run(process.execPath, ['--import', 'tsx', 'services/cli/main.ts', 'rebuild'], {
      cwd: root,
      env: { ...process.env, BUILDON_DATA_DIR: dataDir },
    }).catch((error: { code: number; stderr: string }) => error);
    expect('code' in rebuild ? rebuild.code : 0).toBe(1);
    expect('stderr' in rebuild ? rebuild.stderr : '').toMatch(/Stop it first/);
  });
});
