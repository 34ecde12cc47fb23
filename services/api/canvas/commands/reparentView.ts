import type { ViewSummary } from '../../../../contracts/api/communities.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { ContributionDocument, LinkDocument } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError, ValidationError } from '../../../core/errors.ts';
import { mayReparentView } from '../../../domain/access/viewRights.ts';
import { findFreeSpot, defaultPosition } from '../../../domain/view/geometry.ts';
import { placedRef } from '../../../domain/view/refData.ts';
import type { CanvasReader } from '../canvasReader.ts';
import { toViewSummary } from '../replies.ts';
import { deleteLinkCommand, metadataOf, placeRef, contributionPart, runAll, settle, type CanvasDeps } from './shared.ts';
import type { StreamCommand } from '../../../core/atomicCommand.ts';

/** A view and every view below it through `contains` refs among views (to refuse cycles). */
const descendants = async (loader: CanvasReader, viewId: string): Promise<Set<string>> => {
  const seen = new Set<string>([viewId]);
  let frontier = [viewId];
  while (frontier.length > 0) {
    const links = await loader.links.find({ from: { $in: frontier }, type: 'contains' });
    const childIds = [...new Set(links.map((link) => link.to))].filter((id) => !seen.has(id));
    const views = childIds.length > 0 ? await loader.contributions.find({ _id: { $in: childIds }, type: 'View' }) : [];
    frontier = views.map((view) => view._id);
    for (const id of frontier) seen.add(id);
  }
  return seen;
};

/** Re-parents a view (managers): its ref moves from `oldParentId` (every view when absent) to `parentId` (null: top level only). */
export const reparentView = async (
  deps: CanvasDeps,
  user: UserDocument,
  viewId: string,
  input: { parentId: string | null; oldParentId?: string | null },
): Promise<ViewSummary> => {
  const { reader } = deps;
  const access = await reader.viewAccess(user, viewId);
  if (!mayReparentView(access.reader.subject)) throw new ForbiddenError(msg('community.managerOnly'));
  const communityId = access.view.communityId;
  let parent: ContributionDocument | null = null;
  if (input.parentId) {
    parent = await reader.view(input.parentId).catch(() => {
      throw ValidationError.field('parentId', msg('canvas.viewNotFound'));
    });
    if (parent.communityId !== communityId) throw ValidationError.field('parentId', msg('canvasService.otherCommunity'));
    if ((await descendants(reader, viewId)).has(parent._id)) throw ValidationError.field('parentId', msg('canvasService.parentCycle'));
  }
  const refs = await reader.links.find({ to: viewId, type: 'contains' });
  const parentViews = refs.length > 0 ? await reader.contributions.find({ _id: { $in: refs.map((ref) => ref.from) }, type: 'View' }) : [];
  const parentIds = new Set(parentViews.map((view) => view._id));
  const moving = refs.filter(
    (ref) =>
      parentIds.has(ref.from) &&
      (input.oldParentId === undefined || input.oldParentId === null ? ref.from !== input.parentId : ref.from === input.oldParentId),
  );
  const metadata = metadataOf(deps, user);
  // Removed from the old parents and placed in the new one in one atomic append (issue 22 §4).
  const parts: StreamCommand[] = [];
  const byView = new Map<string, LinkDocument[]>();
  for (const ref of moving) byView.set(ref.from, [...(byView.get(ref.from) ?? []), ref]);
  for (const [from, links] of byView) {
    parts.push(
      contributionPart(
        from,
        links.map((link) => deleteLinkCommand(link._id)),
      ),
    );
  }
  if (parent && !refs.some((ref) => ref.from === parent._id)) {
    const spot = findFreeSpot(
      (await reader.refsOfView(parent._id)).map((ref) => placedRef(ref.data)),
      defaultPosition,
    );
    parts.push(contributionPart(parent._id, [placeRef(deps.ids.next(), viewId, spot)]));
  }
  await settle(deps, [await runAll(deps, parts, metadata)]);
  return toViewSummary(await reader.view(viewId));
};
