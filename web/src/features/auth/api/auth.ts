import { useMutation, useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { RobotCheckConfigReply } from '../../../../../contracts/api/meta.ts';
import type { RegisterBody, UserProfile } from '../../../../../contracts/api/users.ts';
import { api } from '../../../lib/api.ts';

type TokenReply = { token: string };
export type RobotCheckConfig = Static<typeof RobotCheckConfigReply>;

/** POST /auth/local. A 401 here is a wrong password, not an expired session: no redirect. */
export const useLocalLogin = () =>
  useMutation({
    mutationFn: (body: { userName: string; password: string }) =>
      api.request<TokenReply>('/auth/local', { method: 'POST', body, redirectOnUnauthorized: false }),
  });

/** POST /auth/idul {username, password} (spec §7): the institutional login. */
export const useInstitutionalLogin = () =>
  useMutation({
    mutationFn: (body: { username: string; password: string }) =>
      api.request<TokenReply>('/auth/idul', { method: 'POST', body, redirectOnUnauthorized: false }),
  });

/** POST /auth/oidc/session: the token of the OpenID sign-in this browser just completed (once, from its cookie). */
export const useSsoSession = () =>
  useMutation({
    mutationFn: () => api.request<TokenReply>('/auth/oidc/session', { method: 'POST', body: {}, redirectOnUnauthorized: false }),
  });

/** POST /api/users: registration; answers the token and the new profile. */
export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterBody) =>
      api.request<{ token: string; user: UserProfile }>('/api/users', { method: 'POST', body, redirectOnUnauthorized: false }),
  });

/** GET /api/recaptcha/config: which robot check the server verifies. */
export const useRobotCheckConfig = () =>
  useQuery({
    queryKey: ['recaptcha', 'config'],
    queryFn: () => api.request<RobotCheckConfig>('/api/recaptcha/config'),
    staleTime: Infinity,
  });

/** Social-login providers and the institutional login, as the server configures them. */
export const useAuthProviders = () =>
  useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: async (): Promise<{ providers: string[]; institutional: boolean; labels: Record<string, string> }> => {
      const reply = await api.request<{ providers?: unknown; institutional?: unknown; labels?: unknown }>('/api/auth/providers');
      const labels =
        reply.labels && typeof reply.labels === 'object'
          ? Object.fromEntries(Object.entries(reply.labels).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
          : {};
      return {
        providers: Array.isArray(reply.providers) ? reply.providers.filter((p): p is string => typeof p === 'string') : [],
        institutional: reply.institutional === true,
        labels,
      };
    },
    staleTime: Infinity,
    retry: false,
  });
