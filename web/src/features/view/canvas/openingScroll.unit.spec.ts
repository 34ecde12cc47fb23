import { describe, expect, it } from 'vitest';
import { openingMargin, openingScroll } from './openingScroll.ts';

const phone = { x: 0, y: 0, width: 375, height: 560 };
const laptop = { x: 0, y: 0, width: 1366, height: 640 };
const note = (x: number, y: number) => ({ x, y, width: 160, height: 40 });

describe('openingScroll (issue 21 §10: a view opens on its contributions)', () => {
  it('stays put on an empty view', () => {
    expect(openingScroll([], phone)).toBeNull();
  });

  it('stays put when one ref already shows, even only in part', () => {
    expect(openingScroll([note(40, 40), note(900, 500)], phone)).toBeNull();
    // 370 + 160 crosses the right edge at 375: it shows.
    expect(openingScroll([note(370, 100), note(900, 500)], phone)).toBeNull();
  });

  it('on a phone, scrolls to the top-left corner of notes placed for a laptop, less a small margin', () => {
    const notes = [note(640, 300), note(520, 360), note(700, 250)];
    expect(openingScroll(notes, phone)).toEqual({ x: 520 - openingMargin, y: 250 - openingMargin });
  });

  it('applies the same rule at every size: a desktop view whose notes all sit far right and below opens on them', () => {
    expect(openingScroll([note(1800, 1200), note(1500, 900)], laptop)).toEqual({ x: 1500 - openingMargin, y: 900 - openingMargin });
    // The same notes on a larger screen that shows them: no scroll.
    expect(openingScroll([note(1800, 1200), note(1500, 900)], { x: 0, y: 0, width: 1920, height: 1000 })).toBeNull();
  });

  it('never scrolls past the canvas’s top or left edge (refs near an edge)', () => {
    // Below the fold, but at the left edge: x stays 0.
    expect(openingScroll([note(10, 900)], phone)).toEqual({ x: 0, y: 900 - openingMargin });
    // Off to the right, at the top: y stays 0.
    expect(openingScroll([note(600, 5)], phone)).toEqual({ x: 600 - openingMargin, y: 0 });
  });

  it('measures against the viewport it is given (an already scrolled canvas)', () => {
    expect(openingScroll([note(600, 300)], { ...phone, x: 500, y: 200 })).toBeNull();
  });
});
