import { BACKWARDS, END, FORWARDS, StreamNotFoundError, type EventStoreDBClient, type ReadPosition } from '@eventstore/db-client';
import type { Event, RecordedEvent } from '../../../contracts/events/event.ts';
import type { ExpectedRevision, ReadAllOptions, ReadStreamResult } from '../../core/eventStore.ts';
import { commitOf, fromAfter, toNumber, toRecorded } from './esdbEvents.ts';

/** The reads of the EventStoreDB event store, over its client. */

/** Events read from `$all` per request when system events must be skipped. */
const pageSize = 512;

export const readStream = async <E extends Event = Event>(
  client: EventStoreDBClient,
  streamName: string,
  options: { fromRevision?: number; maxCount?: number },
): Promise<ReadStreamResult<E>> => {
  const fromRevision = options.fromRevision ?? 0;
  const maxCount = options.maxCount;
  const events: RecordedEvent<E>[] = [];
  try {
    if (maxCount === undefined || maxCount > 0) {
      const read = client.readStream(streamName, {
        direction: FORWARDS,
        fromRevision: BigInt(Math.max(0, Math.floor(fromRevision))),
        ...(maxCount === undefined ? {} : { maxCount: Math.floor(maxCount) }),
      });
      for await (const resolved of read) {
        const event = toRecorded<E>(resolved);
        if (event) events.push(event);
      }
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) return { events: [], currentRevision: null };
    throw error;
  }
  const last = events.at(-1);
  // A full read ends at the stream's end; otherwise ask for the last revision.
  if (maxCount === undefined && last) return { events, currentRevision: last.streamRevision };
  return { events, currentRevision: await currentRevision(client, streamName) };
};

export const readAll = async (client: EventStoreDBClient, options: ReadAllOptions): Promise<RecordedEvent[]> => {
  const wanted = options.maxCount === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor(options.maxCount));
  const result: RecordedEvent[] = [];
  let cursor = options.after ?? 0;
  while (result.length < wanted) {
    const count = Number.isFinite(wanted) ? Math.min(Math.max(wanted - result.length, 64), 4 * pageSize) : undefined;
    let read = 0;
    let lastCommit: number | null = null;
    for await (const resolved of client.readAll({
      direction: FORWARDS,
      fromPosition: fromAfter(cursor),
      ...(count === undefined ? {} : { maxCount: count }),
    })) {
      read++;
      const commit = commitOf(resolved);
      if (commit === null || commit <= cursor) continue;
      lastCommit = commit;
      const event = toRecorded(resolved);
      if (event) result.push(event);
      if (result.length >= wanted) break;
    }
    // The start position is inclusive: a page that only repeats it is the end.
    if (count === undefined || lastCommit === null || read < count) break;
    cursor = lastCommit;
  }
  return result;
};

/** The commit position of the last event that is ours (system events skipped), 0 when none. */
export const headPosition = async (client: EventStoreDBClient): Promise<number> => {
  let from: ReadPosition = END;
  let before = Number.POSITIVE_INFINITY;
  for (;;) {
    let read = 0;
    let lowest: number | null = null;
    for await (const resolved of client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: pageSize })) {
      read++;
      const commit = commitOf(resolved);
      if (commit === null || commit >= before) continue;
      if (toRecorded(resolved)) return commit;
      lowest = commit;
    }
    if (read < pageSize || lowest === null) return 0;
    before = lowest;
    from = { commit: BigInt(lowest), prepare: BigInt(lowest) };
  }
};

export const currentRevision = async (client: EventStoreDBClient, streamName: string): Promise<number | null> => {
  try {
    for await (const resolved of client.readStream(streamName, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
      if (resolved.event) return toNumber(resolved.event.revision);
    }
    return null;
  } catch (error) {
    if (error instanceof StreamNotFoundError) return null;
    throw error;
  }
};

/** Whether `streamName` holds the event `eventId`: first where `expected` puts it, then anywhere. */
export const holds = async (
  client: EventStoreDBClient,
  streamName: string,
  eventId: string,
  expected: ExpectedRevision,
): Promise<boolean> => {
  const at = typeof expected === 'number' ? expected + 1 : expected === 'no_stream' ? 0 : null;
  try {
    if (at !== null) {
      for await (const resolved of client.readStream(streamName, { direction: FORWARDS, fromRevision: BigInt(at), maxCount: 1 })) {
        if (resolved.event?.id === eventId) return true;
      }
    }
    for await (const resolved of client.readStream(streamName, { direction: BACKWARDS, fromRevision: END })) {
      if (resolved.event?.id === eventId) return true;
    }
    return false;
  } catch (error) {
    if (error instanceof StreamNotFoundError) return false;
    throw error;
  }
};

/** For servers that do not return the position of an append (before 22.6). */
export const positionOf = async (client: EventStoreDBClient, streamName: string, revision: number): Promise<number> => {
  for await (const resolved of client.readStream(streamName, { direction: FORWARDS, fromRevision: BigInt(revision), maxCount: 1 })) {
    return commitOf(resolved) ?? 0;
  }
  return 0;
};
