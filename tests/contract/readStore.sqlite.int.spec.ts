import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteReadStore } from '../../services/adapters/sqlite-readstore/open.ts';
import { readStoreContract } from './readStore.features.ts';

// The embedded read store passes the same contract as the memory and MongoDB adapters, on a real file (WAL):
// as a follower opens it (no cache), and as the server does, with a cache of recent documents kept tiny so that it evicts.
const sqliteStore = (recentDocuments: number) => async () => {
  const dir = mkdtempSync(join(tmpdir(), 'buildon-readstore-'));
  const store = openSqliteReadStore({ path: join(dir, 'readmodels.sqlite'), recentDocuments });
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
readStoreContract('SqliteReadStore', sqliteStore(0));
readStoreContract('SqliteReadStore with recent documents kept', sqliteStore(3));
