import type {
  Connection,
  HistoricalObject,
  HistoryEntry,
  ObjectReply,
  SaveObjectBody,
  UploadReply,
  VideoComment,
} from '../../../contracts/api/objects.ts';
import type { Permission } from '../../../contracts/events/contribution.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { addVideoComment } from './commands/addVideoComment.ts';
import { changePermission } from './commands/changePermission.ts';
import { addCoauthor, removeCoauthor } from './commands/coauthors.ts';
import { favourite } from './commands/favourite.ts';
import { saveComments } from './commands/saveComments.ts';
import { saveObject } from './commands/saveObject.ts';
import { uploadAttachment } from './commands/upload.ts';
import type { ObjectServiceDeps } from './objectAccess.ts';
import { attachmentFile, playbackLink, videoComments } from './queries/attachmentFiles.ts';
import { connections } from './queries/connections.ts';
import { favourites } from './queries/favourites.ts';
import { getObject } from './queries/getObject.ts';
import { historicalObject } from './queries/historicalObject.ts';
import { history } from './queries/history.ts';

export type { ObjectServiceDeps } from './objectAccess.ts';
export { EditConflictError, UploadTooLargeError } from './objectErrors.ts';
export { safeFilename } from '../../domain/contribution/attachment.ts';

/**
 * Use cases of the contribution page (issue 6), one module each under
 * commands/ and queries/. Every read and write goes through the access rule
 * of contracts/permissions.ts on the server. This facade only binds the
 * dependencies, so that routes keep one `services.objects`.
 */
export class ObjectService {
  constructor(private readonly deps: ObjectServiceDeps) {}

  /** Largest accepted upload, in bytes. */
  get uploadLimitBytes(): number {
    return this.deps.uploadLimitBytes;
  }

  get(user: UserDocument, id: string, at?: string): Promise<ObjectReply> {
    return getObject(this.deps, user, id, at);
  }

  save(user: UserDocument, communityId: string, id: string, input: SaveObjectBody): Promise<ObjectReply> {
    return saveObject(this.deps, user, communityId, id, input);
  }

  changePermission(user: UserDocument, communityId: string, id: string, input: { permission: Permission; group: string | null }) {
    return changePermission(this.deps, user, communityId, id, input);
  }

  addCoauthor(user: UserDocument, communityId: string, id: string, authorId: string) {
    return addCoauthor(this.deps, user, communityId, id, authorId);
  }

  removeCoauthor(user: UserDocument, communityId: string, id: string, authorId: string) {
    return removeCoauthor(this.deps, user, communityId, id, authorId);
  }

  favourite(user: UserDocument, communityId: string, id: string, add: boolean) {
    return favourite(this.deps, user, communityId, id, add);
  }

  favourites(user: UserDocument, communityId: string) {
    return favourites(this.deps, user, communityId);
  }

  saveComments(user: UserDocument, communityId: string, id: string, comments: string) {
    return saveComments(this.deps, user, communityId, id, comments);
  }

  upload(
    user: UserDocument,
    communityId: string,
    id: string,
    file: { filename: string; bytes: Uint8Array },
    noteId?: string,
  ): Promise<UploadReply> {
    return uploadAttachment(this.deps, user, communityId, id, file, noteId);
  }

  playbackLink(user: UserDocument, id: string, version?: number) {
    return playbackLink(this.deps, user, id, version);
  }

  file(user: UserDocument | null, id: string, version: number, link?: { expires: number; sig: string; userId?: string }) {
    return attachmentFile(this.deps, user, id, version, link);
  }

  addVideoComment(user: UserDocument, id: string, input: { time: number; comment: string }): Promise<VideoComment> {
    return addVideoComment(this.deps, user, id, input);
  }

  videoComments(user: UserDocument, id: string): Promise<VideoComment[]> {
    return videoComments(this.deps, user, id);
  }

  connections(user: UserDocument, id: string, direction: 'from' | 'to'): Promise<Connection[]> {
    return connections(this.deps, user, id, direction);
  }

  history(user: UserDocument, id: string): Promise<HistoryEntry[]> {
    return history(this.deps, user, id);
  }

  historicalObject(user: UserDocument, historicalId: string): Promise<HistoricalObject> {
    return historicalObject(this.deps, user, historicalId);
  }
}
