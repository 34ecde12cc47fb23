import { useAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { windowsAtom, type InternalWindow } from '../state.ts';
import { focusOrigin } from './focusReturn.ts';
import type { Size } from './geometry.ts';
import {
  closeWindow,
  focusWindow,
  frameWindow,
  openWindow,
  retargetWindow,
  retitleWindow,
  type Frame,
  type WindowRequest,
} from './windowManager.ts';

export type WindowManager = {
  windows: readonly InternalWindow[];
  open: (request: WindowRequest) => void;
  focus: (id: string) => void;
  close: (id: string) => void;
  frame: (id: string, frame: Frame) => void;
  retarget: (id: string, targetId: string, title: string) => void;
  retitle: (id: string, title: string) => void;
};

const browserScreen = (): Size => ({ width: window.innerWidth, height: window.innerHeight });

let lastId = 0;

/**
 * What opened each window (the card, list item, button or link that had focus):
 * focus goes back there when it closes (issue 25 §2). DOM elements, so kept
 * beside the window list rather than in it.
 */
const openers = new Map<string, HTMLElement>();

/** The element that opened a window, if it asked for one. */
export const openerOf = (windowId: string): HTMLElement | null => openers.get(windowId) ?? null;

/**
 * The canvas's windows (one list for the page, in jotai): the canvas and
 * every view window open, focus and close windows through it, and a single
 * host draws them (ViewWindows).
 */
export const useWindows = (): WindowManager => {
  const [windows, setWindows] = useAtom(windowsAtom);
  const open = useCallback(
    (request: WindowRequest) => {
      const opener = focusOrigin();
      const id = `${request.kind}-${request.targetId}-${++lastId}`;
      setWindows((list) => {
        const next = openWindow(list, request, browserScreen(), id);
        const shown = next.find((w) => w.kind === request.kind && w.targetId === request.targetId);
        // An opener inside the window itself (asked again from its own link) is no place to come back to.
        if (shown && opener && !opener.closest(`[data-window-id="${CSS.escape(shown.id)}"]`)) openers.set(shown.id, opener);
        return next;
      });
    },
    [setWindows],
  );
  const focus = useCallback((id: string) => setWindows((list) => focusWindow(list, id)), [setWindows]);
  const close = useCallback((id: string) => setWindows((list) => closeWindow(list, id)), [setWindows]);
  const frame = useCallback((id: string, to: Frame) => setWindows((list) => frameWindow(list, id, to, browserScreen())), [setWindows]);
  const retarget = useCallback(
    (id: string, targetId: string, title: string) => setWindows((list) => retargetWindow(list, id, targetId, title)),
    [setWindows],
  );
  const retitle = useCallback((id: string, title: string) => setWindows((list) => retitleWindow(list, id, title)), [setWindows]);
  return useMemo(
    () => ({ windows, open, focus, close, frame, retarget, retitle }),
    [windows, open, focus, close, frame, retarget, retitle],
  );
};

/** Forgets what opened a closed window. */
export const forgetOpener = (windowId: string): void => void openers.delete(windowId);
