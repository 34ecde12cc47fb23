import { useSyncExternalStore } from 'react';
import { tokenStore } from './tokenStore.ts';

/**
 * Why the app sent the user to the login page (a 401: the session was ended
 * by an admin or from another device, the password changed), in the interface
 * language. Kept here rather than in the navigation's state: the route guard
 * also redirects once the token is cleared, and may win the race. Forgotten
 * as soon as a new token arrives (the user signed in again).
 */
let notice: string | null = null;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

export const setLoginNotice = (text: string | null): void => {
  notice = text;
  notify();
};

tokenStore.subscribe(() => {
  if (tokenStore.get() && notice !== null) setLoginNotice(null);
});

/** The reason to show on the login page, or null. */
export const useLoginNotice = (): string | null =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => notice,
    () => null,
  );
