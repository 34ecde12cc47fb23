import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RefBounds, inPlaceSize } from '../../../contracts/api/canvas.ts';
import {
  cardBox,
  clampCoordinate,
  findFreeSpot,
  isFree,
  landingSpot,
  nearestFreeSpot,
  nudgeTowardOrigin,
  overlaps,
  refBox,
  type PlacedRef,
  type Spot,
} from './geometry.ts';

/** Properties of placement over arbitrary canvases (issue 22 §1). */

const coordinate = fc.integer({ min: -200, max: 2300 });
const onCanvas = fc.integer({ min: RefBounds.min, max: RefBounds.max });
const spot: fc.Arbitrary<Spot> = fc.record({ x: coordinate, y: coordinate });
const ref: fc.Arbitrary<PlacedRef> = fc.record(
  {
    x: onCanvas,
    y: onCanvas,
    fixed: fc.boolean(),
    width: fc.integer({ min: 10, max: 300 }),
    height: fc.integer({ min: 10, max: 200 }),
  },
  { requiredKeys: ['x', 'y'] },
);
/** A canvas with some refs: few enough that room is always left somewhere. */
const refs = fc.array(ref, { maxLength: 25 });

const inBounds = (s: Spot): boolean => s.x >= RefBounds.min && s.x <= RefBounds.max && s.y >= RefBounds.min && s.y <= RefBounds.max;

describe('clampCoordinate (property)', () => {
  it('always gives an integer on the canvas', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const n = clampCoordinate(value);
        return Number.isInteger(n) && n >= RefBounds.min && n <= RefBounds.max;
      }),
    );
  });

  it('keeps a rounded coordinate that is already on the canvas', () => {
    fc.assert(fc.property(onCanvas, (n) => clampCoordinate(n) === n));
  });
});

describe('nearestFreeSpot (property)', () => {
  it('places a note on the canvas, never overlapping a ref that is not fixed', () => {
    fc.assert(
      fc.property(refs, spot, (placed, wanted) => {
        const at = nearestFreeSpot(placed, wanted);
        expect(inBounds(at)).toBe(true);
        expect(placed.filter((r) => !r.fixed && overlaps(at, refBox, r, refBox))).toEqual([]);
      }),
    );
  });

  it('places a drawing so that its whole picture keeps off every card', () => {
    fc.assert(
      fc.property(refs, spot, (placed, wanted) => {
        const at = nearestFreeSpot(placed, wanted, inPlaceSize, cardBox);
        expect(inBounds(at)).toBe(true);
        expect(isFree(at, placed, inPlaceSize, cardBox)).toBe(true);
      }),
    );
  });

  it('stays where asked when that spot is free', () => {
    fc.assert(
      fc.property(refs, spot, (placed, wanted) => {
        const clamped = { x: clampCoordinate(wanted.x), y: clampCoordinate(wanted.y) };
        fc.pre(isFree(clamped, placed));
        expect(nearestFreeSpot(placed, wanted)).toEqual(clamped);
      }),
    );
  });

  it('never goes further than needed: no free spot of the 20 px grid lies strictly closer', () => {
    fc.assert(
      fc.property(fc.array(ref, { maxLength: 8 }), spot, (placed, wanted) => {
        const origin = { x: clampCoordinate(wanted.x), y: clampCoordinate(wanted.y) };
        const at = nearestFreeSpot(placed, wanted);
        const ring = Math.max(Math.abs(at.x - origin.x), Math.abs(at.y - origin.y)) / 20;
        for (let r = 0; r < ring; r++) {
          for (let dx = -r; dx <= r; dx++) {
            for (let dy = -r; dy <= r; dy++) {
              if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
              const closer = { x: origin.x + dx * 20, y: origin.y + dy * 20 };
              if (inBounds(closer)) expect(isFree(closer, placed)).toBe(false);
            }
          }
        }
      }),
    );
  });
});

describe('findFreeSpot (property)', () => {
  it('finds a free spot on the canvas to the right of a start in the left half', () => {
    fc.assert(
      fc.property(refs, fc.record({ x: fc.integer({ min: -50, max: 1000 }), y: coordinate }), (placed, start) => {
        const at = findFreeSpot(placed, start);
        expect(inBounds(at)).toBe(true);
        expect(isFree(at, placed)).toBe(true);
        expect(at.x).toBeGreaterThanOrEqual(clampCoordinate(start.x));
      }),
    );
  });

  it('stays on the canvas whatever the start', () => {
    fc.assert(fc.property(refs, spot, (placed, start) => inBounds(findFreeSpot(placed, start))));
  });
});

describe('landingSpot (property)', () => {
  it('lands exactly where asked unless a ref sits exactly there', () => {
    fc.assert(
      fc.property(refs, spot, (placed, wanted) => {
        const clamped = { x: clampCoordinate(wanted.x), y: clampCoordinate(wanted.y) };
        const taken = placed.some((r) => r.x === clamped.x && r.y === clamped.y);
        const at = landingSpot(placed, wanted);
        expect(inBounds(at)).toBe(true);
        if (!taken) expect(at).toEqual(clamped);
        else expect(at).not.toEqual(clamped);
      }),
    );
  });
});

describe('nudgeTowardOrigin (property)', () => {
  it('gives a free spot on the canvas, up and left of the wanted one, or refuses the move', () => {
    fc.assert(
      fc.property(refs, spot, (placed, wanted) => {
        const at = nudgeTowardOrigin(placed, wanted);
        if (at === null) return;
        expect(inBounds(at)).toBe(true);
        expect(isFree(at, placed)).toBe(true);
        expect(at.x).toBeLessThanOrEqual(clampCoordinate(wanted.x));
        expect(at.y).toBeLessThanOrEqual(clampCoordinate(wanted.y));
      }),
    );
  });

  it('refuses a move exactly when every spot on the diagonal toward the origin is taken', () => {
    // Crowded corners, so that refusals happen.
    const corner = fc.record({ x: fc.integer({ min: 2, max: 120 }), y: fc.integer({ min: 2, max: 120 }), fixed: fc.constant(false) });
    fc.assert(
      fc.property(
        fc.array(corner, { maxLength: 40 }),
        fc.record({ x: fc.integer({ min: 0, max: 150 }), y: fc.integer({ min: 0, max: 150 }) }),
        (placed, wanted) => {
          let at = { x: clampCoordinate(wanted.x), y: clampCoordinate(wanted.y) };
          let room = false;
          for (;;) {
            if (isFree(at, placed)) room = true;
            if (room || (at.x <= RefBounds.min && at.y <= RefBounds.min)) break;
            at = { x: clampCoordinate(at.x - 10), y: clampCoordinate(at.y - 10) };
          }
          expect(nudgeTowardOrigin(placed, wanted) !== null).toBe(room);
        },
      ),
    );
  });
});
