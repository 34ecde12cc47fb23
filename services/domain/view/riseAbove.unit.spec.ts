import { describe, expect, it } from 'vitest';
import { innerViewOf, innerViewTitle, riseAboveLayout, riseaboveNoteIdOf, riseaboveViewIdOf, unpackedItems } from './riseAbove.ts';
import { viewSettingOf } from './viewSetting.ts';
import { defaultViewSetting } from '../../../contracts/api/communities.ts';

const noteId = 'a'.repeat(24);
const viewId = 'b'.repeat(24);

describe('rise-above names', () => {
  it('titles the inner view after its note, and reads it back', () => {
    expect(innerViewTitle(noteId)).toBe(`riseabove:${noteId}`);
    expect(riseaboveNoteIdOf(innerViewTitle(noteId))).toBe(noteId);
    expect(riseaboveNoteIdOf('riseabove:nope')).toBeNull();
    expect(riseaboveNoteIdOf('Our ideas')).toBeNull();
  });

  it('reads the inner view of a rise-above note', () => {
    expect(riseaboveViewIdOf({ type: 'Note', data: { riseabove: { viewId } } })).toBe(viewId);
    expect(riseaboveViewIdOf({ type: 'Note', data: { riseabove: { viewId: 'x' } } })).toBeNull();
    expect(riseaboveViewIdOf({ type: 'Note', data: {} })).toBeNull();
    expect(innerViewOf({ type: 'Note', data: { riseabove: { viewId: 'x' } } })).toBe('x');
    // Only a note rises above, whatever another contribution's data holds.
    const stored: Record<string, unknown> = { riseabove: { viewId } };
    expect(innerViewOf({ type: 'View', data: stored })).toBeNull();
    expect(riseaboveViewIdOf({ type: 'Drawing', data: stored })).toBeNull();
  });
});

describe('riseAboveLayout', () => {
  it('moves the selection inside from 20,20 keeping its shape, and lands the rise-above at its corner + 50', () => {
    const { inner, spot } = riseAboveLayout(
      [
        { x: 300, y: 200, width: 10 },
        { x: 400, y: 260 },
      ],
      [],
    );
    expect(inner).toEqual([
      { x: 20, y: 20, width: 10 },
      { x: 120, y: 80 },
    ]);
    expect(spot).toEqual({ x: 350, y: 250 });
  });

  it('without a selection, at the first free spot', () => {
    expect(riseAboveLayout([], [{ x: 100, y: 100 }])).toEqual({ inner: [], spot: { x: 100, y: 140 } });
  });
});

describe('unpackedItems', () => {
  const active = { status: 'active', communityId: 'c' };
  it('places active items back at ref + item − 70, once, never the view itself or another community’s', () => {
    const present = new Set(['held']);
    const out = unpackedItems(
      'view',
      'c',
      { x: 500, y: 400 },
      [
        { to: 'n1', data: { x: 20, y: 30, width: 90, locked: true }, target: active },
        { to: 'n1', data: { x: 40, y: 40 }, target: active },
        { to: 'held', data: { x: 20, y: 20 }, target: active },
        { to: 'view', data: { x: 20, y: 20 }, target: active },
        { to: 'gone', data: { x: 20, y: 20 }, target: { status: 'inactive', communityId: 'c' } },
        { to: 'other', data: { x: 20, y: 20 }, target: { status: 'active', communityId: 'd' } },
        { to: 'missing', data: { x: 20, y: 20 }, target: undefined },
      ],
      present,
    );
    expect(out).toEqual([{ to: 'n1', data: { width: 90, x: 450, y: 360 } }]);
    expect(present.has('n1')).toBe(true);
  });

  it('clamps unpacked items to the canvas', () => {
    expect(unpackedItems('v', 'c', { x: 10, y: 10 }, [{ to: 'n', data: { x: 20, y: 20 }, target: active }], new Set())).toEqual([
      { to: 'n', data: { x: 2, y: 2 } },
    ]);
  });
});

describe('viewSettingOf', () => {
  it('the view’s own setting over the community’s over the defaults', () => {
    const context = { viewSetting: { ...defaultViewSetting, references: true } };
    expect(viewSettingOf({ type: 'View', data: {} }, context)).toEqual({ viewSetting: context.viewSetting, saved: null });
    const own = viewSettingOf({ type: 'View', data: { viewSetting: { showAuthor: false } } }, context);
    expect(own.saved).toEqual({ ...context.viewSetting, showAuthor: false });
    expect(own.viewSetting).toEqual(own.saved);
  });
});
