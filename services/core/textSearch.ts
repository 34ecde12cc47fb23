/**
 * Full-text search over a read-store collection (issue 14 §1): the port's
 * types, and the one definition of what a word is, what matches and how a
 * match ranks, written in plain TypeScript. SQLite answers with FTS5
 * (`unicode61 remove_diacritics 2`, prefix indexes) and bm25; the memory and
 * MongoDB adapters answer with the functions below (MongoDB finds its
 * candidates through an index of these tokens). All pass the same contract
 * suite (tests/contract/textIndex.features.ts).
 */

/** A collection's full-text index: the text fields (top-level strings) and their weights in ranking (default 1). */
export type TextIndexSpec = { readonly fields: readonly string[]; readonly weights?: readonly number[] };

/**
 * One term of a query: one token (a word) or several (a phrase, consecutive in
 * one field). Tokens are folded (`foldToken`). `prefix`: the last token matches
 * any word it begins.
 */
export type TextTerm = { readonly tokens: readonly string[]; readonly prefix: boolean };

/** Every term must match (AND); `fields` limits them to some of the index's fields (e.g. the title). */
export type TextQuery = { readonly terms: readonly TextTerm[]; readonly fields?: readonly string[] };

/** A match and its rank (higher is better). */
export type TextHit<T> = { doc: T; score: number };

/** Plain text of a snippet, the matched words marked; never markup (the web renders parts as text). */
export type SnippetPart = { text: string; hit: boolean };

/** Tokens shown in a snippet (FTS5's `snippet()` maximum is 64). */
export const snippetTokens = 24;

/** Characters the SQLite adapter uses as highlight markers: removed from indexed text so no note can forge one. */
export const highlightMarkers = { open: '\uE000', close: '\uE001' } as const;
const markerPattern = /[\uE000\uE001]/g;

/** A word: letters, digits and private-use characters, as unicode61 sees them; combining marks stay with their letter. */
const wordPattern = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{Co}\p{M}]*/gu;
const marks = /\p{M}/gu;

/** What FTS5's `remove_diacritics 2` and case folding make of a word: 'Émergence' → 'emergence'. */
export const foldToken = (word: string): string => word.normalize('NFD').replace(marks, '').toLowerCase().normalize('NFC');

/** The folded tokens of a text, in order. */
export const tokensOf = (text: string): string[] => (text.match(wordPattern) ?? []).map(foldToken).filter((t) => t.length > 0);

/** Text as indexed: the highlight markers removed. */
export const indexableText = (value: unknown): string => {
  if (typeof value === 'string') return value.replace(markerPattern, '');
  if (Array.isArray(value)) {
    return value
      .filter((v) => typeof v === 'string')
      .join(' ; ')
      .replace(markerPattern, '');
  }
  return '';
};

/** A query's terms from words: a word of several tokens (`l'arbre`) is a phrase. Empty ones are dropped. */
export const termOf = (text: string, prefix: boolean): TextTerm | null => {
  const tokens = tokensOf(text);
  return tokens.length > 0 ? { tokens, prefix } : null;
};

const fieldsOf = (index: TextIndexSpec, query: TextQuery): number[] => {
  const all = index.fields.map((_, i) => i);
  if (!query.fields) return all;
  const wanted = new Set(query.fields);
  return all.filter((i) => wanted.has(index.fields[i] as string));
};

/** Checks that `query.fields` are fields of the index (a programming error otherwise). */
export const checkTextQuery = (index: TextIndexSpec, query: TextQuery): void => {
  for (const field of query.fields ?? []) {
    if (!index.fields.includes(field)) throw new Error(`Field ${field} is not in the text index (${index.fields.join(', ')})`);
  }
};

const tokenMatches = (token: string, wanted: string, prefix: boolean): boolean => (prefix ? token.startsWith(wanted) : token === wanted);

/** Positions in `tokens` where `term` matches (its first token). */
const termPositions = (tokens: readonly string[], term: TextTerm): number[] => {
  const out: number[] = [];
  const n = term.tokens.length;
  for (let at = 0; at + n <= tokens.length; at++) {
    let ok = true;
    for (let k = 0; k < n && ok; k++) ok = tokenMatches(tokens[at + k] as string, term.tokens[k] as string, term.prefix && k === n - 1);
    if (ok) out.push(at);
  }
  return out;
};

type Analysed = { id: string; fields: string[][] };

/** bm25 constants (FTS5's). */
const k1 = 1.2;
const b = 0.75;

/**
 * The documents of `docs` matching every term, best first (ties: input
 * order). Scores are bm25 over `docs` (their number and the terms' document
 * frequencies among them), summed over fields with the index's weights, as
 * FTS5's `bm25()`; `corpusSize` overrides the number when `docs` are only the
 * candidates of a larger set.
 */
export const rankText = <T extends { _id: string }>(
  docs: readonly T[],
  index: TextIndexSpec,
  query: TextQuery,
  corpusSize?: number,
): TextHit<T>[] => {
  if (query.terms.length === 0) return [];
  const searched = fieldsOf(index, query);
  const analysed: Analysed[] = docs.map((doc) => ({
    id: doc._id,
    fields: index.fields.map((field) => tokensOf(indexableText((doc as Record<string, unknown>)[field]))),
  }));
  const width = index.fields.length;
  const avg = index.fields.map((_, f) => analysed.reduce((sum, a) => sum + (a.fields[f] as string[]).length, 0) / Math.max(1, docs.length));
  // Occurrences of each term per document and field.
  const hits = analysed.map((a) =>
    query.terms.map((term) => a.fields.map((tokens, f) => (searched.includes(f) ? termPositions(tokens, term).length : 0))),
  );
  const matched = hits.map((perTerm) => perTerm.every((perField) => perField.some((n) => n > 0)));
  const total = Math.max(corpusSize ?? docs.length, docs.length);
  const df = query.terms.map((_, t) => hits.filter((perTerm) => (perTerm[t] as number[]).some((n) => n > 0)).length);
  const idf = df.map((n) => Math.max(1e-6, Math.log((total - n + 0.5) / (n + 0.5))));
  const out: TextHit<T>[] = [];
  docs.forEach((doc, i) => {
    if (!matched[i]) return;
    let score = 0;
    query.terms.forEach((_, t) => {
      for (let f = 0; f < width; f++) {
        const tf = ((hits[i] as number[][])[t] as number[])[f] as number;
        if (tf === 0) continue;
        const length = ((analysed[i] as Analysed).fields[f] as string[]).length;
        const weight = index.weights?.[f] ?? 1;
        score += weight * (idf[t] as number) * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * length) / Math.max(1e-6, avg[f] as number))));
      }
    });
    out.push({ doc, score });
  });
  return out
    .map((hit, order) => ({ hit, order }))
    .sort((x, y) => y.hit.score - x.hit.score || x.order - y.order)
    .map(({ hit }) => hit);
};

/**
 * About `snippetTokens` words of `text` around the first match of `query`
 * (from the start when none), the matched words marked, '…' where cut.
 */
export const snippetOf = (text: string, query: TextQuery): SnippetPart[] => {
  const clean = indexableText(text);
  const words = [...clean.matchAll(wordPattern)].map((m) => ({ start: m.index, end: m.index + m[0].length, token: foldToken(m[0]) }));
  if (words.length === 0) return clean.trim() ? [{ text: clean.trim(), hit: false }] : [];
  const tokens = words.map((w) => w.token);
  const marked = new Set<number>();
  for (const term of query.terms) {
    for (const at of termPositions(tokens, term)) for (let k = 0; k < term.tokens.length; k++) marked.add(at + k);
  }
  const first = marked.size > 0 ? Math.min(...marked) : 0;
  const from = Math.max(0, Math.min(first - Math.floor(snippetTokens / 4), words.length - snippetTokens));
  const to = Math.min(words.length, from + snippetTokens);
  const parts: SnippetPart[] = [];
  const push = (part: string, hit: boolean) => {
    if (part.length === 0) return;
    const last = parts[parts.length - 1];
    if (last && last.hit === hit) last.text += part;
    else parts.push({ text: part, hit });
  };
  if (from > 0) push('…', false);
  let at = from > 0 ? (words[from] as { start: number }).start : 0;
  for (let i = from; i < to; i++) {
    const word = words[i] as { start: number; end: number };
    push(clean.slice(at, word.start), false);
    push(clean.slice(word.start, word.end), marked.has(i));
    at = word.end;
  }
  if (to < words.length) push('…', false);
  else push(clean.slice(at), false);
  return parts;
};

/** Splits FTS5 `snippet()` output (with `highlightMarkers`) into parts. */
export const partsOfMarked = (marked: string): SnippetPart[] => {
  const parts: SnippetPart[] = [];
  const pattern = /\uE000([^\uE001]*)\uE001/g;
  let at = 0;
  for (const m of marked.matchAll(pattern)) {
    if (m.index > at) parts.push({ text: marked.slice(at, m.index), hit: false });
    if ((m[1] ?? '').length > 0) parts.push({ text: m[1] as string, hit: true });
    at = m.index + m[0].length;
  }
  if (at < marked.length) parts.push({ text: marked.slice(at).replace(markerPattern, ''), hit: false });
  return parts;
};

/** An FTS5 MATCH expression for `query`: every term quoted (tokens are letters and digits only), AND-ed. */
export const ftsMatchExpression = (query: TextQuery, columns: readonly string[]): string => {
  const body = query.terms
    .map((term) => `"${term.tokens.map((t) => t.replaceAll('"', '')).join(' ')}"${term.prefix ? '*' : ''}`)
    .join(' AND ');
  return columns.length > 0 ? `{${columns.join(' ')}} : (${body})` : body;
};
