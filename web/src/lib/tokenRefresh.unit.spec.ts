import { describe, expect, it, vi } from 'vitest';
import { refreshAt, startTokenRefresh, tokenTimes } from './tokenRefresh.ts';
import { createTokenStore } from './tokenStore.ts';

/** A token the way the server signs it (the signature is never read by the client). */
const token = (iatSeconds: number, lifeSeconds: number, id = 'a'): string => {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ sub: 'u1', jti: id, iat: iatSeconds, exp: iatSeconds + lifeSeconds })}.sig`;
};

const timers = () => {
  const pending: { run: () => void; at: number }[] = [];
  let now = 1_000_000_000;
  return {
    now: () => now,
    setTimeout: (run: () => void, ms: number) => {
      const timer = { run, at: now + ms };
      pending.push(timer);
      return timer;
    },
    clearTimeout: (handle: unknown) => {
      const index = pending.indexOf(handle as (typeof pending)[number]);
      if (index >= 0) pending.splice(index, 1);
    },
    /** Moves the clock and runs the timers due. */
    advance: async (ms: number) => {
      now += ms;
      for (const timer of pending.filter((t) => t.at <= now)) {
        pending.splice(pending.indexOf(timer), 1);
        timer.run();
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    pending,
  };
};

describe('token times', () => {
  it('reads iat and exp, and refreshes three quarters into the life, a minute before the end at the latest', () => {
    const twelveHours = token(1_000_000, 12 * 3600);
    expect(tokenTimes(twelveHours)).toEqual({ issuedAt: 1_000_000_000, expiresAt: (1_000_000 + 12 * 3600) * 1000 });
    expect(refreshAt(twelveHours)).toBe(1_000_000_000 + 9 * 3600 * 1000);
    expect(refreshAt(token(1_000_000, 20))).toBe(1_000_000_000 + 15_000);
    expect(tokenTimes('not-a-token')).toBeNull();
    expect(tokenTimes('a.!!!.c')).toBeNull();
  });
});

describe('startTokenRefresh', () => {
  it('trades the token for a new one before it expires, then schedules the new one', async () => {
    const clock = timers();
    const tokens = createTokenStore(null);
    const first = token(1_000_000, 20, 'one');
    const second = token(1_000_015, 20, 'two');
    tokens.set(first);
    const refresh = vi.fn(async (sent: string) => (sent === first ? second : token(1_000_030, 20, 'three')));
    const refresher = startTokenRefresh({ tokens, refresh, ...clock });
    await clock.advance(14_000);
    expect(refresh).not.toHaveBeenCalled();
    await clock.advance(1_000);
    expect(refresh).toHaveBeenCalledWith(first);
    expect(tokens.get()).toBe(second);
    await clock.advance(15_000);
    expect(refresh).toHaveBeenLastCalledWith(second);
    refresher.stop();
  });

  it('does not refresh a token another tab already replaced', async () => {
    const clock = timers();
    const tokens = createTokenStore(null);
    const first = token(1_000_000, 20, 'one');
    tokens.set(first);
    const refresh = vi.fn(async () => token(1_000_015, 20, 'two'));
    let release: () => void = () => undefined;
    const exclusive = (task: () => Promise<void>) =>
      new Promise<void>((resolve) => {
        release = () => void task().then(resolve);
      });
    const refresher = startTokenRefresh({ tokens, refresh, exclusive, ...clock });
    await clock.advance(15_000);
    // While this tab waited for the lock, another tab rotated the token.
    const fromOtherTab = token(1_000_015, 20, 'other');
    tokens.set(fromOtherTab);
    release();
    await refresher.settled();
    expect(refresh).not.toHaveBeenCalled();
    expect(tokens.get()).toBe(fromOtherTab);
    refresher.stop();
  });

  it('tries again after a failure while the token is valid, and stops when it is logged out', async () => {
    const clock = timers();
    const tokens = createTokenStore(null);
    const first = token(1_000_000, 120, 'one');
    tokens.set(first);
    const refresh = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(token(1_000_100, 120, 'two'));
    const refresher = startTokenRefresh({ tokens, refresh, retryMs: 5_000, ...clock });
    await clock.advance(89_000);
    expect(refresh).not.toHaveBeenCalled();
    await clock.advance(1_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(tokens.get()).toBe(first);
    await clock.advance(5_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(tokens.get()).not.toBe(first);
    tokens.set(null);
    expect(clock.pending).toHaveLength(0);
    refresher.stop();
  });
});
