import type { Database, Statement } from 'better-sqlite3';
import type { OnceStore } from '../../core/onceStore.ts';

export type SqliteOnceStoreOptions = {
  /** Delete expired rows once every this many claims (default 100). */
  purgeEvery?: number;
  /** The clock, in ms since the epoch; tests inject one (default `Date.now`). */
  now?: () => number;
};

/**
 * The embedded once-store: table `once_keys(key PRIMARY KEY, expires_at)` in
 * the deployment's SQLite file. A claim inserts the key, or takes over a row
 * whose time has passed, in one statement, so two claims of the same key can
 * never both win. Expired rows are purged every `purgeEvery` claims.
 *
 * The database is the caller's (it is shared with the event store): `close()`
 * leaves it open.
 */
export class SqliteOnceStore implements OnceStore {
  private readonly claimStatement: Statement<[string, number, number]>;
  private readonly purgeStatement: Statement<[number]>;
  private readonly purgeEvery: number;
  private readonly now: () => number;
  private claims = 0;
  private closed = false;

  /** @param db an open better-sqlite3 connection; the table is created if missing. */
  constructor(db: Database, options: SqliteOnceStoreOptions = {}) {
    this.purgeEvery = options.purgeEvery ?? 100;
    if (!Number.isInteger(this.purgeEvery) || this.purgeEvery < 1) {
      throw new Error(`purgeEvery must be a positive integer, got ${this.purgeEvery}`);
    }
    this.now = options.now ?? Date.now;
    db.exec(
      `CREATE TABLE IF NOT EXISTS once_keys (
         key TEXT PRIMARY KEY NOT NULL,
         expires_at INTEGER NOT NULL
       ) STRICT, WITHOUT ROWID`,
    );
    // The upsert changes a row only when the old claim has expired; changes === 1 means we won.
    this.claimStatement = db.prepare(
      `INSERT INTO once_keys (key, expires_at) VALUES (?, ?)
       ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at
       WHERE once_keys.expires_at <= ?`,
    );
    this.purgeStatement = db.prepare('DELETE FROM once_keys WHERE expires_at <= ?');
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    if (this.closed) throw new Error('The once-store is closed');
    if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new Error(`ttlMs must be a positive number, got ${ttlMs}`);
    const now = this.now();
    this.claims += 1;
    if (this.claims % this.purgeEvery === 0) this.purgeStatement.run(now);
    return this.claimStatement.run(key, now + Math.ceil(ttlMs), now).changes === 1;
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
