import type { Registration } from '../../../../contracts/api/communities.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { toAuthor } from '../../communities/authorReply.ts';
import { authorCollections, type AuthorServiceDeps } from '../authorContext.ts';

/** Every membership of the caller, blocked and archived ones included, by order then title. */
export const myRegistrations = async (deps: AuthorServiceDeps, user: UserDocument): Promise<Registration[]> => {
  const { authors, communities } = authorCollections(deps);
  const mine = await authors.find({ userId: user._id });
  const found = await communities.find({ _id: { $in: mine.map((a) => a.communityId) } });
  const byId = new Map(found.map((c) => [c._id, c]));
  return mine
    .flatMap((author) => {
      const community = byId.get(author.communityId);
      if (!community) return [];
      const summary = { _id: community._id, title: community.title, archived: community.archived, created: community.created };
      return [{ ...toAuthor(author), community: summary }];
    })
    .sort((a, b) => a.order - b.order || a.community.title.localeCompare(b.community.title));
};
