import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../contracts/events/event.ts';
import { MemoryReadStore } from '../services/adapters/memory-readstore/memoryReadStore.ts';
import { SqliteEventStore } from '../services/adapters/sqlite-eventstore/sqliteEventStore.ts';
import { evolveDocument, type Projection, type Versioned } from '../services/core/projection.ts';
import { ProjectionRunner, quarantineCollection, type QuarantinedEvent } from './runner.ts';
import { doctorReport, formatDoctorReport } from '../services/cli/doctor.ts';

type Counter = Versioned & { _id: string; total: number; titles: string[] };

/** A test read model: per stream, the sum of `amount` and the titles seen. */
const counterProjection = (version = 1, hooks: { beforeApply?: () => Promise<void>; applied?: RecordedEvent[] } = {}): Projection => ({
  name: 'counters',
  version,
  collections: [{ name: 'counters', indexes: [['total']] }],
  handles: ['Counted'],
  apply: async (event, context) => {
    await hooks.beforeApply?.();
    hooks.applied?.push(event);
    const data = event.data as { id: string; amount: number; title: string };
    await evolveDocument(context.collection<Counter>('counters'), data.id, event, (current) => ({
      _id: data.id,
      total: (current?.total ?? 0) + data.amount * version,
      titles: [...(current?.titles ?? []), data.title],
    }));
  },
});

const counted = (id: string, amount: number, title = `t${amount}`) => ({
  type: 'Counted',
  data: { id, amount, title },
  metadata: { actorId: null, at: new Date(0).toISOString() },
});

describe('ProjectionRunner', () => {
  let dir: string;
  let eventStore: SqliteEventStore;
  let readStore: MemoryReadStore;
  const runners: ProjectionRunner[] = [];
  const start = async (projection: Projection) => {
    const runner = new ProjectionRunner({ eventStore, readStore, projections: [projection] });
    runners.push(runner);
    await runner.start();
    return runner;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'buildon-runner-'));
    eventStore = SqliteEventStore.open(join(dir, 'events.sqlite'));
    readStore = new MemoryReadStore();
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies an append before waitFor resolves (read-your-writes)', async () => {
    const runner = await start(counterProjection());
    const { lastPosition } = await eventStore.append('counter-a', [counted('a', 2)]);
    await runner.waitFor(lastPosition);
    expect(await readStore.collection<Counter>('counters').get('a')).toMatchObject({ total: 2, titles: ['t2'] });
  });

  it('catches up on events appended before it started', async () => {
    await eventStore.append('counter-a', [counted('a', 1), counted('a', 2)]);
    await eventStore.append('counter-b', [counted('b', 5)]);
    const runner = await start(counterProjection());
    await runner.waitFor(await eventStore.headPosition());
    expect(await readStore.collection<Counter>('counters').find({}, { sort: { _id: 1 } })).toMatchObject([
      { _id: 'a', total: 3 },
      { _id: 'b', total: 5 },
    ]);
  });

  it('is idempotent: an event applied twice changes nothing the second time', async () => {
    const runner = await start(counterProjection());
    const { lastPosition } = await eventStore.append('counter-a', [counted('a', 4)]);
    await runner.waitFor(lastPosition);
    const [event] = await eventStore.readAll({ after: lastPosition - 1 });
    await counterProjection().apply(event as RecordedEvent, { collection: (name) => readStore.collection(name) });
    expect(await readStore.collection<Counter>('counters').get('a')).toMatchObject({ total: 4, titles: ['t4'] });
  });

  it('resumes from its checkpoint after a restart instead of replaying everything', async () => {
    const first = await start(counterProjection());
    const { lastPosition } = await eventStore.append('counter-a', [counted('a', 1), counted('a', 1)]);
    await first.waitFor(lastPosition);
    await first.stop();
    runners.splice(0);

    const more = await eventStore.append('counter-a', [counted('a', 10)]);
    const applied: RecordedEvent[] = [];
    const second = await start(counterProjection(1, { applied }));
    await second.waitFor(more.lastPosition);
    expect(applied.map((e) => e.globalPosition)).toEqual([more.lastPosition]);
    expect(await readStore.collection<Counter>('counters').get('a')).toMatchObject({ total: 12 });
  });

  it('rebuilds a projection whose version changed when it starts', async () => {
    const v1 = await start(counterProjection(1));
    const { lastPosition } = await eventStore.append('counter-a', [counted('a', 3)]);
    await v1.waitFor(lastPosition);
    await v1.stop();
    runners.splice(0);

    await start(counterProjection(2));
    expect(await readStore.collection<Counter>('counters').get('a')).toMatchObject({ total: 6 });
  });

  it('rebuilds into fresh collections that readers see only after the swap, including live events', async () => {
    let gate: (() => void) | null = null;
    let rebuilding = false;
    const projection = counterProjection(1, {
      beforeApply: async () => {
        if (rebuilding && !gate) await new Promise<void>((resolve) => (gate = resolve));
      },
    });
    const runner = await start(projection);
    const { lastPosition } = await eventStore.append('counter-a', [counted('a', 1, 'before')]);
    await runner.waitFor(lastPosition);

    rebuilding = true;
    const rebuild = runner.rebuild(['counters']);
    while (!gate) await new Promise((resolve) => setTimeout(resolve, 5));
    // Mid-rebuild the live collection is intact and still updated by live events.
    expect(await readStore.collection<Counter>('counters').get('a')).toMatchObject({ titles: ['before'] });
    rebuilding = false;
    const live = await eventStore.append('counter-a', [counted('a', 100, 'during')]);
    (gate as unknown as () => void)();
    const result = await rebuild;
    await runner.waitFor(live.lastPosition);

    expect(result.events).toBeGreaterThanOrEqual(1);
    expect(await readStore.collection<Counter>('counters').get('a')).toMatchObject({ total: 101, titles: ['before', 'during'] });
  });

  it('never runs a rebuild batch’s transaction over a live event’s (one SQLite connection has one transaction)', async () => {
    /** A memory store with transactions that counts the units running at once; each unit yields, as SQLite's awaits do. */
    class WatchedStore extends MemoryReadStore {
      running = 0;
      mostAtOnce = 0;
      async transaction<T>(fn: () => Promise<T>): Promise<T> {
        this.running++;
        this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
        try {
          await new Promise((resolve) => setTimeout(resolve, 1));
          return await fn();
        } finally {
          this.running--;
        }
      }
    }
    const watched = new WatchedStore();
    readStore = watched;
    for (let i = 0; i < 30; i++) await eventStore.append(`counter-${i % 3}`, [counted(`${i % 3}`, 1)]);
    const runner = new ProjectionRunner({ eventStore, readStore, projections: [counterProjection()], batchSize: 5 });
    runners.push(runner);
    await runner.start();
    const rebuild = runner.rebuild(['counters']);
    const live: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) live.push(eventStore.append('counter-0', [counted('0', 10)]));
    await Promise.all([rebuild, ...live]);
    await runner.waitFor(await eventStore.headPosition());
    expect(watched.mostAtOnce).toBe(1);
    expect(await readStore.collection<Counter>('counters').get('0')).toMatchObject({ total: 10 + 200 });
  });

  it('resubscribes from its last event when the subscription fails', async () => {
    // The first subscription dies on its first live event, as a dropped connection would.
    const realSubscribe = eventStore.subscribeToAll.bind(eventStore);
    let subscriptions = 0;
    eventStore.subscribeToAll = (options) => {
      subscriptions++;
      if (subscriptions > 1) return realSubscribe(options);
      return realSubscribe({ ...options, onEvent: () => Promise.reject(new Error('connection lost')) });
    };
    const runner = await start(counterProjection());
    const { lastPosition } = await eventStore.append('counter-a', [counted('a', 7)]);
    await runner.waitFor(lastPosition, 5_000);
    expect(subscriptions).toBe(2);
    expect(await readStore.collection<Counter>('counters').get('a')).toMatchObject({ total: 7 });
  });

  it('rejects waitFor after a timeout when the position never arrives', async () => {
    const runner = await start(counterProjection());
    await expect(runner.waitFor(10_000, 50)).rejects.toThrow(/did not reach/);
  });

  describe('an event a projection cannot apply', () => {
    /** The counter projection, throwing on titles 'poison' (as a stack overflow on an old note body would). */
    const fragile = (version = 1): Projection => {
      const inner = counterProjection(version);
      return {
        ...inner,
        apply: async (event, context) => {
          if ((event.data as { title?: string }).title === 'poison') throw new RangeError('Maximum call stack size exceeded');
          await inner.apply(event, context);
        },
      };
    };
    const quarantined = () => readStore.collection<QuarantinedEvent>(quarantineCollection).find({});

    it('is quarantined on the live path and the events after it are applied', async () => {
      const runner = await start(fragile());
      await eventStore.append('counter-a', [counted('a', 1), counted('a', 2, 'poison'), counted('a', 3)]);
      await runner.waitFor(await eventStore.headPosition());
      expect((await readStore.collection<Counter>('counters').get('a'))?.total).toBe(4);
      expect(await quarantined()).toMatchObject([{ projection: 'counters', eventType: 'Counted', streamName: 'counter-a', position: 2 }]);
    });

    it('does not stop a start that catches up, nor a rebuild, and kf doctor lists it', async () => {
      await eventStore.append('counter-a', [counted('a', 1), counted('a', 2, 'poison'), counted('a', 3)]);
      // A fresh read store: start() rebuilds from the log.
      const runner = await start(fragile());
      expect((await readStore.collection<Counter>('counters').get('a'))?.total).toBe(4);
      const result = await runner.rebuild();
      expect(result.events).toBe(3);
      expect((await readStore.collection<Counter>('counters').get('a'))?.total).toBe(4);
      const report = await doctorReport(readStore);
      expect(report.quarantined).toHaveLength(1);
      expect(formatDoctorReport(report)).toContain('#2 Counted in counter-a');
      expect(formatDoctorReport(report)).toContain('Maximum call stack size exceeded');
    });

    it('is forgotten by a rebuild in which it applies (the projection was fixed), and kept while it still fails', async () => {
      await eventStore.append('counter-a', [counted('a', 1), counted('a', 2, 'poison')]);
      const first = await start(fragile());
      await first.rebuild();
      expect(await quarantined()).toHaveLength(1);
      await first.stop();
      // The next version applies it: the start rebuilds that projection and kf doctor no longer lists the event.
      await start(counterProjection(2));
      expect((await readStore.collection<Counter>('counters').get('a'))?.total).toBe(6);
      expect(await quarantined()).toEqual([]);
    });

    it('kf doctor says so when there is none', async () => {
      await start(counterProjection());
      expect(formatDoctorReport(await doctorReport(readStore))).toContain('no quarantined events');
    });
  });
});
