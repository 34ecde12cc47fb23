import { dataOf, descriptionOf, type TypedData } from '../../../../../contracts/contributionData.ts';
import { api } from '../../../lib/api.ts';
import type { ObjectReply } from '../api/objects.ts';
import { fetchObjectUrl } from '../api/upload.ts';
import { urls } from '../api/urls.ts';
import type { AttachmentResolver } from '../editor/nodeViews.ts';

/** What the attachment data of an object says (fact sheet §10.1). */
export type AttachmentData = {
  url: string | null;
  mime: string;
  filename: string;
  version: number;
  width: number | null;
  height: number | null;
};

/** The file of an attachment (none for anything else, or before its first upload). */
export const attachmentDataOf = (object: Pick<ObjectReply, 'title'> & TypedData): AttachmentData => {
  const d = dataOf(object, 'Attachment') ?? {};
  return {
    url: typeof d.url === 'string' ? d.url : null,
    mime: typeof d.type === 'string' ? d.type : '',
    filename: typeof d.filename === 'string' ? d.filename : object.title,
    version: typeof d.version === 'number' ? d.version : 0,
    width: typeof d.width === 'number' ? d.width : null,
    height: typeof d.height === 'number' ? d.height : null,
  };
};

/** What names a picture for a screen reader: its description, else its title. */
export const altTextOf = (object: TypedData & { title: string }): string => descriptionOf(object) || object.title;

export const isImage = (mime: string): boolean => /^image\/(png|jpeg|gif|webp|svg\+xml)$/.test(mime);
export const isVideo = (mime: string): boolean => mime.startsWith('video/');

const cache = new Map<string, Promise<string>>();

/** An object URL for a protected file, fetched once per URL. */
export const fileUrl = (url: string): Promise<string> => {
  let found = cache.get(url);
  if (!found) {
    found = fetchObjectUrl(url);
    found.catch(() => cache.delete(url));
    cache.set(url, found);
  }
  return found;
};

/** Inline attachments: the image's object URL, or the file for a download link. */
export const resolveAttachment: AttachmentResolver = async (attachmentId) => {
  try {
    const object = await api.request<ObjectReply>(urls.object(attachmentId));
    const data = attachmentDataOf(object);
    if (!data.url) return null;
    return { src: await fileUrl(data.url), title: object.title, isImage: isImage(data.mime), description: descriptionOf(object) };
  } catch {
    return null;
  }
};
