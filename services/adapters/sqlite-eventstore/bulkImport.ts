import type { ImportedEvent } from '../../core/eventStore.ts';
import { randomUUID } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database.ts';

/** How many streams' revisions the import remembers between batches. */
const recentStreams = 50_000;

/** Thrown when the events of an import do not follow each other (a line out of place or damaged). */
export class ImportOrderError extends Error {}

/**
 * The bulk writer of `kf import` (issue 23 §3): each batch of events is ONE
 * transaction of prepared inserts, with the export's global positions, stream
 * revisions and event ids kept exactly, and checked as they go: positions
 * strictly increase, each stream's revisions run 0, 1, 2… with no gap.
 *
 * An import runs into an EMPTY store only. When any batch fails (a bad line,
 * a storage error), everything the import wrote is deleted again, so the
 * store is empty as before: an import is whole or nothing. (A process killed
 * mid-import leaves the batches committed so far; `kf import` then refuses the
 * store as not empty, and the data folder is deleted and the import run again.)
 */
export class BulkImport {
  private readonly insertEvent: Statement<[number | null, string, string, number, string, string, string, string]>;
  private readonly insertChecked: Statement<[number | null, string, string, number, string, string, string, string, string]>;
  private readonly selectStreamRevision: Statement<[string], { revision: number }>;
  private readonly upsertStreamRevision: Statement<[string, number]>;
  private readonly writeBatch: (events: readonly ImportedEvent[]) => number;
  private lastPosition = 0;
  /**
   * Stream revisions reached by the import, for the streams seen last: most
   * events follow one of their stream's recent ones. Bounded (the oldest are
   * forgotten and read from the table again), so a district's million streams
   * never sit in memory.
   */
  private readonly recent = new Map<string, number>();

  constructor(private readonly db: SqliteDatabase) {
    this.insertEvent = db.prepare(
      'INSERT INTO events (position, event_id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertChecked = db.prepare(
      'INSERT INTO events (position, event_id, stream, revision, type, data, metadata, recorded_at) SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE json_valid(?)',
    );
    this.selectStreamRevision = db.prepare<[string], { revision: number }>('SELECT revision FROM streams WHERE name = ?');
    this.upsertStreamRevision = db.prepare<[string, number]>(
      'INSERT INTO streams (name, revision) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET revision = excluded.revision',
    );
    const batch = db.transaction((events: readonly ImportedEvent[]) => this.write(events));
    this.writeBatch = (events) => batch.immediate(events);
  }

  /** Throws unless the store holds no event (an import never merges into a log). */
  begin(): void {
    const row = this.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM (SELECT 1 FROM events LIMIT 1)').get();
    if ((row?.n ?? 0) !== 0) throw new Error('The target event store is not empty: import needs a fresh data directory.');
    this.lastPosition = 0;
    this.recent.clear();
  }

  /** Writes one batch in one transaction; answers the global position of its last event. */
  append(events: readonly ImportedEvent[]): number {
    if (events.length === 0) return this.lastPosition;
    this.lastPosition = this.writeBatch(events);
    return this.lastPosition;
  }

  /** After a failed import: deletes every event and stream the import wrote (the store was empty before it). */
  discard(): void {
    this.db
      .transaction(() => {
        this.db.exec('DELETE FROM events; DELETE FROM streams;');
        // AUTOINCREMENT's counter too, so the next import numbers from 1 again.
        const sequence = this.db.prepare<[], { n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_sequence'").get();
        if ((sequence?.n ?? 0) > 0) this.db.exec("DELETE FROM sqlite_sequence WHERE name = 'events'");
      })
      .immediate();
    this.lastPosition = 0;
  }

  private write(events: readonly ImportedEvent[]): number {
    const recordedAt = new Date().toISOString();
    // Stream revisions reached inside this batch, written to the streams table at its end.
    const revisions = new Map<string, number>();
    const recent = this.recent;
    let position = this.lastPosition;
    for (const event of events) {
      const at = event.globalPosition ?? position + 1;
      if (!Number.isSafeInteger(at) || at <= position) {
        throw new ImportOrderError(
          `event at position ${String(event.globalPosition)} comes after position ${position}: the export is out of order`,
        );
      }
      const stream = event.streamName;
      // This batch's revisions first: the streams table only learns them at the batch's end.
      const current = revisions.get(stream) ?? recent.get(stream) ?? this.selectStreamRevision.get(stream)?.revision ?? -1;
      if (event.streamRevision !== current + 1) {
        throw new ImportOrderError(
          `${stream} revision ${event.streamRevision} (position ${at}) does not follow revision ${current}: an event is missing or out of place`,
        );
      }
      if (typeof event.type !== 'string' || event.type === '') throw new ImportOrderError(`the event at position ${at} has no type`);
      const id = event.eventId ?? randomUUID();
      const row = [at, id, stream, event.streamRevision, event.type, event.data, event.metadata, recordedAt] as const;
      if (!event.unchecked) this.insertEvent.run(...row);
      else if (this.insertChecked.run(...row, event.data).changes !== 1) {
        throw new ImportOrderError(`the data of the event at position ${at} is not JSON`);
      }
      revisions.set(stream, event.streamRevision);
      if (recent.size >= recentStreams && !recent.has(stream)) {
        const oldest = recent.keys().next();
        if (!oldest.done) recent.delete(oldest.value);
      }
      recent.set(stream, event.streamRevision);
      position = at;
    }
    for (const [stream, revision] of revisions) this.upsertStreamRevision.run(stream, revision);
    return position;
  }
}
