import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsBlobStore } from '../adapters/fs-blobstore/fsBlobStore.ts';
import { openDatabase } from '../adapters/sqlite-eventstore/database.ts';
import { SqliteEventStore } from '../adapters/sqlite-eventstore/sqliteEventStore.ts';
import { exportData, importData } from './exportImport.ts';
import { useTempDirs } from '../../tests/support/suite.ts';

const newDir = useTempDirs('buildon-export-');

const storeIn = (dir: string) => {
  const db = openDatabase(join(dir, 'buildon.sqlite'));
  return { events: new SqliteEventStore(db), blobs: new FsBlobStore(join(dir, 'blobs')), close: () => db.close() };
};

describe('kf export / import', () => {
  it('imports an export whole, and refuses one whose events were changed after it was written, appending nothing', async () => {
    const source = storeIn(newDir());
    for (let i = 0; i < 5; i++) {
      await source.events.append(`tally-${i % 2}`, [
        { type: 'Counted', data: { i }, metadata: { actorId: null, at: '2025-09-01T08:30:00.000Z' } },
      ]);
    }
    const out = newDir();
    const manifest = await exportData(source.events, source.blobs, out);
    await source.events.close();
    source.close();
    expect(manifest.events).toBe(5);

    const target = storeIn(newDir());
    expect(await importData(target.events, target.blobs, out, { window: 64 })).toEqual({ events: 5, blobs: 0 });
    expect(await target.events.headPosition()).toBeGreaterThanOrEqual(5);
    await target.events.close();
    target.close();

    // One changed character: the checksum (read as a stream) no longer matches.
    const eventsPath = join(out, 'events.jsonl');
    writeFileSync(eventsPath, readFileSync(eventsPath, 'utf8').replace('"i":3', '"i":4'));
    const damaged = storeIn(newDir());
    await expect(importData(damaged.events, damaged.blobs, out, { window: 64 })).rejects.toThrow('does not match the manifest checksum');
    expect(await damaged.events.headPosition()).toBe(0);
    await damaged.events.close();
    damaged.close();
  });
});
