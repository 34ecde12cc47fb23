import type { MoveRefsReply } from '../../../../contracts/api/canvas.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { LinkDocument } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { NotFoundError, ValidationError } from '../../../core/errors.ts';
import { groupLanding } from '../../../domain/view/placement.ts';
import { placedRef } from '../../../domain/view/refData.ts';
import type { ViewAccess } from '../canvasReader.ts';
import { toLink } from '../replies.ts';
import { removableRefs } from './refs.ts';
import { deleteLinkCommand, metadataOf, placeRef, requireEditable, contributionPart, runAll, settle, type CanvasDeps } from './shared.ts';

/**
 * POST /api/views/{viewId}/refs/move: refs dragged into another view's
 * window. Placed there first (the group keeps its shape, its top-left at
 * x, y), then removed here — so a failure never loses a ref. Needs the right
 * to remove each ref here and to edit the target view.
 */
export const moveRefs = async (
  deps: CanvasDeps,
  user: UserDocument,
  viewId: string,
  input: { linkIds: string[]; toViewId: string; x: number; y: number },
): Promise<MoveRefsReply> => {
  const { reader } = deps;
  const access = await reader.viewAccess(user, viewId);
  requireEditable(access);
  if (input.toViewId === viewId) throw ValidationError.field('toViewId', msg('canvasService.notAViewTarget'));
  let target: ViewAccess;
  try {
    target = await reader.viewAccess(user, input.toViewId);
  } catch (error) {
    if (error instanceof NotFoundError) throw ValidationError.field('toViewId', msg('canvasService.notAViewTarget'));
    throw error;
  }
  if (target.view.communityId !== access.view.communityId) throw ValidationError.field('toViewId', msg('canvasService.otherCommunity'));
  requireEditable(target);
  const links = await removableRefs(deps, access, input.linkIds);
  if (links.some((link) => link.to === input.toViewId)) throw ValidationError.field('linkIds', msg('canvasService.parentCycle'));
  const placed = (await reader.refsOfView(input.toViewId)).map((ref) => placedRef(ref.data));
  const landed = groupLanding(
    links.map((link) => link.data),
    { x: input.x, y: input.y },
    placed,
  );
  const metadata = metadataOf(deps, user);
  const created = links.map((link, index) => ({ linkId: deps.ids.next(), to: link.to, data: landed[index] ?? {} }));
  // Placed there and removed here in one atomic append (issue 22 §4): a ref is never lost nor doubled.
  const written = await runAll(
    deps,
    [
      contributionPart(
        input.toViewId,
        created.map((c) => placeRef(c.linkId, c.to, c.data)),
      ),
      contributionPart(
        viewId,
        links.map((link) => deleteLinkCommand(link._id)),
      ),
    ],
    metadata,
  );
  await settle(deps, [written]);
  const docs = await reader.links.find({ _id: { $in: created.map((c) => c.linkId) } });
  const byId = new Map(docs.map((doc) => [doc._id, doc]));
  return {
    moved: links.length,
    refs: created
      .map((c) => byId.get(c.linkId))
      .filter((doc): doc is LinkDocument => doc !== undefined)
      .map(toLink),
  };
};
