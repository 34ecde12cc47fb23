import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AuthorNetworkQuery,
  AuthorNetworkReply,
  DashboardQuery,
  DashboardReply,
  NoteDashboardQuery,
  NoteDashboardReply,
  S2vizQuery,
  S2vizReply,
} from '../../../../../contracts/api/analytics.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { searchOf } from '../model.ts';
import { useMyRegistrations } from '../../../lib/community.ts';
import { fetchTextFile } from '../../../lib/download.ts';

const enc = encodeURIComponent;

type Query = Record<string, string | undefined>;
const path = (communityId: string, page: string, query: Query) => `/api/analytics/${enc(communityId)}/${page}${searchOf(query)}`;

/** One analytics page's figures; the previous ones stay on screen while new filters are asked for. */
const usePage = <T>(communityId: string, page: string, query: Query) =>
  useQuery({
    queryKey: ['analytics', communityId, page, query] as const,
    queryFn: () => api.request<T>(path(communityId, page, query)),
    placeholderData: keepPreviousData,
    enabled: Boolean(communityId),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** GET /api/analytics/{communityId}/s2viz */
export const useS2viz = (communityId: string, query: S2vizQuery) => usePage<S2vizReply>(communityId, 's2viz', query);

/** GET /api/analytics/{communityId}/dashboard */
export const useDashboard = (communityId: string, query: DashboardQuery) => usePage<DashboardReply>(communityId, 'dashboard', query);

/** GET /api/analytics/{communityId}/dashboard2 */
export const useNoteDashboard = (communityId: string, query: NoteDashboardQuery) =>
  usePage<NoteDashboardReply>(communityId, 'dashboard2', query);

/** GET /api/analytics/{communityId}/authornetwork */
export const useAuthorNetwork = (communityId: string, query: AuthorNetworkQuery) =>
  usePage<AuthorNetworkReply>(communityId, 'authornetwork', query);

/**
 * GET /api/analytics/{communityId}/dashboard.csv: the per-user table as the
 * server writes it, and the file name it gives (the JSON client cannot read
 * a CSV body, so this one call is made here with the same bearer token).
 */
export const fetchDashboardCsv = (communityId: string, query: DashboardQuery): Promise<{ text: string; fileName: string | null }> =>
  fetchTextFile(path(communityId, 'dashboard.csv', query));

/**
 * The community of `id` when it is a view's id, for the original's
 * `/authornetwork/{viewId}`; null when it is not a view (a community's id).
 * A community of one's own is known from one's registrations: no view lookup.
 */
export const useViewCommunity = (id: string) => {
  const registrations = useMyRegistrations();
  const mine = registrations.data?.some((registration) => registration.communityId === id) ?? false;
  const view = useQuery({
    // Not the view page's ['views', id]: this query keeps null for a non-view, that one a view page.
    queryKey: ['analytics', 'viewCommunity', id] as const,
    queryFn: async () => {
      try {
        return await api.request<{ community: { _id: string } }>(`/api/views/${enc(id)}`);
      } catch (error) {
        // Not a view one may read: the id is taken as a community's.
        if (error instanceof ApiError && error.status < 500) return null;
        throw error;
      }
    },
    enabled: Boolean(id) && registrations.isSuccess && !mine,
    retry: false,
  });
  if (mine) return { resolved: true, communityId: null };
  return { resolved: view.isSuccess || view.isError || registrations.isError, communityId: view.data?.community._id ?? null };
};
