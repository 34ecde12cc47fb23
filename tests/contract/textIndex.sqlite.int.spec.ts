import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteReadStore } from '../../services/adapters/sqlite-readstore/open.ts';
import { textIndexContract } from './textIndex.features.ts';

// FTS5 in the read models' file, as a follower opens it (no cache) and as the server does (a cache of recent documents).
const sqliteStore = (recentDocuments: number) => async () => {
  const dir = mkdtempSync(join(tmpdir(), 'buildon-textindex-'));
  const store = openSqliteReadStore({ path: join(dir, 'readmodels.sqlite'), recentDocuments });
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
textIndexContract('SqliteReadStore', sqliteStore(0));
textIndexContract('SqliteReadStore with recent documents kept', sqliteStore(3));
