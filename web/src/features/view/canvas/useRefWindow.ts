import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { visibleCanvasRect, type Rect, type Viewport } from './viewport.ts';
import { windowFor, windowStillCovers } from './windowing.ts';

/**
 * The part of the canvas whose refs and arrows are drawn (windowing.ts),
 * following the scroller's scroll (at most once per animation frame), its
 * size and the zoom. Checked after every render of the canvas too (a zoom
 * sets its scroll in a layout effect): a new window renders again before
 * the frame is painted, so nothing blank ever shows.
 */
export const useRefWindow = (scroller: RefObject<HTMLDivElement | null>, getViewport: () => Viewport): Rect => {
  const [window_, setWindow] = useState<Rect>(() =>
    windowFor({ x: 0, y: 0, width: globalThis.innerWidth || 1024, height: globalThis.innerHeight || 768 }, getViewport().zoom),
  );
  const current = useRef<Rect | null>(null);

  const update = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const viewport = getViewport();
    const visible = visibleCanvasRect(viewport, { width: element.clientWidth, height: element.clientHeight });
    if (windowStillCovers(current.current, visible, viewport.zoom)) return;
    const next = windowFor(visible, viewport.zoom);
    current.current = next;
    setWindow(next);
  }, [scroller, getViewport]);

  // After every render: cheap (a few comparisons) unless the window must move.
  useLayoutEffect(update);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(onScroll);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [scroller, update]);

  return window_;
};
