/**
 * Reads an OpenAI-compatible chat-completions stream (server-sent events): lines `data: {json}`
 * separated by blank lines, ending with `data: [DONE]`. Yields each `choices[0].delta.content`
 * that is a non-empty string; comments (`: keep-alive`), other fields and events without
 * content are skipped. A line cut between two network chunks is joined first.
 */
export async function* sseDeltas(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of chunks) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline).replace(/\r$/, '');
      pending = pending.slice(newline + 1);
      const delta = deltaOf(line);
      if (delta === 'done') return;
      if (delta) yield delta;
      newline = pending.indexOf('\n');
    }
  }
  const last = deltaOf(pending.replace(/\r$/, ''));
  if (last && last !== 'done') yield last;
}

/** One SSE line: its delta text, 'done' for `[DONE]`, or null. */
const deltaOf = (line: string): string | null => {
  if (!line.startsWith('data:')) return null;
  const data = line.slice(5).trim();
  if (data === '[DONE]') return 'done';
  try {
    const parsed = JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[] };
    const content = parsed.choices?.[0]?.delta?.content;
    return typeof content === 'string' && content ? content : null;
  } catch {
    return null;
  }
};
