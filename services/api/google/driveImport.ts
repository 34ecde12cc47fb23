import type { CreateContributionReply } from '../../../contracts/api/canvas.ts';
import type { UploadReply } from '../../../contracts/api/objects.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import { ValidationError } from '../../core/errors.ts';
import { importedName, importFormat } from '../../integrations/google/driveFormats.ts';
import { FileTooLargeError, type GoogleClient } from '../../integrations/google/googleClient.ts';
import type { CanvasReader } from '../canvas/canvasReader.ts';
import type { CanvasService } from '../canvas/canvasService.ts';
import type { CommunityAccess } from '../communities/access.ts';
import { UploadTooLargeError, type ObjectService } from '../objects/objectService.ts';
import { writableDriveView } from './driveList.ts';
import { unavailable, type GoogleAccounts } from './googleAccounts.ts';

export type DriveImportDeps = CommandDeps & {
  client: GoogleClient;
  accounts: GoogleAccounts;
  access: CommunityAccess;
  objects: ObjectService;
  canvas: CanvasService;
  reader: CanvasReader;
};

export type DriveImportInput = { communityId: string; viewId: string; fileId: string; x: number; y: number };

/**
 * POST /auth/googleFile/import (plugin googledrive): a Drive file onto a view
 * as an attachment, through the canvas's "new attachment where placed" and
 * the ordinary upload (its size limit, the community's quota, the type sniff).
 * Who may not add to the view is refused before Google is asked anything; a
 * Google-native file is exported (driveFormats.ts); the file is read from
 * Drive before anything is created, so a failed download leaves no empty
 * attachment behind.
 */
export const importFromDrive = async (
  deps: DriveImportDeps,
  user: UserDocument,
  input: DriveImportInput,
): Promise<{ attachmentId: string; upload: UploadReply; refs: CreateContributionReply['refs'] }> => {
  const { communityId } = await writableDriveView(deps, user, input.viewId);
  if (communityId !== input.communityId) throw ValidationError.field('placement.viewId', msg('canvasService.otherCommunity'));
  const accessToken = await deps.accounts.accessToken(user._id);
  const limit = deps.objects.uploadLimitBytes;
  const file = await deps.client.file(accessToken, input.fileId).catch(unavailable);
  const format = importFormat(file.mimeType);
  if (!format) throw ValidationError.field('fileId', msg('google.notImportable'));
  if (format.kind === 'download' && file.size !== null && file.size > limit) throw new UploadTooLargeError(limit);
  const read =
    format.kind === 'download'
      ? deps.client.download(accessToken, input.fileId, limit)
      : deps.client.exportAs(accessToken, input.fileId, format.mimeType, limit);
  const bytes = await read.catch((error: unknown) => {
    if (error instanceof FileTooLargeError) throw new UploadTooLargeError(limit);
    return unavailable(error);
  });
  const created = await deps.canvas.createContribution(user, input.communityId, {
    type: 'Attachment',
    placement: { viewId: input.viewId, x: input.x, y: input.y },
  });
  const attachmentId = created.contribution._id;
  const filename = importedName(file.name, format);
  const upload = await deps.objects.upload(user, input.communityId, attachmentId, { filename, bytes });
  return { attachmentId, upload, refs: created.refs };
};
