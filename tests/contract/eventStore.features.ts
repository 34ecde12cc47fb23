import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMetadata, RecordedEvent } from '../../contracts/events/event.ts';
import { ConcurrencyError } from '../../services/core/errors.ts';
import type { EventStore, NewEvent, Subscription } from '../../services/core/eventStore.ts';

/** What a contract run needs from an adapter: a ready store and a way to dispose of it. */
export type OpenEventStore = () => Promise<{ store: EventStore; cleanup: () => Promise<void> }>;

/** A fresh stream name per test (24 hex ids, as the app uses), so a shared server never mixes tests. */
export const freshStream = (category = 'contract'): string => `${category}-${randomUUID().replaceAll('-', '').slice(0, 24)}`;

const metadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  actorId: 'actor-1',
  at: '2024-05-06T07:08:09.123Z',
  correlationId: 'corr-1',
  ...overrides,
});

const event = (type: string, data: object = {}, meta: Partial<EventMetadata> = {}): NewEvent => ({ type, data, metadata: metadata(meta) });

const numbered = (n: number, extra: object = {}): NewEvent => event('Numbered', { n, ...extra });

/** Polls until `check` stops throwing (subscriptions deliver asynchronously). */
const eventually = async (check: () => void, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

const positionsOf = (events: RecordedEvent[]) => events.map((e) => e.globalPosition);

const isStrictlyIncreasing = (values: number[]) =>
  values.every((value, i) => i === 0 || value > (values[i - 1] ?? Number.NEGATIVE_INFINITY));

/**
 * The behaviour every EventStore adapter must show (ARCHITECTURE.md: every
 * adapter of a port passes the same suite). Tests use fresh stream names and
 * only look at their own streams in the global log, so they also pass on a
 * shared server that already holds events.
 * @param label names the adapter in the report.
 * @param open called before each test; `cleanup` after it.
 */
export const eventStoreContract = (label: string, open: OpenEventStore): void => {
  describe(`EventStore contract: ${label}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    const subscriptions: Subscription[] = [];

    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => {
      for (const subscription of subscriptions.splice(0)) await subscription.close();
      await cleanup();
    });

    /** Subscribes and records every event of the given streams. */
    const collect = (streams: Set<string>, after: number, onEvent?: (event: RecordedEvent) => Promise<void> | void) => {
      const received: RecordedEvent[] = [];
      const errors: unknown[] = [];
      const subscription = store.subscribeToAll({
        after,
        onEvent: async (e) => {
          if (!streams.has(e.streamName)) return;
          received.push(e);
          await onEvent?.(e);
        },
        onError: (error) => errors.push(error),
      });
      subscriptions.push(subscription);
      return { received, errors, subscription };
    };

    const ourEvents = async (streams: Set<string>, after: number) =>
      (await store.readAll({ after })).filter((e) => streams.has(e.streamName));

    describe('append and readStream', () => {
      it('stores events with their type, data, metadata, revision and position', async () => {
        const stream = freshStream();
        const result = await store.append(stream, [event('NoteCreated', { title: 'a' }), event('NoteEdited', { title: 'b' })]);
        expect(result.nextExpectedRevision).toBe(1);
        expect(result.lastPosition).toBeGreaterThan(0);

        const { events, currentRevision } = await store.readStream(stream);
        expect(currentRevision).toBe(1);
        expect(events).toMatchObject([
          { type: 'NoteCreated', data: { title: 'a' }, metadata: metadata(), streamName: stream, streamRevision: 0 },
          { type: 'NoteEdited', data: { title: 'b' }, metadata: metadata(), streamName: stream, streamRevision: 1 },
        ]);
        expect(events[1]?.globalPosition).toBe(result.lastPosition);
        expect(isStrictlyIncreasing(positionsOf(events))).toBe(true);
        for (const e of events) {
          expect(e.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
          expect(typeof e.globalPosition).toBe('number');
          expect(typeof e.streamRevision).toBe('number');
        }
        expect(new Set(events.map((e) => e.eventId)).size).toBe(2);
      });

      it('reads a stream that does not exist as empty with no revision', async () => {
        expect(await store.readStream(freshStream())).toEqual({ events: [], currentRevision: null });
      });

      it('continues revisions across appends and keeps streams apart', async () => {
        const a = freshStream();
        const b = freshStream();
        await store.append(a, [numbered(0), numbered(1)]);
        await store.append(b, [numbered(0)]);
        const next = await store.append(a, [numbered(2)]);
        expect(next.nextExpectedRevision).toBe(2);
        expect((await store.readStream(a)).events.map((e) => [e.streamRevision, e.data])).toEqual([
          [0, { n: 0 }],
          [1, { n: 1 }],
          [2, { n: 2 }],
        ]);
        expect((await store.readStream(b)).currentRevision).toBe(0);
      });

      it('reads from a revision and at most maxCount events, still reporting the current revision', async () => {
        const stream = freshStream();
        await store.append(
          stream,
          [0, 1, 2, 3, 4].map((n) => numbered(n)),
        );
        const middle = await store.readStream(stream, { fromRevision: 1, maxCount: 2 });
        expect(middle.events.map((e) => e.streamRevision)).toEqual([1, 2]);
        expect(middle.currentRevision).toBe(4);
        expect((await store.readStream(stream, { fromRevision: 3 })).events.map((e) => e.streamRevision)).toEqual([3, 4]);
        expect(await store.readStream(stream, { fromRevision: 9 })).toEqual({ events: [], currentRevision: 4 });
        expect(await store.readStream(stream, { maxCount: 0 })).toEqual({ events: [], currentRevision: 4 });
      });

      it('rejects an append without events', async () => {
        await expect(store.append(freshStream(), [])).rejects.toThrow(TypeError);
      });
    });

    describe('expected revision', () => {
      it("'any' (and no option) appends whatever the stream holds", async () => {
        const stream = freshStream();
        await store.append(stream, [numbered(0)], { expectedRevision: 'any' });
        await store.append(stream, [numbered(1)]);
        await store.append(stream, [numbered(2)], { expectedRevision: 'any' });
        expect((await store.readStream(stream)).currentRevision).toBe(2);
      });

      it("'no_stream' creates a stream and refuses an existing one", async () => {
        const stream = freshStream();
        expect(await store.append(stream, [numbered(0)], { expectedRevision: 'no_stream' })).toMatchObject({ nextExpectedRevision: 0 });
        const failed = store.append(stream, [numbered(1)], { expectedRevision: 'no_stream' });
        await expect(failed).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(failed).rejects.toMatchObject({ streamName: stream, expected: 'no_stream', actual: '0', status: 409 });
      });

      it("'stream_exists' refuses a missing stream and appends to an existing one", async () => {
        const stream = freshStream();
        const failed = store.append(stream, [numbered(0)], { expectedRevision: 'stream_exists' });
        await expect(failed).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(failed).rejects.toMatchObject({ streamName: stream, expected: 'stream_exists' });
        expect((await store.readStream(stream)).currentRevision).toBeNull();
        await store.append(stream, [numbered(0)]);
        expect(await store.append(stream, [numbered(1)], { expectedRevision: 'stream_exists' })).toMatchObject({ nextExpectedRevision: 1 });
      });

      it('a revision number must be the revision of the last event', async () => {
        const stream = freshStream();
        await expect(store.append(stream, [numbered(0)], { expectedRevision: 0 })).rejects.toBeInstanceOf(ConcurrencyError);
        const first = await store.append(stream, [numbered(0), numbered(1)], { expectedRevision: 'no_stream' });
        const second = await store.append(stream, [numbered(2)], { expectedRevision: first.nextExpectedRevision });
        expect(second.nextExpectedRevision).toBe(2);
        const stale = store.append(stream, [numbered(99)], { expectedRevision: first.nextExpectedRevision });
        await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(stale).rejects.toMatchObject({ streamName: stream, expected: '1', actual: '2' });
        await expect(store.append(stream, [numbered(99)], { expectedRevision: 7 })).rejects.toBeInstanceOf(ConcurrencyError);
      });

      it('a refused append writes nothing', async () => {
        const stream = freshStream();
        await store.append(stream, [numbered(0)]);
        const head = await store.headPosition();
        await expect(store.append(stream, [numbered(1), numbered(2)], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
          ConcurrencyError,
        );
        const { events, currentRevision } = await store.readStream(stream);
        expect(events).toHaveLength(1);
        expect(currentRevision).toBe(0);
        expect(await ourEvents(new Set([stream]), head)).toEqual([]);
      });
    });

    describe('readAll and headPosition', () => {
      it('returns the global log in order, strictly after `after`', async () => {
        const a = freshStream();
        const b = freshStream();
        const head = await store.headPosition();
        await store.append(a, [numbered(0), numbered(1)]);
        await store.append(b, [numbered(2)]);
        await store.append(a, [numbered(3)]);
        const streams = new Set([a, b]);

        const all = await ourEvents(streams, head);
        expect(all.map((e) => [e.streamName, e.data])).toEqual([
          [a, { n: 0 }],
          [a, { n: 1 }],
          [b, { n: 2 }],
          [a, { n: 3 }],
        ]);
        expect(isStrictlyIncreasing(positionsOf(all))).toBe(true);

        const afterSecond = await ourEvents(streams, all[1]!.globalPosition);
        expect(afterSecond.map((e) => e.data)).toEqual([{ n: 2 }, { n: 3 }]);
        expect(await ourEvents(streams, all[3]!.globalPosition)).toEqual([]);
      });

      it('returns at most maxCount events, and pages through the log without gaps', async () => {
        const stream = freshStream();
        const head = await store.headPosition();
        await store.append(
          stream,
          Array.from({ length: 7 }, (_, n) => numbered(n)),
        );

        const firstPage = await store.readAll({ after: head, maxCount: 3 });
        expect(firstPage).toHaveLength(3);
        expect(await store.readAll({ after: head, maxCount: 0 })).toEqual([]);

        const seen: RecordedEvent[] = [];
        let after = head;
        for (;;) {
          const page = await store.readAll({ after, maxCount: 2 });
          expect(page.length).toBeLessThanOrEqual(2);
          if (page.length === 0) break;
          seen.push(...page);
          after = page.at(-1)!.globalPosition;
        }
        expect(seen.filter((e) => e.streamName === stream).map((e) => e.data)).toEqual(Array.from({ length: 7 }, (_, n) => ({ n })));
        expect(isStrictlyIncreasing(positionsOf(seen))).toBe(true);
      });

      it('headPosition is the position of the newest event', async () => {
        const before = await store.headPosition();
        expect(before).toBeGreaterThanOrEqual(0);
        const first = await store.append(freshStream(), [numbered(0)]);
        expect(await store.headPosition()).toBe(first.lastPosition);
        const second = await store.append(freshStream(), [numbered(1), numbered(2)]);
        expect(second.lastPosition).toBeGreaterThan(first.lastPosition);
        expect(await store.headPosition()).toBe(second.lastPosition);
        const tail = await store.readAll({ after: first.lastPosition });
        expect(tail.at(-1)?.globalPosition).toBe(second.lastPosition);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up from `after`, then follows the live tail, in order', async () => {
        const stream = freshStream();
        const streams = new Set([stream]);
        await store.append(stream, [numbered(0)]);
        const second = await store.append(stream, [numbered(1), numbered(2)]);
        const skipped = (await store.readStream(stream)).events[1]!.globalPosition;

        const { received, errors } = collect(streams, skipped);
        await eventually(() => expect(received.map((e) => e.data)).toEqual([{ n: 2 }]));
        await store.append(stream, [numbered(3)]);
        await store.append(stream, [numbered(4)]);
        await eventually(() => expect(received.map((e) => e.data)).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }]));
        expect(received[0]?.globalPosition).toBe(second.lastPosition);
        expect(received.map((e) => e.streamRevision)).toEqual([2, 3, 4]);
        expect(errors).toEqual([]);
      });

      it('delivers every event exactly once, in global order, when appends race with catch-up', async () => {
        const streamNames = Array.from({ length: 5 }, () => freshStream('race'));
        const streams = new Set(streamNames);
        const head = await store.headPosition();
        for (let i = 0; i < 30; i++) await store.append(streamNames[i % 5]!, [numbered(i)]);

        let running = 0;
        let maxRunning = 0;
        const { received, errors } = collect(streams, head, async (e) => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          // Slow handler during catch-up so live appends land meanwhile.
          if ((e.data as { n: number }).n < 30) await sleep(2);
          running--;
        });
        // Bursts of concurrent appends spread over several turns while catch-up runs.
        const live: Promise<unknown>[] = [];
        for (let i = 0; i < 30; i++) {
          live.push(store.append(streamNames[i % 5]!, [numbered(30 + i), numbered(60 + i)]));
          if (i % 6 === 5) await sleep(3);
        }
        await Promise.all(live);
        await eventually(() => expect(received).toHaveLength(90));
        await sleep(50);

        const expected = await ourEvents(streams, head);
        expect(expected).toHaveLength(90);
        expect(positionsOf(received)).toEqual(positionsOf(expected));
        expect(received.map((e) => e.eventId)).toEqual(expected.map((e) => e.eventId));
        expect(maxRunning).toBe(1);
        expect(errors).toEqual([]);
      });

      it('close() waits for the running handler and stops delivery', async () => {
        const stream = freshStream();
        const streams = new Set([stream]);
        const head = await store.headPosition();
        const gate = deferred();
        let finished = 0;
        const { received, subscription } = collect(streams, head, async () => {
          await gate.promise;
          finished++;
        });
        await store.append(stream, [numbered(0), numbered(1)]);
        await eventually(() => expect(received).toHaveLength(1));

        let closed = false;
        const closing = subscription.close().then(() => {
          closed = true;
        });
        await sleep(30);
        expect(closed).toBe(false);
        gate.resolve();
        await closing;
        expect(finished).toBe(1);

        await store.append(stream, [numbered(2)]);
        await sleep(100);
        expect(received).toHaveLength(1);
      });

      it('stops and calls onError when the handler throws', async () => {
        const stream = freshStream();
        const streams = new Set([stream]);
        const head = await store.headPosition();
        const { received, errors } = collect(streams, head, (e) => {
          if ((e.data as { n: number }).n === 1) throw new Error('handler failed');
        });
        await store.append(stream, [numbered(0), numbered(1), numbered(2)]);
        await eventually(() => expect(errors).toHaveLength(1));
        expect(errors[0]).toMatchObject({ message: 'handler failed' });
        await sleep(50);
        expect(received.map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }]);
      });
    });

    describe('concurrent appends (group commit)', () => {
      it('appends to different streams at once all succeed with distinct positions', async () => {
        const streamNames = Array.from({ length: 25 }, () => freshStream('batch'));
        const results = await Promise.all(
          streamNames.map((name, i) => store.append(name, [numbered(i)], { expectedRevision: 'no_stream' })),
        );
        expect(results.every((r) => r.nextExpectedRevision === 0)).toBe(true);
        expect(new Set(results.map((r) => r.lastPosition)).size).toBe(25);
        for (const [i, name] of streamNames.entries()) {
          const { events } = await store.readStream(name);
          expect(events.map((e) => e.data)).toEqual([{ n: i }]);
          expect(events[0]?.globalPosition).toBe(results[i]?.lastPosition);
        }
      });

      it('only one of several concurrent creations of a stream succeeds', async () => {
        const stream = freshStream();
        const outcomes = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) => store.append(stream, [numbered(i)], { expectedRevision: 'no_stream' })),
        );
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(7);
        for (const failure of lost) expect(failure.reason).toBeInstanceOf(ConcurrencyError);
        expect((await store.readStream(stream)).events).toHaveLength(1);
      });

      it('conflicting expected revisions in one burst: exactly the right appends succeed', async () => {
        const stream = freshStream();
        const other = freshStream();
        await store.append(stream, [numbered(0), numbered(1), numbered(2)]);
        const attempts = [
          { expectedRevision: 2, label: 'rev2-a' },
          { expectedRevision: 2, label: 'rev2-b' },
          { expectedRevision: 2, label: 'rev2-c' },
          { expectedRevision: 7, label: 'rev7' },
          { expectedRevision: 'no_stream', label: 'no_stream' },
          { expectedRevision: 'stream_exists', label: 'exists' },
          { expectedRevision: 'any', label: 'any' },
        ] as const;
        const outcomes = await Promise.allSettled([
          ...attempts.map(({ expectedRevision, label: name }) => store.append(stream, [event('Tried', { name })], { expectedRevision })),
          store.append(other, [numbered(0)], { expectedRevision: 'no_stream' }),
        ]);
        const byLabel = new Map(attempts.map((a, i) => [a.label, outcomes[i]?.status]));
        const rev2Wins = ['rev2-a', 'rev2-b', 'rev2-c'].filter((name) => byLabel.get(name as 'rev2-a') === 'fulfilled');
        expect(rev2Wins).toHaveLength(1);
        expect(byLabel.get('rev7')).toBe('rejected');
        expect(byLabel.get('no_stream')).toBe('rejected');
        expect(byLabel.get('exists')).toBe('fulfilled');
        expect(byLabel.get('any')).toBe('fulfilled');
        expect(outcomes.at(-1)?.status).toBe('fulfilled');
        for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ConcurrencyError);

        const { events, currentRevision } = await store.readStream(stream);
        expect(currentRevision).toBe(5);
        expect(events.map((e) => e.streamRevision)).toEqual([0, 1, 2, 3, 4, 5]);
        expect(new Set(events.slice(3).map((e) => (e.data as { name: string }).name))).toEqual(new Set([...rev2Wins, 'exists', 'any']));
        expect((await store.readStream(other)).currentRevision).toBe(0);
      });
    });

    describe('appendMany (several streams, all or nothing)', () => {
      it('writes every part, each at its revision, and answers per part in the order given', async () => {
        const note = freshStream('note');
        const view = freshStream('view');
        await store.append(view, [numbered(0), numbered(1)]);
        const head = await store.headPosition();
        const result = await store.appendMany([
          { streamName: note, events: [numbered(10), numbered(11)], expectedRevision: 'no_stream' },
          { streamName: view, events: [numbered(12)], expectedRevision: 1 },
        ]);
        expect(result.streams.map((r) => r.nextExpectedRevision)).toEqual([1, 2]);
        expect(result.lastPosition).toBe(Math.max(...result.streams.map((r) => r.lastPosition)));
        expect((await store.readStream(note)).events.map((e) => e.data)).toEqual([{ n: 10 }, { n: 11 }]);
        expect((await store.readStream(view)).events.map((e) => [e.streamRevision, e.data])).toEqual([
          [0, { n: 0 }],
          [1, { n: 1 }],
          [2, { n: 12 }],
        ]);
        const logged = await ourEvents(new Set([note, view]), head);
        expect(logged).toHaveLength(3);
        expect(await store.headPosition()).toBeGreaterThanOrEqual(result.lastPosition);
      });

      it('one stale expected revision refuses the whole append and writes nothing', async () => {
        const fresh = freshStream('note');
        const view = freshStream('view');
        await store.append(view, [numbered(0), numbered(1)]);
        const head = await store.headPosition();
        const refused = store.appendMany([
          { streamName: fresh, events: [numbered(10)], expectedRevision: 'no_stream' },
          { streamName: view, events: [numbered(11)], expectedRevision: 0 },
        ]);
        await expect(refused).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(refused).rejects.toMatchObject({ streamName: view });
        expect(await store.readStream(fresh)).toEqual({ events: [], currentRevision: null });
        expect((await store.readStream(view)).currentRevision).toBe(1);
        expect(await ourEvents(new Set([fresh, view]), head)).toEqual([]);
      });

      it('refuses a part without events or a stream named twice, writing nothing', async () => {
        const a = freshStream();
        await expect(store.appendMany([])).rejects.toThrow();
        await expect(
          store.appendMany([
            { streamName: a, events: [numbered(0)] },
            { streamName: a, events: [numbered(1)] },
          ]),
        ).rejects.toThrow(/twice/);
        await expect(
          store.appendMany([
            { streamName: a, events: [numbered(0)] },
            { streamName: freshStream(), events: [] },
          ]),
        ).rejects.toThrow();
        expect(await store.readStream(a)).toEqual({ events: [], currentRevision: null });
      });

      it('of concurrent multi-appends pinned to the same revision, exactly one wins, whole', async () => {
        const view = freshStream('view');
        await store.append(view, [numbered(0)]);
        const notes = Array.from({ length: 6 }, () => freshStream('note'));
        const outcomes = await Promise.allSettled(
          notes.map((note, i) =>
            store.appendMany([
              { streamName: note, events: [numbered(i)], expectedRevision: 'no_stream' },
              { streamName: view, events: [numbered(100 + i)], expectedRevision: 0 },
            ]),
          ),
        );
        const won = outcomes.map((o, i) => (o.status === 'fulfilled' ? i : -1)).filter((i) => i >= 0);
        expect(won).toHaveLength(1);
        for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(ConcurrencyError);
        const winner = won[0]!;
        expect((await store.readStream(view)).events.map((e) => e.data)).toEqual([{ n: 0 }, { n: 100 + winner }]);
        for (const [i, note] of notes.entries()) {
          expect((await store.readStream(note)).events).toHaveLength(i === winner ? 1 : 0);
        }
      });

      it('its events reach subscribers like any others', async () => {
        const a = freshStream();
        const b = freshStream();
        const head = await store.headPosition();
        const { received } = collect(new Set([a, b]), head);
        await store.appendMany([
          { streamName: a, events: [numbered(0)] },
          { streamName: b, events: [numbered(1), numbered(2)] },
        ]);
        await eventually(() => expect(received).toHaveLength(3));
        expect(received.map((e) => e.data).sort((x, y) => (x as { n: number }).n - (y as { n: number }).n)).toEqual([
          { n: 0 },
          { n: 1 },
          { n: 2 },
        ]);
      });
    });

    describe('data and metadata', () => {
      it('round-trips metadata, with or without actor and correlation id', async () => {
        const stream = freshStream();
        const head = await store.headPosition();
        const withNull: NewEvent = { type: 'SystemDid', data: {}, metadata: { actorId: null, at: '2020-01-01T00:00:00.000Z' } };
        await store.append(stream, [event('UserDid', { x: 1 }), withNull]);
        const { events } = await store.readStream(stream);
        expect(events[0]?.metadata).toEqual(metadata());
        expect(events[1]?.metadata).toEqual({ actorId: null, at: '2020-01-01T00:00:00.000Z' });
        const fromLog = await ourEvents(new Set([stream]), head);
        expect(fromLog.map((e) => e.metadata)).toEqual([metadata(), { actorId: null, at: '2020-01-01T00:00:00.000Z' }]);
      });

      it('keeps unicode, nested values and large payloads intact', async () => {
        const stream = freshStream();
        const head = await store.headPosition();
        const unicode = {
          text: 'Idée déjà vue — 知识建构 — مرحبا — Ελληνικά — 😀👩🏽‍🏫🧪 — e\u0301 — "quotes" \\ back\\slash \n\t\u0000 end',
          nested: { list: [1, 2.5, -3, true, false, null, 'x', { deep: ['é'] }], empty: {}, none: [] },
          big: 9007199254740991,
        };
        const large = { blob: 'ß漢😀'.repeat(40_000), rows: Array.from({ length: 2_000 }, (_, i) => ({ i, label: `row ${i}` })) };
        await store.append(stream, [event('Unicode', unicode, { actorId: 'ünïcødé-作者' }), event('Large', large)]);
        const { events } = await store.readStream(stream);
        expect(events[0]?.data).toEqual(unicode);
        expect(events[0]?.metadata.actorId).toBe('ünïcødé-作者');
        expect(events[1]?.data).toEqual(large);
        const fromLog = await ourEvents(new Set([stream]), head);
        expect(fromLog.map((e) => e.data)).toEqual([unicode, large]);
      });
    });

    describe('close', () => {
      it('refuses work once closed and stops its subscriptions', async () => {
        const { store: own, cleanup: ownCleanup } = await open();
        try {
          const errors: unknown[] = [];
          own.subscribeToAll({ after: await own.headPosition(), onEvent: () => undefined, onError: (e) => errors.push(e) });
          await own.append(freshStream(), [numbered(0)]);
          await own.close();
          await expect(own.append(freshStream(), [numbered(1)])).rejects.toThrow();
          await expect(own.readAll()).rejects.toThrow();
          await own.close();
        } finally {
          await ownCleanup();
        }
      });
    });
  });
};
