import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ViewTreeNode, ViewTreeReply } from '../../../../../contracts/api/canvas.ts';
import type { ViewSummary } from '../../../../../contracts/api/communities.ts';
import { api } from '../../../lib/api.ts';
import { resourceKeys } from '../../../lib/community.ts';

export type { ViewTreeNode };

const enc = encodeURIComponent;

export const viewTreeKey = (communityId: string) => ['communities', communityId, 'viewtree'] as const;
const viewsKey = resourceKeys.communityViews;

/** GET /api/communities/{communityId}/viewtree: registered views at the top, child views below. */
export const useViewTree = (communityId: string) =>
  useQuery({
    queryKey: viewTreeKey(communityId),
    queryFn: () => api.request<ViewTreeReply>(`/api/communities/${enc(communityId)}/viewtree`),
  });

/** Add, delete and re-parent views; each refreshes the tree and the view lists. */
export const useViewMutations = (communityId: string) => {
  const client = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: viewTreeKey(communityId) }),
      client.invalidateQueries({ queryKey: viewsKey(communityId) }),
    ]);
  };
  const add = useMutation({
    mutationFn: (title: string) =>
      api.request<ViewSummary>(`/api/communities/${enc(communityId)}/views`, { method: 'POST', body: { title } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (viewId: string) => api.request<ViewSummary>(`/api/views/${enc(viewId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const reparent = useMutation({
    mutationFn: ({ viewId, parentId, oldParentId }: { viewId: string; parentId: string | null; oldParentId: string | null }) =>
      api.request<ViewSummary>(`/api/views/${enc(viewId)}/parent`, { method: 'PUT', body: { parentId, oldParentId } }),
    onSuccess: refresh,
  });
  return { add, remove, reparent };
};
