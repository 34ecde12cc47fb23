/**
 * Commands of this process on the same stream take turns: each holds the
 * stream from loading it to the end of its append, so two pupils placing
 * build-ons in one view never race each other inside one server (a lost race
 * costs a re-read, a re-decide and a pause; under a burst, most of them).
 * Conflicts with other processes (the CLI, other API nodes) are still caught
 * by the expected revision and retried (conflictRetry.ts).
 *
 * A command on several streams registers on all of them at once, in one
 * synchronous step, and only ever waits for commands registered before it: the
 * waits cannot form a cycle, so there is no deadlock whatever the order of names.
 * One set of locks per event store (a WeakMap, as AggregateCache).
 */
export class StreamLocks {
  private static readonly perStore = new WeakMap<object, StreamLocks>();
  /** Per stream, the turn of the last command registered on it. */
  private readonly tails = new Map<string, Promise<void>>();

  static of(store: object): StreamLocks {
    let locks = StreamLocks.perStore.get(store);
    if (!locks) {
      locks = new StreamLocks();
      StreamLocks.perStore.set(store, locks);
    }
    return locks;
  }

  /** Runs `work` once every earlier command on any of `streamNames` finished. */
  async run<T>(streamNames: readonly string[], work: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const turns = [...new Set(streamNames)].map((name) => {
      const previous = this.tails.get(name) ?? Promise.resolve();
      const mine = previous.then(() => done);
      this.tails.set(name, mine);
      return { name, previous, mine };
    });
    await Promise.all(turns.map((turn) => turn.previous));
    try {
      return await work();
    } finally {
      release();
      for (const turn of turns) if (this.tails.get(turn.name) === turn.mine) this.tails.delete(turn.name);
    }
  }

  /** Streams with a command running or waiting (for tests). */
  get busy(): number {
    return this.tails.size;
  }
}
