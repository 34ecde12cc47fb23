import type { Statement } from 'better-sqlite3';
import type { IdempotencyStore, StoredReply } from '../../core/idempotencyStore.ts';
import type { SqliteDatabase } from './database.ts';

const schema = `
  CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope        TEXT    NOT NULL,
    key          TEXT    NOT NULL,
    method       TEXT    NOT NULL,
    url          TEXT    NOT NULL,
    status       INTEGER NOT NULL,
    content_type TEXT    NOT NULL,
    body         TEXT    NOT NULL,
    expires_at   INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS idempotency_keys_expiry ON idempotency_keys (expires_at);
`;

type Row = { method: string; url: string; status: number; content_type: string; body: string };

/** Replies to writes sent with an Idempotency-Key, in a small table next to the events (embedded). */
export class SqliteIdempotencyStore implements IdempotencyStore {
  private readonly select: Statement<[string, string, number], Row>;
  private readonly insert: Statement<[string, string, string, string, number, string, string, number]>;
  private readonly purge: Statement<[number]>;

  constructor(db: SqliteDatabase) {
    db.exec(schema);
    this.select = db.prepare<[string, string, number], Row>(
      'SELECT method, url, status, content_type, body FROM idempotency_keys WHERE scope = ? AND key = ? AND expires_at > ?',
    );
    this.insert = db.prepare<[string, string, string, string, number, string, string, number]>(
      `INSERT INTO idempotency_keys (scope, key, method, url, status, content_type, body, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (scope, key) DO UPDATE SET method = excluded.method, url = excluded.url, status = excluded.status,
         content_type = excluded.content_type, body = excluded.body, expires_at = excluded.expires_at`,
    );
    this.purge = db.prepare<[number]>('DELETE FROM idempotency_keys WHERE expires_at <= ?');
  }

  async get(scope: string, key: string, now: number): Promise<StoredReply | null> {
    const row = this.select.get(scope, key, now);
    return row ? { method: row.method, url: row.url, status: row.status, contentType: row.content_type, body: row.body } : null;
  }

  async put(scope: string, key: string, reply: StoredReply, expiresAt: number, now: number): Promise<void> {
    this.purge.run(now);
    this.insert.run(scope, key, reply.method, reply.url, reply.status, reply.contentType, reply.body, expiresAt);
  }
}
