import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScaffoldManagerReply } from '../../../../contracts/api/scaffolds.ts';
import { api } from '../../lib/api.ts';
import { resourceKeys } from '../../lib/community.ts';

const enc = encodeURIComponent;

export const scaffoldManagerKey = (communityId: string) => ['communities', communityId, 'scaffoldmanager'] as const;

/** GET /api/communities/{id}/scaffoldmanager: the registered scaffolds, their supports, and whether I may manage them. */
export const useScaffoldManager = (communityId: string) =>
  useQuery({
    queryKey: scaffoldManagerKey(communityId),
    queryFn: () => api.request<ScaffoldManagerReply>(`/api/communities/${enc(communityId)}/scaffoldmanager`),
    enabled: Boolean(communityId),
  });

export type ScaffoldChange =
  | { kind: 'addScaffold'; title: string }
  | { kind: 'deleteScaffold'; scaffoldId: string }
  | { kind: 'orderScaffolds'; scaffoldIds: string[] }
  | { kind: 'addSupport'; scaffoldId: string; title: string }
  | { kind: 'renameSupport'; scaffoldId: string; supportId: string; title: string }
  | { kind: 'orderSupports'; scaffoldId: string; supportIds: string[] }
  | { kind: 'removeSupport'; scaffoldId: string; supportId: string };

/** The request of one change (every change answers the whole page). */
export const requestOf = (
  communityId: string,
  change: ScaffoldChange,
): { path: string; method: 'POST' | 'PUT' | 'DELETE'; body?: unknown } => {
  const base = `/api/communities/${enc(communityId)}/scaffolds`;
  switch (change.kind) {
    case 'addScaffold':
      return { path: base, method: 'POST', body: { title: change.title } };
    case 'deleteScaffold':
      return { path: `${base}/${enc(change.scaffoldId)}`, method: 'DELETE' };
    case 'orderScaffolds':
      return { path: `${base}/order`, method: 'PUT', body: { scaffoldIds: change.scaffoldIds } };
    case 'addSupport':
      return { path: `${base}/${enc(change.scaffoldId)}/supports`, method: 'POST', body: { title: change.title } };
    case 'renameSupport':
      return { path: `${base}/${enc(change.scaffoldId)}/supports/${enc(change.supportId)}`, method: 'PUT', body: { title: change.title } };
    case 'orderSupports':
      return { path: `${base}/${enc(change.scaffoldId)}/supports/order`, method: 'PUT', body: { supportIds: change.supportIds } };
    case 'removeSupport':
      return { path: `${base}/${enc(change.scaffoldId)}/supports/${enc(change.supportId)}`, method: 'DELETE' };
  }
};

/** One mutation for every change: the reply replaces the page; the editor's scaffold list is read again. */
export const useScaffoldChange = (communityId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ScaffoldChange) => {
      const { path, method, body } = requestOf(communityId, change);
      return api.request<ScaffoldManagerReply>(path, { method, ...(body === undefined ? {} : { body }) });
    },
    onSuccess: (reply) => {
      client.setQueryData(scaffoldManagerKey(communityId), reply);
      void client.invalidateQueries({ queryKey: resourceKeys.communityScaffolds(communityId) });
    },
  });
};
