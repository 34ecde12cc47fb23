import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Group } from '../../../../../contracts/api/communities.ts';
import { api } from '../../../lib/api.ts';
import { resourceKeys } from '../../../lib/community.ts';

const enc = encodeURIComponent;
const groupsKey = resourceKeys.communityGroups;

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
