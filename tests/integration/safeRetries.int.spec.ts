import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { CreateContributionReply } from '../../contracts/api/canvas.ts';
import { openInfrastructure } from '../../services/app/infrastructure.ts';
import { canvasWorld, type CanvasWorld } from '../support/canvas.ts';
import { bearer, buildTestApp, tempDataDir, testConfig, type TestApp } from '../support/testApp.ts';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

const note = (w: CanvasWorld, key?: string, title = 'idea') =>
  w.t.app.inject({
    method: 'POST',
    url: `/api/contributions/${w.communityId}`,
    headers: { ...bearer(w.writer.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { type: 'Note', title, placement: { viewId: w.welcomeViewId, x: 40, y: 40 } },
  });

describe('safe retries (issue 22 §5)', () => {
  let t: TestApp;
  let w: CanvasWorld;
  beforeAll(async () => {
    t = await buildTestApp({ readModelWaitMs: 300 });
    w = await canvasWorld(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('a write retried with the same Idempotency-Key gets the first reply and appends nothing', async () => {
    const first = await note(w, 'action-1');
    expect(first.statusCode).toBe(201);
    const head = await t.infra.eventStore.headPosition();
    const again = await note(w, 'action-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await t.infra.eventStore.headPosition()).toBe(head);
    // Another key is another action.
    const other = await note(w, 'action-2');
    expect(other.json<CreateContributionReply>().contribution._id).not.toBe(first.json<CreateContributionReply>().contribution._id);
  });

  it('retries racing the first attempt wait for it: one note', async () => {
    const head = await t.infra.eventStore.headPosition();
    const replies = await Promise.all([note(w, 'race-1'), note(w, 'race-1'), note(w, 'race-1')]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(replies.map((r) => r.json<CreateContributionReply>().contribution._id)).size).toBe(1);
    const created = (await t.infra.eventStore.readAll({ after: head })).filter((e) => e.type === 'ContributionCreated');
    expect(created).toHaveLength(1);
  });

  it('keys are per user, refused when malformed, and a key reused for another path is a 400 naming the header', async () => {
    const mine = await note(w, 'shared-key');
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/contributions/${w.communityId}`,
      headers: { ...bearer(w.writer2.token), 'idempotency-key': 'shared-key' },
      payload: { type: 'Note', title: 'theirs', placement: { viewId: w.welcomeViewId, x: 40, y: 40 } },
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<CreateContributionReply>().contribution._id).not.toBe(mine.json<CreateContributionReply>().contribution._id);
    const bad = await note(w, 'x'.repeat(300));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ field: 'Idempotency-Key' }] });
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { ...bearer(w.writer.token), 'idempotency-key': 'shared-key' },
      payload: { from: w.welcomeViewId, to: mine.json<CreateContributionReply>().contribution._id, type: 'contains', data: { x: 1, y: 1 } },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ errors: [{ field: 'Idempotency-Key' }] });
  });

  it('a registration retried with its key answers the same account (the robot check is not asked twice)', async () => {
    const payload = {
      firstName: 'Ana',
      lastName: 'Retry',
      email: 'ana.retry@example.org',
      userName: `anaretry${process.pid}`,
      password: 'secret-pass-1',
      robotCheck: await t.robotCheck(),
    };
    const headers = { 'idempotency-key': 'signup-1' };
    const first = await t.app.inject({ method: 'POST', url: '/api/users', headers, payload });
    expect(first.statusCode).toBe(201);
    const second = await t.app.inject({ method: 'POST', url: '/api/users', headers, payload });
    expect(second.statusCode).toBe(201);
    expect(second.json<{ user: { _id: string } }>().user._id).toBe(first.json<{ user: { _id: string } }>().user._id);
    // A classmate at the same school address who sends the same key with their own form never gets this account's token.
    const classmate = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: { ...payload, userName: `classmate${process.pid}`, email: 'classmate@example.org', robotCheck: await t.robotCheck() },
    });
    expect(classmate.statusCode).toBe(201);
    expect(classmate.headers['idempotent-replayed']).toBeUndefined();
    expect(classmate.json<{ user: { _id: string } }>().user._id).not.toBe(first.json<{ user: { _id: string } }>().user._id);
    // The kept scope is keyed with the server's secret: no plain hash of the form (and its password) lies in the data folder.
    const plainHash = createHash('sha256').update(JSON.stringify(payload)).digest('base64url');
    const db = new Database(join(t.dataDir, 'buildon.sqlite'), { readonly: true });
    const scopes = db.prepare('SELECT scope FROM idempotency_keys').pluck().all() as string[];
    db.close();
    expect(scopes.filter((scope) => scope.startsWith('address:')).length).toBeGreaterThan(0);
    expect(scopes.some((scope) => scope.includes(plainHash))).toBe(false);
  });

  it('read models late after a successful write: 202 with the ids created, not a 500; the retry replays the 202', async () => {
    const runner = t.infra.runner;
    const waitFor = runner.waitFor.bind(runner);
    runner.waitFor = () => new Promise<void>(() => undefined);
    try {
      const head = await t.infra.eventStore.headPosition();
      const late = await note(w, 'late-1', 'late');
      expect(late.statusCode).toBe(202);
      const body = late.json<{ accepted: boolean; ids: string[]; messageCode: string }>();
      expect(body).toMatchObject({ accepted: true, messageCode: 'errors.accepted' });
      const written = await t.infra.eventStore.readAll({ after: head });
      const noteId = (written.find((e) => e.type === 'ContributionCreated')?.data as { contributionId: string }).contributionId;
      const refId = (written.find((e) => e.type === 'LinkCreated')?.data as { linkId: string }).linkId;
      expect(body.ids).toEqual(expect.arrayContaining([noteId, refId]));
      const retry = await note(w, 'late-1', 'late');
      expect(retry.statusCode).toBe(202);
      expect((await t.infra.eventStore.readAll({ after: head })).filter((e) => e.type === 'ContributionCreated')).toHaveLength(1);
    } finally {
      runner.waitFor = waitFor;
    }
  });

  it('a read-store outage answers 503 with Retry-After, never 401 (nobody is logged out)', async () => {
    const readStore = t.infra.readStore;
    const collection = readStore.collection.bind(readStore);
    readStore.collection = () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:27017'), { code: 'ECONNREFUSED' });
    };
    try {
      const started = Date.now();
      const response = await t.app.inject({ method: 'GET', url: `/api/users/me`, headers: bearer(w.writer.token) });
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toMatchObject({ code: 'unavailable', messageCode: 'errors.unavailable' });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      readStore.collection = collection;
    }
  });

  it('a full disk answers 507 with a readable reason', async () => {
    const store = t.infra.commandDeps.eventStore;
    const appendMany = store.appendMany.bind(store);
    store.appendMany = () => Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
    try {
      const response = await note(w);
      expect(response.statusCode).toBe(507);
      expect(response.json()).toMatchObject({ code: 'storage_full', messageCode: 'errors.storageFull' });
      expect(response.json<{ message: string }>().message).toMatch(/disk space/);
    } finally {
      store.appendMany = appendMany;
    }
  });
});

describe('dependencies at start and when they stop (issue 22 §5)', () => {
  const started: ChildProcess[] = [];
  afterEach(() => {
    for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  const startRedis = async (port: number): Promise<ChildProcess> => {
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    return child;
  };

  it('with Redis configured and stopped, registration, community creation and job status answer 503 within 2 s', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    const t = await buildTestApp({ config: { redisUrl: `redis://127.0.0.1:${port}` } });
    try {
      const admin = await t.admin(`redisadmin${process.pid}`, 'admin-pass');
      const robotCheck = await t.robotCheck();
      const stopped = new Promise((resolve) => redis.once('exit', resolve));
      redis.kill('SIGTERM');
      await stopped;

      const timed = async (request: InjectOptions) => {
        const at = Date.now();
        const response = await t.app.inject(request);
        return { response, ms: Date.now() - at };
      };
      const registration = await timed({
        method: 'POST',
        url: '/api/users',
        payload: {
          firstName: 'R',
          lastName: 'D',
          email: 'r.d@example.org',
          userName: `redisdown${process.pid}`,
          password: 'secret-pass-1',
          robotCheck,
        },
      });
      const community = await timed({
        method: 'POST',
        url: '/api/communities',
        headers: bearer(admin.token),
        payload: { title: `Down ${process.pid}`, registrationKey: 'writer-key', managerRegistrationKey: 'manager-key' },
      });
      const job = await timed({ method: 'GET', url: '/api/admin/jobs/some-job', headers: bearer(admin.token) });
      for (const { response, ms } of [registration, community, job]) {
        expect(response.statusCode, response.body).toBe(503);
        expect(response.headers['retry-after']).toBeDefined();
        expect(response.json()).toMatchObject({ messageCode: 'errors.unavailable' });
        expect(ms).toBeLessThan(2_000);
      }
    } finally {
      await t.close();
    }
  }, 60_000);

  it('a start with Redis down names Redis, its address and BUILDON_REDIS_URL', async () => {
    const port = await freePort();
    const dataDir = tempDataDir();
    await expect(openInfrastructure(testConfig(dataDir, { redisUrl: `redis://127.0.0.1:${port}` }))).rejects.toThrow(
      new RegExp(`^Redis at redis://127\\.0\\.0\\.1:${port}/? \\(BUILDON_REDIS_URL\\) does not answer`),
    );
  }, 30_000);

  it('files left by interrupted uploads are removed at start; whole blobs stay', async () => {
    const dataDir = tempDataDir();
    const folder = join(dataDir, 'blobs', 'attachments');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, '.0b5e.tmp'), 'half a file');
    writeFileSync(join(folder, 'orphan.meta.json'), '{"contentType":"image/png"}');
    writeFileSync(join(folder, 'whole'), 'bytes');
    writeFileSync(join(folder, 'whole.meta.json'), '{"contentType":"text/plain"}');
    const infra = await openInfrastructure(testConfig(dataDir));
    try {
      expect(existsSync(join(folder, '.0b5e.tmp'))).toBe(false);
      expect(existsSync(join(folder, 'orphan.meta.json'))).toBe(false);
      expect(existsSync(join(folder, 'whole'))).toBe(true);
      expect(existsSync(join(folder, 'whole.meta.json'))).toBe(true);
    } finally {
      await infra.close();
    }
  });
});
