import type { CommunityAdmin, CommunityInfo, CommunitySummary } from '../../../../contracts/api/communities.ts';
import { hiddenCourseCommunityTitle } from '../../../../contracts/messages.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { communityCollections, type CommunityServiceDeps } from '../communityContext.ts';
import { toCommunityAdmin, toCommunityInfo, toCommunitySummary } from '../communityReplies.ts';

/** The join list: every community, the design-experiments course for admins only. */
export const listCommunities = async (deps: CommunityServiceDeps, user: UserDocument): Promise<CommunitySummary[]> => {
  const all = await communityCollections(deps).communities.find({}, { sort: { title: 1 } });
  return all.filter((c) => user.role === 'admin' || c.title !== hiddenCourseCommunityTitle).map(toCommunitySummary);
};

/** CommunityAdmin for admins, CommunityInfo (no keys) for members. */
export const getCommunity = async (
  deps: CommunityServiceDeps,
  user: UserDocument,
  communityId: string,
): Promise<CommunityInfo | CommunityAdmin> => {
  const grant = await deps.access.member(user, communityId);
  return grant.isAdmin ? toCommunityAdmin(grant.community) : toCommunityInfo(grant.community);
};
