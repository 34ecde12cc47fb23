import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../tests/support/testApp.ts';
import { parseChangeLog } from './changeLog.ts';
import { packageVersion } from './index.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

describe('meta, robot check and admin tools', () => {
  const t = useTestApp();

  it('GET /api/version names the version and the storage in use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/) as unknown,
      kfVersion: '6.11.14',
      storage: { eventStore: 'sqlite', readStore: 'sqlite', jobQueue: 'in-process' },
    });
  });

  it('GET /api/changeLog says what changed for users, in their language, French when it is not written in it (issue 21 §13)', async () => {
    type Reply = { entries: { version: string; changes: string[] }[] };
    const read = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/changeLog${query}` })).json<Reply>().entries;
    const [french, english, japanese, none] = [await read('?lang=fr'), await read('?lang=en'), await read('?lang=ja'), await read('')];
    expect(french[0]?.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(french[0]?.changes.length).toBeGreaterThan(0);
    // The newest release is the package's: the notes are kept up to date.
    expect(french[0]?.version).toBe(packageVersion);
    expect(english.map((entry) => entry.version)).toEqual(french.map((entry) => entry.version));
    expect(english[0]?.changes[0]).not.toBe(french[0]?.changes[0]);
    expect(japanese).toEqual(french);
    expect(none).toEqual(french);
    // Users' words, not the developers' log.
    expect(JSON.stringify(french)).not.toMatch(/issue \d|projection|`/);
    expect((await t.app.inject({ method: 'GET', url: '/api/changeLog?lang=<script>' })).statusCode).toBe(400);
  });

  it('parses change-log headings and items', () => {
    expect(parseChangeLog('# Changes\n\n## 1.2.0 — 2026-01-02\n- one\n- two\n## 1.1.0\n* three\n')).toEqual([
      { version: '1.2.0', date: '2026-01-02', changes: ['one', 'two'] },
      { version: '1.1.0', date: '', changes: ['three'] },
    ]);
  });

  it('serves the OpenAPI document and its UI at /api/docs, with a schema on every route', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses?: object }>>;
    }>();
    for (const path of [
      '/api/users',
      '/auth/local',
      '/api/users/me',
      '/api/users/search',
      '/api/recaptcha',
      '/api/version',
      '/api/admin/rebuild',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.responses, `${method} ${path} declares its responses`).toBeDefined();
      }
    }
  });

  it('answers unknown API paths with a 404 problem', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  describe('robot check', () => {
    it('GET /api/recaptcha/config says ALTCHA is active by default', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/recaptcha/config' });
      expect(response.json()).toEqual({ provider: 'altcha', publicKey: null, challengeUrl: '/api/recaptcha/challenge' });
    });

    it('POST /api/recaptcha answers responseCode 0 for a valid solution without using it up', async () => {
      const solution = await t.robotCheck();
      const check = await t.app.inject({ method: 'POST', url: '/api/recaptcha', payload: { gRecaptchaResponse: solution } });
      expect(check.json()).toEqual({ responseCode: 0 });
      const again = await t.app.inject({ method: 'POST', url: '/api/recaptcha', payload: { gRecaptchaResponse: solution } });
      expect(again.json()).toEqual({ responseCode: 0 });
      const invalid = await t.app.inject({
        method: 'POST',
        url: '/api/recaptcha',
        payload: { gRecaptchaResponse: 'bm90IGEgc29sdXRpb24=' },
      });
      expect(invalid.json()).toEqual({ responseCode: 1 });
    });
  });

  describe('admin tools', () => {
    it('shows storage figures and rebuilds projections as a job with progress', async () => {
      const admin = await t.admin();
      await t.register('figure.one');
      const stats = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin.token) });
      expect(stats.statusCode).toBe(200);
      const body = stats.json<{ eventStore: { headPosition: number }; readModels: { name: string; count: number }[] }>();
      expect(body.eventStore.headPosition).toBeGreaterThan(0);
      expect(body.readModels.find((m) => m.name === 'users')?.count).toBe(2);

      const before = await t.infra.readStore.collection('users').find({}, { sort: { _id: 1 } });
      const accepted = await t.app.inject({ method: 'POST', url: '/api/admin/rebuild', headers: bearer(admin.token), payload: {} });
      expect(accepted.statusCode).toBe(202);
      const { jobId } = accepted.json<{ jobId: string }>();
      await t.infra.queue.waitForJob(jobId, 10_000);
      const status = await t.app.inject({ method: 'GET', url: `/api/admin/jobs/${jobId}`, headers: bearer(admin.token) });
      expect(status.json()).toMatchObject({ state: 'completed', progress: 100 });
      expect(await t.infra.readStore.collection('users').find({}, { sort: { _id: 1 } })).toEqual(before);

      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/admin/rebuild',
        headers: bearer(admin.token),
        payload: { projection: 'nope' },
      });
      expect(unknown.statusCode).toBe(400);
    });
  });
});
