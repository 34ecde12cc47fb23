import type { Author } from '../../../../contracts/api/communities.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../core/errors.ts';
import { roleForKey } from '../../../domain/author/membership.ts';
import { authorCollections, enrol, type AuthorServiceDeps } from '../authorContext.ts';

/**
 * Joins a community with its writer key, else its manager key (oneself, or
 * anyone for an admin). A second join is refused (see `enrol`).
 */
export const joinCommunity = async (
  deps: AuthorServiceDeps,
  caller: UserDocument,
  input: { userId: string; communityId: string; registrationKey: string },
): Promise<Author> => {
  if (input.userId !== caller._id && caller.role !== 'admin') throw new ForbiddenError(msg('errors.joinSelfOnly'));
  const community = await deps.access.community(input.communityId);
  if (community.archived) throw new ForbiddenError(msg('community.archived'));
  const user = input.userId === caller._id ? caller : await authorCollections(deps).users.get(input.userId);
  if (!user) throw new NotFoundError(msg('community.joinNoUser'));
  const role = roleForKey(input.registrationKey, community);
  if (!role) throw ValidationError.field('registrationKey', msg('community.joinWrongKey'));
  return enrol(deps, user, community._id, role, role === 'manager' ? 'managerKey' : 'registrationKey', caller._id);
};
