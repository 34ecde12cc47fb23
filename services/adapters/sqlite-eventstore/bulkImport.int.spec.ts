import { describe, expect, it } from 'vitest';
import type { ImportedEvent } from '../../core/eventStore.ts';
import { SqliteEventStore } from './sqliteEventStore.ts';

const event = (stream: string, revision: number): ImportedEvent => ({
  type: 'Noted',
  data: JSON.stringify({ stream, revision }),
  metadata: JSON.stringify({ actorId: null, at: '2026-09-01T08:00:00.000Z' }),
  streamName: stream,
  streamRevision: revision,
});

describe('importBatches: a district with more streams than the import remembers', () => {
  it('follows a stream whose revision was forgotten in the middle of the batch that wrote it', async () => {
    const store = SqliteEventStore.open(':memory:');
    // 60,000 streams (the import remembers 50,000), then, in ONE batch, stream s0 twice around 55,000 new streams:
    // s0's first revision of the batch is forgotten before its second, and the streams table learns it only at the end.
    const first = Array.from({ length: 60_000 }, (_, n) => event(`s${n}`, 0));
    const second = [event('s0', 1), ...Array.from({ length: 55_000 }, (_, n) => event(`t${n}`, 0)), event('s0', 2)];
    const result = await store.importBatches(
      (async function* () {
        yield first;
        yield second;
      })(),
    );
    expect(result.events).toBe(115_002);
    const { events } = await store.readStream('s0');
    expect(events.map((e) => e.streamRevision)).toEqual([0, 1, 2]);
    await store.close();
  });
});
