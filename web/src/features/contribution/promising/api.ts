import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePromisingIdeaBody, PromisingIdea, PromisingIdeaList } from '../../../../../contracts/api/promisingIdeas.ts';
import { api } from '../../../lib/api.ts';

const enc = encodeURIComponent;

/** The ideas of one note, under the promising ideas page's key prefix (a mark refreshes both). */
const noteIdeasKey = (communityId: string, noteId: string) => ['promisingideas', communityId, { note: noteId }] as const;

/** GET /api/promisingideas/{communityId}?note={noteId}. */
export const useNoteIdeas = (communityId: string, noteId: string, enabled: boolean) =>
  useQuery({
    queryKey: noteIdeasKey(communityId, noteId),
    queryFn: () => api.request<PromisingIdeaList>(`/api/promisingideas/${enc(communityId)}?note=${enc(noteId)}`),
    enabled,
    retry: false,
  });

/** POST /api/promisingideas/{communityId}/note/{noteId}: mark a passage. */
export const useMarkIdea = (communityId: string, noteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePromisingIdeaBody) =>
      api.request<PromisingIdea>(`/api/promisingideas/${enc(communityId)}/note/${enc(noteId)}`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['promisingideas', communityId] }),
  });
};
