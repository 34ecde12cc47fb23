import { anchorAnnotation } from '../../../contracts/annotations.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { canRead } from '../../../contracts/permissions.ts';
import type { ContributionDocument } from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { promisingIdeasCollectionName, type PromisingIdeaDocument } from '../../../projections/promisingIdeas/index.ts';
import { ForbiddenError, NotFoundError } from '../../core/errors.ts';
import { accessObject, type Reader } from '../canvas/canvasReader.ts';
import type { CanvasDeps } from '../canvas/commands/shared.ts';

/**
 * What the promising-idea commands and queries share (issue 14 §3): their
 * dependencies (the canvas's: commands, read models and the community gate),
 * the plugin gate and the note-readability filter that keeps the ideas of a
 * note the caller may not read out of every answer.
 */
export type PromisingIdeaDeps = CanvasDeps;

export const ideasCollection = (deps: PromisingIdeaDeps) => deps.readStore.collection<PromisingIdeaDocument>(promisingIdeasCollectionName);

/** Whether the community has the plugin on (spec part 1 §3 `promisingnessidea`). */
export const pluginOn = (reader: Reader): boolean => reader.context.plugins.promisingnessidea === true;

/** 403 `promisingIdeas.pluginOff` unless the community's plugin is on. */
export const requirePlugin = (reader: Reader): void => {
  if (!pluginOn(reader)) throw new ForbiddenError(msg('promisingIdeas.pluginOff'));
};

/** The active notes of the reader's community among `ids` that the reader may read, by id. */
export const readableNotes = async (
  deps: PromisingIdeaDeps,
  reader: Reader,
  ids: readonly string[],
): Promise<Map<string, ContributionDocument>> => {
  const docs = (await deps.reader.byIds(deps.reader.contributions, [...new Set(ids)])).filter(
    (doc) => doc.status === 'active' && doc.communityId === reader.grant.community._id,
  );
  const groups = await deps.reader.groupMembers(docs);
  const readable = docs.filter((doc) => canRead(reader.subject, accessObject(doc, doc.group ? (groups.get(doc.group) ?? []) : [])));
  return new Map(readable.map((doc) => [doc._id, doc]));
};

/** Whether the note's text still holds the idea (spec part 2 §8: otherwise "its content no longer exists"). */
export const ideaStillThere = (noteText: string, idea: PromisingIdeaDocument): boolean => {
  const ranges = idea.start !== null && idea.end !== null && idea.end > idea.start ? [{ start: idea.start, end: idea.end }] : [];
  return anchorAnnotation(noteText, ranges, idea.idea) !== null;
};

/** Its author or a manager may edit or delete an idea (spec part 2 §6). */
export const mayChangeIdea = (reader: Reader, idea: PromisingIdeaDocument): boolean =>
  reader.grant.isManager || reader.grant.author?._id === idea.authorId;

/**
 * The idea `ideaId` and its reader, when the caller may change it (edit or
 * delete): 404 when there is none or its note is not readable by the caller
 * (nothing revealed), 403 to a member who is neither its author nor a manager.
 */
export const changeableIdea = async (
  deps: PromisingIdeaDeps,
  user: UserDocument,
  ideaId: string,
): Promise<{ idea: PromisingIdeaDocument; reader: Reader }> => {
  const idea = await ideasCollection(deps).get(ideaId);
  if (!idea) throw new NotFoundError(msg('promisingIdeas.notFound'));
  const reader = await deps.reader.reader(user, idea.communityId);
  requirePlugin(reader);
  if (!(await readableNotes(deps, reader, [idea.noteId])).has(idea.noteId)) throw new NotFoundError(msg('promisingIdeas.notFound'));
  if (!mayChangeIdea(reader, idea)) throw new ForbiddenError(msg('promisingIdeas.authorsOnly'));
  return { idea, reader };
};
