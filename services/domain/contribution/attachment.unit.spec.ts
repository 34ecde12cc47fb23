import { describe, expect, it } from 'vitest';
import { attachmentBlobKey, safeFilename } from './attachment.ts';

describe('safeFilename', () => {
  it('keeps an ordinary file name', () => {
    expect(safeFilename('photo de la lune.jpg')).toBe('photo de la lune.jpg');
  });

  it('drops folders, on either separator', () => {
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('C:\\Users\\pupil\\dessin.png')).toBe('dessin.png');
  });

  it('removes control characters and leading dots', () => {
    expect(safeFilename('a\u0000b\u001fc\u007f.txt')).toBe('abc.txt');
    expect(safeFilename('...hidden')).toBe('hidden');
  });

  it('keeps at most 200 characters', () => {
    expect(safeFilename(`${'x'.repeat(300)}.pdf`)).toHaveLength(200);
  });

  it("names what is left empty 'file'", () => {
    expect(safeFilename('')).toBe('file');
    expect(safeFilename('dir/')).toBe('file');
    expect(safeFilename('...')).toBe('file');
  });
});

describe('attachmentBlobKey', () => {
  it('stores each version under its attachment', () => {
    expect(attachmentBlobKey('att1', 'f1')).toBe('attachments/att1/f1');
  });
});
