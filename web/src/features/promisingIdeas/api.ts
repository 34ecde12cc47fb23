import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePiPoolBody,
  EditPromisingIdeaBody,
  PiPoolReply,
  PromisingIdea,
  PromisingIdeaList,
  PromisingIdeasQuery,
} from '../../../../contracts/api/promisingIdeas.ts';
import { api } from '../../lib/api.ts';

const enc = encodeURIComponent;

/** The query string of the table's filters (empty ones left out). */
export const ideasQueryString = (query: PromisingIdeasQuery): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The page's query key (the Read tab's list of one note shares its prefix). */
export const promisingIdeasKey = (communityId: string, query: PromisingIdeasQuery) => ['promisingideas', communityId, query] as const;

/** GET /api/promisingideas/{communityId}: the table, filtered on the server. */
export const usePromisingIdeas = (communityId: string, query: PromisingIdeasQuery) =>
  useQuery({
    queryKey: promisingIdeasKey(communityId, query),
    queryFn: () => api.request<PromisingIdeaList>(`/api/promisingideas/${enc(communityId)}${ideasQueryString(query)}`),
    enabled: Boolean(communityId),
    placeholderData: keepPreviousData,
    retry: false,
  });

const useRefresh = (communityId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['promisingideas', communityId] });
};

/** DELETE /api/promisingideas/ideas/{ideaId}. */
export const useDeleteIdea = (communityId: string) => {
  const refresh = useRefresh(communityId);
  return useMutation({
    mutationFn: (ideaId: string) => api.request<unknown>(`/api/promisingideas/ideas/${enc(ideaId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
};

/** PUT /api/promisingideas/ideas/{ideaId}: a new reason and colour (its author, managers). */
export const useEditIdea = (communityId: string) => {
  const refresh = useRefresh(communityId);
  return useMutation({
    mutationFn: ({ ideaId, body }: { ideaId: string; body: EditPromisingIdeaBody }) =>
      api.request<PromisingIdea>(`/api/promisingideas/ideas/${enc(ideaId)}`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
};

/** POST /api/promisingideas/{communityId}/pool: the PI Pool note. */
export const useCreatePool = (communityId: string) => {
  const refresh = useRefresh(communityId);
  return useMutation({
    mutationFn: (body: CreatePiPoolBody) =>
      api.request<PiPoolReply>(`/api/promisingideas/${enc(communityId)}/pool`, { method: 'POST', body }),
    onSuccess: refresh,
  });
};

/** The community's title (the page's heading). */
export const useCommunityTitle = (communityId: string) =>
  useQuery({
    queryKey: ['communities', communityId, 'title'] as const,
    queryFn: () => api.request<{ title: string }>(`/api/communities/${enc(communityId)}/title`),
    enabled: Boolean(communityId),
  });
