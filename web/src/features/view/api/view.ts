import { useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { ViewPageReplySchema } from '../../../../../contracts/api/communities.ts';
import { api } from '../../../lib/api.ts';

export type ViewPage = Static<typeof ViewPageReplySchema>;

/** Query key of one view page; the canvas issue adds its refs under the same root. */
export const viewKey = (viewId: string) => ['views', viewId] as const;

/** GET /api/views/{viewId}: the view, its community, my membership, and whether I may edit. */
export const useViewPage = (viewId: string) =>
  useQuery({
    queryKey: viewKey(viewId),
    queryFn: () => api.request<ViewPage>(`/api/views/${encodeURIComponent(viewId)}`),
    retry: false,
  });
