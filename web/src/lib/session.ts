import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { UserProfile } from '../../../contracts/api/users.ts';
import { api } from './api.ts';
import { tokenStore } from './tokenStore.ts';

export type { UserProfile };

/** Query key of the signed-in user's profile (GET /api/users/me). */
export const meQueryKey = ['users', 'me'] as const;

/** The current token (re-renders when it changes). */
export const useToken = (): string | null => useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);

/** True when the browser holds a token; the server may still reject it. */
export const useIsLoggedIn = (): boolean => useToken() !== null;

export const fetchMe = (): Promise<UserProfile> => api.request<UserProfile>('/api/users/me');

/** The signed-in user's profile, or undefined while logged out or loading. */
export const useMe = () => {
  const token = useToken();
  return useQuery({
    // Not keyed by token: a new token (password change) refetches in place
    // instead of unmounting the page while the profile reloads.
    queryKey: meQueryKey,
    queryFn: fetchMe,
    enabled: token !== null,
    staleTime: 60_000,
    retry: false,
  });
};

/** Stores a new token (login, registration, password change) and refetches the profile. */
export const useSetSession = () => {
  const queryClient = useQueryClient();
  return useCallback(
    (token: string) => {
      tokenStore.set(token);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    [queryClient],
  );
};

/** Forgets the token and every cached answer. */
export const useClearSession = () => {
  const queryClient = useQueryClient();
  return useCallback(() => {
    tokenStore.set(null);
    queryClient.clear();
  }, [queryClient]);
};
