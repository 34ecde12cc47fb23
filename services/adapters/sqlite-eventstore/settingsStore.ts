import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database.ts';

/**
 * Small string settings kept in the embedded SQLite file, chiefly secrets the
 * server generates on first start (the JWT signing key) and must find again
 * after a restart. Synchronous: they are read once at startup.
 */
export class SqliteSettingsStore {
  private readonly select: Statement<[string], { value: string }>;
  private readonly upsert: Statement<[string, string]>;
  private readonly insertIfAbsent: Statement<[string, string]>;

  /** @param db the connection shared with the event store (see `openDatabase`). */
  constructor(db: SqliteDatabase) {
    db.exec('CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID');
    this.select = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
    this.upsert = db.prepare<[string, string]>(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    this.insertIfAbsent = db.prepare<[string, string]>('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING');
  }

  /** The value stored under `key`, or null. */
  get(key: string): string | null {
    return this.select.get(key)?.value ?? null;
  }

  set(key: string, value: string): void {
    this.upsert.run(key, value);
  }

  /**
   * The value under `key`; when there is none, stores `create()` and returns
   * it. The first value written wins, so two processes racing on first start
   * still agree on one secret.
   */
  getOrCreate(key: string, create: () => string): string {
    const existing = this.get(key);
    if (existing !== null) return existing;
    this.insertIfAbsent.run(key, create());
    const stored = this.get(key);
    if (stored === null) throw new Error(`Setting ${key} could not be stored`);
    return stored;
  }
}
