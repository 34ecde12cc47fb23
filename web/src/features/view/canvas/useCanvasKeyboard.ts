import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOfKey, firstRef, refsToLift, spatialNeighbour, steppedPositions, threadNeighbour, type Direction } from './keyboard.ts';
import type { Point, ViewLink, ViewRef } from './model.ts';
import { selectionForMenu, toggled } from './selection.ts';
import type { Move } from './useCanvasPointer.ts';

type Lifted = { origin: Move[]; now: Move[] };

export type CanvasKeyboardOptions = {
  plane: RefObject<HTMLDivElement | null>;
  refs: readonly ViewRef[];
  links: readonly ViewLink[];
  selection: ReadonlySet<string>;
  setSelection: (ids: Set<string>) => void;
  editable: boolean;
  onMove: (moves: Move[]) => void;
  onOpen: (ref: ViewRef) => void;
  onMenu: (refId: string | null, client: Point, at: Point) => void;
  onDeleteKey: () => void;
  pointIn: (client: Point) => Point;
  /** Says a sentence in the canvas's polite live region. */
  announce: (text: string) => void;
  /** Refs under a window (inert): not a Tab stop, skipped by the arrows (issue 25 §2). */
  covered: ReadonlySet<string>;
  /** A ref the note menu's "Move" asked to lift (issue 25 §1); `nonce` tells two requests for one ref apart. */
  liftRequest: { refId: string; nonce: number } | null;
};

const elementOf = (plane: HTMLDivElement | null, refId: string) =>
  plane?.querySelector<HTMLElement>(`[data-ref-id="${CSS.escape(refId)}"]`) ?? null;

/**
 * The canvas's keyboard model (see keyboard.ts): one Tab stop that roves
 * among the refs, arrows between notes (or along the thread after T), Space
 * to lift, move and drop, each step announced in a polite live region.
 */
export const useCanvasKeyboard = (options: CanvasKeyboardOptions) => {
  const { plane, links, selection, covered } = options;
  // What a window covers cannot be seen: the keyboard goes round it.
  const refs = covered.size === 0 ? options.refs : options.refs.filter((ref) => !covered.has(ref._id));
  const { t } = useTranslation();
  const [focusId, setFocusId] = useState<string | null>(null);
  const [thread, setThread] = useState(false);
  const lifted = useRef<Lifted | null>(null);
  /** The lifted notes, for the canvas to keep them drawn wherever the window goes (windowing.ts). */
  const [liftedIds, setLiftedIds] = useState<readonly string[]>([]);
  /** A note the arrows moved to that was not drawn yet (off-screen): focused once the canvas has drawn it. */
  const pendingFocus = useRef<string | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const tabStopId = (focusId !== null && refs.some((ref) => ref._id === focusId) ? focusId : firstRef(refs)?._id) ?? null;

  const { announce } = options;

  /**
   * Focus moves to a note, drawn or not: the canvas draws its Tab stop whatever the window, so a note off-screen
   * mounts on the next render and its focus (below) scrolls it into view.
   */
  const focusRef = (ref: ViewRef) => {
    setFocusId(ref._id);
    const element = elementOf(plane.current, ref._id);
    if (element) element.focus();
    else pendingFocus.current = ref._id;
  };

  useLayoutEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    const element = elementOf(plane.current, id);
    if (!element) return;
    pendingFocus.current = null;
    element.focus();
  });

  // Lifted notes drawn only now (they were off-screen) take their lifted place too.
  useLayoutEffect(() => {
    const current = lifted.current;
    if (current) showLifted(current.now, current.origin);
  }, [liftedIds]);

  const showLifted = (items: readonly Move[], origin: readonly Move[]) => {
    for (const item of items) {
      const start = origin.find((o) => o.refId === item.refId);
      const element = elementOf(plane.current, item.refId);
      if (!start || !element) continue;
      element.style.transform = `translate(${item.x - start.x}px, ${item.y - start.y}px)`;
      element.dataset.lifted = 'true';
    }
  };

  const putDown = () => {
    const current = lifted.current;
    lifted.current = null;
    setLiftedIds([]);
    for (const item of current?.origin ?? []) {
      const element = elementOf(plane.current, item.refId);
      if (element) delete element.dataset.lifted;
    }
    return current;
  };

  const cancelLift = () => {
    const current = putDown();
    if (!current) return;
    for (const item of current.origin) {
      const element = elementOf(plane.current, item.refId);
      if (element) element.style.transform = '';
    }
    announce(t('canvas.keyboard.cancelled'));
  };

  const lift = (ref: ViewRef) => {
    const { editable } = latest.current;
    const chosen = editable ? refsToLift(latest.current.refs, ref, selection) : [];
    if (chosen.length === 0) {
      announce(t('canvas.keyboard.cannotMove'));
      return;
    }
    const origin = chosen.map((item) => ({ refId: item._id, x: item.data.x, y: item.data.y }));
    lifted.current = { origin, now: origin };
    setLiftedIds(origin.map((item) => item.refId));
    showLifted(origin, origin);
    announce(
      chosen.length === 1
        ? t('canvas.keyboard.lifted', { title: ref._to.title || t('canvas.untitled') })
        : t('canvas.keyboard.liftedMany', { count: chosen.length }),
    );
  };

  const drop = () => {
    const current = putDown();
    if (!current) return;
    const moved = current.now.filter((item, index) => item.x !== current.origin[index]?.x || item.y !== current.origin[index]?.y);
    if (moved.length > 0) latest.current.onMove(moved);
    announce(t('canvas.keyboard.dropped'));
  };

  const step = (direction: Direction, large: boolean) => {
    const current = lifted.current;
    if (!current) return;
    const next = steppedPositions(current.now, direction, large);
    if (next.every((item, index) => item.x === current.now[index]?.x && item.y === current.now[index]?.y)) {
      announce(t('canvas.keyboard.edge'));
      return;
    }
    lifted.current = { origin: current.origin, now: next };
    showLifted(next, current.origin);
    announce(t(`canvas.keyboard.moved.${direction}`));
  };

  // The note menu's "Move": focus that ref and lift it.
  const request = options.liftRequest;
  useEffect(() => {
    if (!request) return;
    const ref = latest.current.refs.find((item) => item._id === request.refId);
    if (!ref) return;
    setFocusId(ref._id);
    // After the menu has closed and handed focus back.
    const timer = window.setTimeout(() => {
      const element = elementOf(plane.current, ref._id);
      if (element) element.focus();
      else pendingFocus.current = ref._id;
      lift(ref);
    });
    return () => window.clearTimeout(timer);
    // Only a new request lifts; lift reads the latest refs itself.
  }, [request]);

  const refAt = (target: EventTarget) => (target as HTMLElement).closest<HTMLElement>('[data-ref-id]')?.dataset.refId ?? null;

  const onFocus = (event: FocusEvent) => {
    const id = refAt(event.target);
    if (id) setFocusId(id);
  };

  /** Focus leaving a lifted note puts it back where it was: nothing moves that the pupil did not drop. */
  const onBlur = (event: FocusEvent) => {
    if (lifted.current && !plane.current?.contains(event.relatedTarget)) cancelLift();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const id = refAt(event.target);
    const ref = id ? refs.find((r) => r._id === id) : undefined;
    if (!ref) return;
    const direction = directionOfKey(event.key);
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;

    if (lifted.current) {
      if (direction && plain) step(direction, event.shiftKey);
      else if (event.key === ' ' || event.key === 'Enter') drop();
      else if (event.key === 'Escape') cancelLift();
      else return;
      event.preventDefault();
      event.stopPropagation();
      return;
    }

    if (direction && plain && !event.shiftKey) {
      event.preventDefault();
      const next = thread ? threadNeighbour(refs, links, ref, direction) : spatialNeighbour(refs, ref, direction);
      if (next) focusRef(next);
      else announce(t(thread ? 'canvas.keyboard.threadEnd' : 'canvas.keyboard.noNeighbour'));
    } else if ((event.key === 't' || event.key === 'T') && plain && !event.shiftKey) {
      event.preventDefault();
      setThread(!thread);
      announce(t(thread ? 'canvas.keyboard.threadOff' : 'canvas.keyboard.threadOn'));
    } else if (event.key === 'Enter' && plain) {
      event.preventDefault();
      options.onOpen(ref);
    } else if (event.key === ' ' && (event.ctrlKey || event.metaKey || event.shiftKey)) {
      // Selecting is Ctrl+Space (as in a multi-select list); plain Space lifts.
      event.preventDefault();
      const next = toggled(selection, ref._id);
      options.setSelection(next);
      announce(t(next.has(ref._id) ? 'canvas.keyboard.selected' : 'canvas.keyboard.unselected', { count: next.size }));
    } else if (event.key === ' ' && plain) {
      event.preventDefault();
      lift(ref);
    } else if ((event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) && (event.ctrlKey || event.metaKey)) {
      // Ctrl with the menu key: the canvas's own menu (paste, new note here), just below the focused note.
      event.preventDefault();
      const box = (event.target as HTMLElement).getBoundingClientRect();
      const client = { x: box.left, y: box.bottom + 24 };
      options.onMenu(null, client, options.pointIn(client));
    } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      const box = (event.target as HTMLElement).getBoundingClientRect();
      const alone = selectionForMenu(selection, ref._id);
      if (alone) options.setSelection(alone);
      const client = { x: box.left + 16, y: box.bottom };
      options.onMenu(ref._id, client, options.pointIn(client));
    } else if (event.key === 'Delete' && selection.size > 0) {
      event.preventDefault();
      options.onDeleteKey();
    }
  };

  return { tabStopId, liftedIds, onKeyDown, onFocus, onBlur };
};
