/**
 * The scaffold supports a note body uses: its `support` nodes
 * (contracts/noteSchema.ts, rendered as KF6 markup by contracts/supportMarkup.ts),
 * counted per support id. Walks the stored ProseMirror JSON without building
 * a document: rebuilds fold every save of every note.
 */
export const supportsInBody = (body: unknown): Record<string, number> => {
  const found: Record<string, number> = {};
  const stack: unknown[] = [body];
  let visited = 0;
  while (stack.length > 0 && visited < 100_000) {
    const node = stack.pop();
    visited++;
    if (typeof node !== 'object' || node === null) continue;
    const { type, attrs, content } = node as { type?: unknown; attrs?: unknown; content?: unknown };
    if (type === 'support') {
      const supportId = typeof attrs === 'object' && attrs !== null ? (attrs as { supportId?: unknown }).supportId : undefined;
      if (typeof supportId === 'string' && /^[0-9a-f]{24}$/.test(supportId)) found[supportId] = (found[supportId] ?? 0) + 1;
      // Supports do not nest (the schema holds text inside them).
      continue;
    }
    if (Array.isArray(content)) for (let i = content.length - 1; i >= 0; i--) stack.push(content[i]);
  }
  return found;
};
