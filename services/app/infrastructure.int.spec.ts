import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { userStreamName } from '../../contracts/events/user.ts';
import { MemoryReadStore } from '../adapters/memory-readstore/memoryReadStore.ts';
import { openDatabase } from '../adapters/sqlite-eventstore/database.ts';
import { SqliteSnapshotStore } from '../adapters/sqlite-eventstore/snapshotStore.ts';
import { SqliteEventStore } from '../adapters/sqlite-eventstore/sqliteEventStore.ts';
import { fastTestHasher, tempDataDir, testConfig } from '../../tests/support/testApp.ts';
import { openInfrastructure } from './infrastructure.ts';

describe('embedded infrastructure', () => {
  const dir = tempDataDir('buildon-infra-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the read models in readmodels.sqlite by default, and a restart serves them with what was appended meanwhile', async () => {
    const sqliteDir = tempDataDir('buildon-infra-sqlite-');
    try {
      const first = await openInfrastructure(testConfig(sqliteDir), { passwords: fastTestHasher });
      expect(first.storage.readStore).toBe('sqlite');
      await first.accounts.register({ firstName: 'A', lastName: 'A', email: 'a@x.org', userName: 'alpha', password: 'secret-pass-1' });
      await first.close();
      expect(existsSync(join(sqliteDir, 'readmodels.sqlite'))).toBe(true);

      const second = await openInfrastructure(testConfig(sqliteDir), { passwords: fastTestHasher });
      await second.accounts.register({ firstName: 'B', lastName: 'B', email: 'b@x.org', userName: 'beta', password: 'secret-pass-1' });
      const names = (await second.readStore.collection('users').find({}, { sort: { userNameLower: 1 } })).map((u) => u.userNameLower);
      await second.close();
      expect(names).toEqual(['alpha', 'beta']);
    } finally {
      rmSync(sqliteDir, { recursive: true, force: true });
    }
  });

  it('restarts from the in-memory read store snapshot and replays only the events after it', async () => {
    const memory = { embeddedReadStore: 'memory' as const };
    const first = await openInfrastructure(testConfig(dir, memory), { passwords: fastTestHasher });
    await first.accounts.register({ firstName: 'A', lastName: 'A', email: 'a@x.org', userName: 'alpha', password: 'secret-pass-1' });
    await first.accounts.register({ firstName: 'B', lastName: 'B', email: 'b@x.org', userName: 'beta', password: 'secret-pass-1' });
    await first.close(); // saves the snapshot

    // Mark the snapshot with a document no event produces: if it is still there
    // after the restart, the read models came from the snapshot, not a replay.
    const db = openDatabase(join(dir, 'buildon.sqlite'));
    const snapshots = new SqliteSnapshotStore(db);
    const saved = snapshots.load('readstore');
    expect(saved?.checkpoint).toBeGreaterThan(0);
    const store = MemoryReadStore.fromSnapshot(saved?.bytes ?? new Uint8Array());
    await store.collection('users').put({ _id: 'marker', userNameLower: 'marker' });
    snapshots.save('readstore', saved?.checkpoint ?? 0, saved?.version ?? '', store.snapshot());

    // An event appended after the snapshot (as by another process).
    const events = new SqliteEventStore(db);
    const gammaId = '0123456789abcdef01234567';
    await events.append(userStreamName(gammaId), [
      {
        type: 'UserRegistered',
        data: {
          userId: gammaId,
          userName: 'gamma',
          email: 'g@x.org',
          firstName: 'G',
          lastName: 'G',
          passwordHash: 'x',
          role: 'user',
          lang: 'fr',
          provider: 'local',
        },
        metadata: { actorId: null, at: new Date().toISOString() },
      },
    ]);
    await events.close();
    db.close();

    const second = await openInfrastructure(testConfig(dir, memory), { passwords: fastTestHasher });
    const names = (await second.readStore.collection('users').find({}, { sort: { userNameLower: 1 } })).map((u) => u.userNameLower);
    await second.close();
    expect(names).toEqual(['alpha', 'beta', 'gamma', 'marker']);
  });
});
