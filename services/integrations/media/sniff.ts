/**
 * MIME type detection from a file's first bytes (magic numbers), never from
 * its name or the type the browser declared. Recognised: png, jpeg, gif,
 * webp, pdf, mp4/m4a/mov, webm/mkv, ogg, mp3, wav, zip-based office documents
 * (docx, xlsx, pptx, odt, ods, odp), plain zip, and UTF-8 plain text.
 * Anything else is `application/octet-stream` (downloaded, never displayed).
 */

const ascii = (bytes: Uint8Array, offset: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(offset, offset + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

export const octetStream = 'application/octet-stream';

/** Images the browser may display inline. */
export const inlineImageTypes: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The zip entries (local file headers) of the first part of a zip archive. */
const zipEntryNames = (bytes: Uint8Array, max = 64): string[] => {
  const names: string[] = [];
  let offset = 0;
  while (names.length < max && offset + 30 <= bytes.length && startsWith(bytes, [0x50, 0x4b, 0x03, 0x04], offset)) {
    const view = new DataView(bytes.buffer, bytes.byteOffset + offset);
    const compressedSize = view.getUint32(18, true);
    const nameLength = view.getUint16(26, true);
    const extraLength = view.getUint16(28, true);
    const flags = view.getUint16(6, true);
    names.push(ascii(bytes, offset + 30, nameLength));
    // A data descriptor (bit 3) leaves the size unknown here: stop walking.
    if (flags & 0x08) break;
    offset += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
};

const officeType = (bytes: Uint8Array): string => {
  const names = zipEntryNames(bytes);
  // OpenDocument: the first entry is an uncompressed "mimetype" file.
  if (names[0] === 'mimetype') {
    const declared = ascii(bytes, 38, 60).split('PK')[0]?.trim() ?? '';
    if (/^application\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation)$/.test(declared)) return declared;
  }
  if (names.some((n) => n.startsWith('word/'))) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (names.some((n) => n.startsWith('xl/'))) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (names.some((n) => n.startsWith('ppt/'))) return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  return 'application/zip';
};

/** Valid UTF-8 without NUL or other binary control characters (tab, new lines, form feed allowed). */
const isText = (bytes: Uint8Array): boolean => {
  if (bytes.length === 0) return false;
  const sample = bytes.subarray(0, 64 * 1024);
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  }
  try {
    // A multi-byte character cut at the end of the sample is fine.
    new TextDecoder('utf-8', { fatal: true }).decode(sample.length < bytes.length ? sample.subarray(0, sample.length - 4) : sample);
    return true;
  } catch {
    return false;
  }
};

/** The MIME type of `bytes`, from their content alone. */
export const sniffMime = (bytes: Uint8Array): string => {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return 'audio/wav';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand.startsWith('M4A')) return 'audio/mp4';
    return 'video/mp4';
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    return ascii(bytes, 0, Math.min(bytes.length, 64)).includes('webm') ? 'video/webm' : 'video/x-matroska';
  }
  if (ascii(bytes, 0, 4) === 'OggS') return 'audio/ogg';
  if (
    ascii(bytes, 0, 3) === 'ID3' ||
    (bytes.length > 1 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0 && ((bytes[1] ?? 0) & 0x06) !== 0)
  ) {
    return 'audio/mpeg';
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeType(bytes);
  if (isText(bytes)) return 'text/plain';
  return octetStream;
};
