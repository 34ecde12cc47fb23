import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { visibleCanvasRect, type Rect, type Viewport } from './viewport.ts';
import { contains, windowFor, windowStillCovers } from './windowing.ts';

/**
 * The part of the canvas whose refs and arrows are drawn (windowing.ts),
 * following the scroller's scroll (at most once per animation frame), its
 * size and the zoom. Checked after every render of the canvas too (a zoom
 * sets its scroll in a layout effect): a new window renders again before
 * the frame is painted, so nothing blank ever shows.
 *
 * The view's first frame draws only what shows (no margin): opening a large
 * view waits for no card the reader cannot see. The margin follows a frame later.
 */
export const useRefWindow = (
  scroller: RefObject<HTMLDivElement | null>,
  getViewport: () => Viewport,
  /** The view has refs to draw: its opening (no margin) lasts until then. */
  hasRefs: boolean,
): Rect => {
  const [window_, setWindow] = useState<Rect>(() =>
    windowFor({ x: 0, y: 0, width: globalThis.innerWidth || 1024, height: globalThis.innerHeight || 768 }, getViewport().zoom, 0),
  );
  const current = useRef<Rect | null>(null);
  /** The opening: no margin yet ('loading': no refs yet; 'shown': drawn, the margin comes after that frame). */
  const opening = useRef<'loading' | 'shown' | null>('loading');
  const later = useRef({ frame: 0, timer: 0 });
  const ready = useRef(hasRefs);
  ready.current = hasRefs;

  const update = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const viewport = getViewport();
    const visible = visibleCanvasRect(viewport, { width: element.clientWidth, height: element.clientHeight });
    const before = current.current;
    if (opening.current !== null) {
      // What shows, and no more (the scroll may still change before the first paint).
      if (before && contains(before, visible) && (opening.current === 'shown' || !ready.current)) return;
      const next = windowFor(visible, viewport.zoom, 0);
      current.current = next;
      setWindow(next);
      if (opening.current === 'loading' && ready.current) {
        opening.current = 'shown';
        // After the frame that shows the opening (a task of its own): the margin around it.
        later.current.frame = requestAnimationFrame(() => {
          later.current.timer = window.setTimeout(() => {
            opening.current = null;
            update();
          });
        });
      }
      return;
    }
    if (windowStillCovers(before, visible, viewport.zoom)) return;
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
      cancelAnimationFrame(later.current.frame);
      window.clearTimeout(later.current.timer);
    };
  }, [scroller, update]);

  return window_;
};
