import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Connection,
  CurrentVersion,
  HistoricalObject,
  HistoryEntry,
  ObjectReply,
  SaveObjectBody,
} from '../../../../../contracts/api/objects.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { resourceKeys } from '../../../lib/community.ts';
import { urls } from './urls.ts';

export type { Connection, CurrentVersion, HistoricalObject, HistoryEntry, ObjectReply };

/**
 * Query keys of this feature's resources (websocket messages may invalidate the same keys). Community data
 * (settings, scaffolds, authors, groups) is read through lib/community.ts.
 */
export const keys = {
  object: resourceKeys.object,
  connections: resourceKeys.objectConnections,
  history: (id: string) => ['objects', id, 'history'] as const,
  historical: (id: string) => ['historicalobjects', id] as const,
};

/** GET /api/objects/{id}. */
export const useObject = (id: string) =>
  useQuery({ queryKey: keys.object(id), queryFn: () => api.request<ObjectReply>(urls.object(id)), retry: false });

/** An object read once (the context of the page: a view's scaffold choice). */
export const useOptionalObject = (id: string | null | undefined) =>
  useQuery({
    queryKey: keys.object(id ?? 'none'),
    queryFn: () => api.request<ObjectReply>(urls.object(id ?? '')),
    enabled: Boolean(id),
    retry: false,
  });

/** The outcome of a save: the stored object, or the other version on a 409. */
export type SaveOutcome = { ok: true; object: ObjectReply } | { ok: false; conflict: CurrentVersion };

/** The version now stored, sent with a 409 to a save (`current`), if the answer carries one. */
const conflictOf = (failure: unknown): CurrentVersion | null => {
  if (!(failure instanceof ApiError) || failure.status !== 409) return null;
  const current = failure.problem?.current;
  return current && typeof current === 'object' ? (current as CurrentVersion) : null;
};

/**
 * PUT /api/objects/{communityId}/{id} with the revision the editor loaded,
 * through the api client: one Idempotency-Key per save (issue 22 §5), reused
 * on its own retries, and a 401 ends the session as any call's does. A 409
 * that carries `current` (the version now stored) is an outcome, not a failure.
 * @throws ApiError for any other failure
 */
export const saveObject = async (communityId: string, id: string, body: SaveObjectBody): Promise<SaveOutcome> => {
  try {
    return { ok: true, object: await api.request<ObjectReply>(urls.save(communityId, id), { method: 'PUT', body }) };
  } catch (failure) {
    const conflict = conflictOf(failure);
    if (conflict) return { ok: false, conflict };
    throw failure;
  }
};

/** Replaces the cached object after a change the server answered with. */
const useObjectUpdate = (id: string) => {
  const queryClient = useQueryClient();
  return (object: ObjectReply | null) => {
    if (object && typeof object === 'object' && '_id' in object) queryClient.setQueryData(keys.object(id), object);
    else void queryClient.invalidateQueries({ queryKey: keys.object(id), exact: true });
    void queryClient.invalidateQueries({ queryKey: keys.history(id) });
  };
};

export const useSetPermission = (communityId: string, id: string) => {
  const update = useObjectUpdate(id);
  return useMutation({
    mutationFn: (body: { permission: 'private' | 'protected' | 'public'; group: string | null }) =>
      api.request<ObjectReply>(urls.permission(communityId, id), { method: 'PUT', body }),
    onSuccess: update,
  });
};

export const useAddCoauthor = (communityId: string, id: string) => {
  const update = useObjectUpdate(id);
  return useMutation({
    mutationFn: (authorId: string) => api.request<ObjectReply>(urls.authors(communityId, id), { method: 'POST', body: { authorId } }),
    onSuccess: update,
  });
};

export const useRemoveCoauthor = (communityId: string, id: string) => {
  const update = useObjectUpdate(id);
  return useMutation({
    mutationFn: (authorId: string) => api.request<ObjectReply>(urls.author(communityId, id, authorId), { method: 'DELETE' }),
    onSuccess: update,
  });
};

export const useFavourite = (communityId: string, id: string) => {
  const update = useObjectUpdate(id);
  return useMutation({
    mutationFn: (add: boolean) =>
      api.request<ObjectReply>(add ? urls.addFavourite(communityId, id) : urls.removeFavourite(communityId, id), { method: 'POST' }),
    onSuccess: update,
  });
};

/** Links to and from the contribution (Connections tab). */
export const useConnections = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.connections(id),
    queryFn: async () => {
      const [to, from] = await Promise.all([api.request<Connection[]>(urls.linksTo(id)), api.request<Connection[]>(urls.linksFrom(id))]);
      return { to, from };
    },
    enabled,
  });

export const useHistory = (id: string, enabled: boolean) =>
  useQuery({ queryKey: keys.history(id), queryFn: () => api.request<HistoryEntry[]>(urls.history(id)), enabled });

export const useHistorical = (historicalId: string | null) =>
  useQuery({
    queryKey: keys.historical(historicalId ?? ''),
    queryFn: () => api.request<HistoricalObject>(urls.historical(historicalId ?? '')),
    enabled: Boolean(historicalId),
  });

/** POST /api/records/read/{communityId}/{id}: marks the contribution read for me. */
export const markRead = (communityId: string, id: string): Promise<unknown> =>
  api.request<unknown>(urls.read(communityId, id), { method: 'POST', body: {} }).catch(() => undefined);

/** POST /api/contributions/{communityId} (issue 5): a new note, drawing or attachment. */
export type CreateContribution = {
  type: 'Note' | 'Drawing' | 'Attachment';
  title?: string;
  buildsOn?: string;
  placement?: { viewId: string; x: number; y: number };
  /** The view the author is working in: a build-on lands there when the author may add to none of the parent's views. */
  workingViewId?: string;
};
export type CreatedContribution = { contribution: { _id: string; type: string; title: string; status: string } };
export const createContribution = (communityId: string, body: CreateContribution) =>
  api.request<CreatedContribution>(urls.create(communityId), { method: 'POST', body });
