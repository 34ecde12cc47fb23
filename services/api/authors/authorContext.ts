import type { Author } from '../../../contracts/api/communities.ts';
import { authorStreamName, type AuthorJoined, type CommunityRole } from '../../../contracts/events/author.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import { communitiesCollectionName, type CommunityDocument } from '../../../projections/communities/index.ts';
import { usersCollectionName, type UserDocument } from '../../../projections/users/index.ts';
import { handleCommand } from '../../core/decider.ts';
import { NotFoundError } from '../../core/errors.ts';
import { authorDecider, type AuthorCommand } from '../../domain/author/author.ts';
import type { AccountService } from '../accounts/accountService.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import type { CommunityAccess } from '../communities/access.ts';
import { authorIdFor } from '../communities/authorId.ts';
import { toAuthor } from '../communities/authorReply.ts';
import { eventMetadata, waitForPositions } from '../communities/commandSupport.ts';
import type { KeyedQueue } from './keyedQueue.ts';

export type AuthorServiceDeps = CommandDeps & { accounts: AccountService; access: CommunityAccess };

/** The dependencies of the membership use cases, with the queue that runs one community's role changes one at a time. */
export type AuthorUseCaseDeps = AuthorServiceDeps & { roleChanges: KeyedQueue };

/** The read models of memberships, communities and accounts. */
export const authorCollections = (deps: Pick<CommandDeps, 'readStore'>) => ({
  authors: deps.readStore.collection<AuthorDocument>(authorsCollectionName),
  communities: deps.readStore.collection<CommunityDocument>(communitiesCollectionName),
  users: deps.readStore.collection<UserDocument>(usersCollectionName),
});

/** Runs one command on a membership stream; returns the global position to wait for (0 when nothing was written). */
export const runOnAuthor = async (deps: CommandDeps, authorId: string, command: AuthorCommand, actorId: string | null): Promise<number> => {
  const result = await handleCommand(deps.eventStore, authorStreamName(authorId), authorDecider, command, {
    metadata: eventMetadata(deps.clock, actorId),
  });
  return result.newEvents.length > 0 ? result.lastPosition : 0;
};

/** Read-your-writes: returns once the read models show `position` (0: nothing to wait for). */
export const settleAt = (deps: CommandDeps, position: number): Promise<void> => waitForPositions(deps.projections, [position]);

/** A membership of this community, or 404. */
export const authorOf = async (deps: Pick<CommandDeps, 'readStore'>, communityId: string, authorId: string): Promise<AuthorDocument> => {
  const author = await authorCollections(deps).authors.get(authorId);
  if (!author || author.communityId !== communityId) throw new NotFoundError(msg('errors.authorNotFound'));
  return author;
};

/**
 * Makes `user` a member with `role`. The membership id is derived from
 * (community, user), so a second enrolment meets an existing stream and is
 * refused, even when two requests race.
 */
export const enrol = async (
  deps: CommandDeps,
  user: UserDocument,
  communityId: string,
  role: CommunityRole,
  via: AuthorJoined['data']['via'],
  actorId: string,
): Promise<Author> => {
  const authorId = authorIdFor(communityId, user._id);
  const data: AuthorJoined['data'] = {
    authorId,
    communityId,
    userId: user._id,
    role,
    userName: user.userName,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    via,
  };
  await settleAt(deps, await runOnAuthor(deps, authorId, { type: 'JoinCommunity', data }, actorId));
  return toAuthor(await authorOf(deps, communityId, authorId));
};
