/** The original's chunk size (spec part 1 §9: "Translation is sent in chunks of 4900 characters"). */
export const maxChunk = 4_900;

/**
 * Cuts `text` into pieces of at most `size` characters whose concatenation is
 * `text` exactly: each cut falls after the last sentence end (`.`, `!`, `?`,
 * `。`, `！`, `？` or a line break) inside the window, else after its last
 * whitespace, else at `size` (one unbroken word longer than a chunk). A cut
 * never splits a UTF-16 surrogate pair.
 */
export const chunkText = (text: string, size = maxChunk): string[] => {
  const chunks: string[] = [];
  let rest = text;
  while (rest.length > size) {
    const cut = cutPoint(rest.slice(0, size + 1), size);
    chunks.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest.length > 0 || chunks.length === 0) chunks.push(rest);
  return chunks;
};

const sentenceEnd = /[.!?。！？\n]/u;
const space = /\s/u;

/** Where to cut `window` (size + 1 characters: a cut just before the extra one is allowed). */
const cutPoint = (window: string, size: number): number => {
  const last = (test: RegExp): number => {
    for (let i = size - 1; i > 0; i -= 1) {
      // Cut after the mark, and after the spaces that follow it (they stay with the sentence they end).
      if (test.test(window[i] ?? '')) {
        let end = i + 1;
        while (end < size && space.test(window[end] ?? '')) end += 1;
        return end;
      }
    }
    return 0;
  };
  const cut = last(sentenceEnd) || last(space) || size;
  // Never between the two halves of a surrogate pair (an emoji, a rare CJK character).
  const code = window.charCodeAt(cut - 1);
  return code >= 0xd800 && code <= 0xdbff ? cut - 1 : cut;
};
