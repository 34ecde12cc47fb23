import type { Group } from '../../../../contracts/api/communities.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { ContributionDocument } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { NotFoundError } from '../../../core/errors.ts';
import { communityCollections, type CommunityServiceDeps } from '../communityContext.ts';
import { toGroup } from '../communityReplies.ts';

/** The active groups of a community, oldest first, for its members. */
export const listGroups = async (deps: CommunityServiceDeps, user: UserDocument, communityId: string): Promise<Group[]> => {
  await deps.access.member(user, communityId);
  const docs = await communityCollections(deps).contributions.find(
    { communityId, type: 'Group', status: 'active' },
    { sort: { created: 1, _id: 1 } },
  );
  return docs.map(toGroup);
};

/** A group of this community (active or not), or 404. */
export const groupOf = async (deps: CommunityServiceDeps, communityId: string, groupId: string): Promise<ContributionDocument> => {
  const group = await communityCollections(deps).contributions.get(groupId);
  if (!group || group.type !== 'Group' || group.communityId !== communityId) {
    throw new NotFoundError(msg('communityService.groupNotFound'));
  }
  return group;
};
