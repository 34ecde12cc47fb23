import { msg } from '../../../../contracts/messageCodes.ts';
import type { AuthorDocument } from '../../../../projections/authors/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError } from '../../../core/errors.ts';
import { isOwnPupil } from '../../../domain/author/membership.ts';
import { authorCollections, authorOf, type AuthorServiceDeps } from '../authorContext.ts';

/** Issue 20 §1: a manager who is not an admin resets only this community's own pupils (`isOwnPupil`). */
const checkManagerMayReset = async (deps: AuthorServiceDeps, communityId: string, target: AuthorDocument): Promise<void> => {
  const user = await deps.accounts.getUser(target.userId);
  const memberships = await authorCollections(deps).authors.find({ userId: target.userId });
  const ownPupil = isOwnPupil({
    communityId,
    targetRole: target.role,
    user,
    membershipCommunityIds: memberships.map((membership) => membership.communityId),
  });
  if (!ownPupil) throw new ForbiddenError(msg('community.resetNotOwnPupil'));
};

/**
 * A manager sets a pupil's password (an admin anyone's). The account's
 * sessions end, as with every password change; the event names who did it.
 */
export const resetPassword = async (
  deps: AuthorServiceDeps,
  caller: UserDocument,
  communityId: string,
  authorId: string,
  password: string,
): Promise<void> => {
  const grant = await deps.access.manager(caller, communityId);
  const target = await authorOf(deps, communityId, authorId);
  if (!grant.isAdmin) await checkManagerMayReset(deps, communityId, target);
  await deps.accounts.resetPasswordByManager(target.userId, password, caller._id, grant.isAdmin ? 'admin' : 'manager');
};
