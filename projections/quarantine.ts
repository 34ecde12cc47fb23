import type { RecordedEvent } from '../contracts/events/event.ts';
import type { Projection } from '../services/core/projection.ts';
import type { ReadStore } from '../services/core/readStore.ts';

/**
 * Events a projection could not apply: each is logged, recorded here and
 * skipped, so one bad event (a note body written before bodies were checked)
 * never stops a start, a rebuild or the live read models. `kf doctor` lists them.
 */
export const quarantineCollection = '_quarantine';

export type QuarantinedEvent = {
  /** `{projection}:{position}`. */
  _id: string;
  projection: string;
  position: number;
  streamName: string;
  eventType: string;
  eventId: string;
  error: string;
  at: string;
};

type ErrorLog = { error(obj: object, msg: string): void } | undefined;

/**
 * After a rebuild of `projections` (which replayed every event), forgets the
 * quarantined events of theirs that applied this time (a fixed projection), so
 * `kf doctor` lists only what is still skipped.
 */
export const forgetApplied = async (
  readStore: ReadStore,
  log: ErrorLog,
  projections: readonly string[],
  requarantined: ReadonlySet<string>,
): Promise<void> => {
  try {
    const quarantined = readStore.collection<QuarantinedEvent>(quarantineCollection);
    for (const entry of await quarantined.find({ projection: { $in: [...projections] } })) {
      if (!requarantined.has(entry._id)) await quarantined.delete(entry._id);
    }
  } catch (error) {
    log?.error({ err: error }, 'could not clear quarantined events after a rebuild');
  }
};

/** Logs and records an event `projection` could not apply; the caller skips it. Returns the record's id. */
export const quarantine = async (
  readStore: ReadStore,
  log: ErrorLog,
  projection: Projection,
  event: RecordedEvent,
  error: unknown,
): Promise<string> => {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  log?.error(
    { err: error, projection: projection.name, event: event.type, stream: event.streamName, position: event.globalPosition },
    'projection failed on event; event quarantined (see kf doctor)',
  );
  const doc: QuarantinedEvent = {
    _id: `${projection.name}:${event.globalPosition}`,
    projection: projection.name,
    position: event.globalPosition,
    streamName: event.streamName,
    eventType: event.type,
    eventId: event.eventId,
    error: message.slice(0, 1_000),
    at: new Date().toISOString(),
  };
  try {
    await readStore.collection<QuarantinedEvent>(quarantineCollection).put(doc);
  } catch (recordError) {
    log?.error({ err: recordError }, 'could not record a quarantined event');
  }
  return doc._id;
};
