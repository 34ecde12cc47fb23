import { useQuery } from '@tanstack/react-query';
import type { PluginFlag } from '../../../../contracts/api/communities.ts';
import type { ItmStatusReply } from '../../../../contracts/api/itm.ts';
import { api } from '../../lib/api.ts';
import { useGoogleStatus } from '../../lib/googleStatus.ts';

/**
 * The plugins of the integrations this server has configured (issue 18 §6,
 * §7): ITM with BUILDON_ITM_URL, Google Docs and Drive with Google's client.
 * The settings page offers them there alone (issue 21 §15: a setting that
 * cannot work is not shown). None while unknown or when a status call fails.
 */
export const useIntegrationPluginFlags = (communityId: string): PluginFlag[] => {
  const itm = useQuery({
    queryKey: ['itm', 'status', communityId],
    queryFn: () => api.request<ItmStatusReply>(`/api/itm/${communityId}/status`),
    enabled: communityId !== '',
    retry: false,
    staleTime: 5 * 60_000,
  });
  const google = useGoogleStatus();
  return [
    ...(itm.data?.configured ? (['itm'] as const) : []),
    ...(google.data?.configured ? (['googledocs', 'googledrive'] as const) : []),
  ];
};
