import type { Group } from '../../../../contracts/api/communities.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ValidationError } from '../../../core/errors.ts';
import type { ContributionCommand } from '../../../domain/contribution/contribution.decide.ts';
import { eventMetadata } from '../commandSupport.ts';
import { communityCollections, runOnContribution, settle, type CommunityServiceDeps } from '../communityContext.ts';
import { toGroup } from '../communityReplies.ts';
import { groupOf } from '../queries/groups.ts';

const changeGroup = async (
  deps: CommunityServiceDeps,
  user: UserDocument,
  communityId: string,
  groupId: string,
  command: ContributionCommand,
): Promise<Group> => {
  await deps.access.manager(user, communityId);
  await groupOf(deps, communityId, groupId);
  await settle(deps, [await runOnContribution(deps, groupId, [command], eventMetadata(deps.clock, user._id))]);
  return toGroup(await groupOf(deps, communityId, groupId));
};

/** A new group (managers); its creator is the first member when a member of the community. */
export const createGroup = async (deps: CommunityServiceDeps, user: UserDocument, communityId: string, title: string): Promise<Group> => {
  const grant = await deps.access.manager(user, communityId);
  const groupId = deps.ids.next();
  const me = grant.author?._id;
  const result = await runOnContribution(
    deps,
    groupId,
    [
      {
        type: 'CreateContribution',
        data: {
          contributionId: groupId,
          communityId,
          type: 'Group',
          title,
          status: 'active',
          permission: 'protected',
          authors: me ? [me] : [],
          group: null,
          data: { members: me ? [me] : [] },
        },
      },
    ],
    eventMetadata(deps.clock, user._id),
  );
  await settle(deps, [result]);
  return toGroup(await groupOf(deps, communityId, groupId));
};

/** Removal keeps the group, inactive (spec §4). */
export const removeGroup = (deps: CommunityServiceDeps, user: UserDocument, communityId: string, groupId: string): Promise<Group> =>
  changeGroup(deps, user, communityId, groupId, { type: 'ChangeContributionStatus', data: { status: 'inactive' } });

/** A member of the community joins the group (managers). */
export const addGroupMember = async (
  deps: CommunityServiceDeps,
  user: UserDocument,
  communityId: string,
  groupId: string,
  authorId: string,
): Promise<Group> => {
  await deps.access.manager(user, communityId);
  const author = await communityCollections(deps).authors.get(authorId);
  if (!author || author.communityId !== communityId) throw ValidationError.field('authorId', msg('communityService.notAMember'));
  return changeGroup(deps, user, communityId, groupId, { type: 'AddGroupMember', data: { authorId } });
};

export const removeGroupMember = (
  deps: CommunityServiceDeps,
  user: UserDocument,
  communityId: string,
  groupId: string,
  authorId: string,
): Promise<Group> => changeGroup(deps, user, communityId, groupId, { type: 'RemoveGroupMember', data: { authorId } });
