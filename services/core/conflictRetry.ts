/**
 * How a command retries after a concurrency conflict (someone else wrote the
 * same stream first, e.g. many pupils placing build-ons in one view): decide
 * again after a random pause that grows with each attempt ("full jitter"), so
 * contenders spread out instead of colliding again in the same instant.
 */
export type ConflictRetry = {
  /** Retries after the first attempt. */
  retries: number;
  /** First pause's upper bound, in ms; doubles per attempt. */
  baseMs: number;
  /** Upper bound of any one pause, in ms. */
  capMs: number;
};

/** About 1.5 s of pauses at most: a busy view settles long before, a user never waits long. */
export const defaultConflictRetry: ConflictRetry = { retries: 12, baseMs: 4, capMs: 150 };

/** The pause before retry number `attempt` (0-based): uniform in [0, min(cap, base·2^attempt)]. */
export const conflictDelay = (attempt: number, policy: ConflictRetry = defaultConflictRetry, random: () => number = Math.random): number =>
  random() * Math.min(policy.capMs, policy.baseMs * 2 ** attempt);

/** Waits before retry `attempt`; false when no retry is left (the caller rethrows). */
export const pauseBeforeRetry = async (attempt: number, policy: ConflictRetry = defaultConflictRetry): Promise<boolean> => {
  if (attempt >= policy.retries) return false;
  const ms = conflictDelay(attempt, policy);
  await new Promise<void>((resolve) => setTimeout(resolve, ms));
  return true;
};
