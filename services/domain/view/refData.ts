import { inPlaceSize } from '../../../contracts/api/canvas.ts';
import type { RefData } from '../../../contracts/api/views.ts';
import type { PlacedRef } from './geometry.ts';

/**
 * A ref's stored data (the `data` of a `contains` link) read defensively: a
 * ref written by an older version or by a KF6 import may miss fields or hold
 * odd values, and the canvas must still draw it.
 */

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const bool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

/** A ref's stored data in the contract's shape (missing positions fall back to 100,100). */
export const toRefData = (data: Record<string, unknown>): RefData => {
  const out: RefData = { x: num(data.x) ?? 100, y: num(data.y) ?? 100 };
  const width = num(data.width);
  const height = num(data.height);
  if (width !== undefined && width >= 0 && width <= 5000) out.width = width;
  if (height !== undefined && height >= 0 && height <= 5000) out.height = height;
  for (const key of ['showInPlace', 'draggable', 'fixed', 'locked'] as const) {
    const value = bool(data[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
};

/** A ref as placement sees it: its spot, and whether it is fixed (free-space search ignores fixed refs). */
export const placedRef = (data: Record<string, unknown>): PlacedRef => {
  const ref = toRefData(data);
  return { x: ref.x, y: ref.y, fixed: ref.fixed === true };
};

/** A ref as people see it, for placing new contributions (issue 21 §4): a ref shown in place covers its picture. */
export const shownRef = (data: Record<string, unknown>): PlacedRef => {
  const ref = toRefData(data);
  const footprint = ref.showInPlace === true ? { width: ref.width ?? inPlaceSize.width, height: ref.height ?? inPlaceSize.height } : {};
  return { ...placedRef(data), ...footprint };
};

/** Ref data kept when a ref is copied (paste, move to another view, unpack): width, height and show-in-place. */
export const copiedRefData = (data: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const key of ['width', 'height', 'showInPlace'] as const) if (data[key] !== undefined) out[key] = data[key];
  return out;
};
