import { describe, expect, it } from 'vitest';
import { sseDeltas } from './sseDeltas.ts';

async function* from(pieces: string[]) {
  for (const piece of pieces) yield new TextEncoder().encode(piece);
}

const all = async (pieces: string[]) => {
  const deltas: string[] = [];
  for await (const delta of sseDeltas(from(pieces))) deltas.push(delta);
  return deltas;
};

const event = (content: unknown) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

describe('sseDeltas (OpenAI chat-completions streaming)', () => {
  it('yields each delta, joining lines cut between network chunks, and stops at [DONE]', async () => {
    const stream = `: keep-alive\n\n${event('')}${event('Bon')}${event('jour')}data: [DONE]\n\n${event('after')}`;
    expect(await all([stream.slice(0, 40), stream.slice(40, 97), stream.slice(97)])).toEqual(['Bon', 'jour']);
  });

  it('skips events without text, bad JSON and CRLF line ends', async () => {
    expect(await all([`data: {oops\r\n\r\n${event(null)}`, `event: ping\r\n${event('é')}`])).toEqual(['é']);
  });

  it('keeps a last event without its line end', async () => {
    expect(await all([event('a').trimEnd()])).toEqual(['a']);
  });

  it('cuts no multi-byte character between chunks', async () => {
    const bytes = new TextEncoder().encode(event('été'));
    async function* split() {
      yield bytes.slice(0, 45);
      yield bytes.slice(45);
    }
    const deltas: string[] = [];
    for await (const delta of sseDeltas(split())) deltas.push(delta);
    expect(deltas).toEqual(['été']);
  });
});
