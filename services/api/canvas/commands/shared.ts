import { contributionStreamName } from '../../../../contracts/events/contribution.ts';
import type { EventMetadata } from '../../../../contracts/events/event.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { ContributionDocument, LinkDocument } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { handleCommands, type StreamCommand } from '../../../core/atomicCommand.ts';
import { handleCommand } from '../../../core/decider.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../core/errors.ts';
import { accessObject, canRead, isAuthorOf } from '../../../domain/access/permissions.ts';
import { batchDecider } from '../../../domain/contribution/batch.ts';
import { contributionDecider, type ContributionCommand } from '../../../domain/contribution/contribution.decide.ts';
import type { RefActor } from '../../../domain/view/refRules.ts';
import type { CommandDeps } from '../../../core/commandDeps.ts';
import type { CanvasReader, Reader, ViewAccess } from '../canvasReader.ts';

/**
 * What every canvas command shares: its dependencies, and the few steps of
 * loading and appending each of them repeats. A command loads through these,
 * asks the domain (services/domain/view, links, access), appends, and waits
 * for the read models to show its events (read-your-writes).
 */
export type CanvasDeps = CommandDeps & { reader: CanvasReader };

export const metadataOf = (deps: CanvasDeps, user: UserDocument): EventMetadata => ({
  actorId: user._id,
  at: deps.clock.now().toISOString(),
});

/** Appends `commands` to one contribution's stream, decided together; the position of the last event (0: nothing). */
export const run = async (deps: CanvasDeps, contributionId: string, commands: ContributionCommand[], metadata: EventMetadata) => {
  if (commands.length === 0) return 0;
  const result = await handleCommand(deps.eventStore, contributionStreamName(contributionId), batchDecider(contributionDecider), commands, {
    metadata,
  });
  return result.lastPosition;
};

/** One contribution stream's part of a command that writes several facts (see `runAll`). */
export { contributionPart } from '../../communities/communityContext.ts';

/**
 * Writes every part of a command in one atomic append (issue 22 §4): a crash
 * never leaves a note without its ref or a link without its note. The position
 * of the last event (0: nothing).
 */
export const runAll = async (deps: CanvasDeps, parts: StreamCommand[], metadata: EventMetadata): Promise<number> => {
  const writing = parts.filter((part) => !(Array.isArray(part.command) && part.command.length === 0));
  return writing.length === 0 ? 0 : (await handleCommands(deps.eventStore, writing, { metadata })).lastPosition;
};

/** Waits until the read models show every position written. */
export const settle = async (deps: CanvasDeps, positions: number[]): Promise<void> => {
  const last = Math.max(0, ...positions);
  if (last > 0) await deps.projections.waitFor(last);
};

/** A member with a membership (creations need an author id): 403 otherwise. */
export const authorIn = async (deps: CanvasDeps, user: UserDocument, communityId: string): Promise<Reader & { authorIdStrict: string }> => {
  const reader = await deps.reader.reader(user, communityId);
  if (!reader.grant.author) throw new ForbiddenError(msg('community.notMember'));
  return { ...reader, authorIdStrict: reader.grant.author._id };
};

/** A contribution the reader may read, in the reader's community (404 otherwise: nothing leaks). */
export const readable = async (deps: CanvasDeps, reader: Reader, id: string, field: string): Promise<ContributionDocument> => {
  const doc = await deps.reader.contributions.get(id);
  if (!doc || doc.status === 'inactive') throw new NotFoundError(msg('canvasService.contributionNotFound'));
  if (doc.communityId !== reader.grant.community._id) throw ValidationError.field(field, msg('canvasService.otherCommunity'));
  if (!canRead(reader.subject, accessObject(doc, await deps.reader.membersOf(doc)))) {
    throw new NotFoundError(msg('canvasService.contributionNotFound'));
  }
  return doc;
};

/** A link by id (404 otherwise). */
export const linkById = async (deps: CanvasDeps, linkId: string): Promise<LinkDocument> => {
  const link = await deps.reader.links.get(linkId);
  if (!link) throw new NotFoundError(msg('canvasService.linkNotFound'));
  return link;
};

/** Who acts on a ref, as the ref rules see them. */
export const refActor = (access: ViewAccess, target: ContributionDocument | null): RefActor => ({
  isManager: access.reader.grant.isManager,
  editable: access.editable,
  isViewAuthor: access.isViewAuthor,
  isTargetAuthor: target !== null && isAuthorOf(access.reader.subject, target),
  freemode: access.context.freemode === true,
});

export const requireEditable = (access: ViewAccess): void => {
  if (!access.editable) throw new ForbiddenError(msg('canvas.cannotEditView'));
};

/** A `CreateLink` of a ref placing `to` on the view whose stream receives it. */
export const placeRef = (linkId: string, to: string, data: Record<string, unknown>): ContributionCommand => ({
  type: 'CreateLink',
  data: { linkId, to, type: 'contains', data },
});

export const deleteLinkCommand = (linkId: string): ContributionCommand => ({ type: 'DeleteLink', data: { linkId } });
