import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DigestReply, NotificationListReply, NotificationsReadReply } from '../../../../contracts/api/notifications.ts';
import { api } from '../../lib/api.ts';

export const notificationsKey = ['notifications'] as const;

/** GET /api/notifications: my latest notifications and unread count (kept fresh by the live push; polled slowly as a fallback). */
export const useNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: notificationsKey,
    queryFn: () => api.request<NotificationListReply>('/api/notifications?limit=20'),
    enabled,
    refetchInterval: 120_000,
    retry: false,
  });

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationsKey });
};

/** POST /api/notifications/{id}/read. */
export const useMarkRead = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api.request<NotificationsReadReply>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onSettled: refresh,
  });
};

/** POST /api/notifications/read: all of mine. */
export const useMarkAllRead = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.request<NotificationsReadReply>('/api/notifications/read', { method: 'POST' }),
    onSettled: refresh,
  });
};

const digestKey = ['notifications', 'digest'] as const;

/** GET /api/notifications/digest: whether I get the daily e-mail, and whether this server can send it. */
export const useDigest = (enabled: boolean) =>
  useQuery({
    queryKey: digestKey,
    queryFn: () => api.request<DigestReply>('/api/notifications/digest'),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });

/** PUT /api/notifications/digest. */
export const useChooseDigest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (daily: boolean) => api.request<DigestReply>('/api/notifications/digest', { method: 'PUT', body: { daily } }),
    onSuccess: (reply) => queryClient.setQueryData(digestKey, reply),
  });
};
