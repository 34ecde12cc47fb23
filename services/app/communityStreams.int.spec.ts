import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { googleAccountStreamName, googleDocStreamName } from '../../contracts/events/google.ts';
import { openDatabase } from '../adapters/sqlite-eventstore/database.ts';
import { SqliteEventStore } from '../adapters/sqlite-eventstore/sqliteEventStore.ts';
import { communityStreams } from './communityStreams.ts';

/**
 * What a community archive and a research export carry of Google Docs / Drive (issue 18 §6): neither
 * the users' Google grants (secrets, even encrypted) nor the Doc links of notes (see communityStreams.ts).
 */
const dir = mkdtempSync(join(tmpdir(), 'buildon-streams-'));
const db = openDatabase(join(dir, 'events.sqlite'));
const store = new SqliteEventStore(db);
afterAll(async () => {
  await store.close();
  if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

it("leaves the members' Google grants and the notes' Google Doc links out of a community", async () => {
  const metadata = { actorId: 'u1', at: '2026-01-05T08:00:00.000Z' };
  const append = (stream: string, type: string, data: Record<string, unknown>) => store.append(stream, [{ type, data, metadata }]);
  await append('community-c1', 'CommunityCreated', { communityId: 'c1', title: 'Classe 5e' });
  await append('author-a1', 'AuthorJoined', { communityId: 'c1', authorId: 'a1', userId: 'u1' });
  await append('contribution-n1', 'ContributionCreated', { communityId: 'c1', type: 'Note' });
  await append(googleAccountStreamName('u1'), 'GoogleAccountLinked', { userId: 'u1', refreshToken: 'ciphertext' });
  await append(googleDocStreamName('n1'), 'GoogleDocLinked', {
    noteId: 'n1',
    communityId: 'c1',
    docId: 'doc-1',
    createdBy: 'u1',
    sharedWith: [],
  });

  const { streams } = await communityStreams(store, 'c1');
  expect([...streams].sort()).toEqual(['author-a1', 'community-c1', 'contribution-n1', 'reads-a1', 'user-u1']);
});
