import type { RecordedEvent } from '../../../contracts/events/event.ts';
import type { SubscribeOptions, Subscription } from '../../core/eventStore.ts';

/**
 * Catch-up then live tail over the events table. It always reads from the
 * database strictly after the last delivered position, so events committed
 * during catch-up are neither missed nor delivered twice; a commit only wakes
 * it up.
 */
export class SqliteSubscription implements Subscription {
  private closed = false;
  private position: number;
  private wake: (() => void) | null = null;
  private readonly done: Promise<void>;

  constructor(
    private readonly readAfter: (after: number) => RecordedEvent[],
    private readonly options: SubscribeOptions,
    private readonly onStopped: (subscription: SqliteSubscription) => void,
    private readonly pollMs: number,
  ) {
    this.position = options.after ?? 0;
    this.done = this.run();
  }

  notify(): void {
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
        const page = this.readAfter(this.position);
        if (page.length === 0) {
          // Registered synchronously right after the read: no commit can slip in between.
          await new Promise<void>((resolve) => {
            if (this.pollMs > 0) {
              const timer = setTimeout(resolve, this.pollMs);
              timer.unref();
              this.wake = () => {
                clearTimeout(timer);
                resolve();
              };
            } else {
              this.wake = resolve;
            }
          });
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
}
