import type { Filter } from '../../core/readStore.ts';
import { isRecord } from './records.ts';

/**
 * How the last query on a collection found its candidates: `index` names the
 * fields of the hash index used (`['_id']` for a lookup by id, `null` for a
 * full scan) and `scanned` counts the documents tested against the filter.
 */
export type QueryPlan = { index: readonly string[] | null; scanned: number };

type Pinnable = string | number | boolean;

const isPinnable = (value: unknown): value is Pinnable =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

export const isEmptyFilter = (filter: Filter): boolean => {
  for (const _ in filter) return false;
  return true;
};

/**
 * The fields the filter pins to a finite set of primitive values: `{f: v}`,
 * `{f: {$eq: v}}`, `{f: {$in: [...]}}`, at the top level or inside a top-level
 * `$and`. Null is never pinned (it also matches missing fields and arrays of
 * sub-documents in ways a hash lookup cannot follow), so such queries scan.
 */
export function pinnedValues(filter: Filter): Map<string, Pinnable[]> {
  const pinned = new Map<string, Pinnable[]>();
  const pin = (field: string, values: Pinnable[]): void => {
    const current = pinned.get(field);
    if (!current || values.length < current.length) pinned.set(field, values);
  };
  const visit = (clause: Record<string, unknown>): void => {
    for (const [field, condition] of Object.entries(clause)) {
      if (field === '$and') {
        if (Array.isArray(condition)) {
          for (const member of condition) if (isRecord(member)) visit(member);
        }
        continue;
      }
      if (field.startsWith('$')) continue;
      if (isPinnable(condition)) {
        pin(field, [condition]);
        continue;
      }
      if (!isRecord(condition)) continue;
      const operators = Object.keys(condition);
      if (operators.length === 0 || !operators.every((op) => op.startsWith('$'))) continue;
      if ('$eq' in condition && isPinnable(condition.$eq)) pin(field, [condition.$eq]);
      const values = condition.$in;
      if (Array.isArray(values) && values.every(isPinnable)) pin(field, values);
    }
  };
  visit(filter);
  return pinned;
}

/** Whether `condition` is exactly an equality or `$in` of primitive values. */
const isExactPin = (condition: unknown): boolean => {
  if (isPinnable(condition)) return true;
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) return false;
  const keys = Object.keys(condition);
  if (keys.length !== 1) return false;
  const value = (condition as Record<string, unknown>)[keys[0] ?? ''];
  if (keys[0] === '$eq') return isPinnable(value);
  return keys[0] === '$in' && Array.isArray(value) && value.every(isPinnable);
};

/**
 * Whether an index on `fields` finds exactly the matches of `filter`: only
 * equalities on these fields, none through an array position (`a.0.b`, where
 * the keys are a superset). Such a plan's documents need no test.
 */
export const covers = (filter: Filter, fields: readonly string[]): boolean => {
  const keys = Object.keys(filter);
  return (
    keys.length === fields.length &&
    keys.every((field) => fields.includes(field) && isExactPin(filter[field])) &&
    fields.every((field) => !field.split('.').some((segment) => /^\d+$/.test(segment)))
  );
};
