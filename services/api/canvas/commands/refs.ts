import { msg } from '../../../../contracts/messageCodes.ts';
import type { ContributionDocument, LinkDocument } from '../../../../projections/contributions/index.ts';
import { ValidationError } from '../../../core/errors.ts';
import type { ContributionCommand } from '../../../domain/contribution/contribution.decide.ts';
import type { PlacedRef } from '../../../domain/view/geometry.ts';
import { changeMoves, checkedRefChange, nudgedChange, type RefChange } from '../../../domain/view/placement.ts';
import { innerViewOf, unpackedItems } from '../../../domain/view/riseAbove.ts';
import { checkRefDelete } from '../../../domain/view/refRules.ts';
import type { ViewAccess } from '../canvasReader.ts';
import { placeRef, refActor, type CanvasDeps } from './shared.ts';

/** Loading steps shared by the commands that change or remove several refs. */

/** The refs `linkIds` of the view, each checked for removal; 400 naming linkIds when one is not a ref of this view. */
export const removableRefs = async (deps: CanvasDeps, access: ViewAccess, linkIds: readonly string[]): Promise<LinkDocument[]> => {
  const unique = [...new Set(linkIds)];
  const links = await deps.reader.links.find({ _id: { $in: unique } });
  if (links.length !== unique.length || links.some((link) => link.from !== access.view._id || link.type !== 'contains')) {
    throw ValidationError.field('linkIds', msg('canvasService.notInThisView'));
  }
  const targets = await deps.reader.contributions.find({ _id: { $in: links.map((link) => link.to) } });
  const byId = new Map(targets.map((doc) => [doc._id, doc]));
  for (const link of links) checkRefDelete(refActor(access, byId.get(link.to) ?? null), link.data);
  return links;
};

/**
 * Deleting a rise-above's ref unpacks it (fact sheet §10.3): the items of its
 * inner view come back into the view (domain/view/riseAbove.ts). The note and
 * its inner view stay as they were, so nothing is lost.
 */
export const unpackCommands = async (
  deps: CanvasDeps,
  viewId: string,
  deleted: readonly LinkDocument[],
): Promise<ContributionCommand[]> => {
  const targets = await deps.reader.byIds(deps.reader.contributions, [...new Set(deleted.map((link) => link.to))]);
  const inner = new Map<string, string>();
  for (const doc of targets) {
    const innerViewId = innerViewOf(doc);
    if (innerViewId) inner.set(doc._id, innerViewId);
  }
  if (inner.size === 0) return [];
  const deletedIds = new Set(deleted.map((link) => link._id));
  const remaining = (await deps.reader.refsOfView(viewId)).filter((ref) => !deletedIds.has(ref._id));
  const present = new Set(remaining.map((ref) => ref.to));
  const commands: ContributionCommand[] = [];
  for (const link of deleted) {
    const innerViewId = inner.get(link.to);
    if (!innerViewId) continue;
    const items = await deps.reader.refsOfView(innerViewId);
    const docs = new Map(
      (
        await deps.reader.byIds(
          deps.reader.contributions,
          items.map((item) => item.to),
        )
      ).map((doc) => [doc._id, doc]),
    );
    const placed = unpackedItems(
      viewId,
      link.communityId,
      link.data,
      items.map((item) => ({ to: item.to, data: item.data, target: docs.get(item.to) })),
      present,
    );
    for (const item of placed) commands.push(placeRef(deps.ids.next(), item.to, item.data));
  }
  return commands;
};

/**
 * A ref change as PUT /api/links/{id} accepts it (domain/view/placement.ts):
 * checked by the ref rules and, when the view prevents overlap, a move nudged
 * off the other refs (`others`, read only when the ref moves).
 */
export const refChangeFor = async (
  access: ViewAccess,
  target: ContributionDocument | null,
  link: LinkDocument,
  data: Record<string, unknown>,
  others: () => readonly PlacedRef[] | Promise<readonly PlacedRef[]>,
): Promise<RefChange> => {
  const change = checkedRefChange(refActor(access, target), link.data, data);
  if (!changeMoves(link.data, change) || !access.context.features.preventOverlap) return change;
  return nudgedChange(link.data, change, await others());
};
