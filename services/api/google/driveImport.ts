import type { CreateContributionReply } from '../../../contracts/api/canvas.ts';
import type { UploadReply } from '../../../contracts/api/objects.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import { FileTooLargeError, type GoogleClient } from '../../integrations/google/googleClient.ts';
import type { CanvasService } from '../canvas/canvasService.ts';
import type { CommunityAccess } from '../communities/access.ts';
import { UploadTooLargeError, type ObjectService } from '../objects/objectService.ts';
import { unavailable, type GoogleAccounts } from './googleAccounts.ts';
import { requirePlugin } from './googleDocs.ts';

export type DriveImportDeps = CommandDeps & {
  client: GoogleClient;
  accounts: GoogleAccounts;
  access: CommunityAccess;
  objects: ObjectService;
  canvas: CanvasService;
};

export type DriveImportInput = { communityId: string; viewId: string; fileId: string; x: number; y: number };

/**
 * POST /auth/googleFile/import (plugin googledrive): a Drive file onto a view
 * as an attachment, through the canvas's "new attachment where placed" and
 * the ordinary upload (its size limit, the community's quota, the type sniff).
 * The file is read from Drive before anything is created, so a failed
 * download leaves no empty attachment behind.
 */
export const importFromDrive = async (
  deps: DriveImportDeps,
  user: UserDocument,
  input: DriveImportInput,
): Promise<{ attachmentId: string; upload: UploadReply; refs: CreateContributionReply['refs'] }> => {
  const grant = await deps.access.member(user, input.communityId);
  await requirePlugin(deps, grant, 'googledrive');
  const accessToken = await deps.accounts.accessToken(user._id);
  const limit = deps.objects.uploadLimitBytes;
  const file = await deps.client.file(accessToken, input.fileId).catch(unavailable);
  if (file.size !== null && file.size > limit) throw new UploadTooLargeError(limit);
  const bytes = await deps.client.download(accessToken, input.fileId, limit).catch((error: unknown) => {
    if (error instanceof FileTooLargeError) throw new UploadTooLargeError(limit);
    return unavailable(error);
  });
  const created = await deps.canvas.createContribution(user, input.communityId, {
    type: 'Attachment',
    placement: { viewId: input.viewId, x: input.x, y: input.y },
  });
  const attachmentId = created.contribution._id;
  const upload = await deps.objects.upload(user, input.communityId, attachmentId, { filename: file.name, bytes });
  return { attachmentId, upload, refs: created.refs };
};
