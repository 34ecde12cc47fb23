import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  CommunityAdmin,
  CommunityInfo,
  CommunitySettings,
  CommunitySummary,
  CreateCommunityBody,
  Registration,
  SaveSettingsBody,
  UpdateCommunityBody,
  ViewSummary,
} from '../../../../../contracts/api/communities.ts';
import { api } from '../../../lib/api.ts';
import { resourceKeys } from '../../../lib/community.ts';

const enc = encodeURIComponent;

export const communitiesKey = ['communities'] as const;
export const registrationsKey = resourceKeys.myRegistrations;
const communityKey = (id: string) => ['communities', id] as const;
const settingsKey = resourceKeys.communitySettings;

/** GET /api/communities: every community one may join (no keys). */
export const useCommunities = () =>
  useQuery({ queryKey: communitiesKey, queryFn: () => api.request<CommunitySummary[]>('/api/communities') });

export { useMyRegistrations } from '../../../lib/community.ts';

/** POST /api/authors: join with the writer or the manager key. */
export const useJoin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: string; communityId: string; registrationKey: string }) =>
      api.request<unknown>('/api/authors', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationsKey }),
  });
};

/** POST /api/communities (admins). */
export const useCreateCommunity = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommunityBody) => api.request<CommunityAdmin>('/api/communities', { method: 'POST', body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: communitiesKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: registrationsKey }),
      ]);
    },
  });
};

/** PUT /api/users/myRegistrations/order (admins): the order of my own list. */
export const useSaveOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orders: { authorId: string; order: number }[]) =>
      api.request<Registration[]>('/api/users/myRegistrations/order', { method: 'PUT', body: { orders } }),
    onSuccess: (registrations) => queryClient.setQueryData(registrationsKey, registrations),
  });
};

/** GET /api/communities/{id}: CommunityInfo, or CommunityAdmin (with keys) for admins. */
export const useCommunity = (communityId: string) =>
  useQuery({
    queryKey: communityKey(communityId),
    queryFn: () => api.request<CommunityInfo | CommunityAdmin>(`/api/communities/${enc(communityId)}`),
  });

/** PUT /api/communities/{id} (admins). */
export const useUpdateCommunity = (communityId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Static<typeof UpdateCommunityBody>) =>
      api.request<CommunityAdmin>(`/api/communities/${enc(communityId)}`, { method: 'PUT', body }),
    onSuccess: async (community) => {
      queryClient.setQueryData(communityKey(communityId), community);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: communitiesKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: registrationsKey }),
      ]);
    },
  });
};

/** POST /api/communities/{id}/blockWriters: block or unblock every writer after typing the key. */
export const useBlockWriters = (communityId: string) =>
  useMutation({
    mutationFn: (body: { registrationKey: string; block: boolean }) =>
      api.request<{ modified: number }>(`/api/communities/${enc(communityId)}/blockWriters`, { method: 'POST', body }),
  });

/** GET /api/links/updateallcache/{id} (admins): rebuilds the community's read models. */
export const useUpdateAllCache = (communityId: string) =>
  useMutation({
    mutationFn: () => api.request<{ events: number }>(`/api/links/updateallcache/${enc(communityId)}`),
  });

/** PUT /api/communities/{id}/settings (managers). */
export const useSaveCommunitySettings = (communityId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Static<typeof SaveSettingsBody>) =>
      api.request<CommunitySettings>(`/api/communities/${enc(communityId)}/settings`, { method: 'PUT', body }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey(communityId), settings),
  });
};

/** The oldest view by `created` (the community's entry page), or null. */
export const oldestView = (views: readonly ViewSummary[]): ViewSummary | null =>
  views.reduce<ViewSummary | null>(
    (oldest, view) => (!oldest || Date.parse(view.created) < Date.parse(oldest.created) ? view : oldest),
    null,
  );

/** My registrations in display order: `order`, then the community title. */
export const sortRegistrations = (registrations: readonly Registration[]): Registration[] =>
  [...registrations].sort((a, b) => a.order - b.order || a.community.title.localeCompare(b.community.title));

/** True when the answer carries the admin-only keys. */
export const hasKeys = (community: CommunityInfo | CommunityAdmin): community is CommunityAdmin => 'registrationKey' in community;
