import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { ViewCanvasReply } from '../../../../../contracts/api/views.ts';
import type { PushServerMessage } from '../../../../../contracts/push.ts';
import { canvasKey } from '../api/canvas.ts';

/** Pushed changes kept to apply again over a canvas read before them. */
const keptChanges = 2_000;

/**
 * Keeps one view's cached canvas in step with its live channel, with one
 * canvas request per view opened (issue 5 §2) and no change lost:
 *
 * - the server says from which event position on it pushes every change
 *   (`subscribed.position`); a canvas read at an older position may miss
 *   changes made in between and is read again (also after a reconnection);
 * - a change pushed while a canvas request is on its way is applied to the
 *   cache, which that request's answer then replaces: changes newer than the
 *   answer's position are applied again over it.
 *
 * Pure over the query cache (`apply` patches it), so it is tested without a socket.
 */
export class CanvasCatchUp {
  private subscribedAt: number | null = null;
  private recent: { position: number; message: PushServerMessage }[] = [];

  constructor(
    private readonly client: QueryClient,
    private readonly viewId: string,
    private readonly apply: (message: PushServerMessage) => void,
  ) {}

  /** Subscribed (or subscribed again after a reconnection): every change after `position` will come. */
  subscribed(position: number): void {
    this.subscribedAt = position;
    this.recent = [];
    const cached = this.client.getQueryData<ViewCanvasReply>(canvasKey(this.viewId));
    // Not loaded yet: `fetched` checks the answer when it comes.
    if (cached) this.check(cached);
  }

  /** A pushed change: applied now, and kept in case a canvas read before it is on its way. */
  change(message: PushServerMessage): void {
    this.apply(message);
    if (!('position' in message) || typeof message.position !== 'number') return;
    this.recent.push({ position: message.position, message });
    if (this.recent.length > keptChanges) this.recent.shift();
  }

  /** A canvas answered by the server (not a local patch of the cache). */
  fetched(canvas: ViewCanvasReply): void {
    if (this.subscribedAt !== null) this.check(canvas);
  }

  /** Starts following the cache's answers for this view; returns the unsubscribe. */
  follow(): () => void {
    const hash = hashKey(canvasKey(this.viewId));
    return this.client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== hash) return;
      if (event.action.type !== 'success' || event.action.manual === true) return;
      const canvas = event.query.state.data as ViewCanvasReply | undefined;
      if (canvas) this.fetched(canvas);
    });
  }

  private check(canvas: ViewCanvasReply): void {
    const readAt = canvas.position ?? -1;
    if (this.subscribedAt !== null && readAt < this.subscribedAt) {
      void this.client.invalidateQueries({ queryKey: canvasKey(this.viewId) });
      return;
    }
    const newer = this.recent.filter((entry) => entry.position > readAt);
    for (const entry of newer) this.apply(entry.message);
    this.recent = newer;
  }
}
