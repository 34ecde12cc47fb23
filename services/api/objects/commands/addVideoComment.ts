import type { VideoComment } from '../../../../contracts/api/objects.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError } from '../../../core/errors.ts';
import { readable, type ObjectServiceDeps } from '../objectAccess.ts';
import { runOnObject } from '../objectCommands.ts';

/** A comment at a time of a video, by a member who may read the attachment. */
export const addVideoComment = async (
  deps: ObjectServiceDeps,
  user: UserDocument,
  id: string,
  input: { time: number; comment: string },
): Promise<VideoComment> => {
  const { grant } = await readable(deps, user, id);
  const authorId = grant.author?._id;
  if (!authorId) throw new ForbiddenError(msg('objects.notAMember'));
  const commentId = deps.ids.next();
  await runOnObject(deps, user, id, [{ type: 'AddVideoComment', data: { commentId, authorId, time: input.time, comment: input.comment } }]);
  return { id: commentId, authorId, time: input.time, comment: input.comment.trim() };
};
