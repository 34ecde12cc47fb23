import { Query } from 'mingo';
import type { Document, Filter } from '../../core/readStore.ts';

type Scalar = string | number | boolean;
const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && !Number.isNaN(value));

/**
 * How a read store tests a document against a filter it could not answer
 * from an index. Most filters the services send are equalities and `$in`
 * lists of strings on top-level fields (`{ communityId, type: { $in: […] },
 * status: 'active' }`); those are tested here directly, about ten times
 * faster than through mingo, which a search over a class's 1,400 matches
 * felt. Anything else — and any document whose field holds an array or an
 * object, where MongoDB's rules for arrays apply — goes to mingo, so the
 * answer is always MongoDB's (`filterTest.unit.spec.ts` compares them).
 * `$where` and `$function` run arbitrary code: read store filters never need them.
 */
export const filterTest = (filter: Filter): ((doc: Document) => boolean) => {
  const query = new Query(filter, { scriptEnabled: false });
  const mingo = (doc: Document) => query.test(doc);
  const checks: [field: string, allowed: ReadonlySet<Scalar>][] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (field.startsWith('$') || field.includes('.')) return mingo;
    if (isScalar(condition)) checks.push([field, new Set([condition])]);
    else if (isInList(condition)) checks.push([field, new Set(condition.$in)]);
    else return mingo;
  }
  return (doc) => {
    for (const [field, allowed] of checks) {
      const value = (doc as Record<string, unknown>)[field];
      // Missing or null: never equal to a scalar nor in a list of scalars. An array or an object: MongoDB's rules.
      if (value === undefined || value === null) return false;
      if (!isScalar(value)) return mingo(doc);
      if (!allowed.has(value)) return false;
    }
    return true;
  };
};

const isInList = (condition: unknown): condition is { $in: Scalar[] } => {
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) return false;
  const keys = Object.keys(condition);
  if (keys.length !== 1 || keys[0] !== '$in') return false;
  const list: unknown = (condition as { $in: unknown }).$in;
  return Array.isArray(list) && list.every(isScalar);
};
