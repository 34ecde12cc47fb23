import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { InternalWindow } from '../state.ts';
import { focusableSelector, framesAbove, hiddenOnPhone, isCovered, type StackedFrame } from './cover.ts';

/** Sent on the document when what is covered changed: roving Tab stops (canvas, list) pick a stop that shows. */
export const coverChangeEvent = 'buildon:coverchange';

/**
 * Makes what the windows cover `inert` (issue 25 §2): on a larger screen
 * each focusable element whose middle is under a window above it (the
 * page's notes and buttons, the fields of a window behind); on a phone,
 * where windows fill the screen, the whole page and every window but the
 * front one. Kept right as windows open, move, close, and as the page
 * scrolls or changes underneath. Only what it marked is unmarked.
 */
export const useCoverInert = (layer: RefObject<HTMLElement | null>, windows: readonly InternalWindow[], phone: boolean) => {
  const marked = useRef(new Set<Element>());
  const apply = useRef<() => void>(() => undefined);

  apply.current = () => {
    const next = new Set<Element>();
    const page = document.getElementById('root');
    const sections = [...(layer.current?.querySelectorAll<HTMLElement>('[data-window-id]') ?? [])];
    const zOf = new Map(windows.map((w) => [w.id, w.z]));
    const frames: StackedFrame[] = sections.map((section) => {
      const rect = section.getBoundingClientRect();
      return {
        id: section.dataset.windowId ?? '',
        z: zOf.get(section.dataset.windowId ?? '') ?? 0,
        box: { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom },
      };
    });
    if (frames.length > 0) {
      if (phone) {
        const hidden = hiddenOnPhone(frames);
        if (hidden.page && page) next.add(page);
        for (const section of sections) if (hidden.windows.includes(section.dataset.windowId ?? '')) next.add(section);
      } else {
        const active = document.activeElement;
        const coverIn = (scope: Element | null, above: ReturnType<typeof framesAbove>) => {
          if (!scope || above.length === 0) return;
          for (const element of scope.querySelectorAll(focusableSelector)) {
            // Containers (the canvas's scroller) stay: their own items are judged one by one.
            if (element.querySelector(focusableSelector) !== null) continue;
            // The focused element keeps focus until the pupil moves it (dragging a window over it must not drop it to <body>).
            if (active && element.contains(active)) continue;
            if (isCovered(element.getBoundingClientRect(), above)) next.add(element);
          }
        };
        coverIn(page, framesAbove(frames, null));
        for (const section of sections) {
          const z = zOf.get(section.dataset.windowId ?? '');
          if (z !== undefined) coverIn(section, framesAbove(frames, z));
        }
      }
    }
    let changed = false;
    for (const element of marked.current) {
      if (!next.has(element)) {
        element.removeAttribute('inert');
        changed = true;
      }
    }
    for (const element of next) {
      if (!marked.current.has(element)) {
        element.setAttribute('inert', '');
        changed = true;
      }
    }
    marked.current = next;
    if (changed) document.dispatchEvent(new CustomEvent(coverChangeEvent));
  };

  // Before the browser paints and before focus moves back to the page (ViewWindows's effects).
  useLayoutEffect(() => apply.current(), [windows, phone]);

  // The page scrolls, resizes or changes under open windows: judge again, once a frame.
  const open = windows.length > 0;
  // Inside the windows only a window behind another can have covered fields: no need to watch typing in a single window.
  const stacked = windows.length > 1;
  useEffect(() => {
    if (!open) return undefined;
    let frame = 0;
    const later = () => {
      if (frame === 0) frame = window.requestAnimationFrame(() => ((frame = 0), apply.current()));
    };
    document.addEventListener('scroll', later, { capture: true, passive: true });
    window.addEventListener('resize', later);
    const observer = new MutationObserver(later);
    const page = document.getElementById('root');
    if (page) observer.observe(page, { childList: true, subtree: true });
    if (stacked && layer.current) observer.observe(layer.current, { childList: true, subtree: true });
    return () => {
      window.cancelAnimationFrame(frame);
      document.removeEventListener('scroll', later, { capture: true });
      window.removeEventListener('resize', later);
      observer.disconnect();
    };
  }, [open, stacked, layer]);

  // Leaving the page: nothing stays inert.
  useEffect(
    () => () => {
      for (const element of marked.current) element.removeAttribute('inert');
      marked.current = new Set();
      document.dispatchEvent(new CustomEvent(coverChangeEvent));
    },
    [],
  );
};

/**
 * The ids (`data-<attribute>`) of the items in `container` that a window
 * covers now: a roving Tab stop (the canvas's notes, the list's items) skips
 * them, so Tab and the arrows never land on something hidden.
 */
export const useCoveredIds = (container: RefObject<HTMLElement | null>, attribute: string): ReadonlySet<string> => {
  const [covered, setCovered] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const read = () => {
      const key = attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
      const ids = [...(container.current?.querySelectorAll<HTMLElement>(`[data-${attribute}][inert]`) ?? [])].map(
        (element) => element.dataset[key] ?? '',
      );
      setCovered((before) => (before.size === ids.length && ids.every((id) => before.has(id)) ? before : new Set(ids)));
    };
    read();
    document.addEventListener(coverChangeEvent, read);
    return () => document.removeEventListener(coverChangeEvent, read);
  }, [container, attribute]);
  return covered;
};
