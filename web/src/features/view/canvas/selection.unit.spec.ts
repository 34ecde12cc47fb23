import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refsToLift } from './keyboard.ts';
import { marqueeSelection, menuTargets, movingRefs, pressOnRef, selectionForMenu, tapSelection, toggled, withRef } from './selection.ts';
import { ref } from './testRefs.ts';

/**
 * The canvas selection (issue 22 §10): what a press, a tap, a marquee, a key
 * or a menu selects, and what a drag moves. A view with three notes in a row
 * (icons 160×40, 200 px apart), a pinned one and one fixed in the background.
 */
const one = ref(1, { x: 100, y: 100 });
const two = ref(2, { x: 300, y: 100 });
const three = ref(3, { x: 500, y: 100 });
const pinned = ref(4, { x: 100, y: 300, draggable: false });
const fixed = ref(5, { x: 300, y: 300, fixed: true });
const refs = [one, two, three, pinned, fixed];
const ids = (list: readonly { _id: string }[]) => list.map((r) => r._id);
const set = (...list: { _id: string }[]) => new Set(ids(list));
const sorted = (selection: ReadonlySet<string> | null) => (selection ? [...selection].sort() : null);

const plain = { additive: false, editable: true };
const additive = { additive: true, editable: true };

describe('a mouse press on a ref', () => {
  it('selects a ref outside the selection alone, and a drag then moves it alone', () => {
    expect(pressOnRef(refs, set(one, two), three._id, plain)).toEqual({ selection: set(three), moving: [three] });
    expect(pressOnRef(refs, new Set(), one._id, plain)).toEqual({ selection: set(one), moving: [one] });
  });

  it('keeps the selection when the ref is in it: the drag moves the whole selection, in the canvas order', () => {
    const press = pressOnRef(refs, set(three, one), three._id, plain);
    expect(press?.selection).toBeNull();
    expect(ids(press?.moving ?? [])).toEqual(ids([one, three]));
  });

  it('leaves pinned refs in place when the selection moves, and selects a pinned ref without moving it', () => {
    expect(ids(pressOnRef(refs, set(one, pinned), one._id, plain)?.moving ?? [])).toEqual([one._id]);
    expect(pressOnRef(refs, new Set(), pinned._id, plain)).toEqual({ selection: set(pinned), moving: [] });
  });

  it('with Shift, Ctrl or Cmd adds the ref or takes it out, and moves nothing', () => {
    expect(pressOnRef(refs, set(one), two._id, additive)).toEqual({ selection: set(one, two), moving: [] });
    expect(pressOnRef(refs, set(one, two), two._id, additive)).toEqual({ selection: set(one), moving: [] });
  });

  it('ignores a ref fixed in the background, and an unknown ref', () => {
    expect(pressOnRef(refs, set(one), fixed._id, plain)).toBeNull();
    expect(pressOnRef(refs, set(one), fixed._id, additive)).toBeNull();
    expect(pressOnRef(refs, set(one), 'f'.repeat(24), plain)).toBeNull();
  });

  it('selects but moves nothing in a view I may not edit', () => {
    expect(pressOnRef(refs, new Set(), one._id, { additive: false, editable: false })).toEqual({ selection: set(one), moving: [] });
    expect(pressOnRef(refs, set(one, two), one._id, { additive: false, editable: false })).toEqual({ selection: null, moving: [] });
  });
});

describe('a tap (touch or pen)', () => {
  it('selects nothing while nothing is selected: the ref opens', () => {
    expect(tapSelection(new Set(), one._id)).toBeNull();
    expect(tapSelection(new Set(), null)).toBeNull();
  });

  it('while refs are selected, adds the ref or takes it out; a tap on the canvas ends the selection', () => {
    expect(sorted(tapSelection(set(one), two._id))).toEqual(ids([one, two]).sort());
    expect(sorted(tapSelection(set(one, two), one._id))).toEqual([two._id]);
    expect(sorted(tapSelection(set(one), one._id))).toEqual([]);
    expect(sorted(tapSelection(set(one, two), null))).toEqual([]);
  });
});

describe('the marquee', () => {
  it('selects the refs it touches, never one fixed in the background', () => {
    // From (90, 90) to (420, 400): notes 1 and 2, the pinned one; the fixed one is under it too.
    expect(sorted(marqueeSelection(refs, set(three), { x: 90, y: 90, width: 330, height: 310 }, false))).toEqual(
      ids([one, two, pinned]).sort(),
    );
    // Touching an icon's edge counts: note 3 starts at x = 500.
    expect(sorted(marqueeSelection(refs, new Set(), { x: 470, y: 130, width: 31, height: 5 }, false))).toEqual([three._id]);
    expect(sorted(marqueeSelection(refs, set(one), { x: 1000, y: 1000, width: 50, height: 50 }, false))).toEqual([]);
  });

  it('adds to the selection with Shift', () => {
    expect(sorted(marqueeSelection(refs, set(three), { x: 90, y: 90, width: 20, height: 20 }, true))).toEqual(ids([one, three]).sort());
  });

  it('is a click on the empty canvas when smaller than 3 px: it ends the selection, unless Shift is held', () => {
    expect(sorted(marqueeSelection(refs, set(one, two), { x: 120, y: 110, width: 2, height: 2 }, false))).toEqual([]);
    expect(marqueeSelection(refs, set(one, two), { x: 120, y: 110, width: 2, height: 2 }, true)).toBeNull();
    expect(marqueeSelection(refs, new Set(), { x: 120, y: 110, width: 2, height: 2 }, false)).toBeNull();
    // 3 px one way is a (thin) marquee.
    expect(sorted(marqueeSelection(refs, new Set(), { x: 120, y: 110, width: 3, height: 0 }, false))).toEqual([one._id]);
  });
});

describe('drags, menus, long presses and keys', () => {
  it('a drag moves the selection when it starts on a selected ref, else that ref alone, never a pinned one', () => {
    expect(ids(movingRefs(refs, set(one, two, pinned), two))).toEqual(ids([one, two]));
    expect(ids(movingRefs(refs, set(one, two), three))).toEqual([three._id]);
    expect(movingRefs(refs, new Set(), pinned)).toEqual([]);
    // Space lifts with the same rule (keyboard.ts).
    expect(ids(refsToLift(refs, two, set(one, two, pinned)))).toEqual(ids([one, two]));
  });

  it('a menu on a ref outside the selection selects it alone; on one inside, acts on the whole selection', () => {
    expect(sorted(selectionForMenu(set(one, two), three._id))).toEqual([three._id]);
    expect(selectionForMenu(set(one, two), two._id)).toBeNull();
    expect(ids(menuTargets(refs, set(one, two, pinned), two))).toEqual(ids([one, two, pinned]));
    expect(ids(menuTargets(refs, set(one, two), three))).toEqual([three._id]);
  });

  it('a long press adds the ref; Ctrl+Space toggles it; the selection given is never changed in place', () => {
    const before = set(one);
    expect(sorted(withRef(before, two._id))).toEqual(ids([one, two]).sort());
    expect(sorted(withRef(before, one._id))).toEqual([one._id]);
    expect(sorted(toggled(before, two._id))).toEqual(ids([one, two]).sort());
    expect(sorted(toggled(before, one._id))).toEqual([]);
    expect(sorted(before)).toEqual([one._id]);
  });

  it('toggling twice gives the selection back, and an additive press never moves anything (property)', () => {
    const anyRef = fc.constantFrom(...refs);
    const anySelection = fc.subarray(ids(refs)).map((list) => new Set(list));
    fc.assert(
      fc.property(anySelection, anyRef, (selection, r) => {
        expect(sorted(toggled(toggled(selection, r._id), r._id))).toEqual(sorted(selection));
        const press = pressOnRef(refs, selection, r._id, additive);
        if (press) expect(press.moving).toEqual([]);
        // A plain press always leaves the pressed ref selected, and moves only selected, draggable refs.
        const plainPress = pressOnRef(refs, selection, r._id, plain);
        if (plainPress) {
          const after = plainPress.selection ?? selection;
          expect(after.has(r._id)).toBe(true);
          for (const moved of plainPress.moving) expect(after.has(moved._id) && moved !== pinned && moved !== fixed).toBe(true);
        }
      }),
    );
  });
});
