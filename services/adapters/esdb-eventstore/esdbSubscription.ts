import type { AllStreamSubscription } from '@eventstore/db-client';
import type { SubscribeOptions, Subscription } from '../../core/eventStore.ts';
import { commitOf, toRecorded } from './esdbEvents.ts';

/**
 * A catch-up subscription on `$all` (server-side filter on system event
 * types). Iterating with `for await` gives back-pressure: the next event is
 * pulled only after the handler's promise settled.
 */
export class EsdbSubscription implements Subscription {
  private closed = false;
  private readonly done: Promise<void>;

  constructor(
    private readonly stream: AllStreamSubscription,
    private position: number,
    private readonly options: SubscribeOptions,
    private readonly onStopped: (subscription: EsdbSubscription) => void,
  ) {
    this.done = this.run();
  }

  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      try {
        await this.stream.unsubscribe();
      } catch {
        // Already ended or the connection is gone: nothing left to stop.
      }
      // Ends the `for await` in run() even if the server never closes the call;
      // a handler already running finishes first.
      this.stream.destroy();
    }
    await this.done;
  }

  private async run(): Promise<void> {
    try {
      for await (const resolved of this.stream) {
        if (this.closed) break;
        const commit = commitOf(resolved);
        // The start is exclusive on the server; this also guards against redelivery.
        if (commit === null || commit <= this.position) continue;
        const event = toRecorded(resolved);
        if (!event) continue;
        await this.options.onEvent(event);
        this.position = commit;
      }
    } catch (error) {
      if (!this.closed) {
        this.closed = true;
        void this.stream.unsubscribe().catch(() => undefined);
        try {
          this.options.onError?.(error);
        } catch {
          // An error handler that throws has nowhere left to report to.
        }
      }
    } finally {
      this.onStopped(this);
    }
  }
}
