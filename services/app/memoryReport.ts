import type { Static } from 'typebox';
import type { MemoryReply } from '../../contracts/api/admin.ts';
import type { SqliteDatabase } from '../adapters/sqlite-eventstore/database.ts';
import { pageCacheSettings } from '../adapters/sqlite-eventstore/pageCache.ts';
import type { SqliteReadStore } from '../adapters/sqlite-readstore/sqliteReadStore.ts';

export type MemoryReport = Static<typeof MemoryReply>;

/**
 * What holds the server's memory (GET /api/admin/memory, issue 16 §4): the
 * process's figures, each embedded SQLite connection's page cache settings
 * (their limits: SQLite's own use is not exposed to Node), and per read-model
 * collection its documents and what its caches hold now.
 */
export const memoryReporter =
  (embedded: SqliteDatabase, readStore: SqliteReadStore | null): (() => MemoryReport) =>
  () => {
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const read = readStore?.memory();
    return {
      process: { rss, heapTotal, heapUsed, external, arrayBuffers },
      sqlite: [
        { file: 'buildon.sqlite', ...pageCacheSettings(embedded) },
        ...(read ? [{ file: 'readmodels.sqlite', ...read.pageCache }] : []),
      ],
      readModels: read?.collections ?? [],
    };
  };
