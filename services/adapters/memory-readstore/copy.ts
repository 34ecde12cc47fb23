import type { Document } from '../../core/readStore.ts';
import { isRecord } from './records.ts';

// Private copies: stored and returned documents never share objects with callers.

/** The stored copy of a document written by a caller, which must have a string `_id`. */
export function copyForStorage<T extends Document>(doc: T): Document {
  if (!isRecord(doc) || typeof doc._id !== 'string') {
    throw new TypeError('A read store document needs a string _id');
  }
  return copyDocument(doc);
}

/** Returned by `copyPlain` for a value it leaves to structuredClone. */
const NOT_PLAIN = Symbol('not plain');

/**
 * Copies plain objects, dense arrays and primitives by hand, or answers
 * NOT_PLAIN for anything else (Date, Map, typed arrays, class instances,
 * null-prototype objects, holes, very deep or cyclic values, …). Several
 * times faster than structuredClone, which reads and writes a byte stream:
 * every stored and returned document is copied, a rebuild copies millions.
 */
function copyPlain(value: unknown, depth: number): unknown {
  if (typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? NOT_PLAIN : value;
  }
  if (value === null) return null;
  if (depth > 64) return copyDeep(value);
  if (Array.isArray(value)) {
    const source = value as unknown[];
    const copy: unknown[] = new Array<unknown>(source.length);
    for (let i = 0; i < source.length; i++) {
      if (!(i in source)) return NOT_PLAIN;
      const element = copyPlain(source[i], depth + 1);
      if (element === NOT_PLAIN) return NOT_PLAIN;
      copy[i] = element;
    }
    // Like MongoDB, and unlike structuredClone, it keeps no non-index array properties.
    return copy;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return NOT_PLAIN;
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key in source) {
    if (key === '__proto__') return NOT_PLAIN;
    const field = copyPlain(source[key], depth + 1);
    if (field === NOT_PLAIN) return NOT_PLAIN;
    copy[key] = field;
  }
  return copy;
}

/**
 * `copyPlain` for what lies deeper than 64 levels: the same rules with an
 * explicit stack instead of recursion, so a document nested thousands of levels
 * deep (a note body written before bodies had a depth limit) is copied instead of
 * overflowing the call stack (structuredClone overflows too).
 */
function copyDeep(root: object): unknown {
  const copyOf = (value: unknown): unknown => {
    if (typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? NOT_PLAIN : value;
    if (value === null) return null;
    if (Array.isArray(value)) return new Array<unknown>(value.length);
    return Object.getPrototypeOf(value) === Object.prototype ? {} : NOT_PLAIN;
  };
  const top = copyOf(root);
  if (top === NOT_PLAIN) return NOT_PLAIN;
  const stack: [Record<string, unknown> | unknown[], Record<string, unknown> | unknown[]][] = [
    [root as Record<string, unknown>, top as Record<string, unknown>],
  ];
  // A value met twice is shared or cyclic: left to structuredClone, as `copyPlain` does.
  const seen = new Set<object>();
  for (let pair = stack.pop(); pair; pair = stack.pop()) {
    const [source, target] = pair;
    if (seen.has(source)) return NOT_PLAIN;
    seen.add(source);
    if (Array.isArray(source)) {
      for (let i = 0; i < source.length; i++) {
        if (!(i in source)) return NOT_PLAIN;
        const element = copyOf(source[i]);
        if (element === NOT_PLAIN) return NOT_PLAIN;
        (target as unknown[])[i] = element;
        if (element !== null && typeof element === 'object') {
          stack.push([source[i] as object as Record<string, unknown>, element as Record<string, unknown>]);
        }
      }
      continue;
    }
    for (const key in source) {
      if (key === '__proto__') return NOT_PLAIN;
      const field = copyOf(source[key]);
      if (field === NOT_PLAIN) return NOT_PLAIN;
      (target as Record<string, unknown>)[key] = field;
      if (field !== null && typeof field === 'object') {
        stack.push([source[key] as Record<string, unknown>, field as Record<string, unknown>]);
      }
    }
  }
  return top;
}

/** A private deep copy of a document (see `copyPlain`). */
export function copyDocument<T extends Document>(doc: T): T {
  const copy = copyPlain(doc, 0);
  return copy === NOT_PLAIN ? structuredClone(doc) : (copy as T);
}
