import { annotationTextOf, plainAnnotationText, plainQuote } from '../../../contracts/annotations.ts';
import type { CreatePromisingIdeaBody, PromisingIdea } from '../../../contracts/api/promisingIdeas.ts';
import { noteBodyOf } from '../../../contracts/contributionData.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { IllegalStateError, ValidationError } from '../../core/errors.ts';
import { authorIn, metadataOf, readable, run, settle } from '../canvas/commands/shared.ts';
import { listIdeas } from './listIdeas.ts';
import { requirePlugin, type PromisingIdeaDeps } from './shared.ts';

/**
 * Where the idea is in the note's text: the given offsets when the text there
 * is the idea, else its first occurrence; 400 naming `idea` when the note
 * does not hold it.
 */
const locate = (text: string, idea: string, start?: number, end?: number): { start: number; end: number } => {
  if (start !== undefined && end !== undefined && text.slice(start, end) === idea) return { start, end };
  const at = text.indexOf(idea);
  if (at === -1) throw ValidationError.field('idea', msg('promisingIdeas.ideaNotFound'));
  return { start: at, end: at + idea.length };
};

/**
 * POST /api/promisingideas/{communityId}/{noteId}: a member who may read a
 * contributed note marks a passage of it as a promising idea (fact sheet §7:
 * a `promisingIdeaobj`, active, protected — private when the note is, so its
 * text never reaches who may not read the note —, one author, and its
 * `promisings` link to the note, in one append). The plugin must be on.
 */
export const createIdea = async (
  deps: PromisingIdeaDeps,
  user: UserDocument,
  communityId: string,
  noteId: string,
  body: CreatePromisingIdeaBody,
): Promise<PromisingIdea> => {
  const me = await authorIn(deps, user, communityId);
  requirePlugin(me);
  const note = await readable(deps, me, noteId, 'noteId');
  if (note.type !== 'Note') throw ValidationError.field('noteId', msg('promisingIdeas.notANote'));
  if (note.status !== 'active') throw new IllegalStateError(msg('promisingIdeas.notContributed'));
  const idea = plainQuote(body.idea);
  if (!idea.trim()) throw ValidationError.field('idea', msg('promisingIdeas.ideaRequired'));
  const where = locate(annotationTextOf(noteBodyOf(note)), idea, body.start, body.end);
  const reason = plainAnnotationText(body.reason);
  const ideaId = deps.ids.next();
  const linkId = deps.ids.next();
  const position = await run(
    deps,
    ideaId,
    [
      {
        type: 'CreateContribution',
        data: {
          contributionId: ideaId,
          communityId,
          type: 'promisingIdeaobj',
          title: '',
          status: 'active',
          permission: note.permission === 'private' ? 'private' : 'protected',
          authors: [me.authorIdStrict],
          group: note.permission === 'private' ? note.group : null,
          data: { idea, reason, color: body.color, noteId, ...where },
        },
      },
      { type: 'CreateLink', data: { linkId, to: noteId, type: 'promisings', data: { idea, reason, color: body.color } } },
    ],
    metadataOf(deps, user),
  );
  await settle(deps, [position]);
  const { ideas } = await listIdeas(deps, user, communityId, { note: noteId });
  const created = ideas.find((row) => row._id === ideaId);
  if (!created) throw new Error(`promising idea ${ideaId} not projected`);
  return created;
};
