import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { jsonText } from '../../contracts/deepJson.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import type { BlobStore } from '../core/blobStore.ts';
import { credentialStripper, type CredentialStats } from '../domain/research/credentials.ts';
import type { EventStore } from '../core/eventStore.ts';
import type { ExportManifest } from './exportImport.ts';
import { communityStreams, wholeLog } from '../app/communityStreams.ts';

/**
 * One community's archive: the events of its streams, in global order, with
 * the attachments they name. `import --from` loads it like a whole-store
 * export (same events.jsonl lines, same checksum rule), into an empty store.
 */
export type CommunityArchiveManifest = Omit<ExportManifest, 'format'> & {
  format: 'buildon-community-export/1';
  community: { id: string; title: string };
  /** Streams and events per stream category (community, author, contribution, reads, user, usernameclaim, feedback). */
  categories: Record<string, { streams: number; events: number }>;
  /** sha256 of every file of the archive, by path relative to it. */
  files: Record<string, string>;
  /**
   * `removed` (the default): no password hashes, e-mails, registration keys or
   * session tokens (services/domain/research/credentials.ts says how each is
   * replaced); `included`: `--with-credentials`, for moving a class between servers.
   * Absent in archives written before issue 24: they carry credentials.
   */
  credentials?: 'removed' | 'included';
  /** What was removed, when `credentials` is `removed`. */
  removed?: CredentialStats;
};

type Progress = (done: number, total: number) => void;

const categoryOf = (streamName: string): string => streamName.slice(0, streamName.indexOf('-'));

/** Attachment blobs an event names (`blobKey`). */
const blobKeysOf = (event: RecordedEvent): string[] => {
  const data = event.data as { blobKey?: unknown };
  return typeof data.blobKey === 'string' ? [data.blobKey] : [];
};

/**
 * `export --community <id> --out <folder>`: `events.jsonl` (the community's
 * streams, global order, the same lines as a whole-store export), `blobs/`
 * (attachments its events name) and `manifest.json` (counts per stream
 * category, sha256 of every file).
 *
 * Unless `withCredentials` (`--with-credentials`, for moving a class between
 * servers), it writes no password hash, e-mail, registration key or session
 * token (services/domain/research/credentials.ts).
 */
export const exportCommunity = async (
  store: EventStore,
  blobs: BlobStore,
  communityId: string,
  outDir: string,
  onProgress?: Progress,
  options: { withCredentials?: boolean } = {},
): Promise<CommunityArchiveManifest> => {
  const withCredentials = options.withCredentials === true;
  const stripper = credentialStripper(() => randomBytes(12).toString('base64url'));
  const { streams, title } = await communityStreams(store, communityId);
  if (!streams.has(`community-${communityId}`) || title === '') throw new Error(`No community ${communityId} in this event store.`);
  mkdirSync(outDir, { recursive: true });
  const head = await store.headPosition();
  const categories: CommunityArchiveManifest['categories'] = {};
  const seen = new Set<string>();
  const blobKeys = new Set<string>();
  const lines: string[] = [];
  let events = 0;
  let last = 0;
  for await (const event of wholeLog(store)) {
    if (!streams.has(event.streamName)) continue;
    const category = categoryOf(event.streamName);
    const counts = (categories[category] ??= { streams: 0, events: 0 });
    counts.events++;
    if (!seen.has(event.streamName)) {
      seen.add(event.streamName);
      counts.streams++;
    }
    if (category === 'contribution') for (const key of blobKeysOf(event)) blobKeys.add(key);
    lines.push(
      // jsonText: an old body nested thousands deep does not stop the archive (issue 20 §0).
      jsonText({
        type: event.type,
        data: withCredentials ? event.data : stripper.strip(event.type, event.data as Record<string, unknown>),
        metadata: event.metadata,
        streamName: event.streamName,
        streamRevision: event.streamRevision,
        globalPosition: event.globalPosition,
        eventId: event.eventId,
      }),
    );
    events++;
    last = event.globalPosition;
    if (events % 5_000 === 0) onProgress?.(last, head);
  }
  const text = lines.length > 0 ? `${lines.join('\n')}\n` : '';
  writeFileSync(join(outDir, 'events.jsonl'), text);
  const checksum = createHash('sha256').update(text).digest('hex');
  const files: Record<string, string> = { 'events.jsonl': checksum };

  const blobEntries: ExportManifest['blobs'] = [];
  for (const key of [...blobKeys].sort()) {
    const blob = await blobs.get(key);
    if (!blob) continue;
    const path = join(outDir, 'blobs', key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, blob.data);
    const sha256 = createHash('sha256').update(blob.data).digest('hex');
    blobEntries.push({ key, contentType: blob.contentType, bytes: blob.data.byteLength, sha256 });
    files[`blobs/${key}`] = sha256;
  }
  onProgress?.(head, head);

  const manifest: CommunityArchiveManifest = {
    format: 'buildon-community-export/1',
    exportedAt: new Date().toISOString(),
    community: { id: communityId, title },
    events,
    streams: seen.size,
    lastPosition: last,
    checksum,
    blobs: blobEntries,
    categories,
    files,
    credentials: withCredentials ? 'included' : 'removed',
    ...(withCredentials ? {} : { removed: stripper.stats() }),
  };
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
};

/**
 * What `import` says after loading a folder: for a community archive without
 * credentials, that its users exist but cannot log in until someone sets their
 * password; null for anything else.
 */
export const importCredentialNotice = (fromDir: string): string | null => {
  const path = join(fromDir, 'manifest.json');
  if (!existsSync(path)) return null;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Partial<CommunityArchiveManifest>;
  if (manifest.format !== 'buildon-community-export/1' || manifest.credentials !== 'removed') return null;
  const users = manifest.removed?.usersWithoutPassword ?? 0;
  return (
    `this archive was written without credentials: its ${users} users exist but cannot log in until a password is set for them, ` +
    `and they have no e-mail address; the community has new registration keys (see its settings). ` +
    `Make an administrator with "kf create-admin --user <userName> --password <password>" (an imported user keeps their data), ` +
    `then set the others' passwords in Admin › Users, or let each community's manager do it for their class.`
  );
};
