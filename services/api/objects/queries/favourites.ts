import type { FavouritesReply } from '../../../../contracts/api/objects.ts';
import { canRead } from '../../../../contracts/permissions.ts';
import { personName } from '../../../../contracts/personName.ts';
import type { ContributionDocument } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { membersOfGroup } from '../../../domain/access/permissions.ts';
import { pluginEnabled } from '../../../domain/community/plugins.ts';
import { lastNameFirstIn } from '../../authors/nameOrder.ts';
import { objectCollections, subjectOf, type ObjectServiceDeps } from '../objectAccess.ts';

/** What a favourites panel lists: what a pupil opens from a canvas. */
const listedTypes = ['Note', 'Drawing', 'Attachment', 'View'];

/** The active contributions of a community `userId` starred (found through the `data.favAuthors` index). */
export const favouritesFilter = (communityId: string, userId: string) => ({
  communityId,
  status: 'active',
  type: { $in: listedTypes },
  'data.favAuthors': userId,
});

/**
 * The caller's favourites in a community (issue 14 §4): the contributions
 * whose `data.favAuthors` (the contributions read model, written by
 * FavouriteAdded / FavouriteRemoved) holds the caller's user id, still active
 * and still readable by the caller now: a note starred while it was public
 * and made private since by its author is left out, title included. The
 * read store finds them through its `data.favAuthors` index.
 */
export const favourites = async (deps: ObjectServiceDeps, user: UserDocument, communityId: string): Promise<FavouritesReply> => {
  const grant = await deps.access.member(user, communityId);
  const { contributions, authors } = objectCollections(deps);
  const context = await contributions.get(grant.community.rootContextId);
  // The plugin off, the panel says so and lists nothing (as the canvas then offers no star).
  if (!pluginEnabled(context?.data, 'enableFavourites')) return { enabled: false, favourites: [] };
  const starred = await contributions.find(favouritesFilter(communityId, user._id), { sort: { modified: -1, _id: 1 } });
  const groupIds = [...new Set(starred.flatMap((doc) => (doc.group ? [doc.group] : [])))];
  const groups = groupIds.length > 0 ? await contributions.find({ _id: { $in: groupIds } }) : [];
  const members = new Map(groups.map((group: ContributionDocument) => [group._id, membersOfGroup(group)]));
  const subject = subjectOf(grant);
  const readable = starred.filter((doc) =>
    canRead(subject, { permission: doc.permission, authors: doc.authors, groupMembers: doc.group ? (members.get(doc.group) ?? []) : [] }),
  );
  const authorIds = [...new Set(readable.flatMap((doc) => doc.authors))];
  const people = authorIds.length > 0 ? await authors.find({ _id: { $in: authorIds } }) : [];
  const lastNameFirst = await lastNameFirstIn(deps.readStore, grant.community);
  const names = new Map(people.map((author) => [author._id, personName(author, lastNameFirst)]));
  return {
    enabled: true,
    favourites: readable.map((doc) => ({
      _id: doc._id,
      type: doc.type,
      title: doc.title,
      authorNames: doc.authors.map((id) => names.get(id) ?? ''),
      modified: doc.modified,
    })),
  };
};
