import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ValidationError } from '../../../core/errors.ts';
import { objectCollections, ownedByCaller, type ObjectServiceDeps } from '../objectAccess.ts';
import { runOnObject } from '../objectCommands.ts';
import { getObject } from '../queries/getObject.ts';

/** POST /api/objects/{communityId}/{id}/authors: authors (or managers) only; the new co-author must be a member of the community. */
export const addCoauthor = async (
  deps: ObjectServiceDeps,
  user: UserDocument,
  communityId: string,
  id: string,
  authorId: string,
): Promise<ObjectReply> => {
  await ownedByCaller(deps, user, communityId, id);
  const author = await objectCollections(deps).authors.get(authorId);
  if (!author || author.communityId !== communityId) throw ValidationError.field('authorId', msg('objects.notAMember'));
  await runOnObject(deps, user, id, [{ type: 'AddCoauthor', data: { authorId } }]);
  return getObject(deps, user, id);
};

/** DELETE /api/objects/{communityId}/{id}/authors/{authorId}: authors (or managers) only. */
export const removeCoauthor = async (
  deps: ObjectServiceDeps,
  user: UserDocument,
  communityId: string,
  id: string,
  authorId: string,
): Promise<ObjectReply> => {
  await ownedByCaller(deps, user, communityId, id);
  await runOnObject(deps, user, id, [{ type: 'RemoveCoauthor', data: { authorId } }]);
  return getObject(deps, user, id);
};
