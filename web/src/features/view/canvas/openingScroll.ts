import { overlaps, type Point, type Rect } from './model.ts';

/** Space left between the visible canvas's edges and the first refs when a view opens scrolled to them. */
export const openingMargin = 24;

/**
 * Where a view's canvas opens (issue 21 §10). Notes are placed where their
 * author was looking, often the middle of a laptop's screen; opened on a phone
 * (or on a desktop when they all sit far right or below), the canvas's top-left
 * corner would show none of them. So: when no ref intersects `viewport` (the
 * visible canvas at its first scroll position), scroll (never zoom) so that the
 * top-left corner of the refs' bounding box sits `margin` pixels inside the
 * visible canvas's top-left corner. Returns null to stay where it is: the view
 * is empty, or some of its refs already show.
 */
export const openingScroll = (rects: readonly Rect[], viewport: Rect, margin = openingMargin): Point | null => {
  if (rects.length === 0) return null;
  let left = Infinity;
  let top = Infinity;
  for (const rect of rects) {
    if (overlaps(rect, viewport)) return null;
    left = Math.min(left, rect.x);
    top = Math.min(top, rect.y);
  }
  return { x: Math.max(0, Math.round(left - margin)), y: Math.max(0, Math.round(top - margin)) };
};
