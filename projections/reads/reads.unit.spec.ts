import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import type { ReadEvent } from '../../contracts/events/read.ts';
import { MemoryReadStore } from '../../services/adapters/memory-readstore/memoryReadStore.ts';
import { readId, readsCollectionName, readsProjection, readState, type ReadDocument } from './index.ts';

const read = (position: number, at: string, contributionId = 'c1'.padStart(24, '0')): RecordedEvent<ReadEvent> => ({
  type: 'ReadMarked',
  data: { authorId: 'a1'.padStart(24, '0'), communityId: 'k1'.padStart(24, '0'), contributionId },
  metadata: { actorId: null, at },
  eventId: `e${position}`,
  streamName: 'reads-a1',
  streamRevision: position - 1,
  globalPosition: position,
});

describe('reads projection', () => {
  it('keeps one document per author and contribution with the first and last read and a count; replays are harmless', async () => {
    const store = new MemoryReadStore();
    const context = { collection: <T extends { _id: string }>(name: string) => store.collection<T & Record<string, unknown>>(name) };
    const events = [read(1, '2024-01-01T10:00:00.000Z'), read(2, '2024-01-02T10:00:00.000Z')];
    for (const event of [...events, events[1] as RecordedEvent]) await readsProjection.apply(event, context);
    const doc = await store.collection<ReadDocument>(readsCollectionName).get(readId('a1'.padStart(24, '0'), 'c1'.padStart(24, '0')));
    expect(doc).toMatchObject({ first: '2024-01-01T10:00:00.000Z', last: '2024-01-02T10:00:00.000Z', count: 2 });
  });
});

describe('readState', () => {
  it('is read after the last modification, modified before it, unread without a read', () => {
    expect(readState({ last: '2024-01-02T00:00:00.000Z' }, '2024-01-01T00:00:00.000Z')).toBe('read');
    expect(readState({ last: '2024-01-01T00:00:00.000Z' }, '2024-01-02T00:00:00.000Z')).toBe('modified');
    expect(readState(undefined, '2024-01-02T00:00:00.000Z')).toBe('unread');
  });
});
