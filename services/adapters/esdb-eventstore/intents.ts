import type { EventMetadata } from '../../../contracts/events/event.ts';
import { ConcurrencyError } from '../../core/errors.ts';
import {
  checkAppendMany,
  revisionMatches,
  type AppendManyResult,
  type AppendResult,
  type ExpectedRevision,
  type StreamAppend,
} from '../../core/eventStore.ts';

/** An event with the id it is written under: the same id on every attempt, so a retry is recognised. */
export type IntentEvent = { id: string; type: string; data: object; metadata: EventMetadata };

export type IntentPart = { streamName: string; expectedRevision: ExpectedRevision; events: IntentEvent[] };

/** Everything a multi-stream append will write, recorded before the first write. */
export type Intent = { intentId: string; recordedAt: string; parts: IntentPart[] };

/**
 * What the intent process needs from a store without multi-stream
 * transactions (EventStoreDB; a fake in the unit tests).
 */
export interface IntentBackend {
  /** Appends these events under their ids; a ConcurrencyError when `expected` does not hold. */
  appendWithIds(streamName: string, events: IntentEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  currentRevision(streamName: string): Promise<number | null>;
  /** Whether the stream holds an event with this id (`expected` says where to look first). */
  holds(streamName: string, eventId: string, expected: ExpectedRevision): Promise<boolean>;
  recordIntent(intent: Intent): Promise<void>;
  closeIntent(intentId: string, outcome: 'done' | 'abandoned'): Promise<void>;
  /** Intents recorded and not closed, oldest first. */
  openIntents(): Promise<Intent[]>;
}

/**
 * Contended parts first: only a conflict on the first part can still give up
 * cleanly (nothing is written yet), so the parts most likely to conflict (an
 * existing stream at a pinned revision, e.g. a busy view) go first and the
 * creations of fresh streams after them.
 */
const rank = (expected: ExpectedRevision): number =>
  typeof expected === 'number' || expected === 'stream_exists' ? 0 : expected === 'no_stream' ? 1 : 2;

/**
 * A multi-stream append as an idempotent, resumable process:
 *
 * 1. every expected revision is checked (a mismatch rejects, nothing written);
 * 2. the intent — every part with its events and their fixed ids — is recorded;
 * 3. the parts are appended one by one. A conflict on the first part abandons
 *    the intent (nothing is visible: a ConcurrencyError, the caller decides
 *    again). A conflict on a later part cannot undo the parts already written,
 *    so the command is finished instead (that part appended at `any`): a
 *    command is never left half visible;
 * 4. the intent is closed.
 *
 * A crash between 2 and 4 leaves an open intent; `recoverIntents` (run when
 * the store opens) finishes it if any part is visible, or abandons it if none
 * is (the caller saw a failure and may retry). Fixed event ids make every
 * step safe to repeat: a part already written is skipped.
 */
export const appendManyWithIntent = async (
  backend: IntentBackend,
  appends: readonly StreamAppend[],
  newId: () => string,
  now: () => Date = () => new Date(),
): Promise<AppendManyResult> => {
  checkAppendMany(appends);
  const order = appends
    .map((part, index) => ({ part, index }))
    .sort((a, b) => rank(a.part.expectedRevision ?? 'any') - rank(b.part.expectedRevision ?? 'any') || a.index - b.index);
  const intent: Intent = {
    intentId: newId(),
    recordedAt: now().toISOString(),
    parts: order.map(({ part }) => ({
      streamName: part.streamName,
      expectedRevision: part.expectedRevision ?? 'any',
      events: part.events.map((event) => {
        if (typeof event.type !== 'string' || event.type === '') throw new TypeError('An event needs a non-empty type');
        return { id: newId(), type: event.type, data: event.data ?? {}, metadata: event.metadata };
      }),
    })),
  };
  if (intent.parts.some((part) => part.events.length === 0)) throw new TypeError('An append needs at least one event');
  for (const part of intent.parts) {
    if (part.expectedRevision === 'any') continue;
    const current = await backend.currentRevision(part.streamName);
    if (!revisionMatches(part.expectedRevision, current)) {
      throw new ConcurrencyError(part.streamName, String(part.expectedRevision), current === null ? 'no_stream' : String(current));
    }
  }
  await backend.recordIntent(intent);
  const results: AppendResult[] = new Array<AppendResult>(appends.length);
  for (const [step, part] of intent.parts.entries()) {
    let result: AppendResult;
    try {
      result = await backend.appendWithIds(part.streamName, part.events, part.expectedRevision);
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (step === 0) {
        await backend.closeIntent(intent.intentId, 'abandoned');
        throw error;
      }
      result = await backend.appendWithIds(part.streamName, part.events, 'any');
    }
    results[order[step]!.index] = result;
  }
  await backend.closeIntent(intent.intentId, 'done');
  return { streams: results, lastPosition: Math.max(0, ...results.map((result) => result.lastPosition)) };
};

/**
 * Finishes or abandons intents left open by a crash (see `appendManyWithIntent`).
 * Intents younger than `graceMs` are left alone: another API node may still be
 * writing them.
 * @returns how many intents were finished and abandoned.
 */
export const recoverIntents = async (
  backend: IntentBackend,
  options: { graceMs?: number; now?: () => Date } = {},
): Promise<{ finished: number; abandoned: number }> => {
  const now = (options.now ?? (() => new Date()))().getTime();
  const graceMs = options.graceMs ?? 30_000;
  let finished = 0;
  let abandoned = 0;
  for (const intent of await backend.openIntents()) {
    if (now - Date.parse(intent.recordedAt) < graceMs) continue;
    const written: boolean[] = [];
    for (const part of intent.parts) {
      const first = part.events[0];
      written.push(first !== undefined && (await backend.holds(part.streamName, first.id, part.expectedRevision)));
    }
    if (!written.some(Boolean)) {
      await backend.closeIntent(intent.intentId, 'abandoned');
      abandoned++;
      continue;
    }
    for (const [index, part] of intent.parts.entries()) {
      if (!written[index]) await backend.appendWithIds(part.streamName, part.events, 'any');
    }
    await backend.closeIntent(intent.intentId, 'done');
    finished++;
  }
  return { finished, abandoned };
};
