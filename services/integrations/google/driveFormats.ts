/**
 * How a Drive file becomes an attachment (issue 18 §6). A file with content
 * (a photo, a PDF …) is downloaded as it is. A Google-native file (Docs,
 * Sheets, Slides, Drawings) has no content to download: Drive exports it to
 * a format the canvas shows, PDF for documents and PNG for drawings (an
 * image shows in place). Other native kinds (forms, sites, folders,
 * shortcuts) cannot be exported and are neither listed nor imported.
 */
export type ImportFormat = { kind: 'download' } | { kind: 'export'; mimeType: string; extension: string };

const pdf = { kind: 'export', mimeType: 'application/pdf', extension: 'pdf' } as const;

const nativeExports: Readonly<Record<string, ImportFormat>> = {
  'application/vnd.google-apps.document': pdf,
  'application/vnd.google-apps.spreadsheet': pdf,
  'application/vnd.google-apps.presentation': pdf,
  'application/vnd.google-apps.drawing': { kind: 'export', mimeType: 'image/png', extension: 'png' },
};

const nativePrefix = 'application/vnd.google-apps.';

/** How a file of this Drive type is imported; null when it cannot be. */
export const importFormat = (mimeType: string): ImportFormat | null =>
  mimeType.startsWith(nativePrefix) ? (nativeExports[mimeType] ?? null) : { kind: 'download' };

/** The attachment's file name: the Drive name, with the export's extension when it lacks it. */
export const importedName = (name: string, format: ImportFormat): string => {
  if (format.kind === 'download') return name;
  const suffix = `.${format.extension}`;
  return name.toLowerCase().endsWith(suffix) ? name : `${name}${suffix}`;
};
