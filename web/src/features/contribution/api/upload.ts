import type { UploadReply } from '../../../../../contracts/api/objects.ts';
import { tokenStore } from '../../../lib/tokenStore.ts';
import { urls } from './urls.ts';
import { ApiError, freshKey } from '../../../lib/api.ts';

export type { UploadReply };

/** A failed upload: the server's message when it sent one. */
export class UploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
  }
}

/**
 * Uploads a file (multipart field `file`) to an attachment with
 * XMLHttpRequest, so the upload's progress can be shown (0–100). Like every
 * write of the client (lib/api.ts), it carries an `Idempotency-Key`: one per
 * upload (user action) unless the caller gives the key of a retry of it, so
 * a retried upload never stores a second version.
 */
export const uploadFile = (
  communityId: string,
  attachmentId: string,
  file: Blob,
  filename: string,
  onProgress: (percent: number) => void,
  /** The upload comes from this note's attachments tab: the server links the note to the attachment (`attach`). */
  noteId?: string,
  idempotencyKey: string = freshKey(),
): Promise<UploadReply> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${urls.upload(communityId, attachmentId)}${noteId ? `?noteId=${encodeURIComponent(noteId)}` : ''}`);
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('idempotency-key', idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onerror = () => reject(new UploadError(0, 'network error'));
    xhr.onabort = () => reject(new UploadError(0, 'aborted'));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(data as UploadReply);
        return;
      }
      // Problem details: the message shows translated from its code (ApiError).
      reject(new ApiError(xhr.status, data && typeof data === 'object' && !Array.isArray(data) ? data : null, xhr.statusText));
    };
    const form = new FormData();
    form.append('file', file, filename);
    xhr.send(form);
  });

/**
 * Fetches a protected file with the bearer token and gives an object URL for
 * <img>/<video> (which cannot send the header). Signed playback links are used as they are.
 */
export const fetchObjectUrl = async (url: string): Promise<string> => {
  const token = tokenStore.get();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new UploadError(response.status, response.statusText);
  return URL.createObjectURL(await response.blob());
};
