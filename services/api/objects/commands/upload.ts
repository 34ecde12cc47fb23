import type { UploadReply } from '../../../../contracts/api/objects.ts';
import { contributionStreamName, type ContributionEvent } from '../../../../contracts/events/contribution.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { attachmentUrl } from '../../../../projections/contributions/content.ts';
import type { ContributionDocument } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ValidationError } from '../../../core/errors.ts';
import { attachmentBlobKey, safeFilename } from '../../../domain/contribution/attachment.ts';
import type { ContributionCommand } from '../../../domain/contribution/contribution.decide.ts';
import { imageSize } from '../../../integrations/media/imageSize.ts';
import { sniffMime } from '../../../integrations/media/sniff.ts';
import { isInitialAttachmentTitle } from '../../canvas/defaultTitles.ts';
import { objectCollections, writable, type ObjectServiceDeps } from '../objectAccess.ts';
import { appendToObject, runOnObject } from '../objectCommands.ts';
import { UploadTooLargeError } from '../objectErrors.ts';

/**
 * A failed upload leaves no file behind (issue 20 §12): the file is deleted
 * unless an event names it. The stream is read again first, because an
 * append whose answer was lost (a remote store) may still have happened.
 */
const dropUnrecordedBlob = async (deps: ObjectServiceDeps, id: string, blobKey: string): Promise<void> => {
  try {
    const { events } = await deps.eventStore.readStream<ContributionEvent>(contributionStreamName(id));
    if (events.some((event) => event.type === 'AttachmentUploaded' && event.data.blobKey === blobKey)) return;
    await deps.blobStore.delete(blobKey);
  } catch {
    // The upload's own error is the one to report; a file left here is only unreachable.
  }
};

/** The note an upload from a note's attachments tab links to: a writable note of the same community. */
const checkTargetNote = async (deps: ObjectServiceDeps, user: UserDocument, communityId: string, noteId: string): Promise<void> => {
  const note = await objectCollections(deps).contributions.get(noteId);
  if (!note || note.communityId !== communityId || note.status === 'inactive') {
    throw ValidationError.field('noteId', msg('objects.notFound'));
  }
  if (note.type !== 'Note') throw ValidationError.field('noteId', msg('objects.attachToNote'));
  await writable(deps, user, communityId, noteId);
};

/**
 * POST /api/upload/{communityId}/{attachmentId}: a new version of the file.
 * With `noteId` (an upload from a note's attachments tab), the note — which
 * the caller must be able to write, in the same community — gets an `attach`
 * link to the attachment, once.
 */
export const uploadAttachment = async (
  deps: ObjectServiceDeps,
  user: UserDocument,
  communityId: string,
  id: string,
  file: { filename: string; bytes: Uint8Array },
  noteId?: string,
): Promise<UploadReply> => {
  const { doc } = await writable(deps, user, communityId, id);
  if (doc.type !== 'Attachment') throw ValidationError.field('attachmentId', msg('objects.notAnAttachment'));
  if (noteId !== undefined) await checkTargetNote(deps, user, communityId, noteId);
  if (file.bytes.byteLength === 0) throw ValidationError.field('file', msg('objects.fileEmpty'));
  if (file.bytes.byteLength > deps.uploadLimitBytes) throw new UploadTooLargeError(deps.uploadLimitBytes);
  // The community's share of the file storage (issue 17 §5), held until the read model counts this file.
  const release = await deps.communityQuota.reserve(communityId, file.bytes.byteLength);
  try {
    return await storeUpload(deps, user, doc, id, file, noteId);
  } finally {
    release();
  }
};

/** The upload itself, once it is known to fit: the file, its event, the note's `attach` link. */
const storeUpload = async (
  deps: ObjectServiceDeps,
  user: UserDocument,
  doc: ContributionDocument,
  id: string,
  file: { filename: string; bytes: Uint8Array },
  noteId: string | undefined,
): Promise<UploadReply> => {
  const mime = sniffMime(file.bytes);
  const size = imageSize(file.bytes, mime);
  const filename = safeFilename(file.filename);
  const blobKey = attachmentBlobKey(id, deps.ids.next());
  await deps.blobStore.put(blobKey, file.bytes, mime);
  const commands: ContributionCommand[] = [
    {
      type: 'RecordUpload',
      data: { filename, mime, size: file.bytes.byteLength, width: size?.width ?? null, height: size?.height ?? null, blobKey },
    },
  ];
  if (!doc.title || isInitialAttachmentTitle(doc.title)) commands.push({ type: 'RetitleContribution', data: { title: filename } });
  let result;
  try {
    result = await appendToObject(deps, user, id, commands);
  } catch (error) {
    await dropUnrecordedBlob(deps, id, blobKey);
    throw error;
  }
  if (result.lastPosition > 0) await deps.projections.waitFor(result.lastPosition);
  if (noteId !== undefined) {
    const linked = await objectCollections(deps).links.find({ from: noteId, to: id, type: 'attach' });
    if (linked.length === 0) {
      await runOnObject(deps, user, noteId, [{ type: 'CreateLink', data: { linkId: deps.ids.next(), to: id, type: 'attach', data: {} } }]);
    }
  }
  const uploaded = result.newEvents.find((event) => event.type === 'AttachmentUploaded');
  const version = uploaded?.type === 'AttachmentUploaded' ? uploaded.data.version : 0;
  return {
    _id: id,
    version,
    filename,
    mime,
    size: file.bytes.byteLength,
    width: size?.width ?? null,
    height: size?.height ?? null,
    url: attachmentUrl(id, version),
    revision: result.nextExpectedRevision,
  };
};
