import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkText } from './chunks.ts';

describe('chunkText (spec part 1 §9: chunks of 4,900 characters)', () => {
  it('keeps a short text whole', () => {
    expect(chunkText('Bonjour.')).toEqual(['Bonjour.']);
    expect(chunkText('')).toEqual(['']);
  });

  it('cuts after a sentence end and its spaces, else after a space, else at the size', () => {
    expect(chunkText('Un deux. Trois quatre cinq', 12)).toEqual(['Un deux. ', 'Trois ', 'quatre cinq']);
    expect(chunkText('abcdefghijkl', 5)).toEqual(['abcde', 'fghij', 'kl']);
    expect(chunkText('你好。世界很大。', 4)).toEqual(['你好。', '世界很大', '。']);
  });

  it('never splits a surrogate pair', () => {
    expect(chunkText('ab😀cd', 3)).toEqual(['ab', '😀c', 'd']);
  });

  it('gives back the text exactly, in chunks of at most the size', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.integer({ min: 2, max: 40 }), (text, size) => {
        const chunks = chunkText(text, size);
        expect(chunks.join('')).toBe(text);
        for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(size);
      }),
    );
  });
});
