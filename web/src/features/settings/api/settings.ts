import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '../../../../../contracts/api/users.ts';
import type { Language } from '../../../i18n/languages.ts';
import { api } from '../../../lib/api.ts';
import { meQueryKey } from '../../../lib/session.ts';
import type { MessageReply } from '../../../../../contracts/messageCodes.ts';

/** PUT /api/users/{id}/lang: the interface language, kept on the account. */
export const useChangeLanguage = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    // One save at a time, in the order chosen: quick clicks leave the account with the last choice.
    scope: { id: `user-lang-${userId}` },
    mutationFn: (lang: Language) =>
      api.request<UserProfile>(`/api/users/${encodeURIComponent(userId)}/lang`, { method: 'PUT', body: { lang } }),
    onSuccess: (profile) => {
      queryClient.setQueriesData<UserProfile>({ queryKey: meQueryKey }, (old) => (old ? { ...old, ...profile } : old));
    },
  });
};

/**
 * PUT /api/users/{id}/password. The answer carries a fresh token: older tokens
 * stop working, so the caller must store it. A wrong old password is a 403,
 * which must not end the session.
 */
export const useChangePassword = (userId: string) =>
  useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) =>
      api.request<MessageReply & { token: string }>(`/api/users/${encodeURIComponent(userId)}/password`, {
        method: 'PUT',
        body,
      }),
  });
