import { describe, expect, it } from 'vitest';
import type { InternalWindow } from '../state.ts';
import { windowDefaults } from './geometry.ts';
import {
  clampFrame,
  closeWindow,
  focusWindow,
  frameWindow,
  openWindow,
  retargetWindow,
  retitleWindow,
  stackOrder,
} from './windowManager.ts';

const laptop = { width: 1366, height: 768 };
const note = (targetId: string) => ({ kind: 'contribution' as const, targetId, title: targetId, contextId: 'view-1' });
const view = (targetId: string) => ({ kind: 'view' as const, targetId, title: targetId });

/** Opens the requests in turn, each window named w1, w2… */
const opened = (...requests: Parameters<typeof openWindow>[1][]): readonly InternalWindow[] =>
  requests.reduce<readonly InternalWindow[]>((list, request, index) => openWindow(list, request, laptop, `w${index + 1}`), []);

describe('the window manager (issue 22 §8)', () => {
  describe('open', () => {
    it('opens a window per note or view, the newest in front, cascading from the centre', () => {
      const list = opened(note('n1'), note('n2'), view('v1'));
      expect(list.map((w) => [w.id, w.kind, w.targetId])).toEqual([
        ['w1', 'contribution', 'n1'],
        ['w2', 'contribution', 'n2'],
        ['w3', 'view', 'v1'],
      ]);
      expect(stackOrder(list)).toEqual(['w3', 'w2', 'w1']);
      const [first, second] = list;
      expect((second?.x ?? 0) - (first?.x ?? 0)).toBe(windowDefaults.cascade);
      expect((second?.y ?? 0) - (first?.y ?? 0)).toBe(windowDefaults.cascade);
      expect(first?.contextId).toBe('view-1');
    });

    it('brings the window already showing a target to the front instead of opening another', () => {
      const list = openWindow(opened(note('n1'), note('n2')), note('n1'), laptop, 'w3');
      expect(list).toHaveLength(2);
      expect(stackOrder(list)).toEqual(['w1', 'w2']);
    });

    it('tells a note from a view with the same id', () => {
      expect(opened(note('x'), view('x'))).toHaveLength(2);
    });
  });

  describe('focus order', () => {
    it('brings a window to the front and leaves the others in their order', () => {
      const list = focusWindow(opened(note('n1'), note('n2'), note('n3')), 'w1');
      expect(stackOrder(list)).toEqual(['w1', 'w3', 'w2']);
    });

    it('keeps z between 1 and the number of windows, however often they are focused', () => {
      let list = opened(note('n1'), note('n2'), note('n3'));
      for (let round = 0; round < 50; round++) list = focusWindow(list, `w${(round % 3) + 1}`);
      expect(list.map((w) => w.z).sort()).toEqual([1, 2, 3]);
      expect(stackOrder(list)[0]).toBe('w2');
      expect(stackOrder(closeWindow(list, 'w2'))).toEqual(['w1', 'w3']);
    });

    it('changes nothing (same list) when the window is already in front', () => {
      const list = opened(note('n1'), note('n2'));
      expect(focusWindow(list, 'w2')).toBe(list);
      expect(focusWindow(list, 'unknown')).toBe(list);
    });
  });

  describe('close', () => {
    it('closes one window and keeps the others and their order', () => {
      const list = closeWindow(opened(note('n1'), note('n2'), view('v1')), 'w2');
      expect(stackOrder(list)).toEqual(['w3', 'w1']);
    });

    it('lets a closed target open again in a new window', () => {
      const list = openWindow(closeWindow(opened(note('n1')), 'w1'), note('n1'), laptop, 'w2');
      expect(list.map((w) => w.id)).toEqual(['w2']);
    });
  });

  describe('position clamping', () => {
    it('keeps a grip of the title bar on screen when a window is dragged off it', () => {
      const list = frameWindow(opened(note('n1')), 'w1', { x: 5000, y: -300, width: 700, height: 500 }, laptop);
      expect(list[0]).toMatchObject({ x: laptop.width - 80, y: 0, width: 700, height: 500 });
      const left = frameWindow(list, 'w1', { x: -5000, y: 5000, width: 700, height: 500 }, laptop);
      expect(left[0]).toMatchObject({ x: 80 - 700, y: laptop.height - 40 });
    });

    it('keeps a resized window between its minimum and 80% of the screen', () => {
      expect(clampFrame({ x: 10, y: 10, width: 5000, height: 5000 }, laptop)).toEqual({
        x: 10,
        y: 10,
        width: Math.round(laptop.width * windowDefaults.maxShare),
        height: Math.round(laptop.height * windowDefaults.maxShare),
      });
      expect(clampFrame({ x: 10, y: 10, width: 20, height: 20 }, laptop)).toMatchObject({
        width: windowDefaults.minWidth,
        height: windowDefaults.minHeight,
      });
    });

    it('moves only the window it is given', () => {
      const list = opened(note('n1'), note('n2'));
      const moved = frameWindow(list, 'w2', { x: 100, y: 100, width: 600, height: 400 }, laptop);
      expect(moved[0]).toBe(list[0]);
      expect(moved[1]).toMatchObject({ x: 100, y: 100, width: 600, height: 400 });
    });
  });

  describe('retarget (a view link followed in a view window)', () => {
    it('shows the linked view in the same window', () => {
      const list = retargetWindow(opened(view('v1')), 'w1', 'v2', 'Les saisons');
      expect(list).toEqual([expect.objectContaining({ id: 'w1', targetId: 'v2', title: 'Les saisons' })]);
    });

    it('brings forward the window already showing that view and closes this one', () => {
      const list = retargetWindow(opened(view('v2'), view('v1')), 'w2', 'v2', 'Les saisons');
      expect(list.map((w) => w.id)).toEqual(['w1']);
    });
  });

  describe('focus and names (issue 25 §2)', () => {
    it('counts each request for a window, so asking again for an open one moves focus into it again', () => {
      const list = opened(note('n1'), note('n2'));
      expect(list.map((w) => w.opened)).toEqual([1, 1]);
      const again = openWindow(list, note('n1'), laptop, 'w3');
      expect(again.find((w) => w.id === 'w1')?.opened).toBe(2);
      expect(again.find((w) => w.id === 'w2')?.opened).toBe(1);
    });

    it('remembers that a window shows a contribution just created', () => {
      const list = openWindow(opened(note('n1')), { ...note('n2'), created: true }, laptop, 'w2');
      expect(list.map((w) => w.created ?? false)).toEqual([false, true]);
    });

    it('follows the title as it is typed; an empty title keeps the one it had', () => {
      const list = opened(note('n1'));
      const named = retitleWindow(list, 'w1', '  Les bourgeons ');
      expect(named[0]?.title).toBe('Les bourgeons');
      expect(retitleWindow(named, 'w1', '   ')).toBe(named);
      expect(retitleWindow(named, 'w1', 'Les bourgeons')).toBe(named);
      expect(retitleWindow(named, 'unknown', 'X')).toBe(named);
    });
  });
});
