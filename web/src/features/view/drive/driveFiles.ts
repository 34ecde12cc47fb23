import { FileImage, FileSpreadsheet, FileText, FileVideo, File, PenTool, Presentation, type LucideIcon } from 'lucide-react';

/** How the import dialog shows a Drive file: which kind (a translated label), which icon, which colour. */
export type DriveKind = 'document' | 'spreadsheet' | 'presentation' | 'drawing' | 'pdf' | 'image' | 'video' | 'file';

const native: Record<string, DriveKind> = {
  'application/vnd.google-apps.document': 'document',
  'application/vnd.google-apps.spreadsheet': 'spreadsheet',
  'application/vnd.google-apps.presentation': 'presentation',
  'application/vnd.google-apps.drawing': 'drawing',
};

/** The kind of a Drive type (Google's own for native files, the family for others). */
export const driveKind = (mimeType: string): DriveKind => {
  const known = native[mimeType];
  if (known) return known;
  if (mimeType === 'application/pdf') return 'pdf';
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  return 'file';
};

/** Each kind's icon and colour, close to Drive's own (blue Docs, green Sheets, yellow Slides, red Drawings and PDF). */
export const driveKindLook: Record<DriveKind, { icon: LucideIcon; colour: string }> = {
  document: { icon: FileText, colour: '#1a73e8' },
  spreadsheet: { icon: FileSpreadsheet, colour: '#188038' },
  presentation: { icon: Presentation, colour: '#e8a600' },
  drawing: { icon: PenTool, colour: '#d93025' },
  pdf: { icon: FileText, colour: '#d93025' },
  image: { icon: FileImage, colour: '#7b1fa2' },
  video: { icon: FileVideo, colour: '#7b1fa2' },
  file: { icon: File, colour: '#5f6368' },
};
