import type { CommunityAdmin, CommunityInfo } from '../../../../contracts/api/communities.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ValidationError } from '../../../core/errors.ts';
import { isPermutation } from '../../../domain/community/community.ts';
import { eventMetadata } from '../commandSupport.ts';
import { runOnCommunity, settle, type CommunityServiceDeps } from '../communityContext.ts';
import { getCommunity } from '../queries/communities.ts';

/** The new order of the registered views and/or scaffolds (absent: unchanged). */
export type CommunityOrder = { views?: string[]; scaffolds?: string[] };

const checkOrder = (field: 'views' | 'scaffolds', current: readonly string[], wanted: readonly string[] | undefined) => {
  if (wanted !== undefined && !isPermutation(current, wanted)) throw ValidationError.field(field, msg('errors.fieldInvalid', { field }));
};

/**
 * A manager's new order of the community's registered views and scaffolds
 * (the original's community save, issue 15): each list must name exactly the
 * ids registered now (400 naming the list otherwise); only the order is taken.
 * Each changed order is one event on the community's stream.
 */
export const reorderCommunity = async (
  deps: CommunityServiceDeps,
  user: UserDocument,
  communityId: string,
  order: CommunityOrder,
): Promise<CommunityInfo | CommunityAdmin> => {
  const { community } = await deps.access.manager(user, communityId);
  checkOrder('views', community.views, order.views);
  checkOrder('scaffolds', community.scaffolds, order.scaffolds);
  const metadata = eventMetadata(deps.clock, user._id);
  const results = [];
  // A whole-community save sends the orders unchanged as often as not: nothing to record then.
  const same = (current: readonly string[], wanted: readonly string[]) => current.every((id, at) => wanted[at] === id);
  if (order.views && !same(community.views, order.views)) {
    results.push(await runOnCommunity(deps, communityId, { type: 'ReorderViews', data: { viewIds: order.views } }, metadata));
  }
  if (order.scaffolds && !same(community.scaffolds, order.scaffolds)) {
    results.push(await runOnCommunity(deps, communityId, { type: 'ReorderScaffolds', data: { scaffoldIds: order.scaffolds } }, metadata));
  }
  await settle(deps, results);
  return getCommunity(deps, user, communityId);
};
