import { describe, expect, it } from 'vitest';
import { importedName, importFormat } from './driveFormats.ts';

describe('Drive import formats (issue 18 §6)', () => {
  it('downloads files with content, exports Docs, Sheets and Slides as PDF and Drawings as PNG', () => {
    expect(importFormat('image/png')).toEqual({ kind: 'download' });
    expect(importFormat('application/pdf')).toEqual({ kind: 'download' });
    for (const kind of ['document', 'spreadsheet', 'presentation']) {
      expect(importFormat(`application/vnd.google-apps.${kind}`)).toMatchObject({ mimeType: 'application/pdf', extension: 'pdf' });
    }
    expect(importFormat('application/vnd.google-apps.drawing')).toMatchObject({ mimeType: 'image/png', extension: 'png' });
  });

  it('refuses native kinds Drive cannot export (forms, sites, folders, shortcuts)', () => {
    for (const kind of ['form', 'site', 'folder', 'shortcut', 'map']) {
      expect(importFormat(`application/vnd.google-apps.${kind}`)).toBeNull();
    }
  });

  it("names an export after the Drive file, with the export's extension once", () => {
    const pdf = importFormat('application/vnd.google-apps.document');
    if (!pdf) throw new Error('no format');
    expect(importedName('Mon exposé', pdf)).toBe('Mon exposé.pdf');
    expect(importedName('rapport.PDF', pdf)).toBe('rapport.PDF');
    expect(importedName('photo.jpg', { kind: 'download' })).toBe('photo.jpg');
  });
});
