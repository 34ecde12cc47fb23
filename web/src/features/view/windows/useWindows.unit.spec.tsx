// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { windowsAtom } from '../state.ts';
import { useWindows } from './useWindows.ts';

/** Two hooks on one jotai store: the page's canvas and a view window's canvas. */
const twoCanvases = () => {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const page = renderHook(() => useWindows(), { wrapper });
  const inWindow = renderHook(() => useWindows(), { wrapper });
  return { store, page, inWindow };
};

describe('useWindows (issue 22 §8)', () => {
  it('shares one list of windows between every canvas of the page', () => {
    const { store, page, inWindow } = twoCanvases();
    act(() => page.result.current.open({ kind: 'view', targetId: 'v1', title: 'Le cycle' }));
    act(() => inWindow.result.current.open({ kind: 'contribution', targetId: 'n1', title: 'Les nuages', contextId: 'v1' }));
    expect(page.result.current.windows.map((w) => w.targetId)).toEqual(['v1', 'n1']);
    expect(store.get(windowsAtom)).toBe(inWindow.result.current.windows);
    // The note opened from the view window knows that view (its scaffolds, where a build-on lands).
    expect(page.result.current.windows[1]?.contextId).toBe('v1');
  });

  it('focuses, moves within the screen and closes', () => {
    const { page } = twoCanvases();
    act(() => page.result.current.open({ kind: 'contribution', targetId: 'n1', title: 'A' }));
    act(() => page.result.current.open({ kind: 'contribution', targetId: 'n2', title: 'B' }));
    const [first, second] = page.result.current.windows;
    if (!first || !second) throw new Error('two windows expected');
    act(() => page.result.current.focus(first.id));
    expect(page.result.current.windows[0]?.z).toBeGreaterThan(page.result.current.windows[1]?.z ?? Infinity);
    act(() => page.result.current.frame(first.id, { x: -9000, y: -50, width: 400, height: 300 }));
    expect(page.result.current.windows[0]).toMatchObject({ x: 80 - 400, y: 0, width: 400, height: 300 });
    act(() => page.result.current.close(first.id));
    expect(page.result.current.windows.map((w) => w.id)).toEqual([second.id]);
  });

  it('gives every window its own id, even when opened in the same instant', () => {
    const { page } = twoCanvases();
    act(() => {
      page.result.current.open({ kind: 'contribution', targetId: 'n1', title: 'A' });
      page.result.current.open({ kind: 'contribution', targetId: 'n2', title: 'B' });
    });
    const ids = page.result.current.windows.map((w) => w.id);
    expect(new Set(ids).size).toBe(2);
  });
});
