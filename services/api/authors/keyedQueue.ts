/**
 * Runs work one at a time per key (and concurrently across keys): role
 * changes of one community run in turn, so two demotions cannot remove the
 * last manager together. In-process only, like the embedded deployment's
 * single API node.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.tails.set(key, next);
    try {
      return await next;
    } finally {
      if (this.tails.get(key) === next) this.tails.delete(key);
    }
  }
}
