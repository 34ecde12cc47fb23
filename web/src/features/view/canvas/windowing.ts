/**
 * Windowing of the canvas (issue 16 §2): only the refs and arrows near what
 * the scroller shows are in the page. The window is the visible canvas rect
 * grown by a margin (screen pixels, so the same distance at any zoom); it is
 * replaced only when the visible rect, grown by half that margin, leaves it,
 * so a pan re-renders the canvas now and then, not at every frame.
 * Pure: no DOM, no React (useRefWindow.ts follows the scroller).
 */
import type { Arrow, Point, Rect, ViewRef } from './model.ts';

/** Screen pixels drawn beyond each edge of what shows: a pan or a fling shows refs already there. */
export const windowMarginPx = 480;

/** A ref may be drawn wider and taller than its model rect (a long title up to 18rem, two-line meta). */
const drawnSlack = { width: 140, height: 30 } as const;

export const grow = (rect: Rect, by: number): Rect => ({
  x: rect.x - by,
  y: rect.y - by,
  width: rect.width + 2 * by,
  height: rect.height + 2 * by,
});

export const contains = (outer: Rect, inner: Rect): boolean =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

const intersects = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The window to draw for a visible canvas rect at a zoom: the margin is in screen pixels (none: what shows only). */
export const windowFor = (visible: Rect, zoom: number, margin = windowMarginPx): Rect => grow(visible, margin / Math.max(zoom, 1e-3));

/**
 * The drawn window still serves: it covers what shows with half its margin to
 * spare, and is not much larger than a fresh one (after a zoom in it would
 * keep thousands of refs drawn that no longer show).
 */
export const windowStillCovers = (current: Rect | null, visible: Rect, zoom: number): boolean => {
  if (current === null || !contains(current, grow(visible, windowMarginPx / 2 / Math.max(zoom, 1e-3)))) return false;
  const fresh = windowFor(visible, zoom);
  return current.width * current.height <= 2 * fresh.width * fresh.height;
};

/** Whether a ref drawn from `rect` may show in `window` (its drawn box can exceed its model rect). */
export const rectInWindow = (rect: Rect, window: Rect): boolean =>
  intersects({ x: rect.x, y: rect.y, width: rect.width + drawnSlack.width, height: rect.height + drawnSlack.height }, window);

/**
 * The refs to draw, in the order given (their layers): those in the window and
 * those kept whatever the window (the canvas's Tab stop, a lifted note).
 */
export const refsInWindow = <T extends ViewRef>(
  ordered: readonly T[],
  rectOf: (ref: T) => Rect,
  window: Rect,
  kept: ReadonlySet<string>,
): T[] => ordered.filter((ref) => kept.has(ref._id) || rectInWindow(rectOf(ref), window));

/** Liang–Barsky: does the segment a→b cross (or touch) the rect? */
export const segmentCrossesRect = (a: Point, b: Point, rect: Rect): boolean => {
  let t0 = 0;
  let t1 = 1;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const edges: [number, number][] = [
    [-dx, a.x - rect.x],
    [dx, rect.x + rect.width - a.x],
    [-dy, a.y - rect.y],
    [dy, rect.y + rect.height - a.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  return true;
};

/** The arrows to draw: an end in the window, or a line across it. */
export const arrowsInWindow = (arrows: readonly Arrow[], window: Rect): Arrow[] =>
  arrows.filter((arrow) => segmentCrossesRect(arrow.from, arrow.to, window));
