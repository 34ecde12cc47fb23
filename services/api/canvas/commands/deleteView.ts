import type { ViewSummary } from '../../../../contracts/api/communities.ts';
import { communityStreamName } from '../../../../contracts/events/community.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { streamCommand } from '../../../core/atomicCommand.ts';
import { ForbiddenError, NotFoundError } from '../../../core/errors.ts';
import { mayDeleteView } from '../../../domain/access/viewRights.ts';
import { communityDecider } from '../../../domain/community/community.ts';
import { toViewSummary } from '../replies.ts';
import { contributionPart, metadataOf, runAll, settle, type CanvasDeps } from './shared.ts';

/** Deletes a view (managers or its authors): unregistered and inactive. */
export const deleteView = async (deps: CanvasDeps, user: UserDocument, viewId: string): Promise<ViewSummary> => {
  const access = await deps.reader.viewAccess(user, viewId);
  if (!mayDeleteView(access.reader.subject, access)) throw new ForbiddenError(msg('canvasService.cannotDeleteView'));
  const metadata = metadataOf(deps, user);
  // Inactive and unregistered together (issue 22 §4).
  const written = await runAll(
    deps,
    [
      contributionPart(viewId, [{ type: 'ChangeContributionStatus', data: { status: 'inactive' } }]),
      streamCommand(communityStreamName(access.view.communityId), communityDecider, { type: 'UnregisterView', data: { viewId } }),
    ],
    metadata,
  );
  await settle(deps, [written]);
  const doc = await deps.reader.contributions.get(viewId);
  if (!doc) throw new NotFoundError(msg('canvas.viewNotFound'));
  return toViewSummary(doc);
};
