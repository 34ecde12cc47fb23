import { TooManyAttemptsError } from '../../core/errors.ts';

export type FailureLimit = { max: number; windowMs: number };

/**
 * Counts failed attempts per key (an account, an address) in a sliding window
 * and refuses further attempts once `max` failures fall in the window: a
 * wrong registration key or password is slow to guess, while successes cost
 * nothing, so a class logging in together behind one school address is never
 * refused. In memory, per process: at scale each API node counts its own
 * (the limit per node still bounds a guesser to max × nodes per window).
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();
  private sweepAt = 0;

  constructor(
    private readonly limit: FailureLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws TooManyAttemptsError when any of `keys` is over the limit. */
  check(...keys: string[]): void {
    const now = this.now();
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.limit.max) {
        wait = Math.max(wait, (recent[recent.length - this.limit.max] ?? now) + this.limit.windowMs - now);
      }
    }
    if (wait > 0) throw new TooManyAttemptsError(Math.max(1, Math.ceil(wait / 1000)));
  }

  /** Records one failure for each of `keys`. */
  fail(...keys: string[]): void {
    const now = this.now();
    this.sweep(now);
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
  }

  private recent(key: string, now: number): number[] {
    const times = this.failures.get(key);
    if (!times) return [];
    const kept = times.filter((at) => at > now - this.limit.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else if (kept.length !== times.length) this.failures.set(key, kept);
    return kept;
  }

  /** Forgets expired keys now and then, so memory stays bounded by recent failures. */
  private sweep(now: number): void {
    if (now < this.sweepAt) return;
    this.sweepAt = now + this.limit.windowMs;
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}
