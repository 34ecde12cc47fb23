/**
 * The canvas's viewport (issue 16 §1): where the reader looks and how close.
 * Positions are stored in canvas coordinates (a ref's x/y); the screen shows
 * them scaled by `zoom` and scrolled by `scrollX`/`scrollY` (screen pixels of
 * the scroller). Every pointer coordinate that becomes a canvas coordinate goes
 * through this module. Pure: no DOM, no React (viewportDom.ts reads the DOM).
 */

export type Point = { x: number; y: number };
export type Size = { width: number; height: number };
export type Rect = Point & Size;

/** The zoom as a CSS custom property of the plane (Canvas.module.css sizes compact titles with it). */
export const zoomVariable = (zoom: number): Record<'--canvas-zoom', string> => ({ '--canvas-zoom': String(zoom) });

/** Zoom and scroll: the scroll is in screen pixels (the scroller's scrollLeft/scrollTop). */
export type Viewport = { zoom: number; scrollX: number; scrollY: number };

export const minZoom = 0.1;
export const maxZoom = 4;
/** Below this zoom refs are drawn as compact cards (title only). */
export const compactZoom = 0.5;
/** Space left around what zoom-to-fit shows (screen pixels). */
export const fitMargin = 24;
/** How far one arrow press pans (screen pixels); with Shift, `panStepLarge`. */
export const panStep = 60;
export const panStepLarge = 240;

/** The steps the zoom buttons and the + and − keys go through. */
export const zoomLadder = [0.1, 0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4] as const;

export const clampZoom = (zoom: number): number => (Number.isFinite(zoom) ? Math.min(maxZoom, Math.max(minZoom, zoom)) : 1);

/** The next step of the ladder above `zoom` (the largest stays). */
export const zoomIn = (zoom: number): number => zoomLadder.find((step) => step > zoom + 1e-6) ?? maxZoom;
/** The next step of the ladder below `zoom` (the smallest stays). */
export const zoomOut = (zoom: number): number => [...zoomLadder].reverse().find((step) => step < zoom - 1e-6) ?? minZoom;

/**
 * A wheel's zoom (ctrl/⌘ + wheel, or a trackpad's pinch, which the browser
 * sends as ctrl + wheel): exponential in the delta so that a slow pinch and a
 * fast one feel the same. `deltaMode` 1 counts lines (≈ 16 px), 2 pages.
 */
export const wheelZoom = (zoom: number, deltaY: number, deltaMode = 0): number => {
  const pixels = deltaY * (deltaMode === 1 ? 16 : deltaMode === 2 ? 400 : 1);
  // A mouse wheel's notch (100 px) zooms by about 18 %; clamp one event to a factor of 2.
  const factor = Math.exp(Math.max(-0.7, Math.min(0.7, -pixels * 0.0017)));
  return clampZoom(zoom * factor);
};

/** A client point (e.g. a pointer event's clientX/Y) on a plane whose top-left corner is at `planeOrigin` on screen. */
export const clientToCanvas = (client: Point, planeOrigin: Point, zoom: number): Point => ({
  x: (client.x - planeOrigin.x) / zoom,
  y: (client.y - planeOrigin.y) / zoom,
});

export const canvasToClient = (point: Point, planeOrigin: Point, zoom: number): Point => ({
  x: point.x * zoom + planeOrigin.x,
  y: point.y * zoom + planeOrigin.y,
});

/** A point of the scroller's visible box (0,0 = its top-left corner) on the canvas. */
export const screenToCanvas = (screen: Point, viewport: Viewport): Point => ({
  x: (screen.x + viewport.scrollX) / viewport.zoom,
  y: (screen.y + viewport.scrollY) / viewport.zoom,
});

/** Where a canvas point shows in the scroller's visible box. */
export const canvasToScreen = (point: Point, viewport: Viewport): Point => ({
  x: point.x * viewport.zoom - viewport.scrollX,
  y: point.y * viewport.zoom - viewport.scrollY,
});

/** What part of the canvas a scroller of `view` size shows. */
export const visibleCanvasRect = (viewport: Viewport, view: Size): Rect => ({
  x: viewport.scrollX / viewport.zoom,
  y: viewport.scrollY / viewport.zoom,
  width: view.width / viewport.zoom,
  height: view.height / viewport.zoom,
});

/**
 * The plane's size in canvas pixels: the content, and at least the visible
 * area (a zoomed-out canvas still takes clicks, drops and marquees everywhere).
 */
export const planeSize = (content: Size, view: Size, zoom: number): Size => ({
  width: Math.max(content.width, Math.ceil(view.width / zoom)),
  height: Math.max(content.height, Math.ceil(view.height / zoom)),
});

/** Scroll kept inside what the scroller can scroll (as the browser would clamp it). */
export const clampScroll = (viewport: Viewport, content: Size, view: Size): Viewport => {
  const plane = planeSize(content, view, viewport.zoom);
  const maxX = Math.max(0, plane.width * viewport.zoom - view.width);
  const maxY = Math.max(0, plane.height * viewport.zoom - view.height);
  return {
    zoom: viewport.zoom,
    scrollX: Math.min(maxX, Math.max(0, viewport.scrollX)),
    scrollY: Math.min(maxY, Math.max(0, viewport.scrollY)),
  };
};

/** A new zoom that keeps the canvas point under `anchor` (a point of the visible box, e.g. the pointer) where it is. */
export const zoomAround = (viewport: Viewport, zoom: number, anchor: Point): Viewport => {
  const next = clampZoom(zoom);
  const point = screenToCanvas(anchor, viewport);
  return { zoom: next, scrollX: point.x * next - anchor.x, scrollY: point.y * next - anchor.y };
};

/** The viewport that centres a canvas point at a zoom. */
export const centreOn = (point: Point, zoom: number, view: Size): Viewport => {
  const next = clampZoom(zoom);
  return { zoom: next, scrollX: point.x * next - view.width / 2, scrollY: point.y * next - view.height / 2 };
};

/** The box around some rects, or null when there are none. */
export const boundsOf = (rects: readonly Rect[]): Rect | null => {
  if (rects.length === 0) return null;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const rect of rects) {
    left = Math.min(left, rect.x);
    top = Math.min(top, rect.y);
    right = Math.max(right, rect.x + rect.width);
    bottom = Math.max(bottom, rect.y + rect.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
};

/**
 * Zoom-to-fit (and zoom-to-selection): the largest zoom, at most `max`, at which
 * `bounds` fits in the view with `margin` screen pixels around it, centred.
 * Null bounds (an empty view): 100 %, top-left.
 */
export const fitViewport = (bounds: Rect | null, view: Size, options: { max?: number; margin?: number } = {}): Viewport => {
  if (!bounds) return { zoom: 1, scrollX: 0, scrollY: 0 };
  const margin = options.margin ?? fitMargin;
  const room = { width: Math.max(1, view.width - 2 * margin), height: Math.max(1, view.height - 2 * margin) };
  const zoom = clampZoom(Math.min(options.max ?? 1, room.width / Math.max(1, bounds.width), room.height / Math.max(1, bounds.height)));
  return centreOn({ x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 }, zoom, view);
};

/** A pan by screen pixels. */
export const panBy = (viewport: Viewport, dx: number, dy: number): Viewport => ({
  zoom: viewport.zoom,
  scrollX: viewport.scrollX + dx,
  scrollY: viewport.scrollY + dy,
});

// ---- the minimap ---------------------------------------------------------------------

/** A view of at least this many refs has a minimap whatever the screen. */
export const minimapRefThreshold = 100;

/**
 * A minimap only for a large view: one whose refs do not all fit the visible
 * box at 100 % (their right and bottom edges, not the margin the plane adds),
 * or one of many refs. A view of one note never has one (issue 16 §1).
 */
export const showsMinimap = (rects: readonly Rect[], view: Size): boolean => {
  if (view.width <= 0 || view.height <= 0 || rects.length < 2) return false;
  if (rects.length >= minimapRefThreshold) return true;
  let right = 0;
  let bottom = 0;
  for (const rect of rects) {
    right = Math.max(right, rect.x + rect.width);
    bottom = Math.max(bottom, rect.y + rect.height);
  }
  return right > view.width || bottom > view.height;
};

/** Canvas pixels to minimap pixels: the whole content fits in `box`. */
export const minimapScale = (content: Size, box: Size): number =>
  Math.min(box.width / Math.max(1, content.width), box.height / Math.max(1, content.height));

/** The viewport rectangle on the minimap. */
export const minimapFrame = (viewport: Viewport, view: Size, scale: number): Rect => {
  const visible = visibleCanvasRect(viewport, view);
  return { x: visible.x * scale, y: visible.y * scale, width: visible.width * scale, height: visible.height * scale };
};

/** A click (or drag) at a minimap point: the viewport centred there, same zoom. */
export const minimapTarget = (at: Point, scale: number, viewport: Viewport, view: Size): Viewport =>
  centreOn({ x: at.x / scale, y: at.y / scale }, viewport.zoom, view);

// ---- remembered per user and view ------------------------------------------------------

/** localStorage key of a user's viewport of a view (this browser only). */
export const viewportStorageKey = (userId: string, viewId: string): string => `buildon.canvas.viewport.${userId}.${viewId}`;

export const serializeViewport = (viewport: Viewport): string =>
  JSON.stringify({ zoom: viewport.zoom, scrollX: Math.round(viewport.scrollX), scrollY: Math.round(viewport.scrollY) });

/** A stored viewport, or null when absent or not one (never throws). */
export const parseViewport = (text: string | null): Viewport | null => {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { zoom, scrollX, scrollY } = value as Record<string, unknown>;
    if (typeof zoom !== 'number' || typeof scrollX !== 'number' || typeof scrollY !== 'number') return null;
    if (![zoom, scrollX, scrollY].every(Number.isFinite)) return null;
    return { zoom: clampZoom(zoom), scrollX: Math.max(0, scrollX), scrollY: Math.max(0, scrollY) };
  } catch {
    return null;
  }
};

// ---- two-finger pinch on a touch screen ---------------------------------------------------

const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * A pinch (two fingers, points of the scroller's visible box): the zoom scales
 * with the distance between the fingers since they went down, and the canvas
 * point that was under their midpoint stays under it as they move (the pinch
 * pans too). `start` is the viewport when the second finger went down.
 */
export const pinchViewport = (start: Viewport, from: readonly [Point, Point], to: readonly [Point, Point]): Viewport => {
  const before = Math.hypot(from[1].x - from[0].x, from[1].y - from[0].y);
  const after = Math.hypot(to[1].x - to[0].x, to[1].y - to[0].y);
  const zoom = clampZoom(start.zoom * (after / Math.max(1, before)));
  const anchor = screenToCanvas(midpoint(from[0], from[1]), start);
  const now = midpoint(to[0], to[1]);
  return { zoom, scrollX: anchor.x * zoom - now.x, scrollY: anchor.y * zoom - now.y };
};
