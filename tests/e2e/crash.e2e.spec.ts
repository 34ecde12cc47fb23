import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openInfrastructure } from '../../services/app/infrastructure.ts';
import { solveRobotCheck } from '../support/altcha.ts';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';
import { fastTestHasher, tempDataDir, testConfig } from '../support/testApp.ts';

const register = async (url: string, userName: string): Promise<boolean> => {
  try {
    const response = await fetch(`${url}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Crash',
        lastName: 'Test',
        email: `${userName}@example.org`,
        userName,
        password: 'secret-pass-1',
        robotCheck: await solveRobotCheck(url),
      }),
    });
    return response.status === 201;
  } catch {
    return false; // the server died under this request: not acknowledged
  }
};

describe('nothing acknowledged is lost', () => {
  const dataDir = tempDataDir('buildon-crash-');
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every registration that got a 2xx across a SIGKILL, and the read models equal a full rebuild', async () => {
    const env = { BUILDON_ALTCHA_COST: '1', BUILDON_SNAPSHOT_INTERVAL_MS: '250' };
    server = await startServer(dataDir, env);
    const url = server.url;
    const acknowledged: string[] = [];
    let stop = false;
    let attempts = 0;

    // Four clients register in a loop; the server is killed under their feet.
    const client = async (id: number) => {
      for (let i = 0; !stop; i++) {
        const userName = `c${id}u${i}`;
        attempts++;
        if (await register(url, userName)) acknowledged.push(userName);
        else if (stop) return;
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    await server.stop('SIGKILL');
    stop = true;
    await Promise.all(clients);
    expect(attempts).toBeGreaterThan(acknowledged.length);

    server = await startServer(dataDir, env);
    for (const userName of acknowledged) {
      const response = await fetch(`${server.url}/auth/local`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName, password: 'secret-pass-1' }),
      });
      expect(response.status, `${userName} was acknowledged, so it must log in`).toBe(200);
    }
    expect(await server.stop('SIGTERM')).toBe(0);
    server = null;

    // What the restarted server serves (snapshot + replayed tail) equals a full rebuild.
    const infra = await openInfrastructure(testConfig(dataDir), { passwords: fastTestHasher });
    const served = await infra.readStore.collection('users').find({}, { sort: { _id: 1 } });
    await infra.runner.rebuild();
    const rebuilt = await infra.readStore.collection('users').find({}, { sort: { _id: 1 } });
    await infra.close();
    expect(served).toEqual(rebuilt);
    expect(served.length).toBeGreaterThanOrEqual(acknowledged.length);
  });
});
