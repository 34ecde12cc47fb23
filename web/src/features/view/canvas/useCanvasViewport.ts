import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import {
  boundsOf,
  clampScroll,
  fitViewport,
  panBy,
  panStep,
  panStepLarge,
  parseViewport,
  planeSize,
  serializeViewport,
  wheelZoom,
  zoomAround,
  zoomIn,
  zoomOut,
  type Rect,
  type Size,
  type Viewport,
} from './viewport.ts';

export type CanvasViewportOptions = {
  scroller: RefObject<HTMLDivElement | null>;
  /** The content's size in canvas pixels (refs and margin). */
  content: Size;
  /** localStorage key (viewportStorageKey): the zoom and scroll are remembered there; none = not remembered. */
  storageKey?: string | undefined;
  /** The rects to fit (all refs). */
  rects: () => readonly Rect[];
  /** The selected refs' rects (Shift+2 zooms to them). */
  selected?: () => readonly Rect[];
};

const readStored = (key: string | undefined): Viewport | null => {
  if (!key) return null;
  try {
    return parseViewport(window.localStorage.getItem(key));
  } catch {
    return null;
  }
};

/** Typing in a field, or on a button/link whose keys are its own: the canvas's keys stay out. */
const isTyping = (target: EventTarget | null): boolean => {
  const element = target as HTMLElement | null;
  if (!element || typeof element.closest !== 'function') return false;
  return element.isContentEditable || element.closest('input, textarea, select, [contenteditable="true"]') !== null;
};

const screenOf = (scroller: HTMLElement, client: { x: number; y: number }) => {
  const box = scroller.getBoundingClientRect();
  return { x: client.x - box.left - scroller.clientLeft, y: client.y - box.top - scroller.clientTop };
};

/**
 * The canvas's navigation (issue 16 §1): the zoom (React state: the plane's
 * scale and the controls' percentage) and the scroller's scroll, changed
 * together through `setViewport`; ctrl/⌘ + wheel and a trackpad's pinch zoom
 * around the pointer; + − 0 and the arrows (on the canvas, not on a note) zoom
 * and pan; space held, or the hand mode, turns a drag on the canvas into a pan.
 * The zoom and scroll are remembered per user and view in localStorage.
 */
export const useCanvasViewport = ({ scroller, content, storageKey, rects, selected }: CanvasViewportOptions) => {
  const stored = useMemo(() => readStored(storageKey), [storageKey]);
  const [zoom, setZoom] = useState(() => stored?.zoom ?? 1);
  const [view, setView] = useState<Size>({ width: 0, height: 0 });
  const [panMode, setPanMode] = useState(false);
  const [spaceHeld, setSpaceHeld] = useState(false);
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;
  /** The scroll to apply once the plane has its new size (after a zoom change). */
  const pending = useRef<Viewport | null>(stored);
  /** The scroller was given its first scroll (a remembered one, or the opening scroll): `restored` says which. */
  const [restored] = useState(() => stored !== null);
  const latest = useRef({ content, rects, storageKey, selected });
  latest.current = { content, rects, storageKey, selected };

  // The scroller's visible size.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setView({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [scroller]);

  const getViewport = useCallback((): Viewport => {
    const element = scroller.current;
    return { zoom: zoomRef.current, scrollX: element?.scrollLeft ?? 0, scrollY: element?.scrollTop ?? 0 };
  }, [scroller]);

  const viewSize = useCallback((): Size => {
    const element = scroller.current;
    return element ? { width: element.clientWidth, height: element.clientHeight } : { width: 0, height: 0 };
  }, [scroller]);

  const applyScroll = useCallback(
    (target: Viewport) => {
      const element = scroller.current;
      if (!element) return;
      const clamped = clampScroll(target, latest.current.content, viewSize());
      element.scrollTo({ left: clamped.scrollX, top: clamped.scrollY, behavior: 'instant' });
    },
    [scroller, viewSize],
  );

  const setViewport = useCallback(
    (target: Viewport) => {
      if (target.zoom === zoomRef.current) {
        pending.current = null;
        applyScroll(target);
        return;
      }
      pending.current = target;
      zoomRef.current = target.zoom;
      setZoom(target.zoom);
    },
    [applyScroll],
  );

  // After a zoom change the plane has its new size: now the scroll can be set.
  useLayoutEffect(() => {
    const target = pending.current;
    if (!target || target.zoom !== zoom) return;
    pending.current = null;
    applyScroll(target);
  }, [zoom, view, applyScroll]);

  // Remembered per user and view (this browser): written a moment after the last change.
  useEffect(() => {
    const element = scroller.current;
    if (!element || !storageKey) return;
    let timer = 0;
    const save = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        try {
          window.localStorage.setItem(storageKey, serializeViewport(getViewport()));
        } catch {
          // A full or forbidden storage: the view opens as usual next time.
        }
      }, 200);
    };
    save();
    element.addEventListener('scroll', save, { passive: true });
    return () => {
      element.removeEventListener('scroll', save);
      window.clearTimeout(timer);
    };
  }, [scroller, storageKey, zoom, getViewport]);

  const zoomAtCentre = useCallback(
    (next: number) => {
      const size = viewSize();
      setViewport(zoomAround(getViewport(), next, { x: size.width / 2, y: size.height / 2 }));
    },
    [getViewport, setViewport, viewSize],
  );

  const fit = useCallback(
    (only?: readonly Rect[]) => {
      const bounds = boundsOf(only ?? latest.current.rects());
      setViewport(fitViewport(bounds, viewSize(), { max: only ? 2 : 1 }));
    },
    [setViewport, viewSize],
  );

  // ctrl/⌘ + wheel, and a trackpad's pinch (a wheel with ctrlKey): zoom around the pointer. A plain wheel scrolls.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const current = getViewport();
      setViewport(
        zoomAround(
          current,
          wheelZoom(current.zoom, event.deltaY, event.deltaMode),
          screenOf(element, { x: event.clientX, y: event.clientY }),
        ),
      );
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [scroller, getViewport, setViewport]);

  // Space held (not typing, not on a note, where Space lifts it): a drag pans.
  useEffect(() => {
    const down = (event: globalThis.KeyboardEvent) => {
      if (event.key !== ' ' || event.repeat || isTyping(event.target)) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('[data-ref-id], button, a, [role="menuitem"]')) return;
      const element = scroller.current;
      if (!element || !(target === document.body || element.contains(target))) return;
      event.preventDefault();
      setSpaceHeld(true);
    };
    const up = (event: globalThis.KeyboardEvent) => {
      if (event.key === ' ') setSpaceHeld(false);
    };
    const reset = () => setSpaceHeld(false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', reset);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', reset);
    };
  }, [scroller]);

  /** + − 0, Shift+1 (fit), Shift+2 (selection) anywhere in the canvas (not while typing); arrows pan when the canvas itself, not a note, has focus. */
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const onNote = (event.target as HTMLElement).closest('[data-ref-id]') !== null;
      // Shift+1 and Shift+2 by the key's place (a French keyboard types 1 and 2 with Shift).
      if (event.shiftKey && event.code === 'Digit1') fit();
      else if (event.shiftKey && event.code === 'Digit2') {
        const selected = latest.current.selected?.() ?? [];
        if (selected.length > 0) fit(selected);
      } else if (event.key === '+' || event.key === '=') zoomAtCentre(zoomIn(zoomRef.current));
      else if (event.key === '-' || event.key === '_') zoomAtCentre(zoomOut(zoomRef.current));
      else if (event.key === '0') zoomAtCentre(1);
      else if (!onNote && event.key.startsWith('Arrow')) {
        const step = event.shiftKey ? panStepLarge : panStep;
        const dx = event.key === 'ArrowLeft' ? -step : event.key === 'ArrowRight' ? step : 0;
        const dy = event.key === 'ArrowUp' ? -step : event.key === 'ArrowDown' ? step : 0;
        setViewport(panBy(getViewport(), dx, dy));
      } else return;
      event.preventDefault();
    },
    [zoomAtCentre, setViewport, getViewport, fit],
  );

  const plane = planeSize(content, view, zoom);

  return {
    zoom,
    view,
    plane,
    restored,
    panMode,
    setPanMode,
    /** A drag on the empty canvas pans instead of drawing a marquee. */
    panning: panMode || spaceHeld,
    getViewport,
    setViewport,
    zoomIn: () => zoomAtCentre(zoomIn(zoomRef.current)),
    zoomOut: () => zoomAtCentre(zoomOut(zoomRef.current)),
    reset: () => zoomAtCentre(1),
    fit,
    onKeyDown,
  };
};

export type CanvasViewportControl = ReturnType<typeof useCanvasViewport>;
