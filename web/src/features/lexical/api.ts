import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DictionaryReply, WordCloudReply } from '../../../../contracts/api/lexical.ts';
import type { LexicalAnalysisQuery, LexicalAnalysisReply } from '../../../../contracts/api/lexicalAnalysis.ts';
import { api } from '../../lib/api.ts';
import { lexicalSearchOf } from './lexicalAnalysisModel.ts';

const enc = encodeURIComponent;

/** GET /api/lexical/{communityId}/dictionary: one author's student dictionary (letters for a writer's classmates). */
export const useDictionary = (communityId: string, author: string | null) =>
  useQuery({
    queryKey: ['analytics', communityId, 'lexical', 'dictionary', author] as const,
    queryFn: () => api.request<DictionaryReply>(`/api/lexical/${enc(communityId)}/dictionary${author ? `?author=${enc(author)}` : ''}`),
    placeholderData: keepPreviousData,
    enabled: Boolean(communityId),
  });

/** GET /api/lexical/views/{viewId}/wordcloud: the view's top 100 words. */
export const useViewWordCloud = (viewId: string) =>
  useQuery({
    queryKey: ['analytics', 'lexical', 'wordcloud', viewId] as const,
    queryFn: () => api.request<WordCloudReply>(`/api/lexical/views/${enc(viewId)}/wordcloud`),
    enabled: Boolean(viewId),
  });

/** GET /api/lexical/{communityId}/analysis: the lexicon counted in the notes the caller may read (null: not asked yet). */
export const useLexicalAnalysis = (communityId: string, query: LexicalAnalysisQuery | null) =>
  useQuery({
    queryKey: ['analytics', communityId, 'lexical', 'analysis', query] as const,
    queryFn: () =>
      api.request<LexicalAnalysisReply>(`/api/lexical/${enc(communityId)}/analysis${lexicalSearchOf(query ?? { lexicon: '' })}`),
    enabled: Boolean(communityId) && query !== null,
    retry: false,
  });
