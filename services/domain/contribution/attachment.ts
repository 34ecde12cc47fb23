/** A file name as a label only: no folders, no control characters, no leading dots, at most 200 characters ('file' when nothing is left). */
export const safeFilename = (name: string): string => {
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const cleaned = base.replace(/^\.+/, '').slice(0, 200);
  return cleaned || 'file';
};

/** Where a new version of an attachment's file is stored: under the attachment, with a fresh id. */
export const attachmentBlobKey = (attachmentId: string, fileId: string): string => `attachments/${attachmentId}/${fileId}`;
