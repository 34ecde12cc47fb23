import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { jsonText } from '../../contracts/deepJson.ts';
import type { BlobStore } from '../core/blobStore.ts';
import type { EventStore, NewEvent } from '../core/eventStore.ts';
import type { ImportedEvent } from '../core/eventStore.ts';
import { exportedEvents, importedEvents, type ExportedEvent } from './exportLines.ts';

/** Written next to the events; `import` refuses a folder whose checksum differs. */
export type ExportManifest = {
  format: 'buildon-export/1';
  exportedAt: string;
  events: number;
  streams: number;
  lastPosition: number;
  /** sha256 of events.jsonl */
  checksum: string;
  blobs: { key: string; contentType: string; bytes: number; sha256: string }[];
};

type Progress = (done: number, total: number) => void;

/**
 * Writes the whole event log as `events.jsonl` (global order) and every
 * attachment under `blobs/`, plus `manifest.json` with counts and checksums.
 */
export const exportData = async (store: EventStore, blobs: BlobStore, outDir: string, onProgress?: Progress): Promise<ExportManifest> => {
  mkdirSync(outDir, { recursive: true });
  const eventsPath = join(outDir, 'events.jsonl');
  const out = createWriteStream(eventsPath);
  const hash = createHash('sha256');
  const total = await store.headPosition();
  const streams = new Set<string>();
  let after = 0;
  let events = 0;
  for (;;) {
    const batch = await store.readAll({ after, maxCount: 5_000 });
    if (batch.length === 0) break;
    let chunk = '';
    for (const event of batch) {
      const line: ExportedEvent = {
        type: event.type,
        data: event.data,
        metadata: event.metadata,
        streamName: event.streamName,
        streamRevision: event.streamRevision,
        globalPosition: event.globalPosition,
        eventId: event.eventId,
      };
      // jsonText: an event holding a body nested thousands deep (saved before bodies were checked) is exported too.
      chunk += `${jsonText(line)}\n`;
      streams.add(event.streamName);
      after = event.globalPosition;
      events++;
    }
    hash.update(chunk);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    onProgress?.(after, total);
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));

  const blobEntries: ExportManifest['blobs'] = [];
  for await (const key of blobs.list()) {
    const blob = await blobs.get(key);
    if (!blob) continue;
    const path = join(outDir, 'blobs', key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, blob.data);
    blobEntries.push({
      key,
      contentType: blob.contentType,
      bytes: blob.data.byteLength,
      sha256: createHash('sha256').update(blob.data).digest('hex'),
    });
  }

  const manifest: ExportManifest = {
    format: 'buildon-export/1',
    exportedAt: new Date().toISOString(),
    events,
    streams: streams.size,
    lastPosition: after,
    checksum: hash.digest('hex'),
    blobs: blobEntries,
  };
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
};

/** The file's sha256, read as a stream: an export of a district is gigabytes, never held in memory (issue 23 §2). */
const sha256OfFile = async (path: string): Promise<string> => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** Formats `import` loads: a whole-store export, or one community's archive (services/cli/communityArchive.ts). */
const importableFormats: readonly string[] = ['buildon-export/1', 'buildon-community-export/1'];

const readManifest = (fromDir: string): ExportManifest => {
  const path = join(fromDir, 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} not found: not a Buildon export`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Omit<ExportManifest, 'format'> & { format: string };
  if (!importableFormats.includes(manifest.format)) throw new Error(`Unsupported export format: ${String(manifest.format)}`);
  return manifest as ExportManifest;
};

/** What an event store offers for a fast import (the SQLite store: sqliteEventStore.ts `importBatches`). */
type BulkImporting = { importBatches(batches: AsyncIterable<readonly ImportedEvent[]>): Promise<{ events: number; lastPosition: number }> };
const importsInBulk = (store: EventStore): store is EventStore & BulkImporting =>
  typeof (store as Partial<BulkImporting>).importBatches === 'function';

/** Events per transaction of a bulk import: large enough that a commit's fsync is noise, small enough to stay bounded. */
export const importBatchSize = 10_000;

/**
 * Replays an export into an EMPTY store, in the original global order and
 * with the original metadata, so projections rebuild identical read models.
 *
 * Into the SQLite store (issue 23 §3): the file is streamed and appended in
 * batches of `batchSize` events, one transaction each, keeping the export's
 * global positions (a community archive, a subset, is numbered densely),
 * stream revisions and event ids; a damaged line or one out of order deletes
 * everything appended, so the store is left empty. Into another store
 * (EventStoreDB): one append per event, `window` at a time (1 for a store that
 * does not keep the order of concurrent appends); positions are the store's own.
 */
export const importData = async (
  store: EventStore,
  blobs: BlobStore,
  fromDir: string,
  options: { window: number; batchSize?: number; onProgress?: Progress },
): Promise<{ events: number; blobs: number }> => {
  const { onProgress } = options;
  const manifest = readManifest(fromDir);
  if ((await store.headPosition()) !== 0) throw new Error('The target event store is not empty: import needs a fresh data directory.');
  const eventsPath = join(fromDir, 'events.jsonl');
  const actual = await sha256OfFile(eventsPath);
  if (actual !== manifest.checksum) throw new Error('events.jsonl does not match the manifest checksum: the export is damaged.');

  const countMismatch = (events: number) => new Error(`Imported ${events} events but the manifest lists ${manifest.events}.`);
  let events = 0;
  if (importsInBulk(store)) {
    const keepPositions = manifest.format === 'buildon-export/1';
    const batchSize = options.batchSize ?? importBatchSize;
    async function* batches(): AsyncGenerator<ImportedEvent[]> {
      let batch: ImportedEvent[] = [];
      for await (const event of importedEvents(eventsPath, keepPositions)) {
        batch.push(event);
        if (batch.length >= batchSize) {
          yield batch;
          events += batch.length;
          onProgress?.(events, manifest.events);
          batch = [];
        }
      }
      if (events + batch.length !== manifest.events) throw countMismatch(events + batch.length);
      yield batch;
      events += batch.length;
      onProgress?.(events, manifest.events);
    }
    await store.importBatches(batches());
  } else {
    const window: Promise<unknown>[] = [];
    for await (const event of exportedEvents(eventsPath)) {
      const toAppend: NewEvent = { type: event.type, data: event.data, metadata: event.metadata };
      window.push(
        store.append(event.streamName, [toAppend], {
          expectedRevision: event.streamRevision === 0 ? 'no_stream' : event.streamRevision - 1,
        }),
      );
      events++;
      if (window.length >= options.window) {
        await Promise.all(window.splice(0));
        onProgress?.(events, manifest.events);
      }
    }
    await Promise.all(window);
    onProgress?.(events, manifest.events);
    if (events !== manifest.events) throw countMismatch(events);
  }

  for (const entry of manifest.blobs) {
    const data = readFileSync(join(fromDir, 'blobs', entry.key));
    if (createHash('sha256').update(data).digest('hex') !== entry.sha256) throw new Error(`Blob ${entry.key} is damaged.`);
    await blobs.put(entry.key, data, entry.contentType);
  }
  return { events, blobs: manifest.blobs.length };
};
