/** Time and ids are injected so that deciders stay pure and tests deterministic. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export const fixedClock = (start: Date | string): Clock & { advance(ms: number): void; set(at: Date | string): void } => {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
    set: (at) => {
      current = new Date(at);
    },
  };
};

export interface IdGenerator {
  /** A new 24-hex ObjectId. */
  next(): string;
}

/**
 * ObjectId layout: 4-byte seconds timestamp, 5 random bytes fixed per
 * generator, 3-byte counter. Sorts by creation second like MongoDB's.
 */
export const objectIdGenerator = (clock: Clock = systemClock): IdGenerator => {
  const random = new Uint8Array(5);
  globalThis.crypto.getRandomValues(random);
  const randomHex = Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('');
  const seed = new Uint32Array(1);
  globalThis.crypto.getRandomValues(seed);
  let counter = (seed[0] ?? 0) & 0xffffff;
  return {
    next: () => {
      counter = (counter + 1) & 0xffffff;
      const seconds = Math.floor(clock.now().getTime() / 1000);
      return seconds.toString(16).padStart(8, '0') + randomHex + counter.toString(16).padStart(6, '0');
    },
  };
};

/** Ids 000…001, 000…002, … for tests. */
export const sequentialIds = (prefix = ''): IdGenerator => {
  let n = 0;
  return { next: () => (prefix + (++n).toString(16)).padStart(24, '0').slice(-24) };
};
