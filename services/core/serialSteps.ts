/**
 * Steps run one after another, each after the previous settled — what a job
 * follower does with the events it sees (analytics/jobTrigger.ts,
 * itm/itmJobs.ts). A step's failure goes to its `onError` and never stops the
 * steps after it. `idle()` settles once every step added so far, and every
 * step those added while they ran, has settled.
 */
export class SerialSteps {
  private last: Promise<void> = Promise.resolve();

  add(step: () => Promise<unknown>, onError: (err: unknown) => void): void {
    this.last = this.last.then(step).then(
      () => undefined,
      (err: unknown) => onError(err),
    );
  }

  async idle(): Promise<void> {
    for (let seen: Promise<void> | null = null; seen !== this.last;) {
      seen = this.last;
      await seen;
    }
  }
}
