import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { SessionsReply } from '../../../../../contracts/api/audit.ts';
import { api } from '../../../lib/api.ts';

export type OpenSession = Static<typeof SessionsReply>['sessions'][number];

const sessionsKey = ['users', 'me', 'sessions'] as const;

/** GET /api/users/me/sessions: my open sessions, newest first, this one marked. */
export const useMySessions = () =>
  useQuery({
    queryKey: sessionsKey,
    queryFn: () => api.request<{ sessions: OpenSession[] }>('/api/users/me/sessions'),
    refetchOnWindowFocus: true,
  });

const endOne = (id: string) => api.request<null>(`/api/users/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

/**
 * DELETE /api/users/me/sessions/{id} for each session given: ending one other
 * session, or every other one. A session that ended meanwhile (404) is not a failure.
 */
export const useEndSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map(endOne));
      const failed = results.find(
        (result): result is PromiseRejectedResult =>
          result.status === 'rejected' && !(typeof result.reason === 'object' && (result.reason as { status?: number }).status === 404),
      );
      if (failed) throw failed.reason;
      return ids.length;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
};
