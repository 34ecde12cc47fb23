import { randomUUID } from 'node:crypto';
import { FORWARDS, START, StreamNotFoundError, type EventData, type EventStoreDBClient } from '@eventstore/db-client';
import type { AppendResult, ExpectedRevision } from '../../core/eventStore.ts';
import { intentStream, toEventData, toJson } from './esdbEvents.ts';
import { currentRevision, holds } from './esdbReads.ts';
import type { Intent, IntentBackend } from './intents.ts';

/** Intents older than this are dropped by the server (it keeps the stream short); recovery runs at every start. */
const intentMaxAgeSeconds = 30 * 24 * 3600;

/** Keeps the intent stream short; recovery works without it, so a failure is ignored. */
export const limitIntentStream = async (client: EventStoreDBClient): Promise<void> => {
  try {
    await client.setStreamMetadata(intentStream, { maxAge: intentMaxAgeSeconds });
  } catch {
    // Only keeps the stream short.
  }
};

/**
 * The intent process's view of an EventStoreDB store (intents.ts): intents
 * are events of `intentStream`, recorded before the first part is written and
 * closed after the last.
 * @param write appends events under their ids, as the store does.
 */
export const esdbIntentBackend = (
  client: EventStoreDBClient,
  write: (streamName: string, data: EventData[], expected: ExpectedRevision) => Promise<AppendResult>,
): IntentBackend => ({
  appendWithIds: (streamName, events, expected) =>
    write(
      streamName,
      events.map((event) => toEventData(event.id, event)),
      expected,
    ),
  currentRevision: (streamName) => currentRevision(client, streamName),
  holds: (streamName, eventId, expected) => holds(client, streamName, eventId, expected),
  recordIntent: async (intent) => {
    // The intent id is the event id: recording it twice stores it once.
    await client.appendToStream(intentStream, [
      { id: intent.intentId, contentType: 'application/json', type: 'IntentRecorded', data: toJson(intent), metadata: toJson({}) },
    ]);
  },
  closeIntent: async (intentId, outcome) => {
    await client.appendToStream(intentStream, [
      { id: randomUUID(), contentType: 'application/json', type: 'IntentClosed', data: { intentId, outcome }, metadata: toJson({}) },
    ]);
  },
  openIntents: async () => {
    const open = new Map<string, Intent>();
    try {
      for await (const resolved of client.readStream(intentStream, { direction: FORWARDS, fromRevision: START })) {
        const event = resolved.event;
        if (!event || !event.isJson || typeof event.data !== 'object' || event.data === null) continue;
        const data = event.data as Record<string, unknown>;
        if (event.type === 'IntentRecorded') open.set(String(data.intentId), data as unknown as Intent);
        if (event.type === 'IntentClosed') open.delete(String(data.intentId));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return [...open.values()];
  },
});
