import { dayOf, type DateRange } from './dates.ts';

/**
 * The author network (spec part 2 §2, fact sheet §7): authors as nodes sized
 * by their contributions, build-on edges weighted by (building author,
 * built-on author) pairs, self-loops kept. Pure.
 */

export type NetworkItem = { id: string; authors: readonly string[]; created: string; views: readonly string[] };
export type BuildOnEdge = { from: string; to: string; count: number };

export type NetworkFilters = {
  range?: DateRange;
  /** Only contributions placed in this view. */
  view?: string;
  /** Only these authors (a group's members). */
  members?: readonly string[];
};

export type AuthorNetwork = {
  nodes: { authorId: string; size: number; radius: number }[];
  edges: { from: string; to: string; weight: number; stroke: number }[];
};

/** The original's scale: ((v − min) / max × span) + base (a lone value: base). */
export const scaled = (value: number, min: number, max: number, span: number, base: number): number =>
  max > 0 ? ((value - min) / max) * span + base : base;

export const authorNetwork = (
  items: readonly NetworkItem[],
  buildOns: readonly BuildOnEdge[],
  filters: NetworkFilters,
  order: readonly string[],
): AuthorNetwork => {
  const members = filters.members ? new Set(filters.members) : null;
  const sizes = new Map<string, number>();
  for (const item of items) {
    if (filters.range) {
      const day = dayOf(item.created);
      if (day < filters.range.from || day > filters.range.to) continue;
    }
    if (filters.view && !item.views.includes(filters.view)) continue;
    for (const author of new Set(item.authors)) {
      if (members && !members.has(author)) continue;
      sizes.set(author, (sizes.get(author) ?? 0) + 1);
    }
  }
  const rank = new Map(order.map((id, i) => [id, i]));
  const rankOf = (id: string) => rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  const byRank = (x: string, y: string) => rankOf(x) - rankOf(y) || x.localeCompare(y);
  const values = [...sizes.values()];
  const [minSize, maxSize] = [Math.min(...values), Math.max(...values)];
  const nodes = [...sizes.entries()]
    .sort(([x], [y]) => byRank(x, y))
    .map(([authorId, size]) => ({ authorId, size, radius: scaled(size, minSize, maxSize, 20, 8) }));
  const kept = buildOns.filter((edge) => edge.count > 0 && sizes.has(edge.from) && sizes.has(edge.to));
  const weights = kept.map((edge) => edge.count);
  const [minWeight, maxWeight] = [Math.min(...weights), Math.max(...weights)];
  const edges = kept
    .sort((x, y) => byRank(x.from, y.from) || byRank(x.to, y.to))
    .map((edge) => ({ from: edge.from, to: edge.to, weight: edge.count, stroke: scaled(edge.count, minWeight, maxWeight, 5, 2) }));
  return { nodes, edges };
};
