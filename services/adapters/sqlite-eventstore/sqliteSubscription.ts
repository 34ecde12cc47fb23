import type { RecordedEvent } from '../../../contracts/events/event.ts';
import type { SubscribeOptions, Subscription } from '../../core/eventStore.ts';
import { toRecorded, type EventRow } from './eventRows.ts';

/**
 * Catch-up then live tail over the events table. Events committed by this
 * process are handed over by the store (`notify(rows)`) and delivered without
 * reading them back, when they follow on from the last delivered one; anything
 * else (catch-up, a gap, a commit by another process found by the poll, an
 * import) is read from the database strictly after the last delivered
 * position, so no event is missed or delivered twice.
 */
export class SqliteSubscription implements Subscription {
  private closed = false;
  private position: number;
  /**
   * The table may hold events after `position` that were not handed over: at
   * the start, after a full page, a gap, a poll, or a notice without rows.
   */
  private stale = true;
  /** Rows committed by this process since the last delivery, in position order. */
  private handed: EventRow[] = [];
  private wake: (() => void) | null = null;
  private readonly done: Promise<void>;

  constructor(
    private readonly readAfter: (after: number) => RecordedEvent[],
    private readonly options: SubscribeOptions,
    private readonly onStopped: (subscription: SqliteSubscription) => void,
    private readonly pollMs: number,
    private readonly pageSize: number,
  ) {
    this.position = options.after ?? 0;
    this.done = this.run();
  }

  /** A commit: its rows when this process wrote them, none when they must be read (an import). */
  notify(rows?: readonly EventRow[]): void {
    if (rows && this.handed.length + rows.length <= 2 * this.pageSize) this.handed.push(...rows);
    else {
      // A backlog that large is read from the table in pages instead.
      this.handed = [];
      this.stale = true;
    }
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.notify();
    await this.done;
  }

  private async run(): Promise<void> {
    // Let the caller hold the Subscription before the first handler call.
    await Promise.resolve();
    try {
      while (!this.closed) {
        const page = this.takeHanded() ?? this.readPage();
        if (page === null) {
          await this.sleep();
          continue;
        }
        for (const event of page) {
          if (this.closed) return;
          await this.options.onEvent(event);
          this.position = event.globalPosition;
        }
      }
    } catch (error) {
      this.closed = true;
      try {
        this.options.onError?.(error);
      } catch {
        // An error handler that throws has nowhere left to report to.
      }
    } finally {
      this.onStopped(this);
    }
  }

  /** The handed rows as events when they follow on from `position` without a gap; null otherwise. */
  private takeHanded(): RecordedEvent[] | null {
    const rows = this.handed.filter((row) => row.position > this.position);
    this.handed = [];
    if (rows.length === 0) return null;
    const followOn = rows.every((row, i) => row.position === this.position + 1 + i);
    if (this.stale || !followOn) {
      this.stale = true;
      return null;
    }
    return rows.map((row) => toRecorded(row));
  }

  /** A page read from the table when it may hold more; null when there is nothing to read. */
  private readPage(): RecordedEvent[] | null {
    if (!this.stale) return null;
    const page = this.readAfter(this.position);
    this.stale = page.length >= this.pageSize;
    return page.length > 0 ? page : null;
  }

  /** Waits for a commit of this process, or (polling) for one of another process. */
  private sleep(): Promise<void> {
    // Checked and registered in one synchronous step: no commit can slip in between.
    if (this.closed || this.handed.length > 0 || this.stale) return Promise.resolve();
    return new Promise<void>((resolve) => {
      if (this.pollMs > 0) {
        const timer = setTimeout(() => {
          this.stale = true;
          resolve();
        }, this.pollMs);
        timer.unref();
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      } else {
        this.wake = resolve;
      }
    });
  }
}
