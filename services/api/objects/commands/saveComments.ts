import type { SaveCommentsReply } from '../../../../contracts/api/objects.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { NotFoundError } from '../../../core/errors.ts';
import { objectCollections, type ObjectServiceDeps } from '../objectAccess.ts';
import { runOnObject } from '../objectCommands.ts';

/**
 * PUT /api/objects/{communityId}/{id}/savecomments (spec part 1 §7, part 2
 * §Search "comments editable by managers"): a manager's comment on a
 * contribution of their community, an event on its stream (`CommentsSaved`).
 * Managers of the community (and admins) only: the original let anyone who
 * could write the note change it (fact sheet §11.18), pupils may only read it.
 */
export const saveComments = async (
  deps: ObjectServiceDeps,
  user: UserDocument,
  communityId: string,
  id: string,
  comments: string,
): Promise<SaveCommentsReply> => {
  await deps.access.manager(user, communityId);
  const { contributions } = objectCollections(deps);
  const doc = await contributions.get(id);
  if (!doc || doc.communityId !== communityId) throw new NotFoundError(msg('objects.notFound'));
  const text = comments.trim();
  await runOnObject(deps, user, id, [{ type: 'SaveComments', data: { comments: text } }]);
  const saved = await contributions.get(id);
  const stored = saved?.data.comments;
  return { _id: id, comments: typeof stored === 'string' ? stored : '' };
};
