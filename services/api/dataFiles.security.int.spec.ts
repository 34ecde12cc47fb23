import { chmodSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildObjectsTestApp, classRoom, createContribution, samplePng, uploadBody, auth } from '../../tests/support/objects.ts';
import { tempDataDir, testConfig } from '../../tests/support/testApp.ts';
import { openInfrastructure } from '../app/infrastructure.ts';

/** Issue 20 §13: the data folder is 0700 and every file in it 0600, even with a permissive umask. */

const modeOf = (path: string) => statSync(path).mode & 0o777;
const everything = (root: string): string[] => readdirSync(root, { recursive: true, encoding: 'utf8' }).map((entry) => join(root, entry));

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('data files', () => {
  it('a fresh data folder, its store and its attachments are readable by the server user only', async () => {
    const previous = process.umask(0o022);
    try {
      const t = await buildObjectsTestApp();
      dirs.push(t.dataDir);
      const room = await classRoom(t);
      const id = await createContribution(t, {
        communityId: room.communityId,
        type: 'Attachment',
        authors: [room.a.authorId],
        actorId: room.a.userId,
      });
      const { payload, headers } = uploadBody(samplePng(2, 2), { filename: 'photo.png' });
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/upload/${room.communityId}/${id}`,
        payload,
        headers: { ...headers, ...auth(room.a.token) },
      });
      expect(uploaded.statusCode).toBe(201);
      await t.infra.snapshot();
      const paths = everything(t.dataDir);
      expect(paths.some((p) => p.endsWith('.sqlite'))).toBe(true);
      // The write-ahead log and its index hold the newest events: they are checked too.
      expect(paths.some((p) => p.endsWith('.sqlite-wal'))).toBe(true);
      expect(paths.some((p) => p.endsWith('.sqlite-shm'))).toBe(true);
      expect(paths.some((p) => p.includes('blobs'))).toBe(true);
      expect(modeOf(t.dataDir)).toBe(0o700);
      for (const path of paths) {
        const expected = statSync(path).isDirectory() ? 0o700 : 0o600;
        expect([path, modeOf(path).toString(8)]).toEqual([path, expected.toString(8)]);
      }
      await t.close();
    } finally {
      process.umask(previous);
    }
  });

  it('a data folder that does not exist yet (and its parents) is created 0700', async () => {
    const previous = process.umask(0o022);
    try {
      const parent = tempDataDir();
      dirs.push(parent);
      const dir = join(parent, 'school', 'buildon');
      const infra = await openInfrastructure(testConfig(dir));
      await infra.snapshot();
      expect(modeOf(join(parent, 'school'))).toBe(0o700);
      expect(modeOf(dir)).toBe(0o700);
      for (const path of everything(dir)) {
        expect([path, modeOf(path).toString(8)]).toEqual([path, statSync(path).isDirectory() ? '700' : '600']);
      }
      await infra.close();
    } finally {
      process.umask(previous);
    }
  });

  it('an existing world-readable data folder is closed at start', async () => {
    const previous = process.umask(0o022);
    try {
      const dir = tempDataDir();
      dirs.push(dir);
      mkdirSync(dir, { recursive: true });
      // What an older version left: a folder (and a store in it) others could read.
      chmodSync(dir, 0o755);
      writeFileSync(join(dir, 'buildon.sqlite'), '', { mode: 0o644 });
      expect(modeOf(dir)).toBe(0o755);
      const warnings: string[] = [];
      const log = { info: () => undefined, error: () => undefined, warn: (_: object, message: string) => warnings.push(message) };
      const infra = await openInfrastructure(testConfig(dir), { log });
      expect(modeOf(dir)).toBe(0o700);
      expect(warnings).toEqual(['the data folder was open to other accounts: it is now 0700']);
      expect(modeOf(join(dir, 'buildon.sqlite'))).toBe(0o600);
      await infra.close();
    } finally {
      process.umask(previous);
    }
  });
});
