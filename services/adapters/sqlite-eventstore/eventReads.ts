import type { Statement } from 'better-sqlite3';
import type { Event, RecordedEvent } from '../../../contracts/events/event.ts';
import type { ReadStreamResult } from '../../core/eventStore.ts';
import type { SqliteDatabase } from './database.ts';
import { columns, fromGlobalRow, fromPage, limit, toRecorded, type EventRow } from './eventRows.ts';

/** Events per query of the global log (one JSON text each, see `selectPage`). */
const globalPageSize = 1_000;
/** Bytes of UTF-8 a page text may hold: well under V8's longest string (2^29 − 24 UTF-16 units). */
const maxPageBytes = 256 * 1024 * 1024;

/** The reads of the SQLite event store: one stream, the global log in pages, the head. */
export class SqliteEventReads {
  private readonly selectStreamRevision: Statement<[string], { revision: number }>;
  private readonly selectStream: Statement<[string, number, number], EventRow>;
  private readonly selectStreamTail: Statement<[string, number], EventRow>;
  private readonly selectAll: Statement<[number, number], unknown[]>;
  private readonly selectPage: Statement<[number, number, number], [string | null, number]>;
  private readonly selectHead: Statement<[], { head: number | null }>;

  /** @param db a connection whose schema exists (eventRows.ts `schema`). */
  constructor(db: SqliteDatabase) {
    this.selectStreamRevision = db.prepare<[string], { revision: number }>('SELECT revision FROM streams WHERE name = ?');
    this.selectStream = db.prepare<[string, number, number], EventRow>(
      `SELECT ${columns} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?`,
    );
    // The same without LIMIT, for the common whole-tail read: a bound LIMIT
    // makes SQLite's step several times slower here, even when it is -1.
    this.selectStreamTail = db.prepare<[string, number], EventRow>(
      `SELECT ${columns} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision`,
    );
    // The global read is the hot path of catch-up and rebuilds. SQLite writes
    // each page of events as ONE JSON text (an array of row arrays, the stored
    // data and metadata embedded as they are), so a page costs one call into
    // SQLite, one string and one JSON.parse instead of work per row and column.
    // Rows of the subquery reach group_concat in its ORDER BY order (`fromPage`
    // checks it). A text over the byte limit is not returned (a JS string
    // cannot hold it): the page is then read row by row.
    this.selectPage = db
      .prepare<[number, number, number], [string | null, number]>(
        `SELECT CASE WHEN octet_length(page) <= ? THEN page END, count FROM (
           SELECT '[' || group_concat(row, ',') || ']' AS page, count(*) AS count FROM (
             SELECT concat('[', position, ',', json_quote(event_id), ',', json_quote(stream), ',', revision, ',',
                           json_quote(type), ',', data, ',', metadata, ']') AS row
             FROM events WHERE position > ? ORDER BY position LIMIT ?))`,
      )
      .raw(true);
    // Row by row, for a page too large for one string.
    this.selectAll = db
      .prepare<[number, number], unknown[]>(
        `SELECT position, event_id, stream, revision, type, '[' || data || ',' || metadata || ']' FROM events WHERE position > ? ORDER BY position LIMIT ?`,
      )
      .raw(true);
    this.selectHead = db.prepare<[], { head: number | null }>('SELECT MAX(position) AS head FROM events');
  }

  readStream<E extends Event = Event>(streamName: string, options: { fromRevision?: number; maxCount?: number }): ReadStreamResult<E> {
    const fromRevision = options.fromRevision ?? 0;
    const rows =
      options.maxCount === undefined
        ? this.selectStreamTail.all(streamName, fromRevision)
        : this.selectStream.all(streamName, fromRevision, limit(options.maxCount));
    const events = rows.map((row) => toRecorded<E>(row));
    // A read to the end ends at the current revision (both are written in one transaction).
    const last = options.maxCount === undefined ? events.at(-1) : undefined;
    const currentRevision = last ? last.streamRevision : (this.selectStreamRevision.get(streamName)?.revision ?? null);
    return { events, currentRevision };
  }

  head(): number {
    return this.selectHead.get()?.head ?? 0;
  }

  /** Up to `maxCount` events (all when negative) after `after`, read in pages of `globalPageSize`. */
  readAfter(after: number, maxCount: number): RecordedEvent[] {
    const events: RecordedEvent[] = [];
    let position = after;
    for (;;) {
      const wanted = maxCount < 0 ? globalPageSize : Math.min(globalPageSize, maxCount - events.length);
      if (wanted <= 0) return events;
      const read = this.readPage(position, wanted, events);
      if (read < wanted) return events;
      position = events[events.length - 1]?.globalPosition ?? position;
    }
  }

  /** Appends up to `count` events after `after` to `events`; answers how many. */
  private readPage(after: number, count: number, events: RecordedEvent[]): number {
    let page: [string | null, number] | undefined;
    try {
      page = this.selectPage.get(maxPageBytes, after, count);
    } catch (error) {
      // More than SQLite's own string limit: row by row below.
      if (!(error instanceof Error && 'code' in error && error.code === 'SQLITE_TOOBIG')) throw error;
    }
    if (page?.[0]) return fromPage(page[0], events);
    if (page?.[1] === 0) return 0;
    const rows = this.selectAll.all(after, count);
    for (const row of rows) events.push(fromGlobalRow(row));
    return rows.length;
  }
}
