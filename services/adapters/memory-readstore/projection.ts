import { Query } from 'mingo';
import type { Document } from '../../core/readStore.ts';
import { copyDocument } from './copy.ts';

/**
 * A projection that only keeps or only drops top-level fields, applied by hand:
 * mingo copies the fields it keeps recursively, which overflows on a document
 * nested thousands of levels deep (an old note body, issue 20 §0); the copy is
 * left to `copyDocument`, which does not recurse on depth. Null for any other
 * projection (dotted paths, operators), which mingo applies.
 */
export function topLevelProjection(projection: Record<string, unknown>): ((doc: Document) => Document) | null {
  const entries = Object.entries(projection);
  if (
    entries.some(
      ([field, value]) => field.includes('.') || field.startsWith('$') || (value !== 0 && value !== 1 && typeof value !== 'boolean'),
    )
  ) {
    return null;
  }
  const kept = entries.filter(([field, value]) => field !== '_id' && (value === 1 || value === true)).map(([field]) => field);
  const dropped = new Set(entries.filter(([, value]) => value === 0 || value === false).map(([field]) => field));
  if (kept.length > 0 && [...dropped].some((field) => field !== '_id')) return null;
  return (doc) => {
    const out: Document = {} as Document;
    const fields = kept.length > 0 ? ['_id', ...kept] : Object.keys(doc);
    for (const field of fields) {
      if (dropped.has(field) || !(field in doc)) continue;
      (out as Record<string, unknown>)[field] = (doc as Record<string, unknown>)[field];
    }
    return out;
  };
}

/** Private copies of `docs`, of the fields `projection` keeps or does not drop (whole copies without one). */
export const copiesOf = <T extends Document>(docs: readonly T[], projection?: Record<string, 0 | 1>): T[] => {
  if (!projection || Object.keys(projection).length === 0) return docs.map((doc) => copyDocument(doc));
  const simple = topLevelProjection(projection);
  if (simple) return docs.map((doc) => copyDocument(simple(doc) as T));
  return new Query({})
    .find<Document>([...docs], projection)
    .all()
    .map((doc) => copyDocument(doc as T));
};
