import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatsQuery, StatsReply } from '../../../../../contracts/api/analytics.ts';
import { api } from '../../../lib/api.ts';
import { searchOf } from '../model.ts';

const enc = encodeURIComponent;

/** GET /api/analytics/{communityId}/stats: the statistics page's figures for these filters (pseudonyms applied by the server). */
export const fetchStats = (communityId: string, query: StatsQuery) =>
  api.request<StatsReply>(`/api/analytics/${enc(communityId)}/stats${searchOf(query)}`);

/** The figures; the previous ones stay on screen while new filters are asked for. */
export const useStats = (communityId: string, query: StatsQuery) =>
  useQuery({
    queryKey: ['analytics', communityId, 'stats', query] as const,
    queryFn: () => fetchStats(communityId, query),
    placeholderData: keepPreviousData,
    enabled: Boolean(communityId),
  });
