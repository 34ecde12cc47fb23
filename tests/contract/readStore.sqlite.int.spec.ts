import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteReadStore } from '../../services/adapters/sqlite-readstore/open.ts';
import { readStoreContract } from './readStore.features.ts';

// The embedded read store passes the same contract as the memory and MongoDB adapters, on a real file (WAL).
readStoreContract('SqliteReadStore', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'buildon-readstore-'));
  const store = openSqliteReadStore({ path: join(dir, 'readmodels.sqlite') });
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
