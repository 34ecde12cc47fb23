import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { IntegrationStateSchema, JobStatusReply, StorageStatsReply } from '../../../../../contracts/api/admin.ts';
import type { UserProfile } from '../../../../../contracts/api/users.ts';
import { UserRules } from '../../../../../contracts/messages.ts';
import { api } from '../../../lib/api.ts';
import type { MessageReply } from '../../../../../contracts/messageCodes.ts';

export type StorageStats = Static<typeof StorageStatsReply>;
export type JobStatus = Static<typeof JobStatusReply>;

const usersKey = (filter: string, page: number) => ['admin', 'users', { filter, page }] as const;
const countKey = (filter: string) => ['admin', 'users', 'count', { filter }] as const;

const query = (filter: string) => (filter ? { filter } : {});

/** POST /api/users/search: one page of 50 users matching the filter. */
export const useUserSearch = (filter: string, page: number) =>
  useQuery({
    queryKey: usersKey(filter, page),
    queryFn: () =>
      api.request<UserProfile[]>('/api/users/search', {
        method: 'POST',
        body: { query: query(filter), pagesize: UserRules.adminPageSize, page },
      }),
    placeholderData: keepPreviousData,
  });

/** POST /api/users/search/count: how many users match, for the page links. */
export const useUserCount = (filter: string) =>
  useQuery({
    queryKey: countKey(filter),
    queryFn: () => api.request<{ count: number }>('/api/users/search/count', { method: 'POST', body: { query: query(filter) } }),
    placeholderData: keepPreviousData,
  });

/** PATCH /api/users/{id} {password}: the admin's password reset, answered by 'succeeded.' */
export const useResetPassword = () =>
  useMutation({
    mutationFn: ({ userId, password }: { userId: string; password: string }) =>
      api.request<MessageReply>(`/api/users/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: { password },
      }),
  });

export const statsQueryKey = ['admin', 'stats'] as const;

/** GET /api/admin/stats: event-store head, projection position, read-model counts. */
export const useStorageStats = () => useQuery({ queryKey: statsQueryKey, queryFn: () => api.request<StorageStats>('/api/admin/stats') });

/** POST /api/admin/rebuild: starts a rebuild job (all projections or one). */
export const useRebuild = () =>
  useMutation({
    mutationFn: (projection: string | null) =>
      api.request<{ jobId: string }>('/api/admin/rebuild', {
        method: 'POST',
        body: projection ? { projection } : {},
      }),
  });

const finished = (state: string | undefined) => state === 'completed' || state === 'failed';

/** GET /api/admin/jobs/{id}, polled every half second until the job ends; then the stats refresh. */
export const useJob = (jobId: string | null) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['admin', 'jobs', jobId],
    queryFn: async () => {
      const job = await api.request<JobStatus>(`/api/admin/jobs/${encodeURIComponent(jobId ?? '')}`);
      if (finished(job.state)) void queryClient.invalidateQueries({ queryKey: statsQueryKey });
      return job;
    },
    enabled: jobId !== null,
    refetchInterval: (q) => (finished(q.state.data?.state) ? false : 500),
  });
};

export type IntegrationState = Static<typeof IntegrationStateSchema>;

/** GET /api/admin/integrations: each integration configured, reachable, its last error (issue 18 §8). */
export const useIntegrations = () =>
  useQuery({
    queryKey: ['admin', 'integrations'],
    queryFn: async () => (await api.request<{ integrations: IntegrationState[] }>('/api/admin/integrations')).integrations,
  });
