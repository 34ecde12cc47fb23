import type { UserDocument } from '../../../projections/users/index.ts';
import { deleteLinkCommand, metadataOf, run, settle } from '../canvas/commands/shared.ts';
import { changeableIdea, type PromisingIdeaDeps } from './shared.ts';

/**
 * DELETE /api/promisingideas/idea/{ideaId}: its author or a manager (spec part
 * 2 §6) deletes an idea of a note they may read — it becomes inactive and its
 * `promisings` link goes. An idea of a note the caller may not read is not found.
 */
export const deleteIdea = async (deps: PromisingIdeaDeps, user: UserDocument, ideaId: string): Promise<void> => {
  await changeableIdea(deps, user, ideaId);
  const links = await deps.reader.linksFrom([ideaId], ['promisings']);
  const position = await run(
    deps,
    ideaId,
    [{ type: 'ChangeContributionStatus', data: { status: 'inactive' } }, ...links.map((link) => deleteLinkCommand(link._id))],
    metadataOf(deps, user),
  );
  await settle(deps, [position]);
};
