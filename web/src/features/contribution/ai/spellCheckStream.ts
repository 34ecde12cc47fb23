import type { SpellCheckChunk } from '../../../../../contracts/api/ai.ts';

/**
 * The chunks of a POST /api/ai/spellCheck reply (issue 18 §3; KF6's format): JSON objects
 * separated by blank lines, yielded as each one is complete, whatever the network's cuts.
 * A piece that is not JSON is skipped.
 */
export async function* spellCheckChunks(pieces: AsyncIterable<string>): AsyncGenerator<SpellCheckChunk> {
  let pending = '';
  for await (const piece of pieces) {
    pending += piece;
    let end = pending.indexOf('\n\n');
    while (end >= 0) {
      const chunk = parse(pending.slice(0, end));
      pending = pending.slice(end + 2);
      if (chunk) yield chunk;
      end = pending.indexOf('\n\n');
    }
  }
  const last = parse(pending);
  if (last) yield last;
}

const parse = (text: string): SpellCheckChunk | null => {
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as SpellCheckChunk;
  } catch {
    return null;
  }
};

/** A fetch body as text pieces. */
export async function* textPieces(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (let read = await reader.read(); !read.done; read = await reader.read()) yield decoder.decode(read.value, { stream: true });
}

/** The button lock after each use (spec part 1 §9: "Spell-check button is disabled for 40 s after use"). */
export const lockSeconds = 40;

/** The query of each button (spec part 1 §7). */
export const helpQueries = {
  quick: 'spell=quick',
  full: 'spell=full',
  explain1: 'explain=turboExplain',
  explain2: 'explain=turboExplain2',
  explain3: 'explain=turboExplain3',
} as const;
export type HelpKind = keyof typeof helpQueries;
