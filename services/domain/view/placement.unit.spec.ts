import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RefBounds } from '../../../contracts/api/canvas.ts';
import { CanvasServiceMessages } from '../../../contracts/catalogs/canvasService.ts';
import { ForbiddenError } from '../../core/errors.ts';
import { cardBox, isFree, refBox } from './geometry.ts';
import {
  besideParentRefData,
  changeMoves,
  checkedRefChange,
  freeRefData,
  groupLanding,
  newRefData,
  nudgedChange,
  pastedRefData,
} from './placement.ts';
import { copiedRefData, placedRef, shownRef, toRefData } from './refData.ts';
import type { RefActor } from './refRules.ts';

const writer: RefActor = { isManager: false, editable: true, isViewAuthor: false, isTargetAuthor: true, freemode: false };

describe('ref data', () => {
  it('reads stored data defensively', () => {
    expect(toRefData({})).toEqual({ x: 100, y: 100 });
    expect(toRefData({ x: 5, y: Number.NaN, width: 6000, height: 30, fixed: 'yes', locked: true })).toEqual({
      x: 5,
      y: 100,
      height: 30,
      locked: true,
    });
  });

  it('a ref shown in place covers its picture; an icon its spacing box', () => {
    expect(shownRef({ x: 10, y: 20, showInPlace: true })).toEqual({ x: 10, y: 20, fixed: false, width: 200, height: 150 });
    expect(shownRef({ x: 10, y: 20, showInPlace: true, width: 50, height: 60 })).toEqual({
      x: 10,
      y: 20,
      fixed: false,
      width: 50,
      height: 60,
    });
    expect(shownRef({ x: 10, y: 20, width: 50 })).toEqual({ x: 10, y: 20, fixed: false });
    expect(placedRef({ x: 1, y: 2, fixed: true })).toEqual({ x: 1, y: 2, fixed: true });
  });

  it('a copy keeps width, height and show-in-place only', () => {
    expect(copiedRefData({ x: 1, y: 2, width: 3, height: 4, showInPlace: true, locked: true, fixed: true })).toEqual({
      width: 3,
      height: 4,
      showInPlace: true,
    });
  });
});

describe('placing new refs', () => {
  it('a new note lands where asked, or at the nearest free spot', () => {
    expect(newRefData('Note', [], { x: 300, y: 300 })).toEqual({ x: 300, y: 300 });
    const at = newRefData('Note', [{ x: 300, y: 300 }], { x: 300, y: 300 });
    expect(isFree({ x: at.x as number, y: at.y as number }, [{ x: 300, y: 300 }])).toBe(true);
  });

  it('a new drawing shows in place and keeps its picture off the notes’ cards', () => {
    const notes = [{ x: 300, y: 300 }];
    const at = newRefData('Drawing', notes, { x: 250, y: 250 });
    expect(at.showInPlace).toBe(true);
    expect(isFree({ x: at.x as number, y: at.y as number }, notes, { width: 200, height: 150 }, cardBox)).toBe(true);
  });

  it('a new note’s card keeps off a drawing shown in place, even when asked on it', () => {
    const drawing = shownRef({ x: 574, y: 328, showInPlace: true });
    const at = newRefData('Note', [drawing], { x: 574, y: 328 });
    const card = { x: at.x as number, y: at.y as number, ...cardBox };
    const picture = { x: 574, y: 328, width: 200, height: 150 };
    const apart =
      card.x + card.width <= picture.x ||
      picture.x + picture.width <= card.x ||
      card.y + card.height <= picture.y ||
      picture.y + picture.height <= card.y;
    expect(apart, JSON.stringify(at)).toBe(true);
    // Among notes, KF6's 80×40 spacing still holds: a note may sit 40 px above another.
    expect(newRefData('Note', [{ x: 300, y: 300 }], { x: 300, y: 300 })).toEqual({ x: 300, y: 260 });
  });

  it('a build-on’s card keeps off a drawing beside its parent', () => {
    const drawing = shownRef({ x: 150, y: 150, showInPlace: true });
    const at = besideParentRefData('Note', [{ x: 100, y: 100 }, drawing], { x: 100, y: 100 });
    expect(isFree({ x: at.x as number, y: at.y as number }, [drawing], cardBox)).toBe(true);
  });

  it('a build-on sits 50 px right and below its parent when free', () => {
    expect(besideParentRefData('Note', [{ x: 100, y: 100 }], { x: 100, y: 100 })).toEqual({ x: 150, y: 150 });
    expect(besideParentRefData('Drawing', [], { x: 100, y: 100 })).toEqual({ x: 150, y: 150, showInPlace: true });
  });

  it('without a wanted spot, the first free spot from 100,100', () => {
    expect(freeRefData('Note', [])).toEqual({ x: 100, y: 100 });
    expect(freeRefData('Note', [{ x: 100, y: 100 }])).toEqual({ x: 100, y: 140 });
  });

  it('a pasted ref keeps its size, lands off an exact overlap, and a drawing shows in place', () => {
    expect(pastedRefData('Note', { x: 10, y: 10, width: 90, locked: true }, [], { x: 10, y: 10 })).toEqual({ width: 90, x: 10, y: 10 });
    expect(pastedRefData('Note', { x: 10, y: 10 }, [{ x: 10, y: 10 }], { x: 10, y: 10 })).toEqual({ x: 60, y: 60 });
    expect(pastedRefData('Drawing', { x: 10, y: 10 }, [], { x: 10, y: 10 }).showInPlace).toBe(true);
    expect(pastedRefData('Drawing', { x: 10, y: 10, showInPlace: false }, [], { x: 10, y: 10 }).showInPlace).toBe(false);
  });
});

describe('groupLanding', () => {
  it('keeps the group’s shape from the new corner', () => {
    const spots = groupLanding(
      [
        { x: 200, y: 300 },
        { x: 260, y: 340, width: 40 },
      ],
      { x: 500, y: 500 },
      [],
    );
    expect(spots).toEqual([
      { x: 500, y: 500 },
      { width: 40, x: 560, y: 540 },
    ]);
  });

  it('never lands two refs of the group on the same spot when the corner leaves room, and stays on the canvas (property)', () => {
    const data = fc.record({ x: fc.integer({ min: 2, max: 600 }), y: fc.integer({ min: 2, max: 600 }) });
    fc.assert(
      fc.property(fc.array(data, { minLength: 1, maxLength: 12 }), fc.integer({ min: -100, max: 1000 }), (refs, corner) => {
        const spots = groupLanding(refs, { x: corner, y: corner }, []);
        const keys = spots.map((s) => `${String(s.x)},${String(s.y)}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const s of spots) {
          expect(s.x).toBeGreaterThanOrEqual(RefBounds.min);
          expect(s.y).toBeLessThanOrEqual(RefBounds.max);
        }
      }),
    );
  });
});

describe('ref changes', () => {
  it('drops unset fields and clamps coordinates', () => {
    expect(checkedRefChange(writer, { x: 10, y: 10 }, { x: -50, y: 9000, width: undefined })).toEqual({ x: 2, y: 1950 });
    expect(changeMoves({ x: 10, y: 10 }, { x: 10 })).toBe(false);
    expect(changeMoves({ x: 10, y: 10 }, { y: 11 })).toBe(true);
    expect(changeMoves({ x: 10, y: 10 }, { width: 11 })).toBe(false);
  });

  it('refuses to move a fixed ref (the ref rules)', () => {
    expect(() => checkedRefChange(writer, { x: 10, y: 10, fixed: true }, { x: 50 })).toThrow(CanvasServiceMessages.fixedInPlace);
  });

  it('preventOverlap nudges a move toward the origin, or refuses it when there is no room', () => {
    expect(nudgedChange({ x: 500, y: 500 }, { x: 300 }, [{ x: 300, y: 500 }])).toEqual({ x: 260, y: 460 });
    const wall = Array.from({ length: 30 }, (_, i) => ({ x: 2 + i * 10, y: 2 + i * 10 }));
    expect(() => nudgedChange({ x: 500, y: 500 }, { x: 100, y: 100 }, wall)).toThrow(ForbiddenError);
    expect(() => nudgedChange({ x: 500, y: 500 }, { x: 100, y: 100 }, wall)).toThrow(CanvasServiceMessages.noRoom);
    expect(isFree({ x: 260, y: 460 }, [{ x: 300, y: 500 }], refBox)).toBe(true);
  });
});
