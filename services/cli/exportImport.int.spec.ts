import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsBlobStore } from '../adapters/fs-blobstore/fsBlobStore.ts';
import { openDatabase } from '../adapters/sqlite-eventstore/database.ts';
import { SqliteEventStore } from '../adapters/sqlite-eventstore/sqliteEventStore.ts';
import type { EventStore } from '../core/eventStore.ts';
import { exportData, importData, type ExportManifest } from './exportImport.ts';
import { useTempDirs } from '../../tests/support/suite.ts';

const newDir = useTempDirs('buildon-export-');

const storeIn = (dir: string) => {
  const db = openDatabase(join(dir, 'buildon.sqlite'));
  const events = new SqliteEventStore(db);
  return {
    events,
    blobs: new FsBlobStore(join(dir, 'blobs')),
    close: async () => {
      await events.close();
      db.close();
    },
  };
};

const metadata = (i: number) => ({ actorId: null, at: `2025-09-01T08:${String(i % 60).padStart(2, '0')}:00.000Z` });

/** Every event of the log, whole: position, id, stream, revision, type, data, metadata. */
const wholeLog = async (store: EventStore) => store.readAll({ after: 0 });

/** An export of `count` events over 7 streams (one append of three events, one multi-stream append). */
const exportOf = async (count: number) => {
  const source = storeIn(newDir());
  await source.events.append(
    'tally-a',
    [0, 1, 2].map((k) => ({ type: 'Counted', data: { i: k, deep: { list: [k, 'é'] } }, metadata: metadata(k) })),
  );
  await source.events.appendMany([
    { streamName: 'tally-b', events: [{ type: 'Counted', data: { i: 3 }, metadata: metadata(3) }] },
    { streamName: 'tally-c', events: [{ type: 'Counted', data: { i: 4 }, metadata: metadata(4) }] },
  ]);
  for (let i = 5; i < count; i++) {
    await source.events.append(`tally-${'abcdefg'[i % 7]}`, [{ type: i % 2 ? 'Counted' : 'Noted', data: { i }, metadata: metadata(i) }]);
  }
  const out = newDir();
  const manifest = await exportData(source.events, source.blobs, out);
  const log = await wholeLog(source.events);
  await source.close();
  return { out, manifest, log };
};

/** Rewrites events.jsonl with `change` and the manifest's checksum to match, as a faulty exporter would. */
const tamper = (out: string, change: (lines: string[]) => string[]) => {
  const path = join(out, 'events.jsonl');
  const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
  const text = `${change(lines).join('\n')}\n`;
  writeFileSync(path, text);
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as ExportManifest;
  manifest.checksum = createHash('sha256').update(text).digest('hex');
  writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest));
};

describe('kf export / import', () => {
  it('imports an export whole, and refuses one whose events were changed after it was written, appending nothing', async () => {
    const { out, manifest } = await exportOf(5);
    expect(manifest.events).toBe(5);

    const target = storeIn(newDir());
    expect(await importData(target.events, target.blobs, out, { window: 64 })).toEqual({ events: 5, blobs: 0 });
    expect(await target.events.headPosition()).toBe(5);
    await target.close();

    // One changed character: the checksum (read as a stream) no longer matches.
    const eventsPath = join(out, 'events.jsonl');
    writeFileSync(eventsPath, readFileSync(eventsPath, 'utf8').replace('"i":3', '"i":4'));
    const damaged = storeIn(newDir());
    await expect(importData(damaged.events, damaged.blobs, out, { window: 64 })).rejects.toThrow('does not match the manifest checksum');
    expect(await damaged.events.headPosition()).toBe(0);
    await damaged.close();
  });

  it('imports in batches a log identical to the exported one: positions, event ids, streams, revisions, types, data, metadata', async () => {
    const { out, log } = await exportOf(47);
    const target = storeIn(newDir());
    // Batches of 10: five transactions, the last one partial.
    await importData(target.events, target.blobs, out, { window: 1, batchSize: 10 });
    expect(await wholeLog(target.events)).toEqual(log);
    for (const stream of 'abcdefg') {
      const revisions = log.filter((event) => event.streamName === `tally-${stream}`).map((event) => event.streamRevision);
      expect((await target.events.readStream(`tally-${stream}`)).currentRevision).toBe(revisions.length - 1);
      expect(revisions).toEqual(revisions.map((_, k) => k));
    }
    // The store goes on from there: the next append is the next position and the stream's next revision.
    const next = await target.events.append('tally-a', [{ type: 'Counted', data: {}, metadata: metadata(0) }], {
      expectedRevision: log.filter((event) => event.streamName === 'tally-a').length - 1,
    });
    expect(next.lastPosition).toBe(48);
    await target.close();
  });

  it('keeps the gaps of an export whose positions are not dense (exported from another store)', async () => {
    const { out } = await exportOf(12);
    tamper(out, (lines) =>
      lines.map((line) => {
        const event = JSON.parse(line) as { globalPosition: number };
        return JSON.stringify({ ...event, globalPosition: event.globalPosition * 10 });
      }),
    );
    const target = storeIn(newDir());
    await importData(target.events, target.blobs, out, { window: 1, batchSize: 5 });
    expect((await wholeLog(target.events)).map((event) => event.globalPosition)).toEqual(
      Array.from({ length: 12 }, (_, k) => (k + 1) * 10),
    );
    await target.close();
  });

  it('imports lines written with their keys in another order (parsed whole) as the same log', async () => {
    const { out, log } = await exportOf(23);
    tamper(out, (lines) =>
      lines.map((line) => {
        const { type, data, metadata, ...rest } = JSON.parse(line) as Record<string, unknown>;
        return JSON.stringify({ ...rest, metadata, data, type });
      }),
    );
    const target = storeIn(newDir());
    await importData(target.events, target.blobs, out, { window: 1, batchSize: 10 });
    expect(await wholeLog(target.events)).toEqual(log);
    await target.close();
  });

  it.each([
    ['a line that is not JSON', (lines: string[]) => lines.map((line, k) => (k === 23 ? line.slice(0, 30) : line)), 'line 24 is not JSON'],
    [
      'a line that is not an event',
      (lines: string[]) => lines.map((line, k) => (k === 23 ? '{"type":"Counted"}' : line)),
      'line 24 is not an exported event',
    ],
    [
      'data that is not JSON in a line of the usual shape',
      (lines: string[]) => lines.map((line, k) => (k === 23 ? line.replace('"data":{', '"data":{{') : line)),
      /not JSON/,
    ],
    ['a missing line (a revision gap)', (lines: string[]) => lines.filter((_, k) => k !== 23), 'an event is missing or out of place'],
    [
      'two lines swapped',
      (lines: string[]) => lines.map((line, k) => lines[k === 23 ? 30 : k === 30 ? 23 : k] ?? line),
      /out of order|out of place/,
    ],
  ])(
    'a damaged export whose checksum matches (%s) leaves NOTHING appended, though earlier batches were committed',
    async (_, change, message) => {
      const { out, log } = await exportOf(40);
      tamper(out, change);
      const target = storeIn(newDir());
      // Batches of 5: four transactions committed before line 24 fails.
      await expect(importData(target.events, target.blobs, out, { window: 1, batchSize: 5 })).rejects.toThrow(message);
      expect(await target.events.headPosition()).toBe(0);
      expect(await wholeLog(target.events)).toEqual([]);
      expect((await target.events.readStream('tally-a')).currentRevision).toBeNull();

      // The same store takes a sound export afterwards, numbered from 1 again.
      const sound = await exportOf(40);
      await importData(target.events, target.blobs, sound.out, { window: 1, batchSize: 5 });
      expect((await wholeLog(target.events)).map((event) => event.globalPosition)).toEqual(log.map((event) => event.globalPosition));
      await target.close();
    },
  );

  it('refuses an export whose manifest counts other events, appending nothing', async () => {
    const { out } = await exportOf(9);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as ExportManifest;
    writeFileSync(join(out, 'manifest.json'), JSON.stringify({ ...manifest, events: 10 }));
    const target = storeIn(newDir());
    await expect(importData(target.events, target.blobs, out, { window: 1, batchSize: 4 })).rejects.toThrow('manifest lists 10');
    expect(await target.events.headPosition()).toBe(0);
    await target.close();
  });

  it('imports into a store without bulk appends (EventStoreDB) one append at a time, the same log', async () => {
    const { out, log } = await exportOf(20);
    const target = storeIn(newDir());
    const plain: EventStore = {
      append: (...args) => target.events.append(...args),
      appendMany: (appends) => target.events.appendMany(appends),
      readStream: (name, options) => target.events.readStream(name, options),
      readAll: (options) => target.events.readAll(options),
      headPosition: () => target.events.headPosition(),
      subscribeToAll: (options) => target.events.subscribeToAll(options),
      close: () => target.events.close(),
    };
    await importData(plain, target.blobs, out, { window: 1 });
    const imported = await wholeLog(target.events);
    const withoutIds = (events: typeof log) => events.map(({ eventId: _, ...rest }) => rest);
    expect(withoutIds(imported)).toEqual(withoutIds(log));
    await target.close();
  });
});
