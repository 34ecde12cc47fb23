import { communityStreamName, type CommunityEvent } from '../../../contracts/events/community.ts';
import { contributionStreamName, type ContributionEvent } from '../../../contracts/events/contribution.ts';
import type { EventMetadata } from '../../../contracts/events/event.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import { communitiesCollectionName, type CommunityDocument } from '../../../projections/communities/index.ts';
import {
  contributionsCollectionName,
  linksCollectionName,
  type ContributionDocument,
  type LinkDocument,
} from '../../../projections/contributions/index.ts';
import { handleCommands, streamCommand, type StreamCommand } from '../../core/atomicCommand.ts';
import { handleCommand, type CommandResult } from '../../core/decider.ts';
import type { OnceStore } from '../../core/onceStore.ts';
import { communityDecider, type CommunityCommand } from '../../domain/community/community.ts';
import { batchDecider } from '../../domain/contribution/batch.ts';
import { contributionDecider, type ContributionCommand } from '../../domain/contribution/contribution.decide.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import type { CommunityAccess } from './access.ts';
import { waitForPositions } from './commandSupport.ts';

export type CommunityServiceDeps = CommandDeps & {
  access: CommunityAccess;
  /** Remembers recent creations: a double submit must not create two communities. */
  once: OnceStore;
  /** Runs a read-model repair between two event applications (ProjectionRunner.exclusive / position). */
  runner: { exclusive<T>(fn: () => T | Promise<T>): Promise<T>; readonly position: number };
};

/** The read models of communities, their memberships, contributions and links. */
export const communityCollections = (deps: Pick<CommandDeps, 'readStore'>) => ({
  communities: deps.readStore.collection<CommunityDocument>(communitiesCollectionName),
  authors: deps.readStore.collection<AuthorDocument>(authorsCollectionName),
  contributions: deps.readStore.collection<ContributionDocument>(contributionsCollectionName),
  links: deps.readStore.collection<LinkDocument>(linksCollectionName),
});

/** Runs commands on one contribution stream (a context, a view, a group, a scaffold…). */
export const runOnContribution = (deps: CommandDeps, contributionId: string, commands: ContributionCommand[], metadata: EventMetadata) =>
  handleCommand(deps.eventStore, contributionStreamName(contributionId), batchDecider(contributionDecider), commands, { metadata });

/** Runs one command on a community's stream. */
export const runOnCommunity = (deps: CommandDeps, communityId: string, command: CommunityCommand, metadata: EventMetadata) =>
  handleCommand(deps.eventStore, communityStreamName(communityId), communityDecider, command, { metadata });

/** Read-your-writes: returns once the read models show every result. */
export const settle = (deps: CommandDeps, results: CommandResult<unknown, ContributionEvent | CommunityEvent>[]): Promise<void> =>
  waitForPositions(
    deps.projections,
    results.map((result) => result.lastPosition),
  );

/** One contribution stream's part of a command that writes several streams (see `runAtomically`). */
export const contributionPart = (contributionId: string, commands: ContributionCommand[]): StreamCommand =>
  streamCommand(contributionStreamName(contributionId), batchDecider(contributionDecider), commands);

/** A community stream's part of a command that writes several streams. */
export const communityPart = (communityId: string, command: CommunityCommand): StreamCommand =>
  streamCommand(communityStreamName(communityId), communityDecider, command);

/**
 * Writes every part in one atomic append (issue 22 §4), then waits for the
 * read models: a crash never leaves half a command in the log.
 */
export const runAtomically = async (deps: CommandDeps, parts: StreamCommand[], metadata: EventMetadata): Promise<void> => {
  const committed = await handleCommands(deps.eventStore, parts, { metadata });
  await waitForPositions(deps.projections, [committed.lastPosition]);
};
