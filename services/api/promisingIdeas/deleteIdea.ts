import { msg } from '../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { ForbiddenError, NotFoundError } from '../../core/errors.ts';
import { deleteLinkCommand, metadataOf, run, settle } from '../canvas/commands/shared.ts';
import { ideasCollection, mayChangeIdea, readableNotes, requirePlugin, type PromisingIdeaDeps } from './shared.ts';

/**
 * DELETE /api/promisingideas/idea/{ideaId}: its author or a manager (spec part
 * 2 §6) deletes an idea of a note they may read — it becomes inactive and its
 * `promisings` link goes. An idea of a note the caller may not read is not found.
 */
export const deleteIdea = async (deps: PromisingIdeaDeps, user: UserDocument, ideaId: string): Promise<void> => {
  const idea = await ideasCollection(deps).get(ideaId);
  if (!idea) throw new NotFoundError(msg('promisingIdeas.notFound'));
  const reader = await deps.reader.reader(user, idea.communityId);
  requirePlugin(reader);
  if (!(await readableNotes(deps, reader, [idea.noteId])).has(idea.noteId)) throw new NotFoundError(msg('promisingIdeas.notFound'));
  if (!mayChangeIdea(reader, idea)) throw new ForbiddenError(msg('promisingIdeas.authorsOnly'));
  const links = await deps.reader.linksFrom([ideaId], ['promisings']);
  const position = await run(
    deps,
    ideaId,
    [{ type: 'ChangeContributionStatus', data: { status: 'inactive' } }, ...links.map((link) => deleteLinkCommand(link._id))],
    metadataOf(deps, user),
  );
  await settle(deps, [position]);
};
