import type { CollectionSpec, Document, Filter } from '../../core/readStore.ts';
import { encodeValue, indexKeys, keyProduct, type IndexState } from '../memory-readstore/indexKeys.ts';
import { covers, isEmptyFilter, pinnedValues } from '../memory-readstore/queryPlan.ts';
import { sameFields } from '../memory-readstore/specs.ts';

// Index keys and query plans. Keys are the in-memory adapter's (same MongoDB
// equality semantics: 1 and 1.0 alike, types apart, arrays multikey, a missing
// field as null), stored in the keys table instead of hash buckets.

export type IndexDef = { fields: string[]; unique: boolean };

/** An index with what `indexKeys` needs to compute a document's keys. */
export type KeyedIndex = IndexDef & { state: IndexState };

export const keyedIndexes = (defs: readonly IndexDef[]): KeyedIndex[] =>
  defs.map((def) => ({
    ...def,
    state: { fields: def.fields, paths: def.fields.map((field) => field.split('.')), unique: def.unique, buckets: new Map() },
  }));

/** An index entry of a document: `"<ix>:<key>"`, `ix` its index's position in the catalog. */
export type Entry = string;

export const entry = (ix: number, key: string): Entry => `${ix}:${key}`;

export const splitEntry = (value: Entry): [number, string] => {
  const colon = value.indexOf(':');
  return [Number(value.slice(0, colon)), value.slice(colon + 1)];
};

/** Every index entry of `doc`, each once. */
export const documentEntries = (indexes: readonly KeyedIndex[], doc: Document): Entry[] => {
  const entries: Entry[] = [];
  for (let ix = 0; ix < indexes.length; ix++) {
    const index = indexes[ix] as KeyedIndex;
    for (const key of new Set(indexKeys(index.state, doc))) entries.push(entry(ix, key));
  }
  return entries;
};

/**
 * The indexes of `spec` merged into `current` (new ones appended, so existing
 * entries keep their numbers; a plain index that becomes unique is flagged).
 * Answers the merged list and which positions must be (re)checked or filled.
 */
export const mergeIndexes = (
  current: readonly IndexDef[],
  spec: CollectionSpec,
): { indexes: IndexDef[]; added: number[]; madeUnique: number[] } => {
  const indexes = current.map((def) => ({ fields: [...def.fields], unique: def.unique }));
  const added: number[] = [];
  const madeUnique: number[] = [];
  const wanted = [
    ...(spec.unique ?? []).map((fields) => ({ fields, unique: true })),
    ...(spec.indexes ?? []).map((fields) => ({ fields, unique: false })),
  ];
  for (const { fields, unique } of wanted) {
    if (fields.length === 0) throw new TypeError(`Empty index in collection ${spec.name}`);
    const at = indexes.findIndex((def) => sameFields(def.fields, fields));
    if (at < 0) {
      added.push(indexes.length);
      indexes.push({ fields: [...fields], unique });
    } else if (unique && !indexes[at]?.unique) {
      (indexes[at] as IndexDef).unique = true;
      madeUnique.push(at);
    }
  }
  return { indexes, added, madeUnique };
};

/**
 * Where a query's candidates come from: every document, documents by `_id`, or
 * the keys of one index. `covered`: the candidates are exactly the matches (the
 * filter is only equalities on the index's fields), so counting needs no
 * document and documents found need no test against the filter.
 */
export type Plan =
  { kind: 'all' } | { kind: 'ids'; ids: string[]; covered: boolean } | { kind: 'keys'; ix: number; keys: string[]; covered: boolean };

/**
 * The candidate plans of `filter`: by `_id` when pinned (one plan), else one
 * per index whose fields are all pinned, those pinning more fields first (a
 * class's notes rather than every note); none means a scan. The tables pick
 * among several by counting their entries (see CollectionTables.plan).
 */
export const candidatePlans = (filter: Filter, indexes: readonly IndexDef[]): Plan[] => {
  if (isEmptyFilter(filter)) return [];
  const pinned = pinnedValues(filter);
  const ids = pinned.get('_id');
  if (ids) {
    return [{ kind: 'ids', ids: [...new Set(ids.filter((id): id is string => typeof id === 'string'))], covered: covers(filter, ['_id']) }];
  }
  const plans: (Plan & { fields: number })[] = [];
  for (let ix = 0; ix < indexes.length; ix++) {
    const fields = (indexes[ix] as IndexDef).fields;
    if (!fields.every((field) => pinned.has(field))) continue;
    const keys = keyProduct(fields.map((field) => [...new Set((pinned.get(field) ?? []).map(encodeValue))]));
    plans.push({ kind: 'keys', ix, keys, covered: covers(filter, fields), fields: fields.length });
  }
  return plans.sort((a, b) => b.fields - a.fields).map(({ fields: _, ...plan }) => plan);
};
