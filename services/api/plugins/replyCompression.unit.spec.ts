import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressReply, negotiateEncoding } from './replyCompression.ts';

describe('reply compression', () => {
  it('answers the accepted encoding of highest quality among br and gzip, brotli on a tie; q=0 refuses one', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('deflate')).toBeNull();
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('GZIP')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0.1, br;q=0')).toBe('gzip');
  });

  it('compresses so that the client gets the bytes back', () => {
    const body = Buffer.from(JSON.stringify({ refs: Array.from({ length: 100 }, (_, i) => ({ title: `Idée ${i}` })) }));
    expect(brotliDecompressSync(compressReply(body, 'br')).equals(body)).toBe(true);
    expect(gunzipSync(compressReply(body, 'gzip')).equals(body)).toBe(true);
  });
});
