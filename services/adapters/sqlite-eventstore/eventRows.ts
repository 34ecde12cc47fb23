import type { Event, EventMetadata, RecordedEvent } from '../../../contracts/events/event.ts';
import type { ExpectedRevision, NewEvent } from '../../core/eventStore.ts';

/**
 * How events are stored in the SQLite file and read back: the schema, the
 * encoding of an append and the decoding of rows and of whole pages.
 */

export const schema = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id    TEXT    NOT NULL UNIQUE,
    stream      TEXT    NOT NULL,
    revision    INTEGER NOT NULL,
    type        TEXT    NOT NULL,
    data        TEXT    NOT NULL,
    metadata    TEXT    NOT NULL,
    recorded_at TEXT    NOT NULL,
    UNIQUE (stream, revision)
  );
  CREATE TABLE IF NOT EXISTS streams (
    name     TEXT PRIMARY KEY,
    revision INTEGER NOT NULL
  ) WITHOUT ROWID;
`;

export const columns = 'position, event_id, stream, revision, type, data, metadata';

export type EventRow = {
  position: number;
  event_id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
};

export type SerializedEvent = { type: string; data: string; metadata: string };

/** A `maxCount` as SQLite's LIMIT: -1 for all. */
export const limit = (maxCount: number | undefined): number => (maxCount === undefined ? -1 : Math.max(0, Math.floor(maxCount)));

export const checkExpectedRevision = (expected: ExpectedRevision): ExpectedRevision => {
  if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0)) {
    throw new TypeError(`Expected revision must be a revision >= 0, 'any', 'no_stream' or 'stream_exists' (got ${expected})`);
  }
  return expected;
};

export const serializeEvents = (events: NewEvent[]): SerializedEvent[] => {
  if (events.length === 0) throw new TypeError('An append needs at least one event');
  return events.map((event) => {
    if (typeof event.type !== 'string' || event.type === '') throw new TypeError('An event needs a non-empty type');
    const data = JSON.stringify(event.data ?? {});
    return { type: event.type, data, metadata: JSON.stringify(event.metadata) };
  });
};

export const toRecorded = <E extends Event = Event>(row: EventRow): RecordedEvent<E> => {
  const event = {
    type: row.type,
    data: JSON.parse(row.data) as object,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    eventId: row.event_id,
    streamName: row.stream,
    streamRevision: row.revision,
    globalPosition: row.position,
  };
  // The stored type and data are what the writer of E appended.
  return event as RecordedEvent<E>;
};

type PageRow = [position: number, eventId: string, stream: string, revision: number, type: string, data: object, metadata: EventMetadata];

/** Appends the events of a page text (eventReads.ts `selectPage`) to `events`, in global order; answers how many. */
export const fromPage = (text: string, events: RecordedEvent[]): number => {
  const rows = JSON.parse(text) as PageRow[];
  let previous = -Infinity;
  for (const row of rows) {
    if (row[0] <= previous) {
      rows.sort((a, b) => a[0] - b[0]);
      break;
    }
    previous = row[0];
  }
  // Indexed rather than destructured: array destructuring walks an iterator per row.
  for (const row of rows) {
    events.push({
      type: row[4],
      data: row[5],
      metadata: row[6],
      eventId: row[1],
      streamName: row[2],
      streamRevision: row[3],
      globalPosition: row[0],
    });
  }
  return rows.length;
};

/** A row of `selectAll` (eventReads.ts): [position, event_id, stream, revision, type, '[data,metadata]']. */
export const fromGlobalRow = (row: unknown[]): RecordedEvent => {
  const [data, metadata] = JSON.parse(row[5] as string) as [object, EventMetadata];
  return {
    type: row[4] as string,
    data,
    metadata,
    eventId: row[1] as string,
    streamName: row[2] as string,
    streamRevision: row[3] as number,
    globalPosition: row[0] as number,
  };
};
