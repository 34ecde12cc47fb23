/**
 * Width and height of png, gif, jpeg and webp images, read from their headers
 * (no decoding). Null when the header is not understood.
 */
export type ImageSize = { width: number; height: number };

const u16be = (b: Uint8Array, o: number) => ((b[o] ?? 0) << 8) | (b[o + 1] ?? 0);
const u16le = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8) | ((b[o + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, o: number) =>
  (((b[o] ?? 0) << 24) >>> 0) + (((b[o + 1] ?? 0) << 16) | ((b[o + 2] ?? 0) << 8) | (b[o + 3] ?? 0));

const valid = (width: number, height: number): ImageSize | null =>
  width > 0 && height > 0 && width <= 1_000_000 && height <= 1_000_000 ? { width, height } : null;

const jpegSize = (b: Uint8Array): ImageSize | null => {
  let offset = 2;
  while (offset + 9 < b.length) {
    if (b[offset] !== 0xff) return null;
    const marker = b[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    // Standalone markers carry no length.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = u16be(b, offset + 2);
    // SOF0–SOF15 except DHT (c4), JPG (c8) and DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return valid(u16be(b, offset + 7), u16be(b, offset + 5));
    }
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
};

const webpSize = (b: Uint8Array): ImageSize | null => {
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  if (chunk === 'VP8 ' && b.length >= 30) return valid(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return valid((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X' && b.length >= 30) return valid(u24le(b, 24) + 1, u24le(b, 27) + 1);
  return null;
};

export const imageSize = (bytes: Uint8Array, mime: string): ImageSize | null => {
  switch (mime) {
    case 'image/png':
      return bytes.length >= 24 ? valid(u32be(bytes, 16), u32be(bytes, 20)) : null;
    case 'image/gif':
      return bytes.length >= 10 ? valid(u16le(bytes, 6), u16le(bytes, 8)) : null;
    case 'image/jpeg':
      return jpegSize(bytes);
    case 'image/webp':
      return webpSize(bytes);
    default:
      return null;
  }
};
