import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteOnceStore } from '../../services/adapters/sqlite-oncestore/sqliteOnceStore.ts';
import { onceStoreContract } from './onceStore.features.ts';

/** One file shared by every store of the run, as the deployment shares its SQLite file. */
const folder = mkdtempSync(join(tmpdir(), 'buildon-oncestore-'));
const databases: Database.Database[] = [];
const openDatabase = (): Database.Database => {
  const db = new Database(join(folder, 'once.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  databases.push(db);
  return db;
};

afterAll(() => {
  for (const db of databases) db.close();
  rmSync(folder, { recursive: true, force: true });
});

onceStoreContract('SQLite', async () => new SqliteOnceStore(openDatabase()));

describe('SqliteOnceStore', () => {
  it('purges expired keys every purgeEvery claims, and only expired ones', async () => {
    const db = new Database(':memory:');
    let now = 1_000;
    const store = new SqliteOnceStore(db, { purgeEvery: 3, now: () => now });
    const rows = (): number => (db.prepare('SELECT count(*) AS n FROM once_keys').get() as { n: number }).n;

    expect(await store.claim('old', 10)).toBe(true);
    expect(await store.claim('fresh', 10_000)).toBe(true);
    now += 100;
    expect(rows()).toBe(2);
    expect(await store.claim('third', 10_000)).toBe(true);

    expect(rows()).toBe(2);
    expect(await store.claim('fresh', 10_000)).toBe(false);
    expect(await store.claim('old', 10)).toBe(true);
    await store.close();
    db.close();
  });

  it('leaves the shared database open when closed', async () => {
    const db = new Database(':memory:');
    const store = new SqliteOnceStore(db);
    await store.close();

    expect(db.open).toBe(true);
    await expect(store.claim('after-close', 1_000)).rejects.toThrow(Error);
    db.close();
  });

  it('refuses a time to live that is not positive', async () => {
    const db = new Database(':memory:');
    const store = new SqliteOnceStore(db);
    await expect(store.claim('k', 0)).rejects.toThrow(Error);
    await expect(store.claim('k', Number.NaN)).rejects.toThrow(Error);
    db.close();
  });
});
