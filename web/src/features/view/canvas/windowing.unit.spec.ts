import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refRect, type Arrow } from './model.ts';
import { ref } from './testRefs.ts';
import { visibleCanvasRect } from './viewport.ts';
import {
  arrowsInWindow,
  contains,
  grow,
  refsInWindow,
  segmentCrossesRect,
  windowFor,
  windowMarginPx,
  windowStillCovers,
} from './windowing.ts';

const view = { width: 1200, height: 800 };
const arrow = (from: [number, number], to: [number, number]): Arrow => ({
  key: `${from.join(',')}-${to.join(',')}`,
  type: 'buildson',
  fromRef: 'a',
  toRef: 'b',
  from: { x: from[0], y: from[1] },
  to: { x: to[0], y: to[1] },
});

describe('windowFor', () => {
  it('grows what shows by the same screen margin at any zoom (more canvas pixels when zoomed out)', () => {
    const at1 = windowFor({ x: 1000, y: 1000, width: 1200, height: 800 }, 1);
    expect(at1).toEqual({
      x: 1000 - windowMarginPx,
      y: 1000 - windowMarginPx,
      width: 1200 + 2 * windowMarginPx,
      height: 800 + 2 * windowMarginPx,
    });
    const visible = visibleCanvasRect({ zoom: 0.25, scrollX: 100, scrollY: 100 }, view);
    const at025 = windowFor(visible, 0.25);
    expect(at025.x).toBe(visible.x - windowMarginPx * 4);
    expect(contains(at025, visible)).toBe(true);
  });
});

describe('windowStillCovers', () => {
  it('keeps the window while what shows stays inside it with half the margin spare, and replaces it beyond', () => {
    const visible = { x: 2000, y: 2000, width: 1200, height: 800 };
    const current = windowFor(visible, 1);
    expect(windowStillCovers(null, visible, 1)).toBe(false);
    expect(windowStillCovers(current, visible, 1)).toBe(true);
    expect(windowStillCovers(current, { ...visible, x: visible.x + windowMarginPx / 2 - 1 }, 1)).toBe(true);
    expect(windowStillCovers(current, { ...visible, y: visible.y + windowMarginPx / 2 + 1 }, 1)).toBe(false);
  });

  it('replaces a window much larger than needed (after a zoom in) and one too small (after a zoom out)', () => {
    const visible = visibleCanvasRect({ zoom: 1, scrollX: 2000, scrollY: 2000 }, view);
    const current = windowFor(visible, 1);
    // Zoomed in 4×, around the same centre: still covered, but far too large.
    const zoomedIn = visibleCanvasRect({ zoom: 4, scrollX: 2600 * 4 - 600, scrollY: 2400 * 4 - 400 }, view);
    expect(contains(current, zoomedIn)).toBe(true);
    expect(windowStillCovers(current, zoomedIn, 4)).toBe(false);
    const zoomedOut = visibleCanvasRect({ zoom: 0.5, scrollX: 1000, scrollY: 1000 }, view);
    expect(windowStillCovers(current, zoomedOut, 0.5)).toBe(false);
  });

  it('a fresh window always covers what it was made for', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 4, noNaN: true }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        (zoom, scrollX, scrollY) => {
          const visible = visibleCanvasRect({ zoom, scrollX, scrollY }, view);
          expect(windowStillCovers(windowFor(visible, zoom), visible, zoom)).toBe(true);
        },
      ),
    );
  });
});

describe('refsInWindow', () => {
  const refs = [ref(1, { x: 100, y: 100 }), ref(2, { x: 3000, y: 100 }), ref(3, { x: 100, y: 5000 }), ref(4, { x: 1190, y: 790 })];

  it('draws the refs whose box meets the window, in the order given', () => {
    const drawn = refsInWindow(refs, refRect, { x: 0, y: 0, width: 1200, height: 800 }, new Set());
    expect(drawn.map((r) => r.data.x)).toEqual([100, 1190]);
  });

  it('counts a drawn box wider than the model rect (a long title): a ref just left of the window is drawn', () => {
    const left = ref(5, { x: 1000, y: 100 });
    expect(refsInWindow([left], refRect, { x: 1200, y: 0, width: 500, height: 500 }, new Set())).toHaveLength(1);
    expect(refsInWindow([left], refRect, { x: 1400, y: 0, width: 500, height: 500 }, new Set())).toHaveLength(0);
  });

  it('keeps the refs it is told to keep wherever they are (the Tab stop, lifted notes)', () => {
    const far = refs[2];
    if (!far) throw new Error('no ref');
    const drawn = refsInWindow(refs, refRect, { x: 0, y: 0, width: 1200, height: 800 }, new Set([far._id]));
    expect(drawn.map((r) => r._id)).toEqual([refs[0]?._id, far._id, refs[3]?._id]);
  });
});

describe('arrows', () => {
  const window = { x: 1000, y: 1000, width: 1000, height: 800 };

  it('draws an arrow with an end in the window, or one crossing it with both ends outside', () => {
    expect(arrowsInWindow([arrow([1500, 1500], [9000, 9000])], window)).toHaveLength(1);
    expect(arrowsInWindow([arrow([0, 1400], [5000, 1400])], window)).toHaveLength(1);
    expect(arrowsInWindow([arrow([1500, 0], [1500, 5000])], window)).toHaveLength(1);
    expect(arrowsInWindow([arrow([0, 0], [5000, 5000])], window)).toHaveLength(1);
  });

  it('leaves out arrows beside the window, their box overlapping it or not', () => {
    expect(arrowsInWindow([arrow([0, 0], [900, 900])], window)).toHaveLength(0);
    // The diagonal's bounding box covers the window's corner; the line itself passes by it.
    expect(arrowsInWindow([arrow([0, 1700], [1100, 2800])], window)).toHaveLength(0);
    expect(arrowsInWindow([arrow([3000, 0], [3000, 5000])], window)).toHaveLength(0);
  });

  it('segmentCrossesRect agrees with sampling points along the segment', () => {
    const rect = { x: 100, y: 100, width: 200, height: 100 };
    const inside = (x: number, y: number) => x >= rect.x && x <= rect.x + rect.width && y >= rect.y && y <= rect.y + rect.height;
    fc.assert(
      fc.property(
        fc.integer({ min: -200, max: 600 }),
        fc.integer({ min: -200, max: 400 }),
        fc.integer({ min: -200, max: 600 }),
        fc.integer({ min: -200, max: 400 }),
        (ax, ay, bx, by) => {
          let sampled = false;
          for (let i = 0; i <= 2000 && !sampled; i++) sampled = inside(ax + ((bx - ax) * i) / 2000, ay + ((by - ay) * i) / 2000);
          // Sampling can miss a corner graze: only a sampled hit must be found.
          if (sampled) expect(segmentCrossesRect({ x: ax, y: ay }, { x: bx, y: by }, rect)).toBe(true);
          if (!segmentCrossesRect({ x: ax, y: ay }, { x: bx, y: by }, grow(rect, 1))) expect(sampled).toBe(false);
        },
      ),
    );
  });
});
