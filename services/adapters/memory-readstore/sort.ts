import type { Document, SortSpec } from '../../core/readStore.ts';
import { splitPath } from './indexKeys.ts';
import { isRecord } from './records.ts';

// Sorting in MongoDB's BSON comparison order.

const EMPTY_ARRAY = Symbol('empty array');

/** BSON sort order of the types a JSON-like document holds. */
function typeRank(value: unknown): number {
  if (value === EMPTY_ARRAY) return 0;
  if (value === null || value === undefined) return 1;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return 2;
    case 'string':
    case 'symbol':
      return 3;
    case 'boolean':
      return 8;
    default:
      if (Array.isArray(value)) return 5;
      if (value instanceof Date) return 9;
      if (value instanceof RegExp) return 10;
      if (value instanceof Uint8Array) return 6;
      return 4;
  }
}

function compareValues(a: unknown, b: unknown): number {
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA - rankB;
  switch (rankA) {
    case 2:
      return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
    case 3:
      return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
    case 8:
      return Number(a) - Number(b);
    case 9:
      return (a as Date).getTime() - (b as Date).getTime();
    case 5: {
      const left = a as unknown[];
      const right = b as unknown[];
      for (let i = 0; i < Math.min(left.length, right.length); i++) {
        const order = compareValues(left[i], right[i]);
        if (order !== 0) return order;
      }
      return left.length - right.length;
    }
    case 4: {
      const left = Object.entries(a as Record<string, unknown>);
      const right = Object.entries(b as Record<string, unknown>);
      for (let i = 0; i < Math.min(left.length, right.length); i++) {
        const [keyA, valueA] = left[i] ?? [];
        const [keyB, valueB] = right[i] ?? [];
        const order = compareValues(valueA, valueB) || compareValues(keyA, keyB);
        if (order !== 0) return order;
      }
      return left.length - right.length;
    }
    default:
      return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  }
}

/**
 * The value a document sorts by on `path`: like MongoDB, an array sorts by its
 * smallest element ascending and its largest descending, a missing field as
 * null (first ascending) and an empty array before null.
 */
function sortKey(doc: Document, path: string, direction: 1 | -1): unknown {
  const values: unknown[] = [];
  collectSortValues(doc, splitPath(path), 0, values);
  if (values.length === 0) return null;
  let best = values[0];
  for (let i = 1; i < values.length; i++) {
    const order = compareValues(values[i], best);
    if (direction === 1 ? order < 0 : order > 0) best = values[i];
  }
  return best;
}

function collectSortValues(node: unknown, segments: readonly string[], from: number, out: unknown[]): void {
  if (from === segments.length) {
    if (Array.isArray(node)) {
      if (node.length === 0) out.push(EMPTY_ARRAY);
      else out.push(...(node as unknown[]));
    } else {
      out.push(node ?? null);
    }
    return;
  }
  if (Array.isArray(node)) {
    for (const element of node) collectSortValues(element, segments, from, out);
    return;
  }
  const child = isRecord(node) ? node[segments[from] ?? ''] : undefined;
  if (child === undefined) out.push(null);
  else collectSortValues(child, segments, from + 1, out);
}

export function sortDocuments(docs: Document[], sort: SortSpec): Document[] {
  const fields = Object.entries(sort);
  const keyed = docs.map((doc) => ({ doc, keys: fields.map(([path, direction]) => sortKey(doc, path, direction)) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < fields.length; i++) {
      const order = compareValues(a.keys[i], b.keys[i]);
      if (order !== 0) return order * (fields[i]?.[1] ?? 1);
    }
    return 0;
  });
  return keyed.map(({ doc }) => doc);
}
