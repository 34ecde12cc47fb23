import { clientToCanvas, type Point } from './viewport.ts';

/**
 * The DOM side of viewport.ts: a canvas plane carries its zoom in
 * `data-zoom`, so any code holding the plane (the canvas's pointer and
 * keyboard, a drop from another canvas, the toolbar's "new note here")
 * turns a screen point into canvas coordinates the same way.
 */

export const planeZoom = (plane: HTMLElement | null | undefined): number => {
  const zoom = Number(plane?.dataset.zoom);
  return Number.isFinite(zoom) && zoom > 0 ? zoom : 1;
};

/** A client point (clientX/Y) in the canvas coordinates of `plane`, unrounded. */
export const clientToPlane = (plane: HTMLElement | null | undefined, client: Point): Point => {
  const rect = plane?.getBoundingClientRect();
  return clientToCanvas(client, { x: rect?.left ?? 0, y: rect?.top ?? 0 }, planeZoom(plane));
};

/** The canvas plane of a scroller (not one of an in-place view inside it). */
export const planeOf = (scroller: Element | null | undefined): HTMLElement | null =>
  scroller?.querySelector<HTMLElement>(':scope > [data-canvas-sizer] > [data-canvas-stage] > [data-testid="canvas-plane"]') ?? null;
