import { api } from './api.ts';
import { browserExclusive, startTokenRefresh, type TokenRefresher } from './tokenRefresh.ts';
import { tokenStore } from './tokenStore.ts';

let refresher: TokenRefresher | null = null;

/**
 * Starts the page's token rotation (lib/tokenRefresh.ts) once: POST /auth/refresh
 * three quarters into the token's life, and again on waking (a sleeping laptop's
 * timers run late). A refused refresh (the session was ended) is the API client's
 * 401: the token is cleared and the login page says why.
 */
export const startSessionRefresh = (): TokenRefresher => {
  if (refresher) return refresher;
  const started = startTokenRefresh({
    tokens: tokenStore,
    refresh: async () => (await api.request<{ token: string }>('/auth/refresh', { method: 'POST', retries: 0 })).token,
    exclusive: browserExclusive,
  });
  refresher = started;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') started.check();
  });
  window.addEventListener('online', () => started.check());
  return started;
};

/** Resolves once no token refresh is in progress on this page. */
export const sessionRefreshSettled = (): Promise<void> => refresher?.settled() ?? Promise.resolve();
