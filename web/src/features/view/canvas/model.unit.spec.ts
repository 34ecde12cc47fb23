import { describe, expect, it } from 'vitest';
import { classifyDrop } from '../components/useDropHandler.ts';
import { noteTree } from '../panels/HierarchyPanel.tsx';
import { viewLinkDragType } from '../panels/ViewLinksPanel.tsx';
import { newNoteDragType } from '../toolbar/Toolbar.tsx';
import {
  arrowsOf,
  canDelete,
  canFix,
  clampDelta,
  clampPosition,
  filterRefs,
  isFilterActive,
  hasLockControl,
  isDraggable,
  isNewRef,
  refLook,
  refsInRect,
  riseabovePlacement,
  type Viewer,
  type ViewLink,
  type ViewRef,
} from './model.ts';

import { id, ref } from './testRefs.ts';

const writer: Viewer = { authorId: id(500), isManager: false, editable: true, freemode: false, viewAuthor: false };

describe('canvas rules', () => {
  it('clamps positions to 2…1950 and a group delta so no ref goes left of 2', () => {
    expect(clampPosition(-40)).toBe(2);
    expect(clampPosition(5000)).toBe(1950);
    expect(clampPosition(Number.NaN)).toBe(2);
    expect(clampDelta([ref(1, { x: 10, y: 50 }), ref(2, { x: 100, y: 5 })], -50, -50)).toEqual({ x: -8, y: -3 });
  });

  it('lets non-managers delete only what they authored, unless freemode', () => {
    const mine = ref(1);
    const theirs = ref(2, { authors: [id(600)] });
    expect(canDelete(writer, [mine])).toBe(true);
    expect(canDelete(writer, [mine, theirs])).toBe(false);
    expect(canDelete({ ...writer, freemode: true }, [theirs])).toBe(true);
    expect(canDelete({ ...writer, isManager: true }, [theirs])).toBe(true);
    expect(canDelete({ ...writer, editable: false }, [mine])).toBe(false);
    expect(canFix(writer, theirs)).toBe(false);
    expect(hasLockControl(writer)).toBe(false);
    expect(hasLockControl({ ...writer, viewAuthor: true })).toBe(true);
  });

  it('keeps pinned and fixed refs in place, and fixed refs out of marquees', () => {
    expect(isDraggable(ref(1, { draggable: false }))).toBe(false);
    expect(isDraggable(ref(1, { fixed: true }))).toBe(false);
    const refs = [ref(1, { x: 10, y: 10 }), ref(2, { x: 30, y: 20, fixed: true }), ref(3, { x: 900, y: 900 })];
    expect(refsInRect(refs, { x: 0, y: 0, width: 100, height: 100 })).toEqual([id(1001)]);
  });

  it('maps the filter labels to real types (build-ons, rise-above) and dates inclusively', () => {
    const refs = [
      ref(1),
      ref(2, { type: 'Drawing' }),
      ref(3, { riseabove: true }),
      ref(4, { type: 'View', created: '2025-03-01T10:00:00.000Z' }),
    ];
    const links: ViewLink[] = [{ _id: id(77), from: id(1), to: id(3), type: 'buildson' }];
    const base = { text: '', scaffolds: [], from: '', to: '' };
    expect(filterRefs(refs, links, { ...base, types: ['Drawing'] }).map((r) => r.to)).toEqual([id(2)]);
    expect(filterRefs(refs, links, { ...base, types: ['buildson'] }).map((r) => r.to)).toEqual([id(1)]);
    expect(filterRefs(refs, links, { ...base, types: ['riseabove'] }).map((r) => r.to)).toEqual([id(3)]);
    expect(filterRefs(refs, links, { ...base, types: [], from: '2025-03-01' }).map((r) => r.to)).toEqual([id(4)]);
    expect(filterRefs(refs, links, { ...base, types: [], text: 'note 2' }).map((r) => r.to)).toEqual([id(2)]);
  });

  it('keeps, for a scaffold choice, the notes using a support of a chosen scaffold (with the other criteria)', () => {
    const withSupport = (n: number, supports: string[]): ViewRef => {
      const made = ref(n);
      return { ...made, _to: { ...made._to, supports } };
    };
    const refs = [withSupport(1, [id(901)]), withSupport(2, [id(902)]), ref(3), withSupport(4, [id(901), id(903)])];
    const supportScaffold = new Map([
      [id(901), id(800)],
      [id(902), id(801)],
      [id(903), id(801)],
    ]);
    const base = { text: '', from: '', to: '', types: [] };
    expect(isFilterActive({ ...base, scaffolds: [id(800)] })).toBe(true);
    expect(filterRefs(refs, [], { ...base, scaffolds: [id(800)] }, supportScaffold).map((r) => r.to)).toEqual([id(1), id(4)]);
    expect(filterRefs(refs, [], { ...base, scaffolds: [id(801)] }, supportScaffold).map((r) => r.to)).toEqual([id(2), id(4)]);
    expect(filterRefs(refs, [], { ...base, scaffolds: [id(800), id(801)], text: 'note 2' }, supportScaffold).map((r) => r.to)).toEqual([
      id(2),
    ]);
    // Without the community's scaffolds no support maps to a scaffold: nothing passes.
    expect(filterRefs(refs, [], { ...base, scaffolds: [id(800)] })).toEqual([]);
  });

  it('draws build-on arrows only when the setting says so, references likewise', () => {
    const refs = [ref(1), ref(2)];
    const links: ViewLink[] = [
      { _id: id(70), from: id(2), to: id(1), type: 'buildson' },
      { _id: id(71), from: id(1), to: id(2), type: 'references' },
    ];
    expect(arrowsOf(refs, links, { buildson: true, references: false }).map((a) => a.type)).toEqual(['buildson']);
    expect(arrowsOf(refs, links, { buildson: false, references: true }).map((a) => a.type)).toEqual(['references']);
  });

  it('marks refs created in the last 60 s as new and picks icons by type', () => {
    const now = Date.parse('2025-01-10T10:00:30.000Z');
    expect(isNewRef(ref(1), now)).toBe(true);
    expect(isNewRef(ref(1), now + 60_000)).toBe(false);
    expect(refLook(ref(1, { riseabove: true })).kind).toBe('riseabove');
    expect(refLook(ref(1, { type: 'Attachment' })).kind).toBe('attachment');
  });

  it('places a rise-above at the selection corner + 50 and its items from 20', () => {
    expect(riseabovePlacement([ref(1, { x: 100, y: 200 }), ref(2, { x: 150, y: 180 })])).toEqual({
      at: { x: 150, y: 230 },
      items: [
        { refId: id(1001), x: 20, y: 40 },
        { refId: id(1002), x: 70, y: 20 },
      ],
    });
  });

  it('builds the notes tree from build-on links', () => {
    const tree = noteTree([ref(1), ref(2), ref(3)], [{ _id: id(80), from: id(2), to: id(1), type: 'buildson' }]);
    expect(tree.map((n) => [n.ref.to, n.children.map((c) => c.ref.to)])).toEqual([
      [id(1), [id(2)]],
      [id(3), []],
    ]);
  });

  it('tells what was dropped', () => {
    const drop = (data: Record<string, string>, files: File[] = []) =>
      classifyDrop({ types: Object.keys(data), getData: (type: string) => data[type] ?? '', files: files as unknown as FileList });
    expect(drop({ [newNoteDragType]: '1' })).toEqual({ kind: 'newNote' });
    expect(drop({ [viewLinkDragType]: id(5) })).toEqual({ kind: 'viewLink', viewId: id(5) });
    expect(drop({ 'text/uri-list': 'https://example.org/page' })).toEqual({ kind: 'url', url: 'https://example.org/page' });
    expect(drop({ 'text/plain': 'just words' })).toEqual({ kind: 'unsupported' });
  });
});
