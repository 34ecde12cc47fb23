import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteReadStore } from '../../services/adapters/sqlite-readstore/open.ts';
import { termOf, type TextTerm } from '../../services/core/textSearch.ts';
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

describe('SqliteReadStore full-text index across a restart', () => {
  it('is found again when the file is reopened, and still follows writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'buildon-textindex-'));
    const path = join(dir, 'readmodels.sqlite');
    const index = { fields: ['title', 'body'], weights: [2, 1] };
    const query = (text: string) => ({ terms: [termOf(text, false) as TextTerm] });
    try {
      const first = openSqliteReadStore({ path });
      await first.ensureCollection({ name: 'entries', text: index });
      await first.collection('entries').put({ _id: 'a', title: 'Émeraude', body: 'une pierre verte' });
      await first.close();
      const again = openSqliteReadStore({ path });
      const entries = again.collection('entries');
      expect((await entries.textSearch(index, query('emeraude'))).map((hit) => hit.doc._id)).toEqual(['a']);
      await entries.put({ _id: 'b', title: 'Rubis', body: 'une pierre rouge' });
      expect((await entries.textSearch(index, query('pierre'))).map((hit) => hit.doc._id).sort()).toEqual(['a', 'b']);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
