import { describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../../core/errors.ts';
import { revisionMatches, type ExpectedRevision, type NewEvent } from '../../core/eventStore.ts';
import { appendManyWithIntent, recoverIntents, type Intent, type IntentBackend, type IntentEvent } from './intents.ts';

/**
 * A store without multi-stream transactions, in memory, as EventStoreDB
 * behaves: one append per stream is atomic, an event id written twice at the
 * same place is stored once. `crashAfter` makes the n-th stream append throw
 * as a killed process would stop there.
 */
class FakeBackend implements IntentBackend {
  readonly streams = new Map<string, IntentEvent[]>();
  readonly intents = new Map<string, Intent>();
  readonly closed = new Map<string, 'done' | 'abandoned'>();
  position = 0;
  appends = 0;
  crashAfter = Number.POSITIVE_INFINITY;

  async appendWithIds(streamName: string, events: IntentEvent[], expected: ExpectedRevision) {
    if (this.appends >= this.crashAfter) throw new Error('killed');
    this.appends++;
    const stream = this.streams.get(streamName) ?? [];
    const current = stream.length === 0 ? null : stream.length - 1;
    if (!revisionMatches(expected, current)) throw new ConcurrencyError(streamName, String(expected), String(current));
    stream.push(...events);
    this.streams.set(streamName, stream);
    this.position += events.length;
    return { nextExpectedRevision: stream.length - 1, lastPosition: this.position };
  }
  async currentRevision(streamName: string) {
    const length = this.streams.get(streamName)?.length ?? 0;
    return length === 0 ? null : length - 1;
  }
  async holds(streamName: string, eventId: string) {
    return (this.streams.get(streamName) ?? []).some((event) => event.id === eventId);
  }
  async recordIntent(intent: Intent) {
    this.intents.set(intent.intentId, structuredClone(intent));
  }
  async closeIntent(intentId: string, outcome: 'done' | 'abandoned') {
    this.closed.set(intentId, outcome);
  }
  async openIntents() {
    return [...this.intents.values()].filter((intent) => !this.closed.has(intent.intentId));
  }
  types(streamName: string) {
    return (this.streams.get(streamName) ?? []).map((event) => event.type);
  }
}

const event = (type: string): NewEvent => ({ type, data: {}, metadata: { actorId: 'a', at: '2024-01-01T00:00:00.000Z' } });
let counter = 0;
const newId = () => `id-${++counter}`;
const later = () => new Date(Date.now() + 60_000);

/** A note, its ref in a busy view and the view's registration: the shape of createContribution. */
const command = (view: ExpectedRevision = 0) => [
  { streamName: 'contribution-note', events: [event('ContributionCreated'), event('LinkCreated')], expectedRevision: 'no_stream' as const },
  { streamName: 'contribution-view', events: [event('LinkCreated')], expectedRevision: view },
  { streamName: 'community-c', events: [event('ViewRegistered')] },
];

describe('multi-stream append through an intent (EventStoreDB without transactions)', () => {
  it('writes every part and closes the intent; results follow the order given', async () => {
    const backend = new FakeBackend();
    backend.streams.set('contribution-view', [{ id: 'v0', type: 'ContributionCreated', data: {}, metadata: event('x').metadata }]);
    const result = await appendManyWithIntent(backend, command(), newId);
    expect(result.streams.map((r) => r.nextExpectedRevision)).toEqual([1, 1, 0]);
    expect(backend.types('contribution-note')).toEqual(['ContributionCreated', 'LinkCreated']);
    expect([...backend.closed.values()]).toEqual(['done']);
    expect(await backend.openIntents()).toEqual([]);
  });

  it('a stale revision found before writing refuses with nothing written and no intent', async () => {
    const backend = new FakeBackend();
    backend.streams.set('contribution-view', [{ id: 'v0', type: 'ContributionCreated', data: {}, metadata: event('x').metadata }]);
    await expect(appendManyWithIntent(backend, command(5), newId)).rejects.toBeInstanceOf(ConcurrencyError);
    expect(backend.streams.has('contribution-note')).toBe(false);
    expect(backend.intents.size).toBe(0);
  });

  it('a conflict on the contended first part (a race after the check) abandons the intent, nothing written', async () => {
    const backend = new FakeBackend();
    backend.streams.set('contribution-view', [{ id: 'v0', type: 'ContributionCreated', data: {}, metadata: event('x').metadata }]);
    const original = backend.recordIntent.bind(backend);
    // Another pupil's ref lands on the view between the check and the write.
    backend.recordIntent = async (intent) => {
      await original(intent);
      backend.streams.get('contribution-view')!.push({ id: 'other', type: 'LinkCreated', data: {}, metadata: event('x').metadata });
    };
    await expect(appendManyWithIntent(backend, command(0), newId)).rejects.toBeInstanceOf(ConcurrencyError);
    expect(backend.streams.has('contribution-note')).toBe(false);
    expect(backend.streams.has('community-c')).toBe(false);
    expect([...backend.closed.values()]).toEqual(['abandoned']);
  });

  it.each([1, 2])('killed after %i of 3 parts, the next start finishes the command exactly once', async (crashAfter) => {
    const backend = new FakeBackend();
    backend.streams.set('contribution-view', [{ id: 'v0', type: 'ContributionCreated', data: {}, metadata: event('x').metadata }]);
    backend.crashAfter = crashAfter;
    await expect(appendManyWithIntent(backend, command(), newId)).rejects.toThrow('killed');
    expect(await backend.openIntents()).toHaveLength(1);
    backend.crashAfter = Number.POSITIVE_INFINITY;
    // A young intent may belong to a node still writing it: left alone.
    expect(await recoverIntents(backend)).toEqual({ finished: 0, abandoned: 0 });
    expect(await recoverIntents(backend, { now: later })).toEqual({ finished: 1, abandoned: 0 });
    expect(backend.types('contribution-note')).toEqual(['ContributionCreated', 'LinkCreated']);
    expect(backend.types('contribution-view')).toEqual(['ContributionCreated', 'LinkCreated']);
    expect(backend.types('community-c')).toEqual(['ViewRegistered']);
    // Running it again changes nothing.
    expect(await recoverIntents(backend, { now: later })).toEqual({ finished: 0, abandoned: 0 });
    expect(backend.types('contribution-view')).toHaveLength(2);
  });

  it('killed after recording the intent but before any write, the next start abandons it (nothing was visible)', async () => {
    const backend = new FakeBackend();
    backend.streams.set('contribution-view', [{ id: 'v0', type: 'ContributionCreated', data: {}, metadata: event('x').metadata }]);
    backend.crashAfter = 0;
    await expect(appendManyWithIntent(backend, command(), newId)).rejects.toThrow('killed');
    backend.crashAfter = Number.POSITIVE_INFINITY;
    expect(await recoverIntents(backend, { now: later })).toEqual({ finished: 0, abandoned: 1 });
    expect(backend.streams.has('contribution-note')).toBe(false);
    expect(backend.types('contribution-view')).toEqual(['ContributionCreated']);
  });
});
