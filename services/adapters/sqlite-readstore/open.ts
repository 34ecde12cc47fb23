import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { SqliteDatabase } from '../sqlite-eventstore/database.ts';
import { isFileDamage } from './checksum.ts';
import { initSchema, ReadStoreFileError } from './schema.ts';
import { SqliteReadStore } from './sqliteReadStore.ts';

export type ReadStoreLog = { warn?(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type OpenSqliteReadStoreOptions = {
  /** The read models' own file, e.g. `<data dir>/readmodels.sqlite` (beside the event log, never inside it). */
  path: string;
  log?: ReadStoreLog;
  /** SQLite page cache, in MiB (default 64): what bounds the store's memory, whatever the size of the file. */
  cacheMb?: number;
  /** Recently read documents kept decoded-ready per collection (default 0); only for the process that writes the file. */
  recentDocuments?: number;
};

/** Written beside the file when SQLite finds it damaged while running: the next open starts afresh. */
const damageMarker = (path: string): string => `${path}.damaged`;

const onDisk = (path: string): boolean => path !== ':memory:' && !path.startsWith('file:');

const openFile = (path: string, cacheMb: number): SqliteDatabase => {
  const db = new Database(path);
  try {
    // WAL: queries never wait for the projections. synchronous=NORMAL: a commit is not fsynced, so a power cut
    // may lose the last ones, but always whole (data with its checkpoint): the read models are a cache of the
    // log, and the runner replays what was lost. A crashed process loses nothing.
    db.pragma('journal_mode = WAL');
    if (onDisk(path)) for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
    db.pragma('synchronous = NORMAL');
    // Checkpoints (the only fsyncs) every 16 MiB of WAL instead of 4: a rebuild writes gigabytes.
    db.pragma('wal_autocheckpoint = 4096');
    db.pragma('journal_size_limit = 67108864');
    db.pragma('busy_timeout = 5000');
    db.pragma(`cache_size = ${-Math.round(cacheMb * 1024)}`);
    db.pragma('temp_store = MEMORY');
    db.transaction(() => initSchema(db))();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
};

/** Moves a damaged file (and its WAL) aside as `<path>.corrupt`, replacing an older one. */
const setAside = (path: string): string => {
  const aside = `${path}.corrupt`;
  renameSync(path, aside);
  for (const suffix of ['-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  rmSync(damageMarker(path), { force: true });
  return aside;
};

/**
 * Opens (creating it and its folder if needed) the embedded read store at
 * `path`. The read models are a cache of the event log, never a single point
 * of failure: a file that is not a SQLite database, that SQLite reports
 * damaged, that is of another format or whose catalog names missing tables is
 * set aside as `<path>.corrupt` with a warning, and an empty store is opened
 * in its place; the projection runner then finds no checkpoints and rebuilds
 * every read model from the log. Damage met later (a row failing its checksum)
 * is reported by `onCorruption` and rebuilt by the runner.
 */
export const openSqliteReadStore = (options: OpenSqliteReadStoreOptions): SqliteReadStore => {
  const { path, log } = options;
  const cacheMb = options.cacheMb ?? 64;
  if (onDisk(path)) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const warn = (obj: object, msg: string) => (log?.warn ?? log?.error)?.call(log, obj, msg);
  const markDamaged = (error: Error) => {
    if (!onDisk(path)) return;
    try {
      writeFileSync(damageMarker(path), `${new Date().toISOString()} ${error.message}\n`, { mode: 0o600 });
    } catch {
      // The marker only speeds up recovery; the checksums still guard every read.
    }
    warn({ err: error, path }, 'the read models file is damaged: it will be rebuilt from the event log at the next start');
  };
  const start = (db: SqliteDatabase) =>
    new SqliteReadStore(db, {
      onFileDamage: markDamaged,
      ...(options.recentDocuments ? { recentDocuments: options.recentDocuments } : {}),
    });

  if (onDisk(path) && existsSync(path)) {
    let reason: unknown = existsSync(damageMarker(path)) ? new ReadStoreFileError('it was found damaged while the server ran') : null;
    if (!reason) {
      let db: SqliteDatabase | null = null;
      try {
        db = openFile(path, cacheMb);
        return start(db);
      } catch (error) {
        db?.close();
        if (!(error instanceof ReadStoreFileError) && !isFileDamage(error)) throw error;
        reason = error;
      }
    }
    const aside = setAside(path);
    warn(
      { err: reason, path, setAside: aside },
      'the read models file cannot be used: set aside; every read model is rebuilt from the event log',
    );
  }
  return start(openFile(path, cacheMb));
};
