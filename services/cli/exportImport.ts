import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { jsonText } from '../../contracts/deepJson.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import type { BlobStore } from '../core/blobStore.ts';
import type { EventStore, NewEvent } from '../core/eventStore.ts';

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

/** One JSON line per event, in global order. */
type ExportedEvent = Pick<RecordedEvent, 'type' | 'data' | 'metadata' | 'streamName' | 'streamRevision' | 'globalPosition' | 'eventId'>;

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

/**
 * Replays an export into an EMPTY store, in the original global order and
 * with the original metadata, so projections rebuild identical read models.
 * `window` appends are issued at once so SQLite's group commit batches them;
 * it must be 1 for a store that does not keep the order of concurrent appends
 * (EventStoreDB).
 */
export const importData = async (
  store: EventStore,
  blobs: BlobStore,
  fromDir: string,
  options: { window: number; onProgress?: Progress },
): Promise<{ events: number; blobs: number }> => {
  const { onProgress } = options;
  const manifest = readManifest(fromDir);
  if ((await store.headPosition()) !== 0) throw new Error('The target event store is not empty: import needs a fresh data directory.');
  const eventsPath = join(fromDir, 'events.jsonl');
  const actual = await sha256OfFile(eventsPath);
  if (actual !== manifest.checksum) throw new Error('events.jsonl does not match the manifest checksum: the export is damaged.');

  const window: Promise<unknown>[] = [];
  let events = 0;
  const lines = createInterface({ input: createReadStream(eventsPath), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const event = JSON.parse(line) as ExportedEvent;
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
  if (events !== manifest.events) throw new Error(`Imported ${events} events but the manifest lists ${manifest.events}.`);

  for (const entry of manifest.blobs) {
    const data = readFileSync(join(fromDir, 'blobs', entry.key));
    if (createHash('sha256').update(data).digest('hex') !== entry.sha256) throw new Error(`Blob ${entry.key} is damaged.`);
    await blobs.put(entry.key, data, entry.contentType);
  }
  return { events, blobs: manifest.blobs.length };
};
