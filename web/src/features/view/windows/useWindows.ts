import { useAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { windowsAtom, type InternalWindow } from '../state.ts';
import type { Size } from './geometry.ts';
import { closeWindow, focusWindow, frameWindow, openWindow, retargetWindow, type Frame, type WindowRequest } from './windowManager.ts';

export type WindowManager = {
  windows: readonly InternalWindow[];
  open: (request: WindowRequest) => void;
  focus: (id: string) => void;
  close: (id: string) => void;
  frame: (id: string, frame: Frame) => void;
  retarget: (id: string, targetId: string, title: string) => void;
};

const browserScreen = (): Size => ({ width: window.innerWidth, height: window.innerHeight });

let lastId = 0;

/**
 * The canvas's windows (one list for the page, in jotai): the canvas and
 * every view window open, focus and close windows through it, and a single
 * host draws them (ViewWindows).
 */
export const useWindows = (): WindowManager => {
  const [windows, setWindows] = useAtom(windowsAtom);
  const open = useCallback(
    (request: WindowRequest) =>
      setWindows((list) => openWindow(list, request, browserScreen(), `${request.kind}-${request.targetId}-${++lastId}`)),
    [setWindows],
  );
  const focus = useCallback((id: string) => setWindows((list) => focusWindow(list, id)), [setWindows]);
  const close = useCallback((id: string) => setWindows((list) => closeWindow(list, id)), [setWindows]);
  const frame = useCallback((id: string, to: Frame) => setWindows((list) => frameWindow(list, id, to, browserScreen())), [setWindows]);
  const retarget = useCallback(
    (id: string, targetId: string, title: string) => setWindows((list) => retargetWindow(list, id, targetId, title)),
    [setWindows],
  );
  return useMemo(() => ({ windows, open, focus, close, frame, retarget }), [windows, open, focus, close, frame, retarget]);
};
