import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { classEvents, writeEvents, type ClassShape } from '../../bench/district.ts';
import { SqliteEventStore } from '../../services/adapters/sqlite-eventstore/sqliteEventStore.ts';
import { buildApp } from '../../services/api/app.ts';
import { openInfrastructure, type Infrastructure } from '../../services/app/infrastructure.ts';
import { tempDataDir, testConfig } from '../support/testApp.ts';

const shape: ClassShape = { pupils: 108, notes: 3_779, views: 10 };
const epoch = Date.parse('2026-09-01T08:00:00Z');
const admin = { userName: 'district-admin', password: 'district-pass-1' };

type Version = { readModels?: { state: string; projections?: string[]; done?: number; total?: number; percent?: number } };

describe('a start whose read models are gone answers while it rebuilds them (issue 23 §5)', () => {
  const dataDir = tempDataDir('buildon-background-http-');
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Opens the server as `npm start` does (services/api/main.ts: rebuilding in the background), answering through inject. */
  const start = async (): Promise<{ infra: Infrastructure; app: FastifyInstance }> => {
    const infra = await openInfrastructure(testConfig(dataDir), { rebuildInBackground: true });
    closers.push(() => infra.close());
    const app = await buildApp({ services: infra, jwtSecret: infra.secret, tokenTtl: infra.config.tokenTtl });
    closers.push(() => app.close());
    return { infra, app };
  };

  it('answers 503 with Retry-After for routes reading them, says "rebuilding" with progress, then serves the right data', async () => {
    // A class of real size and an admin, then the read models deleted.
    const seeding = await openInfrastructure(testConfig(dataDir));
    await seeding.accounts.createOrPromoteAdmin(admin);
    await seeding.close();
    const log = SqliteEventStore.open(join(dataDir, 'buildon.sqlite'));
    expect(await writeEvents(log, classEvents(0, shape, epoch))).toBeGreaterThan(20_000);
    await log.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(dataDir, `readmodels.sqlite${suffix}`), { force: true });

    const { app } = await start();
    const version = async () => (await app.inject({ method: 'GET', url: '/api/version' })).json<Version>();
    const login = () => app.inject({ method: 'POST', url: '/auth/local', payload: admin });

    // Answering, and rebuilding: /api/version says so with progress, logging in (the users read model) is a 503 to retry.
    const during = await version();
    expect(during.readModels?.state).toBe('rebuilding');
    for (const field of ['done', 'total', 'percent'] as const) expect(typeof during.readModels?.[field]).toBe('number');
    expect(during.readModels?.projections).toEqual(expect.arrayContaining(['users', 'contributions', 'communities']));
    const refused = await login();
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const problem = refused.json<{ code: string; messageCode: string; detail: string }>();
    expect(problem).toMatchObject({ code: 'unavailable', messageCode: 'errors.rebuilding' });
    expect(problem.detail).toMatch(/rebuilding its records/);
    // Every write waits too, refused before anything is stored (a command could not read its reply): a stranger gets the same 503.
    const write = () => app.inject({ method: 'POST', url: '/api/communities', payload: { title: 'Nouvelle classe' } });
    const refusedWrite = await write();
    expect(refusedWrite.statusCode).toBe(503);
    expect(refusedWrite.headers['retry-after']).toBeDefined();
    // A route that reads no read model answers as usual.
    expect((await app.inject({ method: 'GET', url: '/api/changeLog?lang=fr' })).statusCode).toBe(200);

    // Then ready: the same requests answer, with the class's data.
    const deadline = Date.now() + 120_000;
    for (let state = during.readModels?.state; state !== 'ready'; state = (await version()).readModels?.state) {
      if (Date.now() > deadline) throw new Error('still rebuilding after 120 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Now refused for what it is (no token, no valid body), no longer for the rebuild.
    expect([400, 401]).toContain((await write()).statusCode);
    const answered = await login();
    expect(answered.statusCode).toBe(200);
    const { token } = answered.json<{ token: string }>();
    const communities = await app.inject({ method: 'GET', url: '/api/communities', headers: { authorization: `Bearer ${token}` } });
    expect(communities.statusCode).toBe(200);
    expect(communities.json<{ title: string }[]>().map((community) => community.title)).toContain('Class 0');
  }, 240_000);
});
