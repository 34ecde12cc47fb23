/**
 * The session token, kept in localStorage and observable so React can follow
 * it (useSyncExternalStore). One store per storage, so tests can use their own.
 */
export type TokenStore = {
  get: () => string | null;
  set: (token: string | null) => void;
  subscribe: (listener: () => void) => () => void;
};

export const tokenStorageKey = 'buildon.token';

/** A minimal Storage shape, so tests can pass an in-memory map. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * @param storage where the token is kept (null: memory only)
 * @param watchOtherTabs installs a listener for changes made by other tabs (the browser's `storage` event):
 *   a token rotated or cleared in one tab reaches every tab's live socket and pages.
 */
export const createTokenStore = (storage: KeyValueStorage | null, watchOtherTabs?: (changed: () => void) => void): TokenStore => {
  const listeners = new Set<() => void>();
  let memory: string | null = null;
  const read = (): string | null => {
    try {
      return storage ? storage.getItem(tokenStorageKey) : memory;
    } catch {
      return memory;
    }
  };
  watchOtherTabs?.(() => {
    for (const listener of listeners) listener();
  });
  return {
    get: read,
    set: (token) => {
      memory = token;
      try {
        if (storage) {
          if (token) storage.setItem(tokenStorageKey, token);
          else storage.removeItem(tokenStorageKey);
        }
      } catch {
        // private mode or full storage: the in-memory copy still works for this tab
      }
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

const browserStorage = (): KeyValueStorage | null => {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
};

const otherTabs = (changed: () => void): void => {
  if (typeof window === 'undefined') return;
  window.addEventListener('storage', (event) => {
    if (event.key === tokenStorageKey || event.key === null) changed();
  });
};

/** The application's token store (localStorage in the browser, followed across tabs). */
export const tokenStore: TokenStore = createTokenStore(browserStorage(), otherTabs);
