/**
 * The social-interaction page (s2viz, spec part 2 §2, fact sheet §7), from the
 * reads graph (reader → first author of what was read, with counts). Pure.
 */

export type ReadEdge = { from: string; to: string; count: number };

/** Chord flows per read: the reader's side and the author's side (the original's flow1 / flow2). */
export const chordFlows = { reading: [0.1, 1], beingRead: [1, 0.1] } as const;

/**
 * The chord matrix: for each read by R of a note whose first author is A,
 * matrix[R][A] += flow1 and matrix[A][R] += flow2 (a self-read adds both to
 * the diagonal). Summed in tenths, so 0.1 × 3 is 0.3 and not 0.30000000000000004.
 */
export const chordMatrix = (
  edges: readonly ReadEdge[],
  nodes: readonly string[],
  [flow1, flow2]: readonly [number, number],
): number[][] => {
  const index = new Map(nodes.map((node, i) => [node, i]));
  const tenths = nodes.map(() => nodes.map(() => 0));
  const [t1, t2] = [Math.round(flow1 * 10), Math.round(flow2 * 10)];
  for (const { from, to, count } of edges) {
    const r = index.get(from);
    const a = index.get(to);
    if (r === undefined || a === undefined) continue;
    tenths[r]![a]! += t1 * count;
    tenths[a]![r]! += t2 * count;
  }
  return tenths.map((row) => row.map((cell) => cell / 10));
};

/** Everybody in a read, in `order` first (first-seen), then any other id in edge order. */
export const readNodes = (edges: readonly ReadEdge[], order: readonly string[]): string[] => {
  const present = new Set(edges.flatMap((edge) => [edge.from, edge.to]));
  const nodes = order.filter((id) => present.has(id));
  for (const id of present) if (!nodes.includes(id)) nodes.push(id);
  return nodes;
};

export type SocialNetwork = {
  /** Reader → author, weight = reads; self-reads left out (as in the original). */
  edges: { from: string; to: string; weight: number }[];
  /** Each pair of distinct people once (in node order), weight = reads both ways. */
  undirected: { a: string; b: string; weight: number }[];
  undirectedCount: number;
};

/**
 * The network graph. Not copied from the original: its undirected mode gave a
 * pair 0 on its first read and +1 on each further one (one too few); here a
 * pair weighs every read between the two, either way.
 */
export const socialNetwork = (edges: readonly ReadEdge[], nodes: readonly string[]): SocialNetwork => {
  const rank = new Map(nodes.map((node, i) => [node, i]));
  const rankOf = (id: string) => rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  const directed = edges
    .filter((edge) => edge.from !== edge.to && edge.count > 0)
    .map((edge) => ({ from: edge.from, to: edge.to, weight: edge.count }))
    .sort((x, y) => rankOf(x.from) - rankOf(y.from) || rankOf(x.to) - rankOf(y.to));
  const pairs = new Map<string, { a: string; b: string; weight: number }>();
  for (const edge of directed) {
    const [a, b] = rankOf(edge.from) <= rankOf(edge.to) ? [edge.from, edge.to] : [edge.to, edge.from];
    const pair = pairs.get(`${a}\n${b}`) ?? { a, b, weight: 0 };
    pair.weight += edge.weight;
    pairs.set(`${a}\n${b}`, pair);
  }
  const undirected = [...pairs.values()].sort((x, y) => rankOf(x.a) - rankOf(y.a) || rankOf(x.b) - rankOf(y.b));
  return { edges: directed, undirected, undirectedCount: undirected.length };
};
