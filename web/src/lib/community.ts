import { useQuery } from '@tanstack/react-query';
import type { Author, CommunitySettings, Group, Registration, Scaffold, ViewSummary } from '../../../contracts/api/communities.ts';
import { api } from './api.ts';

/**
 * One query hook per shared resource (issue 22 §10). Several features read
 * the same community data (the canvas, the contribution window, the settings
 * page, the search, the view manager…): each reads it through the hook here,
 * so there is one request, one cache entry and one key to invalidate.
 * Feature-only resources stay in the feature's `api/` folder.
 */

const enc = encodeURIComponent;

/** Query keys of the shared resources. Push hints and mutations invalidate the same keys. */
export const resourceKeys = {
  /** One contribution (GET /api/objects/{id}); its sub-resources are under it. */
  object: (id: string) => ['objects', id] as const,
  /** The links of a contribution (its connections tab), under the object's key. */
  objectConnections: (id: string) => ['objects', id, 'connections'] as const,
  communitySettings: (communityId: string) => ['communities', communityId, 'settings'] as const,
  communityScaffolds: (communityId: string) => ['communities', communityId, 'scaffolds'] as const,
  communityAuthors: (communityId: string) => ['communities', communityId, 'authors'] as const,
  communityGroups: (communityId: string) => ['communities', communityId, 'groups'] as const,
  communityViews: (communityId: string) => ['communities', communityId, 'views'] as const,
  myAuthor: (communityId: string) => ['communities', communityId, 'authors', 'me'] as const,
  /** My memberships (GET /api/users/myRegistrations). */
  myRegistrations: ['users', 'myRegistrations'] as const,
};

/** GET /api/users/myRegistrations: my memberships, ordered by order then title. */
export const useMyRegistrations = () =>
  useQuery({ queryKey: resourceKeys.myRegistrations, queryFn: () => api.request<Registration[]>('/api/users/myRegistrations') });

/** A connections list of any contribution (they name other contributions by title). */
export const isConnectionsKey = (key: readonly unknown[]): boolean => key[0] === 'objects' && key[2] === 'connections';

/** Community data changes rarely: a minute before it is read again. */
const communityStaleMs = 60_000;

/** GET /api/communities/{id}/settings: the root context's data (plugins, names, languages) and the offered scaffolds. */
export const useCommunitySettings = (communityId: string | undefined, enabled = true) =>
  useQuery({
    queryKey: resourceKeys.communitySettings(communityId ?? ''),
    queryFn: () => api.request<CommunitySettings>(`/api/communities/${enc(communityId ?? '')}/settings`),
    enabled: Boolean(communityId) && enabled,
    staleTime: communityStaleMs,
  });

/** GET /api/communities/{id}/scaffolds: the registered scaffolds with their supports. */
export const useCommunityScaffolds = (communityId: string | undefined, enabled = true) =>
  useQuery({
    queryKey: resourceKeys.communityScaffolds(communityId ?? ''),
    queryFn: () => api.request<Scaffold[]>(`/api/communities/${enc(communityId ?? '')}/scaffolds`),
    enabled: Boolean(communityId) && enabled,
    staleTime: communityStaleMs,
  });

/** GET /api/communities/{id}/authors: every member. */
export const useCommunityAuthors = (communityId: string | undefined, enabled = true) =>
  useQuery({
    queryKey: resourceKeys.communityAuthors(communityId ?? ''),
    queryFn: () => api.request<Author[]>(`/api/communities/${enc(communityId ?? '')}/authors`),
    enabled: Boolean(communityId) && enabled,
  });

/** GET /api/communities/{id}/groups: the active groups. */
export const useCommunityGroups = (communityId: string | undefined, enabled = true) =>
  useQuery({
    queryKey: resourceKeys.communityGroups(communityId ?? ''),
    queryFn: () => api.request<Group[]>(`/api/communities/${enc(communityId ?? '')}/groups`),
    enabled: Boolean(communityId) && enabled,
  });

/** GET /api/communities/{id}/views: the registered views I may read, in order. */
export const fetchCommunityViews = (communityId: string) => api.request<ViewSummary[]>(`/api/communities/${enc(communityId)}/views`);

export const useCommunityViews = (communityId: string | undefined, enabled = true) =>
  useQuery({
    queryKey: resourceKeys.communityViews(communityId ?? ''),
    queryFn: () => fetchCommunityViews(communityId ?? ''),
    enabled: Boolean(communityId) && enabled,
  });

/** GET /api/authors/{id}/me: my membership (role) in the community; a 404 (not a member) is final. */
export const useMyAuthor = (communityId: string | undefined, enabled = true) =>
  useQuery({
    queryKey: resourceKeys.myAuthor(communityId ?? ''),
    queryFn: () => api.request<Author>(`/api/authors/${enc(communityId ?? '')}/me`),
    enabled: Boolean(communityId) && enabled,
    retry: false,
    staleTime: communityStaleMs,
  });
