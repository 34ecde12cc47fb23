import type { Document } from '../../core/readStore.ts';
import { isRecord } from './records.ts';

// Hash index keys: how a document's indexed fields become bucket keys, and the buckets themselves.

/** Encoded index key (see `encodeValue`). */
export type Key = string;

/**
 * One stored version of a document. A replacement or delete retires the entry
 * (`alive = false`) instead of searching every bucket holding it; buckets drop
 * retired entries when they make up half of them.
 */
export type Entry = {
  readonly doc: Document;
  alive: boolean;
  /** last query that yielded it (dedupes multi-bucket lookups) */ mark: number;
};

/**
 * The entries under one index key. Plain arrays rather than Sets: appending is
 * an order of magnitude cheaper than hashing each id, which is what makes
 * restoring a snapshot of a million documents fast.
 */
export type Bucket = { entries: Entry[]; dead: number };

export type IndexState = {
  fields: readonly string[];
  /** `fields` split on dots, once. */
  paths: readonly (readonly string[])[];
  unique: boolean;
  /** key → the documents having that key (several keys per document when multikey). */
  buckets: Map<Key, Bucket>;
};

export const liveCount = (bucket: Bucket): number => bucket.entries.length - bucket.dead;

/**
 * Encodes one indexed value so that equal values (in MongoDB's sense: 1 and
 * 1.0, 0 and -0) share a key and different types never do.
 */
export function encodeValue(value: unknown): Key {
  switch (typeof value) {
    case 'string':
      return `s${value}`;
    case 'number':
      return `n${value === 0 ? 0 : value}`;
    case 'boolean':
      return value ? 'b1' : 'b0';
    case 'undefined':
      return 'z';
    default:
      if (value === null) return 'z';
      if (value instanceof Date) return `d${value.getTime()}`;
      return `o${JSON.stringify(value)}`;
  }
}

/**
 * The values a MongoDB equality on `path` could match in `doc`: the value at
 * the path, each element when it is an array, and the path followed through
 * arrays of sub-documents (`a.b` over `a: [{b: 1}, {b: 2}]`). A superset is
 * harmless (mingo tests every candidate); a missing value would lose matches.
 */
function pathValues(node: unknown, segments: readonly string[], from: number, out: unknown[]): void {
  if (from === segments.length) {
    if (Array.isArray(node)) {
      if (node.length === 0) out.push(null);
      for (const element of node) out.push(element);
    } else {
      out.push(node);
    }
    return;
  }
  const segment = segments[from] ?? '';
  if (Array.isArray(node)) {
    for (const element of node) {
      if (isRecord(element)) pathValues(element, segments, from, out);
    }
    if (/^\d+$/.test(segment)) {
      const element: unknown = node[Number(segment)];
      if (element !== undefined) pathValues(element, segments, from + 1, out);
    }
    return;
  }
  if (isRecord(node)) {
    const child = node[segment];
    if (child !== undefined) pathValues(child, segments, from + 1, out);
  }
}

const splitCache = new Map<string, string[]>();
export const splitPath = (path: string): string[] => {
  let segments = splitCache.get(path);
  if (!segments) {
    segments = path.split('.');
    splitCache.set(path, segments);
  }
  return segments;
};

/** Distinct encoded values at `path` in `doc`; a missing field is indexed as null, like MongoDB. */
function fieldKeys(doc: Document, path: readonly string[]): Key[] {
  if (path.length === 1) {
    // Fast path: a top-level scalar.
    const value = doc[path[0] ?? ''];
    if (value === undefined || value === null) return ['z'];
    if (typeof value !== 'object') return [encodeValue(value)];
  }
  const values: unknown[] = [];
  pathValues(doc, path, 0, values);
  if (values.length === 0) return ['z'];
  if (values.length === 1) return [encodeValue(values[0])];
  return [...new Set(values.map(encodeValue))];
}

/**
 * Compound keys: the encoded parts joined by U+0001, or as JSON when a part
 * contains that character (encoded parts never start with `[`, so the two
 * forms cannot collide).
 */
function joinKey(parts: readonly Key[]): Key {
  return parts.some((part) => part.includes('\u0001')) ? JSON.stringify(parts) : parts.join('\u0001');
}

export function keyProduct(perField: Key[][]): Key[] {
  if (perField.length === 1) return perField[0] ?? [];
  let tuples: Key[][] = [[]];
  for (const keys of perField) {
    const next: Key[][] = [];
    for (const tuple of tuples) for (const key of keys) next.push([...tuple, key]);
    tuples = next;
  }
  return tuples.map(joinKey);
}

/**
 * The key of a path leading to one scalar (or nothing, indexed as null), or
 * `null` when arrays or sub-documents need the general walk. Most indexed
 * fields are scalars, and this path allocates nothing but the key.
 */
function scalarKey(doc: Document, path: readonly string[]): Key | null {
  let node: unknown = doc;
  for (const segment of path) {
    if (node === undefined || node === null) return 'z';
    if (typeof node !== 'object' || Array.isArray(node)) return null;
    node = (node as Record<string, unknown>)[segment];
  }
  if (node === undefined || node === null) return 'z';
  return typeof node === 'object' ? null : encodeValue(node);
}

export function indexKeys(index: IndexState, doc: Document): Key[] {
  const paths = index.paths;
  if (paths.length === 1) {
    const [path = []] = paths;
    const key = scalarKey(doc, path);
    return key === null ? fieldKeys(doc, path) : [key];
  }
  let joined = '';
  for (let i = 0; i < paths.length; i++) {
    const key = scalarKey(doc, paths[i] ?? []);
    if (key === null || key.includes('\u0001')) return keyProduct(paths.map((path) => fieldKeys(doc, path)));
    joined = i === 0 ? key : `${joined}\u0001${key}`;
  }
  return [joined];
}

export function addToIndex(index: IndexState, entry: Entry): void {
  for (const key of indexKeys(index, entry.doc)) {
    const bucket = index.buckets.get(key);
    if (bucket) bucket.entries.push(entry);
    else index.buckets.set(key, { entries: [entry], dead: 0 });
  }
}
