import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Author, Group } from '../../../../../contracts/api/communities.ts';
import { api } from '../../../lib/api.ts';

const enc = encodeURIComponent;
const groupsKey = (communityId: string) => ['communities', communityId, 'groups'] as const;

/** GET /api/communities/{id}/groups: active groups. */
export const useGroups = (communityId: string) =>
  useQuery({
    queryKey: groupsKey(communityId),
    queryFn: () => api.request<Group[]>(`/api/communities/${enc(communityId)}/groups`),
  });

/** GET /api/communities/{id}/authors: who can be a member. */
export const useCommunityAuthors = (communityId: string) =>
  useQuery({
    queryKey: ['communities', communityId, 'authors'] as const,
    queryFn: () => api.request<Author[]>(`/api/communities/${enc(communityId)}/authors`),
  });

const useGroupMutation = <V>(communityId: string, call: (variables: V) => Promise<Group>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKey(communityId) }),
  });
};

/** POST /api/groups/{id} {title}. */
export const useCreateGroup = (communityId: string) =>
  useGroupMutation(communityId, (title: string) =>
    api.request<Group>(`/api/groups/${enc(communityId)}`, { method: 'POST', body: { title } }),
  );

/** DELETE /api/groups/{id}/{groupId}: the group becomes inactive. */
export const useRemoveGroup = (communityId: string) =>
  useGroupMutation(communityId, (groupId: string) =>
    api.request<Group>(`/api/groups/${enc(communityId)}/${enc(groupId)}`, { method: 'DELETE' }),
  );

/** POST /api/groups/{id}/{groupId}/members {authorId}. */
export const useAddMember = (communityId: string) =>
  useGroupMutation(communityId, ({ groupId, authorId }: { groupId: string; authorId: string }) =>
    api.request<Group>(`/api/groups/${enc(communityId)}/${enc(groupId)}/members`, { method: 'POST', body: { authorId } }),
  );

/** DELETE /api/groups/{id}/{groupId}/members/{authorId}. */
export const useRemoveMember = (communityId: string) =>
  useGroupMutation(communityId, ({ groupId, authorId }: { groupId: string; authorId: string }) =>
    api.request<Group>(`/api/groups/${enc(communityId)}/${enc(groupId)}/members/${enc(authorId)}`, { method: 'DELETE' }),
  );
