import {
  ANY,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type EventData,
  type JSONType,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { Event, EventMetadata, RecordedEvent } from '../../../contracts/events/event.ts';
import type { ExpectedRevision } from '../../core/eventStore.ts';
import type { IntentEvent } from './intents.ts';

/** How our events, revisions and positions map to the EventStoreDB driver's and back. */

/**
 * Where multi-stream appends record their intents (see intents.ts). Hidden
 * like system streams: readAll, headPosition and subscriptions never show it.
 */
export const intentStream = 'buildon_intents';

export const toEsdbExpected = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new TypeError(`Expected revision must be a revision >= 0, 'any', 'no_stream' or 'stream_exists' (got ${expected})`);
      }
      return BigInt(expected);
  }
};

/** ESDB reads from a position inclusively; callers drop the event at `after` itself. */
export const fromAfter = (after: number): ReadPosition => (after <= 0 ? START : { commit: BigInt(after), prepare: BigInt(after) });

export const toNumber = (value: bigint): number => {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`EventStoreDB value ${value} does not fit a JavaScript number`);
  return result;
};

export const commitOf = (resolved: ResolvedEvent | AllStreamResolvedEvent): number | null => {
  const commit = resolved.event?.position?.commit ?? resolved.commitPosition;
  return commit === undefined ? null : toNumber(commit);
};

const isSystem = (type: string, streamName: string): boolean =>
  type.startsWith('$') || streamName.startsWith('$') || streamName === intentStream;

export const toEventData = (id: string, event: Pick<IntentEvent, 'type' | 'data' | 'metadata'>): EventData => ({
  id,
  contentType: 'application/json',
  type: event.type,
  data: toJson(event.data ?? {}),
  metadata: toJson(event.metadata),
});

/** Our events are JSON objects; the driver's JSON type wants an index signature. */
export const toJson = (value: object): JSONType => value as JSONType;

/** Maps a driver event to ours, or null for system, link-only or non-JSON events. */
export const toRecorded = <E extends Event = Event>(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent<E> | null => {
  const event = resolved.event;
  if (!event || !event.isJson || isSystem(event.type, event.streamId)) return null;
  const metadata = event.metadata;
  const recorded = {
    type: event.type,
    data: typeof event.data === 'object' && event.data !== null ? event.data : {},
    metadata: (typeof metadata === 'object' && metadata !== null && !(metadata instanceof Uint8Array)
      ? metadata
      : { actorId: null, at: event.created.toISOString() }) as EventMetadata,
    eventId: event.id,
    streamName: event.streamId,
    streamRevision: toNumber(event.revision),
    globalPosition: commitOf(resolved) ?? 0,
  };
  // The stored type and data are what the writer of E appended.
  return recorded as RecordedEvent<E>;
};
