import type { TokenStore } from './tokenStore.ts';

/**
 * Client token rotation (issue 17 §4). A token lives `BUILDON_TOKEN_TTL` (12 h by default);
 * well before it expires the client trades it at POST /auth/refresh for a new one of the same
 * session. The server then refuses the old token and closes its sockets, so the live channel
 * follows the token store and reconnects with the new one (lib/push.ts).
 *
 * Several tabs share one token (localStorage): one tab refreshes, under a Web Lock where the
 * browser has them, and the others see the new token through the storage event instead of
 * refreshing an old one (which the server would now refuse).
 */

/** The claims the client reads (it never trusts them: the server checks every token). */
export const tokenTimes = (token: string): { issuedAt: number; expiresAt: number } | null => {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const claims = JSON.parse(json) as { iat?: unknown; exp?: unknown };
    if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return null;
    return { issuedAt: claims.iat * 1000, expiresAt: claims.exp * 1000 };
  } catch {
    return null;
  }
};

/**
 * When to refresh a token: three quarters into its life, and never later than a minute
 * before it expires (a 12 h token is refreshed after 9 h; a 20 s one after 15 s).
 */
export const refreshAt = (token: string): number | null => {
  const times = tokenTimes(token);
  if (!times) return null;
  const life = times.expiresAt - times.issuedAt;
  return Math.min(times.issuedAt + life * 0.75, times.expiresAt - Math.min(60_000, life / 4));
};

export type TokenRefreshOptions = {
  tokens: TokenStore;
  /** POST /auth/refresh with `token`: the new token. A 401 is handled by the API client (login page). */
  refresh: (token: string) => Promise<string>;
  now?: () => number;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** Runs `task` alone among this browser's tabs (Web Locks), or just runs it. */
  exclusive?: (task: () => Promise<void>) => Promise<void>;
  /** After a failure (offline), try again this much later while the token is still valid. */
  retryMs?: number;
};

export type TokenRefresher = {
  /** Refreshes now if the token is due (a tab woken from sleep, whose timer was late). */
  check: () => void;
  /** Resolves once no refresh is in progress (a socket closed as unauthorized waits for it). */
  settled: () => Promise<void>;
  stop: () => void;
};

export const startTokenRefresh = (options: TokenRefreshOptions): TokenRefresher => {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimeout ?? ((run, ms) => globalThis.setTimeout(run, ms));
  const clearTimer = options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as number));
  const exclusive = options.exclusive ?? ((task) => task());
  const retryMs = options.retryMs ?? 30_000;
  let timer: unknown = null;
  let inFlight: Promise<void> | null = null;
  let stopped = false;

  const run = (token: string): Promise<void> => {
    inFlight ??= exclusive(async () => {
      // Another tab may have refreshed while this one waited for the lock.
      if (options.tokens.get() !== token) return;
      const next = await options.refresh(token);
      if (options.tokens.get() === token) options.tokens.set(next);
    })
      .catch(() => {
        // Offline or the server briefly away: try again later while the token still works.
        const times = tokenTimes(token);
        if (!stopped && options.tokens.get() === token && times && times.expiresAt > now() + retryMs) {
          clearTimer(timer);
          timer = setTimer(() => void run(token), retryMs);
        }
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const schedule = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    const token = options.tokens.get();
    if (stopped || !token) return;
    const at = refreshAt(token);
    if (at === null) return;
    // Timers cannot wait longer than ~24.8 days; a late timer is caught by `check`.
    timer = setTimer(() => void run(token), Math.min(Math.max(0, at - now()), 2 ** 31 - 1));
  };

  const unsubscribe = options.tokens.subscribe(schedule);
  schedule();

  return {
    check: () => {
      const token = options.tokens.get();
      const at = token ? refreshAt(token) : null;
      if (token && at !== null && at <= now()) void run(token);
    },
    settled: async () => {
      while (inFlight) await inFlight;
    },
    stop: () => {
      stopped = true;
      unsubscribe();
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
};

/** Web Locks where available (secure contexts), so two tabs never rotate the same token. */
export const browserExclusive = (task: () => Promise<void>): Promise<void> => {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? locks.request('buildon.token-refresh', async () => task()).then(() => undefined) : task();
};
