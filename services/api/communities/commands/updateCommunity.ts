import type { CommunityAdmin } from '../../../../contracts/api/communities.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError } from '../../../core/errors.ts';
import { eventMetadata } from '../commandSupport.ts';
import { runOnCommunity, settle, type CommunityServiceDeps } from '../communityContext.ts';
import { toCommunityAdmin } from '../communityReplies.ts';

/** Community editor save (admins). */
export const updateCommunity = async (
  deps: CommunityServiceDeps,
  admin: UserDocument,
  communityId: string,
  changes: { title?: string; registrationKey?: string; managerRegistrationKey?: string; archived?: boolean },
): Promise<CommunityAdmin> => {
  if (admin.role !== 'admin') throw new ForbiddenError();
  await deps.access.community(communityId);
  const result = await runOnCommunity(deps, communityId, { type: 'UpdateCommunity', data: changes }, eventMetadata(deps.clock, admin._id));
  await settle(deps, [result]);
  return toCommunityAdmin(await deps.access.community(communityId));
};
