import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** What was measured when the rail stopped fitting: its content's length along the rail. */
type Overflow = { row: boolean; needed: number };

/** How a collapsed rail lies (its menu opens across it); null when its buttons fit. */
export type Collapsed = 'row' | 'column' | null;

/**
 * Decides whether a rail of buttons is collapsed into one menu: when its
 * buttons do not fit along it (a phone's width, a short window's height).
 * The rail is measured as laid out in full (its scroll length); once
 * collapsed it opens out again when its box grows to that length, or when it
 * turns (row ⇄ column) and must be measured anew. `signature` names the
 * buttons: another set is measured again.
 */
export const useCollapsed = (rail: RefObject<HTMLElement | null>, signature: string): Collapsed => {
  const [collapsed, setCollapsed] = useState<Collapsed>(null);
  const overflow = useRef<Overflow | null>(null);
  const [measured, setMeasured] = useState(signature);

  // Another set of buttons: lay them out in full once, then measure.
  if (measured !== signature) {
    setMeasured(signature);
    setCollapsed(null);
    overflow.current = null;
  }

  useLayoutEffect(() => {
    const element = rail.current;
    if (!element) return undefined;
    const check = () => {
      const row = getComputedStyle(element).flexDirection.startsWith('row');
      const available = row ? element.clientWidth : element.clientHeight;
      if (!collapsed) {
        const content = row ? element.scrollWidth : element.scrollHeight;
        if (content > available + 1) {
          overflow.current = { row, needed: content };
          setCollapsed(row ? 'row' : 'column');
        }
        return;
      }
      const last = overflow.current;
      if (!last || last.row !== row || available >= last.needed) setCollapsed(null);
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [rail, collapsed, measured]);

  return collapsed;
};
