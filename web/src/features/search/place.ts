import type { ViewSummary } from '../../../../contracts/api/communities.ts';
import type { ViewRef } from '../../../../contracts/api/views.ts';
import { clampPosition, refRect } from '../view/canvas/model.ts';

/**
 * "Place in view" from the search results, for those who do not drag (issue
 * 25 §1): the pupil picks a view they may write in, and a ref of the result
 * goes there through the same route as a drop (POST /api/links), below what
 * the view already holds so that it covers nothing.
 */

/** The views a pupil may place a ref in (the list says so per view; older servers did not: then all). */
export const writableViews = (views: readonly ViewSummary[]): ViewSummary[] => views.filter((view) => view.editable !== false);

/** Where a placed ref lands: at the left edge of the view's refs, 30 px below the lowest one; top left in an empty view. */
export const freeSpot = (refs: readonly ViewRef[]): { x: number; y: number } => {
  if (refs.length === 0) return { x: 40, y: 40 };
  const rects = refs.map(refRect);
  const left = Math.min(...rects.map((rect) => rect.x));
  const bottom = Math.max(...rects.map((rect) => rect.y + rect.height));
  return { x: clampPosition(Math.max(20, left)), y: clampPosition(bottom + 30) };
};
