import { ReadModelCorruptError } from '../../core/errors.ts';

/**
 * A 53-bit hash of a stored row (its `_id` and JSON text): cyrb53 (public
 * domain), a few nanoseconds per character. It is not cryptographic: it catches
 * a damaged row (a flipped byte SQLite cannot see, since it checks no payload),
 * not a forged one. Every read checks it, so damage is never served.
 */
export const checksum = (id: string, text: string): number => {
  let h1 = 0xdeadbeef ^ text.length;
  let h2 = 0x41c6ce57 ^ id.length;
  for (let i = 0; i < id.length; i++) {
    const ch = id.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  // A separator, so that ("ab", "c…") and ("a", "bc…") differ.
  h1 = Math.imul(h1 ^ 0xffff, 2654435761);
  h2 = Math.imul(h2 ^ 0xffff, 1597334677);
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
};

/** A stored row as the tables hand it out. */
export type StoredRow = { id: string; doc: string; sum: number };

/** The document of `row`, or a ReadModelCorruptError when its checksum or its JSON is wrong. */
export const decodeRow = (collection: string, row: StoredRow): Record<string, unknown> & { _id: string } => {
  if (checksum(row.id, row.doc) !== row.sum) {
    throw new ReadModelCorruptError(collection, `document ${JSON.stringify(row.id)} does not match its checksum`);
  }
  try {
    return JSON.parse(row.doc) as Record<string, unknown> & { _id: string };
  } catch (error) {
    throw new ReadModelCorruptError(collection, `document ${JSON.stringify(row.id)} is not JSON`, { cause: error });
  }
};

const damageCodes = new Set(['SQLITE_CORRUPT', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_NOTADB']);

/** Whether `error` is SQLite saying the file itself is damaged (not a full disk, not a lock). */
export const isFileDamage = (error: unknown): boolean => {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && damageCodes.has(code);
};
