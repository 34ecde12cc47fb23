import { useMutation, useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { HelpSendBody, Registration } from '../../../../../contracts/api/communities.ts';
import { api } from '../../../lib/api.ts';
import type { MessageReply } from '../../../../../contracts/messageCodes.ts';

/** POST /api/help/send: the feedback goes to the administrators. */
export const useSendHelp = () =>
  useMutation({
    mutationFn: (body: Static<typeof HelpSendBody>) => api.request<MessageReply>('/api/help/send', { method: 'POST', body }),
  });

/** My communities, to name one in the feedback. */
export const useMyCommunities = () =>
  useQuery({
    queryKey: ['users', 'myRegistrations'] as const,
    queryFn: () => api.request<Registration[]>('/api/users/myRegistrations'),
  });
