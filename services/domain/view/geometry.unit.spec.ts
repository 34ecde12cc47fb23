import { describe, expect, it } from 'vitest';
import { cardBox, clampCoordinate, findFreeSpot, landingSpot, nearestFreeSpot, nudgeTowardOrigin } from './geometry.ts';

describe('clampCoordinate', () => {
  it('clamps to 2…1950 and defaults non-numbers', () => {
    expect(clampCoordinate(-40)).toBe(2);
    expect(clampCoordinate(5000)).toBe(1950);
    expect(clampCoordinate(Number.NaN, 100)).toBe(100);
    expect(clampCoordinate('12')).toBe(100);
  });
});

describe('findFreeSpot', () => {
  it('returns the start when free, otherwise scans down', () => {
    expect(findFreeSpot([], { x: 150, y: 150 })).toEqual({ x: 150, y: 150 });
    expect(findFreeSpot([{ x: 150, y: 150 }], { x: 150, y: 150 })).toEqual({ x: 150, y: 190 });
  });

  it('ignores fixed refs', () => {
    expect(findFreeSpot([{ x: 150, y: 150, fixed: true }], { x: 150, y: 150 })).toEqual({ x: 150, y: 150 });
  });

  it('wraps to the next column at the bottom', () => {
    const column = Array.from({ length: 60 }, (_, i) => ({ x: 1800, y: 1800 + i * 40 }));
    const spot = findFreeSpot(column, { x: 1800, y: 1900 });
    expect(spot.x).toBe(1880);
  });
});

describe('landingSpot', () => {
  it('keeps a free spot and moves off an exact collision by +50,+50', () => {
    expect(landingSpot([{ x: 300, y: 300 }], { x: 310, y: 300 })).toEqual({ x: 310, y: 300 });
    expect(landingSpot([{ x: 300, y: 300 }], { x: 300, y: 300 })).toEqual({ x: 350, y: 350 });
  });
});

describe('nudgeTowardOrigin', () => {
  it('steps back 10 px until clear, or gives up', () => {
    expect(nudgeTowardOrigin([{ x: 300, y: 300 }], { x: 310, y: 310 })).toEqual({ x: 260, y: 260 });
    expect(nudgeTowardOrigin([{ x: 2, y: 2 }], { x: 30, y: 30 })).toBeNull();
  });
});

describe('nearestFreeSpot (issue 21 §4)', () => {
  const overlapping = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.abs(a.x - b.x) < 80 && Math.abs(a.y - b.y) < 40;

  it('keeps the wanted spot when it is free', () => {
    expect(nearestFreeSpot([{ x: 500, y: 500 }], { x: 100, y: 100 })).toEqual({ x: 100, y: 100 });
  });

  it('places ten notes made at one point side by side, none on another, all near the point', () => {
    const refs: { x: number; y: number }[] = [];
    for (let i = 0; i < 10; i++) refs.push(nearestFreeSpot(refs, { x: 600, y: 400 }));
    for (const [i, a] of refs.entries()) for (const b of refs.slice(i + 1)) expect(overlapping(a, b)).toBe(false);
    for (const spot of refs) expect(Math.hypot(spot.x - 600, spot.y - 400)).toBeLessThan(250);
  });

  it('gives a drawing shown in place its whole picture’s room, and keeps icons off a picture (issue 21 §4)', () => {
    const boxes = (
      a: { x: number; y: number; width: number; height: number },
      b: { x: number; y: number; width: number; height: number },
    ) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const note = { x: 300, y: 300 };
    const drawingSize = { width: 200, height: 150 };
    // A drawing asked for just below a note would cover its card with its picture: it moves, not far.
    const drawing = nearestFreeSpot([note], { x: 300, y: 330 }, drawingSize, cardBox);
    expect(boxes({ ...drawing, ...drawingSize }, { ...note, ...cardBox })).toBe(false);
    expect(Math.hypot(drawing.x - 300, drawing.y - 330)).toBeLessThan(250);
    // A note asked for in the middle of a picture lands beside it.
    const picture = { x: 500, y: 500, width: 200, height: 150 };
    const icon = nearestFreeSpot([picture], { x: 560, y: 560 });
    expect(boxes({ ...icon, width: 80, height: 40 }, picture)).toBe(false);
  });

  it('puts a build-on beside its parent but not under a picture there (issue 21 §4)', () => {
    const picture = { x: 330, y: 330, width: 200, height: 150 };
    const spot = findFreeSpot([{ x: 300, y: 300 }, picture], { x: 350, y: 350 });
    expect(
      spot.x < picture.x + picture.width && picture.x < spot.x + 80 && spot.y < picture.y + picture.height && picture.y < spot.y + 40,
    ).toBe(false);
  });

  it('stays on the canvas near its edges', () => {
    const refs = [{ x: 2, y: 2 }];
    const spot = nearestFreeSpot(refs, { x: 2, y: 2 });
    expect(spot.x).toBeGreaterThanOrEqual(2);
    expect(spot.y).toBeGreaterThanOrEqual(2);
    expect(overlapping(spot, refs[0] as { x: number; y: number })).toBe(false);
  });
});
