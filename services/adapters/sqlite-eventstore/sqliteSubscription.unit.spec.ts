import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import { toRecorded, type EventRow } from './eventRows.ts';
import { SqliteSubscription } from './sqliteSubscription.ts';

/**
 * The subscription's hand-over: events this process commits are delivered
 * from the rows the store hands it, without reading the table back; anything
 * it was not handed (catch-up, a gap, another process's commit, an import) is
 * read from the table, and nothing is delivered twice or missed.
 */

const row = (position: number): EventRow => ({
  position,
  event_id: `e${position}`,
  stream: 's',
  revision: position - 1,
  type: 'T',
  data: JSON.stringify({ n: position }),
  metadata: JSON.stringify({ actorId: null, at: '2026-01-01T00:00:00.000Z' }),
});

/** A table of rows and a subscription over it, counting its reads. */
const world = (options: { stored?: number; pageSize?: number; pollMs?: number; after?: number } = {}) => {
  const table: EventRow[] = [];
  for (let i = 1; i <= (options.stored ?? 0); i++) table.push(row(i));
  const pageSize = options.pageSize ?? 500;
  let reads = 0;
  const readAfter = (after: number): RecordedEvent[] => {
    reads++;
    return table
      .filter((r) => r.position > after)
      .slice(0, pageSize)
      .map((r) => toRecorded(r));
  };
  const delivered: number[] = [];
  const subscription = new SqliteSubscription(
    readAfter,
    { after: options.after ?? 0, onEvent: (event) => void delivered.push(event.globalPosition) },
    () => undefined,
    options.pollMs ?? 0,
    pageSize,
  );
  /** Rows committed by this process: stored, then handed over. */
  const commit = (...positions: number[]) => {
    const rows = positions.map(row);
    table.push(...rows);
    subscription.notify(rows);
  };
  /** Rows committed by another process: stored only. */
  const commitElsewhere = (...positions: number[]) => table.push(...positions.map(row));
  return { subscription, commit, commitElsewhere, delivered, reads: () => reads };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

let open: SqliteSubscription[] = [];
afterEach(async () => {
  for (const subscription of open) await subscription.close();
  open = [];
});

describe('SqliteSubscription', () => {
  it('catches up by reading, then delivers this process’s commits from the handed rows without reading', async () => {
    const w = world({ stored: 3 });
    open.push(w.subscription);
    await settle();
    expect(w.delivered).toEqual([1, 2, 3]);
    const readsAfterCatchUp = w.reads();
    for (let p = 4; p <= 20; p++) {
      w.commit(p);
      await settle();
    }
    w.commit(21, 22);
    await settle();
    expect(w.delivered).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
    expect(w.reads()).toBe(readsAfterCatchUp);
  });

  it('reads the table when the handed rows do not follow on (a gap), and delivers each event once', async () => {
    const w = world({ stored: 2 });
    open.push(w.subscription);
    await settle();
    w.commitElsewhere(3);
    w.commit(4);
    await settle();
    expect(w.delivered).toEqual([1, 2, 3, 4]);
    w.commit(5);
    await settle();
    expect(w.delivered).toEqual([1, 2, 3, 4, 5]);
  });

  it('finds another process’s commits by polling', async () => {
    const w = world({ stored: 1, pollMs: 20 });
    open.push(w.subscription);
    await settle();
    w.commitElsewhere(2, 3);
    await vi.waitFor(() => expect(w.delivered).toEqual([1, 2, 3]), { timeout: 1_000 });
  });

  it('reads in pages while catching up, even when commits are handed over meanwhile', async () => {
    const w = world({ stored: 25, pageSize: 10 });
    open.push(w.subscription);
    w.commit(26);
    w.commit(27);
    await settle();
    expect(w.delivered).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
  });

  it('reads after a notice without rows (an import)', async () => {
    const w = world({ stored: 1 });
    open.push(w.subscription);
    await settle();
    w.commitElsewhere(2);
    w.subscription.notify();
    await settle();
    expect(w.delivered).toEqual([1, 2]);
  });
});
