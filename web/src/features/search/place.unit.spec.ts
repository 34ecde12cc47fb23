import { describe, expect, it } from 'vitest';
import type { ViewSummary } from '../../../../contracts/api/communities.ts';
import type { ViewRef } from '../../../../contracts/api/views.ts';
import { freeSpot, writableViews } from './place.ts';

/** Issue 25 §1: placing a search result in a view from the keyboard. */

const ref = (x: number, y: number, more: Partial<ViewRef['data']> = {}, type = 'Note') =>
  ({ _id: `r${x}${y}`, viewId: 'v', to: 'n', data: { x, y, ...more }, created: '', modified: '', _to: { type } }) as unknown as ViewRef;

const view = (title: string, editable?: boolean): ViewSummary => ({
  _id: title,
  communityId: 'c',
  title,
  created: '',
  modified: '',
  permission: 'public',
  status: 'active',
  ...(editable === undefined ? {} : { editable }),
});

describe('freeSpot', () => {
  it('is the top left of an empty view', () => {
    expect(freeSpot([])).toEqual({ x: 40, y: 40 });
  });

  it('is 30 px below the lowest ref, at the refs’ left edge', () => {
    // An icon ref is 40 px tall; one shown in place takes its own height.
    expect(freeSpot([ref(100, 300), ref(300, 120)])).toEqual({ x: 100, y: 370 });
    expect(freeSpot([ref(60, 100, { showInPlace: true, height: 200 }, 'Drawing')])).toEqual({ x: 60, y: 330 });
    expect(freeSpot([ref(5, 10)])).toEqual({ x: 20, y: 80 });
  });

  it('stays on the canvas', () => {
    expect(freeSpot([ref(100, 1940)]).y).toBeLessThanOrEqual(1950);
  });
});

describe('writableViews', () => {
  it('keeps the views the pupil may write in (all, when the server does not say)', () => {
    expect(writableViews([view('a', true), view('b', false), view('c')]).map((v) => v.title)).toEqual(['a', 'c']);
  });
});
