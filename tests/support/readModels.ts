/**
 * Helpers for read-store restart and crash tests (issue 23): a realistic event
 * log written through the real app, copies of its events into another log, a
 * dump of every read model, and a fresh in-memory rebuild to compare with.
 */
import { join } from 'node:path';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { allProjections } from '../../projections/index.ts';
import { ProjectionRunner } from '../../projections/runner.ts';
import { MemoryReadStore } from '../../services/adapters/memory-readstore/memoryReadStore.ts';
import type { EventStore } from '../../services/core/eventStore.ts';
import type { Projection } from '../../services/core/projection.ts';
import type { Document, ReadStore } from '../../services/core/readStore.ts';
import { canvasWorld, seedCanvasView } from './canvas.ts';
import { buildTestApp, tempDataDir } from './testApp.ts';

/**
 * Writes a class through the real app (users, a community, joins, notes with
 * build-ons placed in views, reads) and answers the path of its event log.
 */
export const seedEventLog = async (views = 2, refsPerView = 150): Promise<{ dataDir: string; log: string }> => {
  const dataDir = tempDataDir('buildon-seed-');
  const t = await buildTestApp({ dataDir });
  try {
    const w = await canvasWorld(t);
    for (let i = 0; i < views; i++) await seedCanvasView(w, refsPerView);
  } finally {
    await t.close();
  }
  return { dataDir, log: join(dataDir, 'buildon.sqlite') };
};

/** Every event of `store`, in global order. */
export const allEvents = async (store: EventStore): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after: events.at(-1)?.globalPosition ?? 0, maxCount: 1_000 });
    events.push(...page);
    if (page.length < 1_000) return events;
  }
};

type LoggedEvent = Pick<RecordedEvent, 'streamName' | 'type' | 'data' | 'metadata'>;

/**
 * Appends `events` to `target` in order (an empty target gets the same
 * positions), a page at a time: appends issued together share one commit.
 */
export const copyEvents = async (target: EventStore, events: readonly LoggedEvent[]): Promise<void> => {
  for (let from = 0; from < events.length; from += 200) {
    await Promise.all(
      events
        .slice(from, from + 200)
        .map((event) =>
          target.append(event.streamName, [{ type: event.type, data: event.data, metadata: event.metadata }], { expectedRevision: 'any' }),
        ),
    );
  }
};

/** `rounds` moves of every ref placed in a view (`LinkUpdated` with a new position), as a class rearranging its views. */
export const refMoves = (events: readonly RecordedEvent[], rounds: number): LoggedEvent[] => {
  const refs = events.filter((event) => event.type === 'LinkCreated' && (event.data as { type?: string }).type === 'contains');
  const moves: LoggedEvent[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const [index, ref] of refs.entries()) {
      const { linkId, from } = ref.data as { linkId: string; from: string };
      moves.push({
        streamName: ref.streamName,
        type: 'LinkUpdated',
        data: { linkId, from, data: { x: 20 + ((index + round * 7) % 30) * 60, y: 20 + round * 15 } },
        metadata: { ...ref.metadata, at: new Date(Date.parse(ref.metadata.at) + round * 60_000).toISOString() },
      });
    }
  }
  return moves;
};

/** Every document of every read model of `projections`, by collection, sorted by `_id`. */
export const dumpReadModels = async (store: ReadStore, projections: readonly Projection[] = allProjections) => {
  const dump: Record<string, Document[]> = {};
  for (const spec of projections.flatMap((p) => p.collections)) {
    dump[spec.name] = await store.collection(spec.name).find({}, { sort: { _id: 1 } });
  }
  return dump;
};

/** The log as seen up to `position`: what a fresh rebuild "at the checkpoint" reads. */
export const logUpTo = (store: EventStore, position: number): EventStore => ({
  append: () => Promise.reject(new Error('read-only')),
  appendMany: () => Promise.reject(new Error('read-only')),
  readStream: (streamName, options) => store.readStream(streamName, options),
  readAll: async (options) => (await store.readAll(options)).filter((event) => event.globalPosition <= position),
  headPosition: async () => Math.min(position, await store.headPosition()),
  subscribeToAll: () => ({ close: async () => {} }),
  close: async () => {},
});

/** The read models a fresh rebuild from `eventStore` (into memory) gives. */
export const freshRebuild = async (eventStore: EventStore, projections: readonly Projection[] = allProjections) => {
  const readStore = new MemoryReadStore();
  const runner = new ProjectionRunner({ eventStore, readStore, projections });
  await runner.start();
  await runner.stop();
  return dumpReadModels(readStore, projections);
};

/** `projections` counting the events each applies (`counts.total`, and per projection). */
export const countingProjections = (projections: readonly Projection[] = allProjections) => {
  const counts = { total: 0, byProjection: new Map<string, number>() };
  const wrapped = projections.map((projection): Projection => ({
    ...projection,
    apply: (event, context) => {
      counts.total++;
      counts.byProjection.set(projection.name, (counts.byProjection.get(projection.name) ?? 0) + 1);
      return projection.apply(event, context);
    },
  }));
  return { projections: wrapped, counts };
};
