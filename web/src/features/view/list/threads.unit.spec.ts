import { describe, expect, it } from 'vitest';
import { id, ref } from '../canvas/testRefs.ts';
import type { ViewLink } from '../canvas/model.ts';
import { threadTree, treeKey, visibleItems, type ThreadNode } from './threads.ts';

const at = (minute: number) => `2025-01-10T10:${String(minute).padStart(2, '0')}:00.000Z`;
const buildsOn = (child: number, parent: number, n = child * 100 + parent): ViewLink => ({
  _id: id(5000 + n),
  from: id(child),
  to: id(parent),
  type: 'buildson',
});
/** The tree as nested titles, to compare at a glance. */
const shape = (nodes: readonly ThreadNode[]): unknown[] =>
  nodes.map((node) => (node.children.length > 0 ? [node.ref._to.title, shape(node.children)] : node.ref._to.title));

describe('the threads of the list view (issue 25 §3)', () => {
  it('nests build-ons under what they build on, each level by date', () => {
    const refs = [ref(1, { created: at(1) }), ref(2, { created: at(5) }), ref(3, { created: at(3) }), ref(4, { created: at(2) })];
    const tree = threadTree(refs, [buildsOn(2, 1), buildsOn(3, 1), buildsOn(4, 3)]);
    expect(shape(tree)).toEqual([['Note 1', [['Note 3', ['Note 4']], 'Note 2']]]);
  });

  it('starts a thread for a build-on whose parent is not in the view, in date order with the others', () => {
    const refs = [ref(1, { created: at(4) }), ref(2, { created: at(1) })];
    // Note 2 builds on note 9, placed in another view.
    expect(shape(threadTree(refs, [buildsOn(2, 9)]))).toEqual(['Note 2', 'Note 1']);
  });

  it('shows a contribution placed twice once, under its first parent in the view, and ignores other links', () => {
    const refs = [ref(1, { created: at(1) }), ref(2, { created: at(2) }), ref(3, { created: at(3) }), { ...ref(3), _id: id(7777) }];
    const links: ViewLink[] = [buildsOn(3, 1), buildsOn(3, 2), { _id: id(6000), from: id(2), to: id(1), type: 'references' }];
    expect(shape(threadTree(refs, links))).toEqual([['Note 1', ['Note 3']], 'Note 2']);
  });

  it('breaks a loop of build-ons so that each contribution still shows once', () => {
    const refs = [ref(1, { created: at(1) }), ref(2, { created: at(2) }), ref(3, { created: at(3) })];
    expect(shape(threadTree(refs, [buildsOn(1, 2), buildsOn(2, 1), buildsOn(3, 3)]))).toEqual([['Note 1', ['Note 2']], 'Note 3']);
  });

  it('copes with a thread thousands deep (no recursion)', () => {
    const refs = Array.from({ length: 5000 }, (_, n) => ref(n + 1, { created: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString() }));
    const links = refs.slice(1).map((_, n) => buildsOn(n + 2, n + 1, n));
    const items = visibleItems(threadTree(refs, links), new Set());
    expect(items).toHaveLength(5000);
    expect(items[4999]?.level).toBe(5000);
  });
});

describe('the list view with the keyboard (issue 25 §3)', () => {
  const refs = [ref(1, { created: at(1) }), ref(2, { created: at(2) }), ref(3, { created: at(3) }), ref(4, { created: at(4) })];
  const tree = threadTree(refs, [buildsOn(2, 1), buildsOn(3, 2)]);
  const r = (n: number) => id(1000 + n);

  it('lists the rows shown with their level and parent; a closed thread hides its build-ons', () => {
    expect(visibleItems(tree, new Set()).map((item) => [item.id, item.level, item.parentId])).toEqual([
      [r(1), 1, null],
      [r(2), 2, r(1)],
      [r(3), 3, r(2)],
      [r(4), 1, null],
    ]);
    expect(visibleItems(tree, new Set([r(2)])).map((item) => item.id)).toEqual([r(1), r(2), r(4)]);
  });

  it('goes row by row, opens and closes threads, goes to the parent, opens the contribution', () => {
    const open = visibleItems(tree, new Set());
    expect(treeKey(open, r(1), 'ArrowDown')).toEqual({ focus: r(2) });
    expect(treeKey(open, r(4), 'ArrowDown')).toBeNull();
    expect(treeKey(open, r(4), 'ArrowUp')).toEqual({ focus: r(3) });
    expect(treeKey(open, r(3), 'Home')).toEqual({ focus: r(1) });
    expect(treeKey(open, r(1), 'End')).toEqual({ focus: r(4) });
    expect(treeKey(open, r(1), 'ArrowRight')).toEqual({ focus: r(2) });
    expect(treeKey(open, r(2), 'ArrowLeft')).toEqual({ collapse: r(2) });
    expect(treeKey(open, r(3), 'ArrowLeft')).toEqual({ focus: r(2) });
    expect(treeKey(open, r(4), 'ArrowLeft')).toBeNull();
    expect(treeKey(open, r(4), 'ArrowRight')).toBeNull();
    expect(treeKey(open, r(3), 'Enter')).toEqual({ open: r(3) });
    expect(treeKey(open, r(3), 'x')).toBeNull();

    const closed = visibleItems(tree, new Set([r(1)]));
    expect(treeKey(closed, r(1), 'ArrowRight')).toEqual({ expand: r(1) });
    expect(treeKey(closed, r(1), 'ArrowDown')).toEqual({ focus: r(4) });
  });
});
