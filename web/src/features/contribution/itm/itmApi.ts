import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ItmStatusReply, ItmThreadsReply } from '../../../../../contracts/api/itm.ts';
import { api } from '../../../lib/api.ts';

const threadsKey = (noteId: string) => ['itm', 'threads', noteId] as const;
const threadsUrl = (communityId: string, noteId: string) => `/api/itm/${communityId}/contributions/${noteId}/threads`;

/**
 * Whether the Thread tab shows (issue 18 §7): ITM configured on this server
 * and the community's `itm` plugin on. False while unknown or when the call fails.
 */
export const useItmEnabled = (communityId: string, wanted: boolean): boolean =>
  useQuery({
    queryKey: ['itm', 'status', communityId],
    queryFn: () => api.request<ItmStatusReply>(`/api/itm/${communityId}/status`),
    enabled: wanted,
    retry: false,
    staleTime: 5 * 60_000,
  }).data?.enabled === true;

/** The ITM threads of the reader's projects, and those holding the note. */
export const useItmThreads = (communityId: string, noteId: string) =>
  useQuery({
    queryKey: threadsKey(noteId),
    queryFn: () => api.request<ItmThreadsReply>(threadsUrl(communityId, noteId)),
    retry: false,
  });

/** Adds the note to a thread; the list shows the answer. */
export const useAddToThread = (communityId: string, noteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadId: number) => api.request<ItmThreadsReply>(threadsUrl(communityId, noteId), { method: 'POST', body: { threadId } }),
    onSuccess: (reply) => queryClient.setQueryData(threadsKey(noteId), reply),
  });
};
