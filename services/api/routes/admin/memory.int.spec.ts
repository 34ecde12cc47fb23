import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../tests/support/testApp.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

type Memory = {
  process: { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
  sqlite: { file: string; pageSize: number; cacheSize: number; cacheLimitBytes: number; cacheSpill: number; fileBytes: number }[];
  readModels: {
    name: string;
    documents: number;
    recentDocuments: number;
    recentCharacters: number;
    keyedEntries: number;
    keyedIds: number;
  }[];
};

const frenchServer = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../web/src/i18n/locales/server/fr.json'), 'utf8')) as {
  server: { messages: Record<string, string> };
};

describe('GET /api/admin/memory (issue 16 §4): what holds the server memory', () => {
  const t = useTestApp();

  it('reports the process, the SQLite page caches and each read model with its caches, to admins only', async () => {
    const admin = await t.admin();
    const pupil = await t.register('memory.pupil');
    // A read through the read store's cache of recent documents (the user behind the token).
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(pupil.token) })).statusCode).toBe(200);

    const response = await t.app.inject({ method: 'GET', url: '/api/admin/memory', headers: bearer(admin.token) });
    expect(response.statusCode).toBe(200);
    const memory = response.json<Memory>();
    expect(memory.process.rss).toBeGreaterThan(memory.process.heapUsed);
    expect(memory.process.heapUsed).toBeGreaterThan(0);
    expect(memory.sqlite.map((db) => db.file)).toEqual(['buildon.sqlite', 'readmodels.sqlite']);
    const readModels = memory.sqlite[1];
    // The read store's page cache as openSqliteReadStore sets it (64 MiB, in KiB).
    expect(readModels).toMatchObject({ cacheSize: -65536, cacheLimitBytes: 64 * 1024 * 1024 });
    expect(readModels?.fileBytes).toBeGreaterThan(0);

    const users = memory.readModels.find((model) => model.name === 'users');
    expect(users?.documents).toBe(2);
    // Largest cache first.
    const held = memory.readModels.map((model) => model.recentCharacters);
    expect(held).toEqual([...held].sort((a, b) => b - a));
    expect(memory.readModels.reduce((sum, model) => sum + model.recentDocuments, 0)).toBeGreaterThan(0);
    expect(held[0]).toBeGreaterThan(0);

    // Refused to anyone but an admin, in French through the message code.
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/memory', headers: bearer(pupil.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ messageCode: string }>().messageCode).toBe('messages.adminOnly');
    expect(frenchServer.server.messages.adminOnly).toBe('Cette action est réservée aux administrateurs.');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/memory' })).statusCode).toBe(401);
  });
});
