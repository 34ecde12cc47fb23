import { annotationTextOf } from '../../../contracts/annotations.ts';
import type { PromisingIdea, PromisingIdeaList, PromisingIdeasQuery } from '../../../contracts/api/promisingIdeas.ts';
import { noteBodyOf } from '../../../contracts/contributionData.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { canRead } from '../../../contracts/permissions.ts';
import { newestFirst, overlapsOf, passesFilters, promisingIdeaColours } from '../../../contracts/promisingIdeas.ts';
import type { PromisingIdeaDocument } from '../../../projections/promisingIdeas/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { NotFoundError, ValidationError } from '../../core/errors.ts';
import { authorNames } from '../authors/authorNames.ts';
import { accessObject, type Reader } from '../canvas/canvasReader.ts';
import { ideaStillThere, ideasCollection, mayChangeIdea, readableNotes, requirePlugin, type PromisingIdeaDeps } from './shared.ts';

/** The ids of the contributions placed in the chosen views, each view readable by the caller (404 otherwise: nothing leaks). */
const notesOfViews = async (deps: PromisingIdeaDeps, reader: Reader, viewIds: readonly string[]): Promise<string[]> => {
  const ids = new Set<string>();
  for (const viewId of new Set(viewIds)) {
    const view = await deps.reader.view(viewId);
    if (view.communityId !== reader.grant.community._id) throw ValidationError.field('views', msg('canvasService.otherCommunity'));
    if (!canRead(reader.subject, accessObject(view, await deps.reader.membersOf(view)))) {
      throw new NotFoundError(msg('canvas.viewNotFound'));
    }
    for (const ref of await deps.reader.refsOfView(viewId)) ids.add(ref.to);
  }
  return [...ids];
};

/**
 * GET /api/promisingideas/{communityId}: the promising ideas of the notes of
 * the chosen views (or of one note, or of the whole community) that the
 * caller may read — an idea of a note the caller may not read is never in
 * the answer, nor counted — with hit counts and overlap computed over them
 * (fact sheet §7), then the filters, newest first. Members of the class; the
 * plugin must be on.
 */
export const listIdeas = async (
  deps: PromisingIdeaDeps,
  user: UserDocument,
  communityId: string,
  query: PromisingIdeasQuery,
): Promise<PromisingIdeaList> => {
  const reader = await deps.reader.reader(user, communityId);
  requirePlugin(reader);
  const ideas = ideasCollection(deps);
  let stored: PromisingIdeaDocument[];
  if (query.note) stored = await ideas.find({ noteId: query.note });
  else if (query.views) {
    const noteIds = await notesOfViews(deps, reader, query.views.split(','));
    stored = noteIds.length === 0 ? [] : await ideas.find({ noteId: { $in: noteIds } });
  } else stored = await ideas.find({ communityId });
  stored = stored.filter((idea) => idea.communityId === communityId);
  const notes = await readableNotes(
    deps,
    reader,
    stored.map((idea) => idea.noteId),
  );
  const visible = stored.filter((idea) => notes.has(idea.noteId));
  const names = new Map(
    (await authorNames(deps.readStore, [...new Set(visible.map((idea) => idea.authorId))], reader.lastNameFirst)).map((a) => [
      a._id,
      a.name,
    ]),
  );
  const texts = new Map([...notes.values()].map((note) => [note._id, annotationTextOf(noteBodyOf(note))]));
  const overlaps = overlapsOf(visible.map((idea) => ({ _id: idea._id, idea: idea.idea, created: idea.created })));
  const labelOf = (color: string): string =>
    color === 'none' ? '' : (reader.context.colours[color as keyof typeof reader.context.colours]?.label ?? '').trim();
  const rows: PromisingIdea[] = visible.map((idea) => {
    const overlap = overlaps.get(idea._id) ?? { hitCount: 1, overlapped: false, overlaps: [] };
    return {
      _id: idea._id,
      communityId: idea.communityId,
      noteId: idea.noteId,
      noteTitle: notes.get(idea.noteId)?.title ?? '',
      idea: idea.idea,
      reason: idea.reason,
      color: idea.color,
      colourLabel: labelOf(idea.color),
      authorId: idea.authorId,
      authorName: names.get(idea.authorId) ?? '',
      created: idea.created,
      modified: idea.modified,
      hitCount: overlap.hitCount,
      overlapped: overlap.overlapped,
      overlaps: overlap.overlaps,
      contentExists: ideaStillThere(texts.get(idea.noteId) ?? '', idea),
      editable: mayChangeIdea(reader, idea),
    };
  });
  const authors = [...new Map(rows.map((row) => [row.authorId, { _id: row.authorId, name: row.authorName }])).values()].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  const filters = {
    ...(query.colour ? { colour: query.colour } : {}),
    ...(query.minHits !== undefined ? { minHits: query.minHits } : {}),
    ...(query.reason ? { reason: query.reason } : {}),
    ...(query.user ? { user: query.user } : {}),
    ...(query.keyword ? { keyword: query.keyword } : {}),
  };
  return {
    ideas: rows.filter((row) => passesFilters(row, filters)).sort(newestFirst),
    total: rows.length,
    colours: promisingIdeaColours.map((color) => ({ color, label: labelOf(color) })),
    authors,
  };
};
