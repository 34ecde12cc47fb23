import { describe, expect, it } from 'vitest';
import { spellCheckChunks } from './spellCheckStream.ts';

async function* from(pieces: string[]) {
  for (const piece of pieces) yield piece;
}

const all = async (pieces: string[]) => {
  const chunks = [];
  for await (const chunk of spellCheckChunks(from(pieces))) chunks.push(chunk);
  return chunks;
};

describe('spellCheckChunks (KF6: {partial} objects separated by blank lines)', () => {
  it('yields each object once complete, whatever the network cuts', async () => {
    expect(await all(['{"partial":"Bon', 'jour"}\n', '\n{"partial":" toi"}\n\n{"final":true,', '"remainingRequests":null}\n\n'])).toEqual([
      { partial: 'Bonjour' },
      { partial: ' toi' },
      { final: true, remainingRequests: null },
    ]);
  });

  it('keeps a last object without its blank line, skips what is not JSON', async () => {
    expect(await all(['oops\n\n{"error":"ai.failed","status":500}'])).toEqual([{ error: 'ai.failed', status: 500 }]);
  });
});
