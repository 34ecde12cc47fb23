import { join } from 'node:path';
import type { SqliteSnapshotStore } from '../adapters/sqlite-eventstore/snapshotStore.ts';
import { openSqliteReadStore } from '../adapters/sqlite-readstore/open.ts';
import type { ReadStore } from '../core/readStore.ts';
import type { SqliteReadStore } from '../adapters/sqlite-readstore/sqliteReadStore.ts';
import type { Config } from './config.ts';
import { opening } from './dependencyError.ts';
import type { AppLog } from './logger.ts';
import { restoreMemoryReadStore } from './readStoreSnapshot.ts';

/** The read store the configuration chose, and what the rest of the root needs to know about it. */
export type OpenedReadStore = {
  store: ReadStore;
  /** Its name in `storage` (GET /api/meta, Admin tools, the start log). */
  kind: 'sqlite' | 'memory' | 'mongodb';
  /**
   * Whether readers may fetch documents one at a time (CanvasReader): cheap
   * in this process, a round trip each for a remote store, which is then
   * asked in batches.
   */
  pointLookups: boolean;
  /**
   * For a store held in memory only: its bytes, saved as a snapshot in the
   * SQLite file (readStoreSnapshot.ts). Absent when the store keeps itself.
   */
  takeSnapshot?: () => Uint8Array;
  /** The embedded SQLite store itself, for the memory report (GET /api/admin/memory). */
  sqlite?: SqliteReadStore;
};

/** The embedded read models' own file, beside the event log (never inside it: a rebuild may set it aside). */
export const readModelsFile = (dataDir: string): string => join(dataDir, 'readmodels.sqlite');

/**
 * Documents kept ready per collection of the SQLite read store (their JSON
 * text, a few kB each: at most some 100 MB over the busy collections), so a
 * class's canvas is not a SQL lookup and a checksum per note at every load.
 */
const recentDocuments = 20_000;

/**
 * Where the read models live: MongoDB when BUILDON_MONGO_URL is set;
 * otherwise `readmodels.sqlite` in the data folder (issue 23: kept across
 * restarts, checkpointed with the projections' writes, bounded memory), or
 * in memory, restored from the last snapshot, when BUILDON_READ_STORE=memory
 * (tests). The one place where the read store is chosen: a new read-store
 * adapter is added here.
 */
export const openReadStore = async (config: Config, snapshots: SqliteSnapshotStore, log?: AppLog): Promise<OpenedReadStore> => {
  const mongoUrl = config.mongoUrl;
  if (mongoUrl) {
    // Imported only when configured: the driver takes seconds to load.
    const { MongoReadStore } = await import('../adapters/mongo-readstore/mongoReadStore.ts');
    const store = await opening('MongoDB', 'BUILDON_MONGO_URL', mongoUrl, () => MongoReadStore.connect(mongoUrl, config.mongoDb));
    return { store, kind: 'mongodb', pointLookups: false };
  }
  if (config.embeddedReadStore === 'sqlite') {
    const path = readModelsFile(config.dataDir);
    const store = await opening(
      'The read models file',
      'BUILDON_DATA_DIR',
      path,
      // Recently read documents are kept only where this process projects: a follower's file is written by another.
      () =>
        openSqliteReadStore({ path, ...(log ? { log } : {}), recentDocuments: config.projectionsMode === 'active' ? recentDocuments : 0 }),
      'cannot be opened',
    );
    return { store, kind: 'sqlite', pointLookups: true, sqlite: store };
  }
  const memory = restoreMemoryReadStore(snapshots, log);
  return { store: memory, kind: 'memory', pointLookups: true, takeSnapshot: () => memory.snapshot() };
};
