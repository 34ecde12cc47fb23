import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OnceStore } from '../../services/core/onceStore.ts';

/** Opens a once-store; the suite closes it after each test. Keys are unique per test. */
export type OpenOnceStore = () => Promise<OnceStore>;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The behaviour every OnceStore adapter shares (services/core/onceStore.ts):
 * a key is claimed once within its time to live.
 * @param label adapter name shown in the test report
 */
export const onceStoreContract = (label: string, open: OpenOnceStore): void => {
  describe(`OnceStore contract: ${label}`, () => {
    const opened: OnceStore[] = [];
    const openStore = async (): Promise<OnceStore> => {
      const store = await open();
      opened.push(store);
      return store;
    };
    /** A fresh key, so tests sharing a server never meet. */
    const key = (name: string): string => `${name}-${randomUUID()}`;

    afterEach(async () => {
      await Promise.allSettled(opened.splice(0).map((store) => store.close()));
    });

    it('accepts a key the first time only', async () => {
      const store = await openStore();
      const solution = key('solution');

      expect(await store.claim(solution, 60_000)).toBe(true);
      expect(await store.claim(solution, 60_000)).toBe(false);
      expect(await store.claim(solution, 60_000)).toBe(false);
    });

    it('keeps keys apart', async () => {
      const store = await openStore();
      const [a, b] = [key('a'), key('b')];

      expect(await store.claim(a, 60_000)).toBe(true);
      expect(await store.claim(b, 60_000)).toBe(true);
      expect(await store.claim(a, 60_000)).toBe(false);
    });

    it('accepts a key again once its time to live has passed', async () => {
      const store = await openStore();
      const solution = key('expiring');

      // Long enough that the second claim still falls within it on a loaded machine (50 ms did not always).
      expect(await store.claim(solution, 1_000)).toBe(true);
      expect(await store.claim(solution, 1_000)).toBe(false);
      await sleep(1_300);
      expect(await store.claim(solution, 60_000)).toBe(true);
      expect(await store.claim(solution, 60_000)).toBe(false);
    });

    it('lets exactly one of many simultaneous claims win', async () => {
      const store = await openStore();
      const solution = key('race');

      const results = await Promise.all(Array.from({ length: 20 }, () => store.claim(solution, 60_000)));

      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('remembers a claim across instances sharing the storage', async () => {
      const first = await openStore();
      const second = await openStore();
      const solution = key('shared');

      expect(await first.claim(solution, 60_000)).toBe(true);
      expect(await second.claim(solution, 60_000)).toBe(false);
    });

    it('takes keys with any characters', async () => {
      const store = await openStore();
      const odd = `${key('odd')}:é/ü\n'"%*?${'x'.repeat(500)}`;

      expect(await store.claim(odd, 60_000)).toBe(true);
      expect(await store.claim(odd, 60_000)).toBe(false);
    });
  });
};
