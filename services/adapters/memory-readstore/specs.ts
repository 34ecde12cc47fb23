import type { CollectionSpec } from '../../core/readStore.ts';

export const sameFields = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((field, i) => field === b[i]);

/** The union of the indexes of two specs of the same collection. */
export function mergeSpecs(previous: CollectionSpec | undefined, spec: CollectionSpec): CollectionSpec {
  const unique: string[][] = [];
  const indexes: string[][] = [];
  const add = (list: string[][], fields: string[]): void => {
    if (!list.some((other) => sameFields(other, fields))) list.push([...fields]);
  };
  for (const fields of [...(previous?.unique ?? []), ...(spec.unique ?? [])]) add(unique, fields);
  for (const fields of [...(previous?.indexes ?? []), ...(spec.indexes ?? [])]) {
    if (!unique.some((other) => sameFields(other, fields))) add(indexes, fields);
  }
  return {
    name: spec.name,
    ...(indexes.length > 0 ? { indexes } : {}),
    ...(unique.length > 0 ? { unique } : {}),
  };
}
