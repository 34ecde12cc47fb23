import { describe, expect, it } from 'vitest';
import { moved, sameOrder, savedIndicatorMs } from './model.ts';
import { requestOf } from './api.ts';

describe('scaffold manager model', () => {
  it('moves an item one place up or down, and not past the ends', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('compares orders', () => {
    expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameOrder(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameOrder(['a'], ['a', 'b'])).toBe(false);
  });

  it('shows the saved indicator for 2 seconds (spec part 2 §4)', () => {
    expect(savedIndicatorMs).toBe(2000);
  });

  it('sends each change to its route', () => {
    const c = '64d0000000000000000000c1';
    expect(requestOf(c, { kind: 'orderScaffolds', scaffoldIds: ['x'] })).toEqual({
      path: `/api/communities/${c}/scaffolds/order`,
      method: 'PUT',
      body: { scaffoldIds: ['x'] },
    });
    expect(requestOf(c, { kind: 'removeSupport', scaffoldId: 's', supportId: 'p' })).toEqual({
      path: `/api/communities/${c}/scaffolds/s/supports/p`,
      method: 'DELETE',
    });
  });
});
