import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ValidationError } from '../../../core/errors.ts';
import { authorCollections, runOnAuthor, settleAt, type AuthorServiceDeps } from '../authorContext.ts';

/**
 * Blocks or unblocks every writer's access to the community, after the
 * registration key is typed again. Returns how many memberships changed.
 */
export const blockWriters = async (
  deps: AuthorServiceDeps,
  caller: UserDocument,
  communityId: string,
  registrationKey: string,
  block: boolean,
): Promise<number> => {
  const grant = await deps.access.manager(caller, communityId);
  if (registrationKey !== grant.community.registrationKey) throw ValidationError.field('registrationKey', msg('community.keyMismatch'));
  // Blocking touches writers only; unblocking frees every blocked member (a writer promoted while blocked too).
  const writers = await authorCollections(deps).authors.find(block ? { communityId, role: 'writer' } : { communityId, blockLogin: true });
  let modified = 0;
  let position = 0;
  for (const writer of writers) {
    const at = await runOnAuthor(deps, writer._id, { type: 'SetAuthorLoginBlocked', data: { blocked: block } }, caller._id);
    if (at > 0) modified++;
    position = Math.max(position, at);
  }
  await settleAt(deps, position);
  return modified;
};
