import { plainAnnotationText } from '../../../contracts/annotations.ts';
import type { EditPromisingIdeaBody, PromisingIdea } from '../../../contracts/api/promisingIdeas.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { metadataOf, run, settle } from '../canvas/commands/shared.ts';
import { listIdeas } from './listIdeas.ts';
import { changeableIdea, type PromisingIdeaDeps } from './shared.ts';

/**
 * PUT /api/promisingideas/ideas/{ideaId}: its author or a manager (spec part
 * 1 §8, fact sheet §8) changes the reason and colour of an idea of a note
 * they may read; the copy on its `promisings` link follows in the same
 * append. An idea of a note the caller may not read is not found; another
 * member's idea is refused. Answers the row as the table shows it.
 */
export const editIdea = async (
  deps: PromisingIdeaDeps,
  user: UserDocument,
  ideaId: string,
  body: EditPromisingIdeaBody,
): Promise<PromisingIdea> => {
  const { idea } = await changeableIdea(deps, user, ideaId);
  const position = await run(
    deps,
    ideaId,
    [{ type: 'EditPromisingIdea', data: { reason: plainAnnotationText(body.reason), color: body.color } }],
    metadataOf(deps, user),
  );
  await settle(deps, [position]);
  const { ideas } = await listIdeas(deps, user, idea.communityId, { note: idea.noteId });
  const edited = ideas.find((row) => row._id === ideaId);
  if (!edited) throw new Error(`promising idea ${ideaId} not projected`);
  return edited;
};
