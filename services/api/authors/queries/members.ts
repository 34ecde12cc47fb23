import type { Author } from '../../../../contracts/api/communities.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { UserRules } from '../../../../contracts/messages.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { NotFoundError } from '../../../core/errors.ts';
import type { Filter } from '../../../core/readStore.ts';
import { memberShownTo } from '../../../domain/access/researcher.ts';
import { memberAsSeenBy } from '../../../domain/author/membership.ts';
import { toAuthor } from '../../communities/authorReply.ts';
import { authorCollections, type AuthorServiceDeps } from '../authorContext.ts';

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Writers of a community whose user name, names or e-mail contain `filter` (any case; never a raw pattern). */
export const writerSearchFilter = (communityId: string, filter: string | undefined): Filter => {
  const clauses: Filter[] = [{ communityId }, { role: 'writer' }];
  const text = filter?.trim();
  if (text) {
    const pattern = { $regex: escapeRegex(text), $options: 'i' };
    clauses.push({ $or: [{ userName: pattern }, { firstName: pattern }, { lastName: pattern }, { email: pattern }] });
  }
  return { $and: clauses };
};

/** The caller's own membership. */
export const me = async (deps: AuthorServiceDeps, user: UserDocument, communityId: string): Promise<Author> => {
  const grant = await deps.access.member(user, communityId);
  if (!grant.author) throw new NotFoundError(msg('community.notMember'));
  return toAuthor(grant.author);
};

/** Every member, as the caller may see them (`memberAsSeenBy`). */
export const listMembers = async (deps: AuthorServiceDeps, user: UserDocument, communityId: string): Promise<Author[]> => {
  const grant = await deps.access.member(user, communityId);
  const members = (await authorCollections(deps).authors.find({ communityId }, { sort: { userNameLower: 1 } })).map(toAuthor);
  // Researchers are shown to no pupil (issue 24 §5): only to those who see as managers, and to themselves.
  const viewer = { role: grant.role, isSelf: false };
  return (
    members
      .filter((member) => memberShownTo(member.role, { ...viewer, isSelf: member.userId === user._id }))
      // A researcher sees names, not e-mail addresses (no research reply carries one either).
      .map((member) => memberAsSeenBy(member, { userId: user._id, isManager: grant.isManager && grant.role !== 'researcher' }))
  );
};

/** The community's managers (for managers). */
export const listManagers = async (deps: AuthorServiceDeps, user: UserDocument, communityId: string): Promise<Author[]> => {
  await deps.access.manager(user, communityId);
  return (await authorCollections(deps).authors.find({ communityId, role: 'manager' }, { sort: { userNameLower: 1 } })).map(toAuthor);
};

export const countWriters = async (
  deps: AuthorServiceDeps,
  user: UserDocument,
  communityId: string,
  filter: string | undefined,
): Promise<number> => {
  await deps.access.manager(user, communityId);
  return authorCollections(deps).authors.count(writerSearchFilter(communityId, filter));
};

/** One page of the writers matching `filter`, by user name (pages of at most `UserRules.adminPageSize`). */
export const searchWriters = async (
  deps: AuthorServiceDeps,
  user: UserDocument,
  communityId: string,
  filter: string | undefined,
  page: number,
  pageSize: number,
): Promise<Author[]> => {
  await deps.access.manager(user, communityId);
  const size = Math.min(pageSize, UserRules.adminPageSize);
  const found = await authorCollections(deps).authors.find(writerSearchFilter(communityId, filter), {
    sort: { userNameLower: 1 },
    skip: (page - 1) * size,
    limit: size,
  });
  return found.map(toAuthor);
};
