import type { GoogleListReply } from '../../../contracts/api/google.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import { ForbiddenError } from '../../core/errors.ts';
import { importFormat } from '../../integrations/google/driveFormats.ts';
import type { GoogleClient } from '../../integrations/google/googleClient.ts';
import type { CanvasReader } from '../canvas/canvasReader.ts';
import type { CommunityAccess } from '../communities/access.ts';
import { unavailable, type GoogleAccounts } from './googleAccounts.ts';
import { requirePlugin } from './googleDocs.ts';

export type DriveListDeps = CommandDeps & { client: GoogleClient; accounts: GoogleAccounts; access: CommunityAccess; reader: CanvasReader };

/** Files per page of the import dialog. */
export const drivePageSize = 25;

/**
 * The gate of the Drive import (list and import alike): a member of the
 * view's community who may add to the view (403 "you may not edit this
 * view" otherwise, 404 for an unknown view), with the community's googledrive
 * plugin on. Answers the view's community.
 */
export const writableDriveView = async (
  deps: Pick<DriveListDeps, 'reader' | 'access' | 'readStore'>,
  user: UserDocument,
  viewId: string,
): Promise<{ communityId: string }> => {
  const access = await deps.reader.viewAccess(user, viewId);
  if (!access.editable) throw new ForbiddenError(msg('canvas.cannotEditView'));
  await requirePlugin(deps, access.reader.grant, 'googledrive');
  return { communityId: access.view.communityId };
};

/**
 * POST /auth/googleFile/list (spec part 2 §7, plugin googledrive): one page
 * of the caller's Drive files that can be put on the view, through the
 * caller's own grant. With the drive.file scope Google answers only the files
 * Buildon created or the user opened with it; kinds that cannot be imported
 * (forms, sites, shortcuts) are left out of the page.
 */
export const listDriveFiles = async (
  deps: DriveListDeps,
  user: UserDocument,
  input: { viewId: string; pageToken: string | null },
): Promise<GoogleListReply['data']> => {
  await writableDriveView(deps, user, input.viewId);
  const accessToken = await deps.accounts.accessToken(user._id);
  const page = await deps.client.listFiles(accessToken, input.pageToken, drivePageSize).catch(unavailable);
  return { files: page.files.filter((file) => importFormat(file.mimeType) !== null), nextPageToken: page.nextPageToken };
};
