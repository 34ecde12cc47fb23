import { useQuery } from '@tanstack/react-query';
import {
  SearchPaging,
  type SearchCountReply,
  type SearchQuery,
  type SearchReply,
  type SearchResult,
  type SearchType,
} from '../../../../../contracts/api/search.ts';
import { api } from '../../../lib/api.ts';

const enc = encodeURIComponent;

/** POST /api/contributions/{id}/search: one page and the pager. */
export const searchContributions = (communityId: string, query: SearchQuery, searchType: SearchType, signal?: AbortSignal) =>
  api.request<SearchReply>(`/api/contributions/${enc(communityId)}/search`, {
    method: 'POST',
    body: { query, searchType },
    ...(signal ? { signal } : {}),
  });

/** POST /api/contributions/{id}/search/count. */
export const countContributions = (communityId: string, query: SearchQuery, searchType: SearchType) =>
  api.request<SearchCountReply>(`/api/contributions/${enc(communityId)}/search/count`, { method: 'POST', body: { query, searchType } });

/** Every result of a query (pages of the largest size, at most 20 of them), for the CSV. */
export const allResults = async (communityId: string, query: SearchQuery, searchType: SearchType): Promise<SearchResult[]> => {
  const out: SearchResult[] = [];
  for (let page = 1; page <= 20; page++) {
    const reply = await searchContributions(communityId, { ...query, page, pagesize: SearchPaging.maxPageSize }, searchType);
    out.push(...reply.results);
    if (out.length >= reply.pager.total || reply.results.length === 0) break;
  }
  return out;
};

/** The community's title, for the page heading. */
export const useCommunityTitle = (communityId: string) =>
  useQuery({
    queryKey: ['communities', communityId, 'title'] as const,
    queryFn: () => api.request<{ title: string }>(`/api/communities/${enc(communityId)}/title`),
  });
