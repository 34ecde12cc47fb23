import type { CreatePiPoolBody, PiPoolReply } from '../../../contracts/api/promisingIdeas.ts';
import { readsStreamName, type ReadMarked } from '../../../contracts/events/read.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { plainTextOf } from '../../../contracts/noteSchema.ts';
import type { ContributionDocument } from '../../../projections/contributions/index.ts';
import type { PromisingIdeaDocument } from '../../../projections/promisingIdeas/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { NotFoundError, ValidationError } from '../../core/errors.ts';
import { inheritedAccess } from '../../domain/access/inheritance.ts';
import type { ContributionCommand } from '../../domain/contribution/contribution.decide.ts';
import { noteIndex, plainTitle } from '../../domain/contribution/save.ts';
import { newRefData } from '../../domain/view/placement.ts';
import { shownRef } from '../../domain/view/refData.ts';
import { authorNames } from '../authors/authorNames.ts';
import type { ViewAccess } from '../canvas/canvasReader.ts';
import { authorIn, contributionPart, metadataOf, placeRef, requireEditable, runAll, settle } from '../canvas/commands/shared.ts';
import { parsedBody } from '../objects/commands/noteContent.ts';
import { ideasCollection, readableNotes, requirePlugin, type PromisingIdeaDeps } from './shared.ts';

/** KF6 puts a PI Pool note at 100,100 in each chosen view (fact sheet §10.4); here the nearest free spot to it. */
const poolSpot = { x: 100, y: 100 };

/** The PI Pool body: one paragraph per idea, a reference to its note quoting the idea (fact sheet §10.4). */
const poolBody = (ideas: readonly PromisingIdeaDocument[], notes: Map<string, ContributionDocument>, names: Map<string, string>) => ({
  type: 'doc',
  content: ideas.map((idea) => {
    const note = notes.get(idea.noteId);
    return {
      type: 'paragraph',
      content: [
        {
          type: 'reference',
          attrs: {
            contributionId: idea.noteId,
            quote: idea.idea,
            title: note?.title ?? '',
            authors: (note?.authors ?? [])
              .map((id) => names.get(id) ?? '')
              .filter(Boolean)
              .join(', '),
            linkId: null,
          },
        },
      ],
    };
  }),
});

/**
 * POST /api/promisingideas/{communityId}/pool: a contributed note (title "PI
 * Pool" unless renamed) citing each chosen idea as a reference to its note,
 * with the marker `promisingContains`, placed in every chosen view the
 * caller may edit — the note, its references and every ref in one atomic
 * append (issue 22 §4). Refusals name the field: no idea ("Promising Idea is
 * not selected"), an empty title ("Note title is empty"), no view. The note
 * is private (only its author) when an idea comes from a private note, so a
 * quote never reaches who may not read its note; else it inherits from the
 * first view.
 */
export const createPool = async (
  deps: PromisingIdeaDeps,
  user: UserDocument,
  communityId: string,
  body: CreatePiPoolBody,
): Promise<PiPoolReply> => {
  const me = await authorIn(deps, user, communityId);
  requirePlugin(me);
  const ideaIds = [...new Set(body.ideaIds)];
  if (ideaIds.length === 0) throw ValidationError.field('ideaIds', msg('promisingIdeas.notSelected'));
  const title = plainTitle(body.title);
  if (!title) throw ValidationError.field('title', msg('promisingIdeas.titleEmpty'));
  const viewIds = [...new Set(body.viewIds)];
  if (viewIds.length === 0) throw ValidationError.field('viewIds', msg('promisingIdeas.viewRequired'));

  const stored = (await deps.reader.byIds(ideasCollection(deps), ideaIds)).filter((idea) => idea.communityId === communityId);
  const notes = await readableNotes(
    deps,
    me,
    stored.map((idea) => idea.noteId),
  );
  const byId = new Map(stored.filter((idea) => notes.has(idea.noteId)).map((idea) => [idea._id, idea]));
  // An unknown idea and one of a note the caller may not read get the same answer: nothing leaks.
  const ideas = ideaIds.map((id) => {
    const idea = byId.get(id);
    if (!idea) throw new NotFoundError(msg('promisingIdeas.notFound'));
    return idea;
  });
  const views: ViewAccess[] = [];
  for (const viewId of viewIds) {
    const access = await deps.reader.viewAccess(user, viewId);
    if (access.view.communityId !== communityId) throw ValidationError.field('viewIds', msg('canvasService.otherCommunity'));
    requireEditable(access);
    views.push(access);
  }

  const authorIds = [...new Set([...notes.values()].flatMap((note) => note.authors))];
  const names = new Map((await authorNames(deps.readStore, authorIds, me.lastNameFirst)).map((a) => [a._id, a.name]));
  const parsed = parsedBody('body', poolBody(ideas, notes, names));
  const fromPrivate = ideas.some((idea) => notes.get(idea.noteId)?.permission === 'private');
  const access = inheritedAccess('Note', fromPrivate ? { permission: 'private', group: null } : null, views[0]?.view ?? null);
  const noteId = deps.ids.next();
  const noteCommands: ContributionCommand[] = [
    {
      type: 'CreateContribution',
      data: {
        contributionId: noteId,
        communityId,
        type: 'Note',
        title,
        status: 'unsaved',
        permission: access.permission,
        authors: [me.authorIdStrict],
        group: access.group,
        data: { promisingContains: {} },
      },
    },
    {
      type: 'SaveNote',
      data: {
        title,
        body: parsed.toJSON() as Record<string, unknown>,
        keywords: [],
        ...noteIndex({ title, text: plainTextOf(parsed), keywords: [] }, null),
        newId: () => deps.ids.next(),
      },
    },
  ];
  const parts = [contributionPart(noteId, noteCommands)];
  const refs: PiPoolReply['refs'] = [];
  for (const view of views) {
    const linkId = deps.ids.next();
    const shown = (await deps.reader.refsOfView(view.view._id)).map((ref) => shownRef(ref.data));
    parts.push(contributionPart(view.view._id, [placeRef(linkId, noteId, newRefData('Note', shown, poolSpot))]));
    refs.push({ viewId: view.view._id, linkId });
  }
  const metadata = metadataOf(deps, user);
  await settle(deps, [await runAll(deps, parts, metadata)]);
  // Marked read by its writer (fact sheet §10.4), as a save does: a read like any other, on the author's reads stream.
  const read: ReadMarked = { type: 'ReadMarked', data: { authorId: me.authorIdStrict, communityId, contributionId: noteId } };
  const marked = await deps.eventStore.append(readsStreamName(me.authorIdStrict), [{ ...read, metadata }], { expectedRevision: 'any' });
  await settle(deps, [marked.lastPosition]);
  return { noteId, refs };
};
