import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  canvasToClient,
  canvasToScreen,
  clampScroll,
  clampZoom,
  clientToCanvas,
  fitViewport,
  maxZoom,
  minimapFrame,
  minimapScale,
  minimapRefThreshold,
  minimapTarget,
  minZoom,
  pinchViewport,
  parseViewport,
  planeSize,
  screenToCanvas,
  serializeViewport,
  showsMinimap,
  viewportStorageKey,
  visibleCanvasRect,
  wheelZoom,
  zoomAround,
  zoomIn,
  zoomLadder,
  zoomOut,
} from './viewport.ts';

const zoomArb = fc.double({ min: minZoom, max: maxZoom, noNaN: true });
const coordArb = fc.double({ min: -5000, max: 5000, noNaN: true });
const pointArb = fc.record({ x: coordArb, y: coordArb });
const viewportArb = fc.record({
  zoom: zoomArb,
  scrollX: fc.double({ min: 0, max: 10_000, noNaN: true }),
  scrollY: fc.double({ min: 0, max: 10_000, noNaN: true }),
});
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

describe('viewport: screen and canvas coordinates (issue 16 §1)', () => {
  it('screen → canvas → screen is the identity at any zoom and scroll (property)', () => {
    fc.assert(
      fc.property(pointArb, viewportArb, (screen, viewport) => {
        const back = canvasToScreen(screenToCanvas(screen, viewport), viewport);
        return close(back.x, screen.x) && close(back.y, screen.y);
      }),
    );
  });

  it('client → canvas → client is the identity for any plane origin (property)', () => {
    fc.assert(
      fc.property(pointArb, pointArb, zoomArb, (client, origin, zoom) => {
        const back = canvasToClient(clientToCanvas(client, origin, zoom), origin, zoom);
        return close(back.x, client.x) && close(back.y, client.y);
      }),
    );
  });

  it('a pointer 100 screen pixels right of the plane origin is 200 canvas pixels at zoom 0.5 and 50 at zoom 2', () => {
    const origin = { x: 40, y: 60 };
    expect(clientToCanvas({ x: 140, y: 160 }, origin, 0.5)).toEqual({ x: 200, y: 200 });
    expect(clientToCanvas({ x: 140, y: 160 }, origin, 2)).toEqual({ x: 50, y: 50 });
    expect(clientToCanvas({ x: 140, y: 160 }, origin, 1)).toEqual({ x: 100, y: 100 });
  });

  it('a canvas delta dragged on screen scales back to the same stored delta at every zoom (property)', () => {
    fc.assert(
      fc.property(pointArb, fc.integer({ min: -500, max: 500 }), fc.integer({ min: -500, max: 500 }), zoomArb, (origin, dx, dy, zoom) => {
        // The pointer moves dx·zoom on screen when the ref should move dx on the canvas.
        const start = canvasToClient({ x: 300, y: 300 }, origin, zoom);
        const end = { x: start.x + dx * zoom, y: start.y + dy * zoom };
        const a = clientToCanvas(start, origin, zoom);
        const b = clientToCanvas(end, origin, zoom);
        return Math.round(b.x - a.x) === dx && Math.round(b.y - a.y) === dy;
      }),
    );
  });

  it('zooming around a point keeps that point under the pointer (property)', () => {
    fc.assert(
      fc.property(viewportArb, zoomArb, pointArb, (viewport, zoom, anchor) => {
        const next = zoomAround(viewport, zoom, anchor);
        const before = screenToCanvas(anchor, viewport);
        const after = screenToCanvas(anchor, next);
        return close(before.x, after.x) && close(before.y, after.y) && next.zoom === clampZoom(zoom);
      }),
    );
  });

  it('shows the visible part of the canvas in canvas pixels', () => {
    expect(visibleCanvasRect({ zoom: 0.5, scrollX: 100, scrollY: 50 }, { width: 800, height: 600 })).toEqual({
      x: 200,
      y: 100,
      width: 1600,
      height: 1200,
    });
  });
});

describe('viewport: zoom steps, wheel and limits', () => {
  it('keeps the zoom between 0.1 and 4 (and 1 for nonsense)', () => {
    expect(clampZoom(0.01)).toBe(minZoom);
    expect(clampZoom(10)).toBe(maxZoom);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('goes up and down the ladder, stopping at its ends', () => {
    expect(zoomIn(1)).toBe(1.1);
    expect(zoomOut(1)).toBe(0.9);
    expect(zoomOut(0.5)).toBe(0.33);
    expect(zoomIn(0.6)).toBe(0.67);
    expect(zoomIn(maxZoom)).toBe(maxZoom);
    expect(zoomOut(minZoom)).toBe(minZoom);
    // From any step the two buttons undo each other.
    for (const step of zoomLadder.slice(1, -1)) expect(zoomOut(zoomIn(step))).toBe(step);
  });

  it('zooms in on a wheel turned up, out on a wheel turned down, always within the limits (property)', () => {
    expect(wheelZoom(1, -100)).toBeGreaterThan(1);
    expect(wheelZoom(1, 100)).toBeLessThan(1);
    expect(wheelZoom(1, 3, 1)).toBeLessThan(wheelZoom(1, 3, 0));
    fc.assert(
      fc.property(zoomArb, fc.double({ min: -1e6, max: 1e6, noNaN: true }), (zoom, delta) => {
        const next = wheelZoom(zoom, delta);
        return next >= minZoom && next <= maxZoom && next <= zoom * 2.02 && next >= zoom / 2.02;
      }),
    );
  });
});

describe('viewport: fit, plane size and scroll limits', () => {
  const view = { width: 1000, height: 600 };

  it('fits refs spread over 2,000 × 1,200 pixels at about half size, centred', () => {
    const fit = fitViewport({ x: 0, y: 0, width: 2000, height: 1200 }, view);
    expect(fit.zoom).toBeCloseTo((600 - 48) / 1200, 6);
    const centre = screenToCanvas({ x: 500, y: 300 }, fit);
    expect(centre.x).toBeCloseTo(1000, 6);
    expect(centre.y).toBeCloseTo(600, 6);
  });

  it('never enlarges a few refs beyond the maximum asked (100 % for fit)', () => {
    expect(fitViewport({ x: 100, y: 100, width: 160, height: 40 }, view).zoom).toBe(1);
    expect(fitViewport({ x: 100, y: 100, width: 160, height: 40 }, view, { max: 2 }).zoom).toBe(2);
    expect(fitViewport(null, view)).toEqual({ zoom: 1, scrollX: 0, scrollY: 0 });
  });

  it('fitted bounds lie inside the visible area (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          x: fc.integer({ min: 0, max: 2000 }),
          y: fc.integer({ min: 0, max: 2000 }),
          width: fc.integer({ min: 1, max: 20_000 }),
          height: fc.integer({ min: 1, max: 20_000 }),
        }),
        (bounds) => {
          const fit = fitViewport(bounds, view);
          const visible = visibleCanvasRect(fit, view);
          if (fit.zoom === minZoom) return true; // too large even at the smallest zoom
          const eps = 1e-6;
          return (
            visible.x <= bounds.x + eps &&
            visible.y <= bounds.y + eps &&
            visible.x + visible.width >= bounds.x + bounds.width - eps &&
            visible.y + visible.height >= bounds.y + bounds.height - eps
          );
        },
      ),
    );
  });

  it('gives a zoomed-out plane at least the visible area, and scroll stays within it', () => {
    expect(planeSize({ width: 2000, height: 1000 }, view, 0.25)).toEqual({ width: 4000, height: 2400 });
    expect(planeSize({ width: 2000, height: 1000 }, view, 2)).toEqual({ width: 2000, height: 1000 });
    expect(clampScroll({ zoom: 2, scrollX: -5, scrollY: 99_999 }, { width: 2000, height: 1000 }, view)).toEqual({
      zoom: 2,
      scrollX: 0,
      scrollY: 2000 - 600,
    });
  });

  it('bounds of rects', () => {
    expect(boundsOf([])).toBeNull();
    expect(
      boundsOf([
        { x: 10, y: 20, width: 160, height: 40 },
        { x: 500, y: 5, width: 100, height: 100 },
      ]),
    ).toEqual({ x: 10, y: 5, width: 590, height: 100 });
  });
});

describe('viewport: minimap', () => {
  it('draws the visible area on the map and centres the view where the map is clicked', () => {
    const content = { width: 2000, height: 1000 };
    const scale = minimapScale(content, { width: 200, height: 150 });
    expect(scale).toBe(0.1);
    const viewport = { zoom: 0.5, scrollX: 100, scrollY: 0 };
    const view = { width: 800, height: 400 };
    expect(minimapFrame(viewport, view, scale)).toEqual({ x: 20, y: 0, width: 160, height: 80 });
    const target = minimapTarget({ x: 100, y: 50 }, scale, viewport, view);
    const centre = screenToCanvas({ x: 400, y: 200 }, target);
    expect(centre).toEqual({ x: 1000, y: 500 });
  });
});

describe('viewport: remembered per user and view', () => {
  it('round-trips and refuses what is not a viewport', () => {
    expect(viewportStorageKey('u1', 'v1')).toBe('buildon.canvas.viewport.u1.v1');
    expect(parseViewport(serializeViewport({ zoom: 0.5, scrollX: 120.4, scrollY: 30 }))).toEqual({ zoom: 0.5, scrollX: 120, scrollY: 30 });
    expect(parseViewport(null)).toBeNull();
    expect(parseViewport('not json')).toBeNull();
    expect(parseViewport('{"zoom":"2","scrollX":0,"scrollY":0}')).toBeNull();
    expect(parseViewport('{"zoom":99,"scrollX":-4,"scrollY":0}')).toEqual({ zoom: maxZoom, scrollX: 0, scrollY: 0 });
  });
});

describe('pinchViewport', () => {
  const start = { zoom: 1, scrollX: 300, scrollY: 200 };

  it('zooms by the ratio of the distances between the fingers', () => {
    const next = pinchViewport(
      start,
      [
        { x: 100, y: 100 },
        { x: 200, y: 100 },
      ],
      [
        { x: 50, y: 100 },
        { x: 250, y: 100 },
      ],
    );
    expect(next.zoom).toBeCloseTo(2);
    const back = pinchViewport(
      start,
      [
        { x: 100, y: 100 },
        { x: 300, y: 100 },
      ],
      [
        { x: 150, y: 100 },
        { x: 250, y: 100 },
      ],
    );
    expect(back.zoom).toBeCloseTo(0.5);
  });

  it('keeps the canvas point under the fingers’ midpoint under it, and pans with it', () => {
    fc.assert(
      fc.property(
        coordArb,
        coordArb,
        coordArb,
        coordArb,
        fc.double({ min: 10, max: 400, noNaN: true }),
        fc.double({ min: 10, max: 400, noNaN: true }),
        (mx, my, nx, ny, d0, d1) => {
          const from = [
            { x: mx - d0 / 2, y: my },
            { x: mx + d0 / 2, y: my },
          ] as const;
          const to = [
            { x: nx, y: ny - d1 / 2 },
            { x: nx, y: ny + d1 / 2 },
          ] as const;
          const next = pinchViewport(start, from, to);
          const under = screenToCanvas({ x: mx, y: my }, start);
          const now = canvasToScreen(under, next);
          expect(now.x).toBeCloseTo(nx, 6);
          expect(now.y).toBeCloseTo(ny, 6);
        },
      ),
    );
  });

  it('stays within the zoom limits', () => {
    const far = pinchViewport(
      start,
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ],
      [
        { x: 0, y: 0 },
        { x: 1000, y: 0 },
      ],
    );
    expect(far.zoom).toBe(maxZoom);
    const near = pinchViewport(
      start,
      [
        { x: 0, y: 0 },
        { x: 1000, y: 0 },
      ],
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ],
    );
    expect(near.zoom).toBe(minZoom);
  });
});

describe('showsMinimap', () => {
  const view = { width: 1200, height: 700 };
  const rect = (x: number, y: number) => ({ x, y, width: 160, height: 40 });

  it('never for a view of one note, wherever it is, nor before the canvas is measured', () => {
    expect(showsMinimap([rect(20, 20)], view)).toBe(false);
    expect(showsMinimap([rect(1900, 1900)], view)).toBe(false);
    expect(showsMinimap([], view)).toBe(false);
    expect(showsMinimap([rect(20, 20), rect(3000, 20)], { width: 0, height: 0 })).toBe(false);
  });

  it('not for a few notes that fit at 100 %; yes when they do not fit, or for many notes', () => {
    expect(showsMinimap([rect(20, 20), rect(900, 600)], view)).toBe(false);
    expect(showsMinimap([rect(20, 20), rect(1100, 20)], view)).toBe(true);
    expect(showsMinimap([rect(20, 20), rect(20, 680)], view)).toBe(true);
    const many = Array.from({ length: minimapRefThreshold }, (_, n) => rect(20 + (n % 10) * 90, 20 + Math.floor(n / 10) * 45));
    expect(showsMinimap(many, view)).toBe(true);
    expect(showsMinimap(many.slice(1), view)).toBe(false);
  });
});
