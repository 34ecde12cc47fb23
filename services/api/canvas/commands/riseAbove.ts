import type { RiseAboveReply } from '../../../../contracts/api/canvas.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ValidationError } from '../../../core/errors.ts';
import { inheritedAccess } from '../../../domain/access/inheritance.ts';
import type { ContributionCommand } from '../../../domain/contribution/contribution.decide.ts';
import { placedRef } from '../../../domain/view/refData.ts';
import { innerViewTitle, riseAboveLayout } from '../../../domain/view/riseAbove.ts';
import { toLink } from '../replies.ts';
import { removableRefs } from './refs.ts';
import {
  authorIn,
  deleteLinkCommand,
  linkById,
  metadataOf,
  placeRef,
  requireEditable,
  contributionPart,
  runAll,
  settle,
  type CanvasDeps,
} from './shared.ts';

/**
 * POST /api/views/{viewId}/riseabove: an inner view (unregistered, with the
 * view's permission and group), a rise-above note naming it and its ref.
 * Selected refs move inside at their relative positions (offset 20) and the
 * rise-above lands at the selection's corner + 50; without a selection at a
 * free spot (domain/view/riseAbove.ts).
 */
export const riseAbove = async (
  deps: CanvasDeps,
  user: UserDocument,
  viewId: string,
  input: { title: string; linkIds?: string[] },
): Promise<RiseAboveReply> => {
  const access = await deps.reader.viewAccess(user, viewId);
  requireEditable(access);
  const title = input.title.trim();
  if (!title) throw ValidationError.field('title', msg('canvas.riseaboveTitleRequired'));
  if (input.linkIds && input.linkIds.length === 0) throw ValidationError.field('linkIds', msg('canvas.riseaboveNotesRequired'));
  const me = await authorIn(deps, user, access.view.communityId);
  const items = input.linkIds ? await removableRefs(deps, access, input.linkIds) : [];
  const { ids } = deps;
  const innerViewId = ids.next();
  const noteId = ids.next();
  const refId = ids.next();
  const metadata = metadataOf(deps, user);
  const { view } = access;
  const communityId = view.communityId;
  const note = inheritedAccess('Note', null, view);
  // Without a selection the rise-above's spot is searched among the refs as they are when it is written.
  const layout = riseAboveLayout(
    items.map((link) => link.data),
    [],
  );

  const innerCommands: ContributionCommand[] = [
    {
      type: 'CreateContribution',
      data: {
        contributionId: innerViewId,
        communityId,
        type: 'View',
        title: innerViewTitle(noteId),
        status: 'active',
        permission: view.permission,
        authors: [me.authorIdStrict],
        group: view.group,
        data: {},
      },
    },
    ...items.map((link, index) => placeRef(ids.next(), link.to, layout.inner[index] ?? link.data)),
  ];
  // The inner view, the note and the moves in the view: one atomic append (issue 22 §4).
  const parts = [contributionPart(innerViewId, innerCommands)];
  const noteCommand: ContributionCommand = {
    type: 'CreateContribution',
    data: {
      contributionId: noteId,
      communityId,
      type: 'Note',
      title,
      status: 'active',
      permission: note.permission,
      authors: [me.authorIdStrict],
      group: note.group,
      data: { riseabove: { viewId: innerViewId } },
    },
  };
  parts.push(contributionPart(noteId, [noteCommand]));
  const spot =
    items.length > 0
      ? layout.spot
      : riseAboveLayout(
          [],
          (await deps.reader.refsOfView(viewId)).map((ref) => placedRef(ref.data)),
        ).spot;
  parts.push(contributionPart(viewId, [...items.map((link) => deleteLinkCommand(link._id)), placeRef(refId, noteId, spot)]));
  await settle(deps, [await runAll(deps, parts, metadata)]);
  return { noteId, viewId: innerViewId, ref: toLink(await linkById(deps, refId)), moved: items.length };
};
