import { describe, expect, it } from 'vitest';
import { driveKind } from './driveFiles.ts';

describe('the kind of a Drive file in the import dialog', () => {
  it("names Google's native kinds and the families of other files", () => {
    expect(driveKind('application/vnd.google-apps.document')).toBe('document');
    expect(driveKind('application/vnd.google-apps.spreadsheet')).toBe('spreadsheet');
    expect(driveKind('application/vnd.google-apps.presentation')).toBe('presentation');
    expect(driveKind('application/vnd.google-apps.drawing')).toBe('drawing');
    expect(driveKind('application/pdf')).toBe('pdf');
    expect(driveKind('image/jpeg')).toBe('image');
    expect(driveKind('video/mp4')).toBe('video');
    expect(driveKind('application/zip')).toBe('file');
  });
});
