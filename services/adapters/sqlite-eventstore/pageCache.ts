import type { SqliteDatabase } from './database.ts';

/**
 * What SQLite may hold in memory for one connection, as its settings say
 * (GET /api/admin/memory). better-sqlite3 does not expose
 * sqlite3_memory_used() nor the pages a cache holds now, so these are the
 * limits, not the use: the page cache grows up to `cacheLimitBytes` as pages
 * are read and stays there until the connection closes.
 */
export type PageCacheSettings = {
  pageSize: number;
  /** `PRAGMA cache_size` as set: negative in KiB, positive in pages. */
  cacheSize: number;
  /** The page cache's limit in bytes, from the two above. */
  cacheLimitBytes: number;
  /** `PRAGMA cache_spill`: pages a write transaction may hold before spilling to the file (0: never spills). */
  cacheSpill: number;
  /** `PRAGMA mmap_size`: bytes of the file mapped into memory (0: none; mapped pages count in RSS when read). */
  mmapBytes: number;
  /** The file's size from SQLite's side (page_count × page_size), the WAL not included. */
  fileBytes: number;
};

const number = (db: SqliteDatabase, pragma: string): number => Number(db.pragma(pragma, { simple: true }) ?? 0);

export const pageCacheSettings = (db: SqliteDatabase): PageCacheSettings => {
  const pageSize = number(db, 'page_size');
  const cacheSize = number(db, 'cache_size');
  return {
    pageSize,
    cacheSize,
    cacheLimitBytes: cacheSize < 0 ? -cacheSize * 1024 : cacheSize * pageSize,
    cacheSpill: number(db, 'cache_spill'),
    mmapBytes: number(db, 'mmap_size'),
    fileBytes: number(db, 'page_count') * pageSize,
  };
};
