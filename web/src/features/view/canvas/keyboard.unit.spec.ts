import { describe, expect, it } from 'vitest';
import {
  arrivals,
  builtOnTitles,
  directionOfKey,
  firstRef,
  keyboardStep,
  refsToLift,
  spatialNeighbour,
  steppedPositions,
  threadNeighbour,
  type Direction,
} from './keyboard.ts';
import type { ViewLink } from './model.ts';
import { id, ref } from './testRefs.ts';

const buildson = (from: number, to: number): ViewLink => ({ _id: id(7000 + from), type: 'buildson', from: id(from), to: id(to) });

describe('the canvas keyboard model (issue 25 §1)', () => {
  // A 3×3 grid of notes, 200 px apart: note 1 at the top left, note 9 at the bottom right.
  const grid = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ref(n, { x: 100 + ((n - 1) % 3) * 200, y: 100 + Math.floor((n - 1) / 3) * 200 }));
  const at = (n: number) => grid[n - 1]!;

  it('maps the arrow keys and nothing else to directions', () => {
    expect(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'a', 'Enter'].map(directionOfKey)).toEqual([
      'left',
      'right',
      'up',
      'down',
      null,
      null,
    ]);
  });

  it('moves focus to the nearest note in each direction, and nowhere at the edge', () => {
    const from5: Record<Direction, number> = { left: 4, right: 6, up: 2, down: 8 };
    for (const [direction, expected] of Object.entries(from5) as [Direction, number][]) {
      expect(spatialNeighbour(grid, at(5), direction)?._id).toBe(at(expected)._id);
    }
    expect(spatialNeighbour(grid, at(1), 'left')).toBeNull();
    expect(spatialNeighbour(grid, at(1), 'up')).toBeNull();
    expect(spatialNeighbour(grid, at(9), 'down')).toBeNull();
  });

  it('prefers a note straight ahead to a nearer one far to the side', () => {
    const from = ref(1, { x: 100, y: 100 });
    const ahead = ref(2, { x: 500, y: 100 });
    const aside = ref(3, { x: 250, y: 400 });
    expect(spatialNeighbour([from, ahead, aside], from, 'right')?._id).toBe(ahead._id);
  });

  it('skips notes fixed in the background', () => {
    const from = ref(1, { x: 100, y: 100 });
    const fixed = ref(2, { x: 300, y: 100, fixed: true });
    const next = ref(3, { x: 600, y: 100 });
    expect(spatialNeighbour([from, fixed, next], from, 'right')?._id).toBe(next._id);
  });

  it('starts at the first note in reading order, not the first created', () => {
    const late = ref(1, { x: 600, y: 400 });
    const topRight = ref(2, { x: 500, y: 90 });
    const topLeft = ref(3, { x: 40, y: 100 });
    expect(firstRef([late, topRight, topLeft])?._id).toBe(topLeft._id);
    expect(firstRef([ref(1, { fixed: true })])).toBeNull();
  });

  it('follows the thread: up to the note built on, down to the first build-on, sideways among build-ons', () => {
    // Note 1 is built on by 2 (left) and 3 (right); 4 builds on 2.
    const refs = [ref(1, { x: 300, y: 100 }), ref(2, { x: 100, y: 300 }), ref(3, { x: 500, y: 300 }), ref(4, { x: 100, y: 500 })];
    const links = [buildson(2, 1), buildson(3, 1), buildson(4, 2)];
    const [one, two, three, four] = refs as [(typeof refs)[0], (typeof refs)[0], (typeof refs)[0], (typeof refs)[0]];
    expect(threadNeighbour(refs, links, one, 'down')?._id).toBe(two._id);
    expect(threadNeighbour(refs, links, two, 'right')?._id).toBe(three._id);
    expect(threadNeighbour(refs, links, three, 'left')?._id).toBe(two._id);
    expect(threadNeighbour(refs, links, three, 'right')).toBeNull();
    expect(threadNeighbour(refs, links, four, 'up')?._id).toBe(two._id);
    expect(threadNeighbour(refs, links, two, 'up')?._id).toBe(one._id);
    expect(threadNeighbour(refs, links, one, 'up')).toBeNull();
    // A build-on of a note that is not in this view has no parent here.
    expect(threadNeighbour(refs, [buildson(1, 99)], one, 'up')).toBeNull();
  });

  it('steps lifted notes by 10 px, 50 with Shift, and stops the whole group at the canvas edge', () => {
    const lifted = [
      { refId: 'a', x: 100, y: 100 },
      { refId: 'b', x: 20, y: 300 },
    ];
    expect(steppedPositions(lifted, 'right', false)).toEqual([
      { refId: 'a', x: 100 + keyboardStep.small, y: 100 },
      { refId: 'b', x: 20 + keyboardStep.small, y: 300 },
    ]);
    expect(steppedPositions(lifted, 'up', true)[0]).toEqual({ refId: 'a', x: 100, y: 100 - keyboardStep.large });
    // b cannot go 50 px left of x=20: neither moves, so the group keeps its shape.
    expect(steppedPositions(lifted, 'left', true)).toEqual(lifted);
  });

  it('lifts the selection when the focused note is in it, else the focused note alone, never pinned or fixed notes', () => {
    const a = ref(1);
    const b = ref(2);
    const pinned = ref(3, { draggable: false });
    const refs = [a, b, pinned];
    expect(refsToLift(refs, a, new Set([a._id, b._id, pinned._id])).map((r) => r._id)).toEqual([a._id, b._id]);
    expect(refsToLift(refs, a, new Set([b._id])).map((r) => r._id)).toEqual([a._id]);
    expect(refsToLift(refs, pinned, new Set())).toEqual([]);
  });

  it('names, for each build-on, the note it builds on when that note is in the view', () => {
    const refs = [ref(1, { title: 'La graine' }), ref(2, { title: 'Elle germe' }), ref(3, { title: 'Ailleurs' })];
    const titles = builtOnTitles(refs, [buildson(2, 1), buildson(3, 99), { _id: id(8000), type: 'references', from: id(1), to: id(3) }]);
    expect([...titles]).toEqual([[refs[1]!._id, 'La graine']]);
  });

  it('announces the refs that arrived since, except the pupil’s own', () => {
    const known = new Set([ref(1)._id]);
    const mine = { ...ref(3), _to: { ...ref(3)._to, byMe: true } };
    expect(arrivals(known, [ref(1), ref(2), mine]).map((r) => r._id)).toEqual([ref(2)._id]);
  });
});
