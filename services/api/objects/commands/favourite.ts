import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError, NotFoundError } from '../../../core/errors.ts';
import { pluginEnabled } from '../../../domain/community/plugins.ts';
import { objectCollections, readable, type ObjectServiceDeps } from '../objectAccess.ts';
import { runOnObject } from '../objectCommands.ts';

/** Favourites: readers of an active contribution, when the community's favourites plugin is on. */
export const favourite = async (deps: ObjectServiceDeps, user: UserDocument, communityId: string, id: string, add: boolean) => {
  const { contributions } = objectCollections(deps);
  const { doc, grant } = await readable(deps, user, id);
  if (doc.communityId !== communityId) throw new NotFoundError(msg('objects.notFound'));
  const context = await contributions.get(grant.community.rootContextId);
  if (!pluginEnabled(context?.data, 'enableFavourites')) throw new ForbiddenError(msg('objects.favouritesOff'));
  await runOnObject(deps, user, id, [{ type: add ? 'AddFavourite' : 'RemoveFavourite', data: { userId: user._id } }]);
  const saved = await contributions.get(id);
  const stored = saved?.data.favAuthors;
  const favAuthors = Array.isArray(stored) ? stored : [];
  return { favourite: favAuthors.includes(user._id), favAuthors };
};
