import type { Registration } from '../../../../contracts/api/communities.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError } from '../../../core/errors.ts';
import { authorCollections, runOnAuthor, settleAt, type AuthorServiceDeps } from '../authorContext.ts';
import { myRegistrations } from '../queries/registrations.ts';

/** Admin "save order": positions of the caller's own memberships. */
export const saveOrder = async (
  deps: AuthorServiceDeps,
  user: UserDocument,
  orders: { authorId: string; order: number }[],
): Promise<Registration[]> => {
  const mine = new Set((await authorCollections(deps).authors.find({ userId: user._id })).map((a) => a._id));
  const foreign = orders.find((o) => !mine.has(o.authorId));
  if (foreign) throw new ForbiddenError(msg('errors.orderOwnOnly'));
  let position = 0;
  for (const { authorId, order } of orders) {
    position = Math.max(position, await runOnAuthor(deps, authorId, { type: 'SetAuthorOrder', data: { order } }, user._id));
  }
  await settleAt(deps, position);
  return myRegistrations(deps, user);
};
