import { describe, expect, it } from 'vitest';
import { framesAbove, hiddenOnPhone, isCovered, type StackedFrame } from './cover.ts';

const box = (left: number, top: number, width: number, height: number) => ({ left, top, right: left + width, bottom: top + height });

describe('what a window covers (issue 25 §2)', () => {
  const win = box(300, 50, 700, 640);

  it('covers an element whose start (its icon and title) is under it, not one whose start shows', () => {
    expect(isCovered(box(500, 200, 160, 40), [win])).toBe(true);
    // A card mostly under the window's left edge, its title showing: it stays reachable.
    expect(isCovered(box(250, 200, 160, 40), [win])).toBe(false);
    // A list row across the page, its title on the left of the window: reachable.
    expect(isCovered(box(70, 120, 830, 44), [win])).toBe(false);
    expect(isCovered(box(20, 200, 160, 40), [win])).toBe(false);
    // A small button: its middle.
    expect(isCovered(box(310, 60, 20, 20), [win])).toBe(true);
  });

  it('leaves an element with no box alone (not shown)', () => {
    expect(isCovered(box(500, 200, 0, 0), [win])).toBe(false);
  });

  it('covers what is in a window only with the windows above it; the page with all of them', () => {
    const frames: StackedFrame[] = [
      { id: 'back', z: 1, box: box(100, 100, 400, 300) },
      { id: 'front', z: 2, box: box(300, 200, 400, 300) },
    ];
    expect(framesAbove(frames, null)).toHaveLength(2);
    expect(framesAbove(frames, 1)).toEqual([frames[1]?.box]);
    expect(framesAbove(frames, 2)).toEqual([]);
    // A field of the back window under the front one.
    expect(isCovered(box(420, 300, 60, 20), framesAbove(frames, 1))).toBe(true);
    expect(isCovered(box(120, 120, 60, 20), framesAbove(frames, 1))).toBe(false);
  });

  it('on a phone hides the page and every window but the front one', () => {
    expect(hiddenOnPhone([])).toEqual({ page: false, windows: [] });
    const frames: StackedFrame[] = [
      { id: 'a', z: 2, box: win },
      { id: 'b', z: 3, box: win },
      { id: 'c', z: 1, box: win },
    ];
    expect(hiddenOnPhone(frames)).toEqual({ page: true, windows: ['a', 'c'] });
  });
});
