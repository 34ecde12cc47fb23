import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database.ts';

/** A saved snapshot: the bytes and the global position they reflect. */
export type StoredSnapshot = {
  /** Global position of the last event folded into the snapshot. */
  checkpoint: number;
  /** Format tag chosen by the writer; a reader ignores a snapshot whose version it does not know. */
  version: string;
  bytes: Uint8Array;
};

type SnapshotRow = { checkpoint: number; version: string; bytes: Buffer };

/**
 * Named binary snapshots stored next to the events, in the same SQLite file.
 * The embedded deployment saves its in-memory read store here so a restart
 * replays only the events after `checkpoint` instead of the whole log. One
 * row per name; saving replaces the previous snapshot atomically.
 * Synchronous on purpose: a save is one statement on the shared connection.
 */
export class SqliteSnapshotStore {
  private readonly upsert: Statement<[string, number, string, Uint8Array, string]>;
  private readonly select: Statement<[string], SnapshotRow>;
  private readonly remove: Statement<[string]>;

  /** @param db the connection shared with the event store (see `openDatabase`). */
  constructor(db: SqliteDatabase) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS snapshots (
        name       TEXT    PRIMARY KEY,
        checkpoint INTEGER NOT NULL,
        version    TEXT    NOT NULL,
        bytes      BLOB    NOT NULL,
        saved_at   TEXT    NOT NULL
      ) WITHOUT ROWID;
    `);
    this.upsert = db.prepare<[string, number, string, Uint8Array, string]>(`
      INSERT INTO snapshots (name, checkpoint, version, bytes, saved_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (name) DO UPDATE SET
        checkpoint = excluded.checkpoint, version = excluded.version, bytes = excluded.bytes, saved_at = excluded.saved_at
    `);
    this.select = db.prepare<[string], SnapshotRow>('SELECT checkpoint, version, bytes FROM snapshots WHERE name = ?');
    this.remove = db.prepare<[string]>('DELETE FROM snapshots WHERE name = ?');
  }

  /** Replaces the snapshot called `name`. */
  save(name: string, checkpoint: number, version: string, bytes: Uint8Array): void {
    this.upsert.run(name, checkpoint, version, bytes, new Date().toISOString());
  }

  /** The snapshot called `name`, or null when none was saved. */
  load(name: string): StoredSnapshot | null {
    const row = this.select.get(name);
    if (!row) return null;
    return {
      checkpoint: row.checkpoint,
      version: row.version,
      bytes: new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength),
    };
  }

  /** Forgets the snapshot called `name` (e.g. before a full rebuild). */
  delete(name: string): void {
    this.remove.run(name);
  }
}
