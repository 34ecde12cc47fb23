import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  Contribution,
  CreateContributionBody,
  CreateContributionReply,
  CreateLinkBody,
  Link,
  MoveRefsReply,
  RiseAboveReply,
  ViewSettingReply,
  UpdateLinkBody,
  UpdateRefsReply,
} from '../../../../../contracts/api/canvas.ts';
import type { ViewSetting, ViewSummary } from '../../../../../contracts/api/communities.ts';
import type { RefData, ViewCanvasReply, ViewRef } from '../../../../../contracts/api/views.ts';
import { api } from '../../../lib/api.ts';

export type { Contribution, Link, RiseAboveReply, ViewCanvasReply, ViewRef, ViewSummary };

/** Query key of one view's canvas (the page's one request), under the view's root key. */
export const canvasKey = (viewId: string) => ['views', viewId, 'canvas'] as const;

const enc = encodeURIComponent;

/** GET /api/views/{viewId}/canvas: everything the canvas draws, in one request. */
export const fetchCanvas = (viewId: string) => api.request<ViewCanvasReply>(`/api/views/${enc(viewId)}/canvas`);

export const useViewCanvas = (viewId: string) =>
  useQuery({ queryKey: canvasKey(viewId), queryFn: () => fetchCanvas(viewId), retry: false, staleTime: 30_000 });

// ---- writes (contracts/api/canvas.ts) -------------------------------------------------

/** POST /api/contributions/{communityId}: a note, drawing, attachment or view, placed in a view when asked. */
export const createContribution = (communityId: string, body: CreateContributionBody) =>
  api.request<CreateContributionReply>(`/api/contributions/${enc(communityId)}`, { method: 'POST', body });

/** POST /api/links: a ref (contains) or a build-on/reference link. */
export const createLink = (body: CreateLinkBody) => api.request<Link>('/api/links', { method: 'POST', body });

/** PUT /api/links/{id}: move, resize, show in place, pin, fix, lock, unlock. */
export const updateLink = (linkId: string, data: UpdateLinkBody['data']) =>
  api.request<Link>(`/api/links/${enc(linkId)}`, { method: 'PUT', body: { data } });

/** POST /api/views/{viewId}/refs/update: several refs changed at once (a multi-ref drag); answers the refused ones. */
export const updateRefs = (viewId: string, changes: { linkId: string; data: UpdateLinkBody['data'] }[]) =>
  api.request<UpdateRefsReply>(`/api/views/${enc(viewId)}/refs/update`, { method: 'POST', body: { changes } });

/** Removes refs from a view (the contributions stay; a rise-above's items come back out). */
export const deleteRefs = (viewId: string, linkIds: string[]) =>
  api.request<{ count: number; unpacked?: number }>(`/api/views/${enc(viewId)}/refs/delete`, { method: 'POST', body: { linkIds } });

/** POST /api/views/{viewId}/riseabove: from the toolbar (no links) or from a selection. */
export const createRiseabove = (viewId: string, title: string, linkIds?: string[]) =>
  api.request<RiseAboveReply>(`/api/views/${enc(viewId)}/riseabove`, {
    method: 'POST',
    body: linkIds ? { title, linkIds } : { title },
  });

/** POST /api/views/{viewId}/refs/move: refs dragged into another view's window. */
export const moveRefs = (viewId: string, linkIds: string[], toViewId: string, at: { x: number; y: number }) =>
  api.request<MoveRefsReply>(`/api/views/${enc(viewId)}/refs/move`, { method: 'POST', body: { linkIds, toViewId, x: at.x, y: at.y } });

/** PUT /api/views/{viewId}/viewsetting: the view's setting for every reader (null: the community's). */
export const saveViewSetting = (viewId: string, viewSetting: ViewSetting | null) =>
  api.request<ViewSettingReply>(`/api/views/${enc(viewId)}/viewsetting`, { method: 'PUT', body: { viewSetting } });

/** POST /api/authors/{communityId}/me/workspace: my private workspace view (made on first use). */
export const openWorkspace = (communityId: string) =>
  api.request<{ viewId: string; created: boolean }>(`/api/authors/${enc(communityId)}/me/workspace`, { method: 'POST' });

/** POST /api/records/read/{communityId}/{contributionId}: mark as read. */
export const markRead = (communityId: string, contributionId: string) =>
  api.request<{ contributionId: string; read: 'read'; at: string }>(`/api/records/read/${enc(communityId)}/${enc(contributionId)}`, {
    method: 'POST',
  });

/** POST /api/objects/addTofav|remFromfav/{communityId}/{id} (favourites plugin). */
export const setFavourite = (communityId: string, contributionId: string, on: boolean) =>
  api.request<unknown>(`/api/objects/${on ? 'addTofav' : 'remFromfav'}/${enc(communityId)}/${enc(contributionId)}`, { method: 'POST' });

// ---- cache patches (pure; used by mutations and by the live socket) ----------------------

type Canvas = ViewCanvasReply;

/** Moves / data changes applied to refs by id. */
export const patchRefData = (canvas: Canvas, changes: ReadonlyMap<string, Partial<RefData>>): Canvas => ({
  ...canvas,
  refs: canvas.refs.map((ref) => {
    const change = changes.get(ref._id);
    return change ? { ...ref, data: { ...ref.data, ...change } } : ref;
  }),
});

export const removeRefs = (canvas: Canvas, refIds: ReadonlySet<string>): Canvas => ({
  ...canvas,
  refs: canvas.refs.filter((ref) => !refIds.has(ref._id)),
});

/** Adds or replaces a ref (by its link id); an older copy never wins over a newer one. */
export const upsertRef = (canvas: Canvas, ref: ViewRef): Canvas => {
  const index = canvas.refs.findIndex((r) => r._id === ref._id);
  if (index < 0) return { ...canvas, refs: [...canvas.refs, ref] };
  const current = canvas.refs[index];
  if (current && current.modified > ref.modified) return canvas;
  const refs = canvas.refs.slice();
  refs[index] = ref;
  return { ...canvas, refs };
};

/** Applies a change to every ref of one contribution (title, read state, status…). */
export const patchTarget = (canvas: Canvas, contributionId: string, change: Partial<ViewRef['_to']>): Canvas => {
  if (!canvas.refs.some((ref) => ref.to === contributionId)) return canvas;
  return {
    ...canvas,
    refs: canvas.refs.map((ref) => (ref.to === contributionId ? { ...ref, _to: { ...ref._to, ...change } } : ref)),
  };
};

/** Updates the cached canvas of a view, if loaded. */
export const updateCanvas = (client: QueryClient, viewId: string, update: (canvas: Canvas) => Canvas): void => {
  client.setQueryData<Canvas>(canvasKey(viewId), (current) => (current ? update(current) : current));
};
