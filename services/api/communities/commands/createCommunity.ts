import type { CommunityAdmin } from '../../../../contracts/api/communities.ts';
import { authorStreamName } from '../../../../contracts/events/author.ts';
import { communityStreamName } from '../../../../contracts/events/community.ts';
import { contributionStreamName } from '../../../../contracts/events/contribution.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { defaultScaffolds, welcomeViewTitle } from '../../../../contracts/messages.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { handleCommands, streamCommand, type StreamCommand } from '../../../core/atomicCommand.ts';
import { ConflictError, ForbiddenError } from '../../../core/errors.ts';
import { authorDecider } from '../../../domain/author/author.ts';
import { batchDecider } from '../../../domain/contribution/batch.ts';
import { contributionDecider } from '../../../domain/contribution/contribution.decide.ts';
import { checkCommunityFields, communityDecider } from '../../../domain/community/community.ts';
import { duplicateCreationKey, duplicateCreationWindowMs, planCommunitySeed } from '../../../domain/community/creation.ts';
import { defaultContextData } from '../../../domain/community/settings.ts';
import { authorIdFor } from '../authorId.ts';
import { eventMetadata, waitForPositions } from '../commandSupport.ts';
import type { CommunityServiceDeps } from '../communityContext.ts';
import { toCommunityAdmin } from '../communityReplies.ts';

/**
 * Creates a community in one call: its root context, the view 'Bienvenue',
 * the default scaffolds with their supports (offered by the editor through
 * `uses` links of the root context) and the creator as manager. The parts
 * are written first and stay invisible until `CommunityCreated` names them.
 */
export const createCommunity = async (
  deps: CommunityServiceDeps,
  admin: UserDocument,
  input: { title: string; registrationKey: string; managerRegistrationKey: string },
): Promise<CommunityAdmin> => {
  if (admin.role !== 'admin') throw new ForbiddenError();
  const checked = checkCommunityFields(input);
  const title = checked.title ?? input.title;
  const claimed = await deps.once.claim(duplicateCreationKey(admin._id, title), duplicateCreationWindowMs);
  if (!claimed) throw new ConflictError(msg('communityService.duplicateCreation'));

  const communityId = deps.ids.next();
  const metadata = eventMetadata(deps.clock, admin._id, communityId);
  const creatorAuthorId = authorIdFor(communityId, admin._id);
  const seed = planCommunitySeed({
    communityId,
    title,
    creatorAuthorId,
    welcomeViewTitle,
    scaffolds: defaultScaffolds,
    contextData: defaultContextData(),
    newId: () => deps.ids.next(),
  });
  // Every part and CommunityCreated in one atomic append (issue 22 §4): no half-made community after a crash.
  const contributions = batchDecider(contributionDecider);
  const parts: StreamCommand[] = seed.streams.map((stream) =>
    streamCommand(contributionStreamName(stream.contributionId), contributions, stream.commands),
  );
  parts.push(
    streamCommand(authorStreamName(creatorAuthorId), authorDecider, {
      type: 'JoinCommunity',
      data: {
        authorId: creatorAuthorId,
        communityId,
        userId: admin._id,
        role: 'manager',
        userName: admin.userName,
        firstName: admin.firstName,
        lastName: admin.lastName,
        email: admin.email,
        via: 'creator',
      },
    }),
    streamCommand(communityStreamName(communityId), communityDecider, {
      type: 'CreateCommunity',
      data: {
        communityId,
        title,
        registrationKey: checked.registrationKey ?? input.registrationKey,
        managerRegistrationKey: checked.managerRegistrationKey ?? input.managerRegistrationKey,
        createdBy: admin._id,
        rootContextId: seed.rootContextId,
        viewIds: [seed.viewId],
        scaffoldIds: seed.scaffoldIds,
      },
    }),
  );
  const committed = await handleCommands(deps.eventStore, parts, { metadata });
  await waitForPositions(deps.projections, [committed.lastPosition]);
  return toCommunityAdmin(await deps.access.community(communityId));
};
