import type { ViewSettingReply } from '../../../../contracts/api/canvas.ts';
import type { ViewSetting } from '../../../../contracts/api/communities.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError } from '../../../core/errors.ts';
import { mayChangeViewSetting } from '../../../domain/access/viewRights.ts';
import { viewSettingOf } from '../../../domain/view/viewSetting.ts';
import { metadataOf, run, settle, type CanvasDeps } from './shared.ts';

/**
 * PUT /api/views/{viewId}/viewsetting: the view's own setting for every
 * reader (managers and the view's authors); null goes back to the
 * community's. An event in the view's stream.
 */
export const setViewSetting = async (
  deps: CanvasDeps,
  user: UserDocument,
  viewId: string,
  viewSetting: ViewSetting | null,
): Promise<ViewSettingReply> => {
  const access = await deps.reader.viewAccess(user, viewId);
  if (!mayChangeViewSetting(access.reader.subject, access)) throw new ForbiddenError(msg('canvasService.cannotChangeViewSetting'));
  await settle(deps, [await run(deps, viewId, [{ type: 'ChangeViewSetting', data: { viewSetting } }], metadataOf(deps, user))]);
  const view = await deps.reader.view(viewId);
  const { viewSetting: effective, saved } = viewSettingOf(view, access.context);
  return { viewSetting: effective, viewSettingSaved: saved };
};
