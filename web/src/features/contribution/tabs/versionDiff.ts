/**
 * Word-level differences between two versions of a note (issue 21 §7): what
 * the history dialog marks as inserted and deleted. Pure; no dependency.
 *
 * Texts are cut into tokens (words, runs of spaces, single punctuation marks),
 * the shortest edit script between the two token lists is found with Myers'
 * O((N+M)·D) algorithm, and the result is tidied for reading: a lone space
 * kept between two changes joins them, and within a changed run the deleted
 * words come before the inserted ones.
 */

export type DiffPart = { kind: 'same' | 'ins' | 'del'; text: string };

/** Beyond this many edits the texts are shown as one deletion and one insertion (a rewrite, not an edit). */
const maxEdits = 2000;

/** Words (letters, digits, inner apostrophes and hyphens), runs of white space, or one other character. */
const tokenPattern = /\s+|[\p{L}\p{N}\p{M}_]+(?:['’-][\p{L}\p{N}\p{M}_]+)*|[^\s]/gu;

export const tokenize = (text: string): string[] => text.match(tokenPattern) ?? [];

type Op = { kind: DiffPart['kind']; token: string };

/**
 * Myers' greedy shortest edit script between `a` and `b` (after the common
 * prefix and suffix are set aside). Each round keeps only the furthest
 * reaching x per diagonal k ∈ [−d, d], so the trace is O(D²).
 * Returns null when the texts differ by more than `limit` edits.
 */
const shortestEdit = (a: readonly string[], b: readonly string[], limit: number): Op[] | null => {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, limit);
  // trace[d][k + d] = furthest x on diagonal k after d edits.
  const trace: Int32Array[] = [];
  let previous = new Int32Array(1);
  for (let d = 0; d <= max; d++) {
    const v = new Int32Array(2 * d + 1);
    const at = (row: Int32Array, rowD: number, k: number) => row[k + rowD] as number;
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (d === 0) x = 0;
      else if (k === -d || (k !== d && at(previous, d - 1, k - 1) < at(previous, d - 1, k + 1))) x = at(previous, d - 1, k + 1);
      else x = at(previous, d - 1, k - 1) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[k + d] = x;
      if (x >= n && y >= m) {
        trace.push(v);
        return backtrack(a, b, trace);
      }
    }
    trace.push(v);
    previous = v;
  }
  return null;
};

const backtrack = (a: readonly string[], b: readonly string[], trace: Int32Array[]): Op[] => {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const k = x - y;
    let prevX = 0;
    let prevY = 0;
    if (d > 0) {
      const v = trace[d - 1] as Int32Array;
      const get = (kk: number) => v[kk + d - 1] as number;
      const prevK = k === -d || (k !== d && get(k - 1) < get(k + 1)) ? k + 1 : k - 1;
      prevX = get(prevK);
      prevY = prevX - prevK;
    }
    while (x > prevX && y > prevY) {
      ops.push({ kind: 'same', token: a[x - 1] as string });
      x--;
      y--;
    }
    if (d > 0) {
      if (x === prevX) ops.push({ kind: 'ins', token: b[y - 1] as string });
      else ops.push({ kind: 'del', token: a[x - 1] as string });
    }
    x = prevX;
    y = prevY;
  }
  return ops.reverse();
};

/** Joins tokens into parts, absorbs a lone space between two changes, and puts deletions before insertions in each changed run. */
const tidy = (ops: Op[]): DiffPart[] => {
  const marked = ops.map((op, i) => {
    if (op.kind !== 'same' || op.token.trim() !== '') return op;
    const before = ops[i - 1];
    const after = ops[i + 1];
    return before && after && before.kind !== 'same' && after.kind !== 'same' ? { kind: 'change' as const, token: op.token } : op;
  });
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  let del = '';
  let ins = '';
  const flush = () => {
    push('del', del);
    push('ins', ins);
    del = '';
    ins = '';
  };
  for (const op of marked) {
    if (op.kind === 'same') {
      flush();
      push('same', op.token);
    } else if (op.kind === 'del') del += op.token;
    else if (op.kind === 'ins') ins += op.token;
    else {
      del += op.token;
      ins += op.token;
    }
  }
  flush();
  return parts;
};

/** The word-level differences from `before` to `after`: `same` parts joined with `del` and `ins` give back each text. */
export const diffWords = (before: string, after: string): DiffPart[] => {
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  const a = tokenize(before);
  const b = tokenize(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  const middle = shortestEdit(middleA, middleB, maxEdits) ?? [
    ...middleA.map((token): Op => ({ kind: 'del', token })),
    ...middleB.map((token): Op => ({ kind: 'ins', token })),
  ];
  const same = (tokens: string[]) => tokens.map((token): Op => ({ kind: 'same', token }));
  return tidy([...same(a.slice(0, start)), ...middle, ...same(a.slice(endA))]);
};

/** The text before (`same` + `del`) or after (`same` + `ins`) a diff. */
export const sideOf = (parts: readonly DiffPart[], side: 'before' | 'after'): string =>
  parts
    .filter((part) => part.kind === 'same' || part.kind === (side === 'before' ? 'del' : 'ins'))
    .map((part) => part.text)
    .join('');

/** Members added and removed between two lists (authors), in their order. */
export const listChange = <T>(before: readonly T[], after: readonly T[]): { added: T[]; removed: T[] } => ({
  added: after.filter((item) => !before.includes(item)),
  removed: before.filter((item) => !after.includes(item)),
});

/** What the history dialog compares of a contribution version (read from a historical object's `data`). */
export type VersionFacts = {
  title: string;
  authors: string[];
  permission: string;
  group: string | null;
  status: string;
  keywords: string[];
  /** The body's plain text (notes). */
  text: string;
  /** The drawing's SVG (drawings). */
  svg: string;
};

const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const stringsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The facts of a version; `textOf` turns a note body (ProseMirror JSON) into plain text. */
export const versionFacts = (data: Record<string, unknown>, textOf: (body: unknown) => string): VersionFacts => {
  const inner = typeof data.data === 'object' && data.data !== null ? (data.data as Record<string, unknown>) : {};
  return {
    title: stringOf(data.title),
    authors: stringsOf(data.authors),
    permission: stringOf(data.permission),
    group: typeof data.group === 'string' ? data.group : null,
    status: stringOf(data.status),
    keywords: stringsOf(data.keywords),
    text: inner.body === undefined ? '' : textOf(inner.body),
    svg: stringOf(inner.svg),
  };
};

/** A field that changed, with its two values. */
export type Change<T> = { before: T; after: T };

/** Everything that differs from one version to the next (absent: unchanged). */
export type VersionChanges = {
  title?: Change<string>;
  authors?: { added: string[]; removed: string[] };
  permission?: Change<string>;
  group?: Change<string | null>;
  status?: Change<string>;
  keywords?: { added: string[]; removed: string[] };
  text?: DiffPart[];
  drawing?: true;
};

export const compareVersions = (before: VersionFacts, after: VersionFacts): VersionChanges => {
  const changes: VersionChanges = {};
  if (before.title !== after.title) changes.title = { before: before.title, after: after.title };
  const authors = listChange(before.authors, after.authors);
  if (authors.added.length + authors.removed.length > 0) changes.authors = authors;
  if (before.permission !== after.permission) changes.permission = { before: before.permission, after: after.permission };
  if (before.group !== after.group) changes.group = { before: before.group, after: after.group };
  if (before.status !== after.status) changes.status = { before: before.status, after: after.status };
  const keywords = listChange(before.keywords, after.keywords);
  if (keywords.added.length + keywords.removed.length > 0) changes.keywords = keywords;
  if (before.text !== after.text) changes.text = diffWords(before.text, after.text);
  if (before.svg !== after.svg) changes.drawing = true;
  return changes;
};
