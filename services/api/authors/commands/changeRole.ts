import type { Author } from '../../../../contracts/api/communities.ts';
import type { CommunityRole } from '../../../../contracts/events/author.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { checkRoleChange } from '../../../domain/author/membership.ts';
import { toAuthor } from '../../communities/authorReply.ts';
import { authorCollections, authorOf, runOnAuthor, settleAt, type AuthorUseCaseDeps } from '../authorContext.ts';

/**
 * Promotes or demotes an author (managers). Nobody demotes themselves or the
 * owner, and the community keeps at least one manager: one community's role
 * changes run one at a time, so two demotions cannot remove the last manager together.
 */
export const changeRole = async (
  deps: AuthorUseCaseDeps,
  caller: UserDocument,
  communityId: string,
  authorId: string,
  role: CommunityRole,
): Promise<Author> => {
  const grant = await deps.access.manager(caller, communityId);
  return deps.roleChanges.run(communityId, async () => {
    const target = await authorOf(deps, communityId, authorId);
    checkRoleChange({
      target,
      role,
      callerUserId: caller._id,
      ownerUserId: grant.community.ownerUserId,
      // Only a demotion needs the count.
      managerCount:
        role !== 'manager' && target.role === 'manager' ? await authorCollections(deps).authors.count({ communityId, role: 'manager' }) : 0,
    });
    await settleAt(deps, await runOnAuthor(deps, authorId, { type: 'ChangeAuthorRole', data: { role } }, caller._id));
    return toAuthor(await authorOf(deps, communityId, authorId));
  });
};
