import type { ImportedEvent } from '../core/eventStore.ts';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { jsonText } from '../../contracts/deepJson.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';

/** One JSON line of events.jsonl per event, in global order (keys in this order, as `exportData` writes them). */
export type ExportedEvent = Pick<
  RecordedEvent,
  'type' | 'data' | 'metadata' | 'streamName' | 'streamRevision' | 'globalPosition' | 'eventId'
>;

const damaged = (line: number, what: string) => new Error(`events.jsonl line ${line} ${what}: the export is damaged.`);

const isExported = (event: Partial<ExportedEvent> | null): event is ExportedEvent =>
  typeof event === 'object' &&
  event !== null &&
  typeof event.type === 'string' &&
  typeof event.streamName === 'string' &&
  Number.isSafeInteger(event.streamRevision) &&
  Number.isSafeInteger(event.globalPosition) &&
  typeof event.metadata === 'object' &&
  event.metadata !== null;

/** A line parsed whole and checked field by field. */
const parseLine = (text: string, line: number): ExportedEvent => {
  let event: Partial<ExportedEvent> | null;
  try {
    event = JSON.parse(text) as Partial<ExportedEvent> | null;
  } catch {
    throw damaged(line, 'is not JSON');
  }
  if (!isExported(event)) throw damaged(line, 'is not an exported event (type, streamName, streamRevision, globalPosition, metadata)');
  return event;
};

const head = /^\{"type":("(?:[^"\\]|\\.)*"),"data":/;

/**
 * The fast path of a bulk import (issue 23 §3): a line as `exportData` writes
 * it is cut into its parts instead of parsed whole, so the event's data (most
 * of the line) is neither parsed into objects nor written again: its text is
 * stored as it is, the store checking it is JSON. Only the small parts are
 * parsed: the type, the metadata and the tail (`,"streamName":…` to the end;
 * the LAST occurrence is the top-level one, as the data and the metadata come
 * before it). Anything else (another key order, a damaged line) answers null
 * and the line is parsed whole.
 */
const cutLine = (text: string, keepPositions: boolean): ImportedEvent | null => {
  const start = head.exec(text);
  const tailAt = text.lastIndexOf(',"streamName":');
  if (!start || tailAt < 0) return null;
  const middle = text.slice(start[0].length, tailAt);
  const metadataAt = middle.lastIndexOf(',"metadata":');
  if (metadataAt <= 0) return null;
  try {
    const type = JSON.parse(start[1] ?? '') as unknown;
    const metadataText = middle.slice(metadataAt + ',"metadata":'.length);
    const metadata = JSON.parse(metadataText) as unknown;
    const tail = JSON.parse(`{${text.slice(tailAt + 1)}`) as Partial<ExportedEvent>;
    const event = { ...tail, type, metadata } as Partial<ExportedEvent>;
    if (!isExported(event) || Object.keys(tail).some((key) => !tailKeys.has(key))) return null;
    return {
      type: event.type,
      data: middle.slice(0, metadataAt),
      metadata: metadataText,
      streamName: event.streamName,
      streamRevision: event.streamRevision,
      ...(keepPositions ? { globalPosition: event.globalPosition } : {}),
      ...(typeof event.eventId === 'string' ? { eventId: event.eventId } : {}),
      unchecked: true,
    };
  } catch {
    return null;
  }
};

const tailKeys = new Set(['streamName', 'streamRevision', 'globalPosition', 'eventId']);

/** The lines of events.jsonl, numbered, blank ones skipped. */
async function* lines(path: string): AsyncGenerator<[text: string, line: number]> {
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    line++;
    if (text.trim()) yield [text, line];
  }
}

/** The events of events.jsonl, parsed and checked; a damaged line names its number. */
export async function* exportedEvents(path: string): AsyncGenerator<ExportedEvent> {
  for await (const [text, line] of lines(path)) yield parseLine(text, line);
}

/** The events of events.jsonl as a bulk import stores them (see `cutLine`). */
export async function* importedEvents(path: string, keepPositions: boolean): AsyncGenerator<ImportedEvent> {
  for await (const [text, line] of lines(path)) {
    const cut = cutLine(text, keepPositions);
    if (cut) {
      yield cut;
      continue;
    }
    const event = parseLine(text, line);
    yield {
      type: event.type,
      // jsonText: a body nested thousands deep (saved before bodies were checked) is imported too.
      data: jsonText(event.data ?? {}),
      metadata: jsonText(event.metadata),
      streamName: event.streamName,
      streamRevision: event.streamRevision,
      ...(keepPositions ? { globalPosition: event.globalPosition } : {}),
      ...(typeof event.eventId === 'string' ? { eventId: event.eventId } : {}),
    };
  }
}
