import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/** The better-sqlite3 connection type, re-exported so callers need not import the driver. */
export type SqliteDatabase = Database.Database;

/** How long a statement waits for a lock held by another connection before failing. */
const busyTimeoutMs = 5_000;

/**
 * Opens (creating it and its folder if needed) the embedded deployment's SQLite
 * file, tuned for an event log that must survive a power cut:
 * - `journal_mode=WAL`: readers never block the writer, and a commit is one
 *   sequential write to the WAL;
 * - `synchronous=FULL`: COMMIT returns only after the WAL is fsynced, so an
 *   acknowledged append is durable (NORMAL could lose the last commits);
 * - `busy_timeout`: tolerate a short lock from an operator tool (backup, CLI);
 * - `foreign_keys=ON`: off by default in SQLite.
 *
 * The event store, snapshot store and settings store share this one
 * connection, so it stays a plain better-sqlite3 `Database`; whoever opens it
 * closes it.
 * @param path file path; `:memory:` works for throwaway tests (no WAL then).
 */
export const openDatabase = (path: string): SqliteDatabase => {
  const onDisk = path !== ':memory:' && !path.startsWith('file:');
  if (onDisk) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    // The log holds every pupil's work (issue 20 §13): readable by the server's user only.
    if (onDisk) for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
    db.pragma('synchronous = FULL');
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    db.pragma('foreign_keys = ON');
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
};
