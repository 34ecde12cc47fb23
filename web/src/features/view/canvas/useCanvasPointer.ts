import { useCallback, useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { anchorOf, clampDelta, isDraggable, longPressMs, rectFromPoints, type Point, type ViewRef } from './model.ts';
import { marqueeSelection, movingRefs, pressOnRef, tapSelection, withRef } from './selection.ts';
import { clientToPlane } from './viewportDom.ts';
import { pinchViewport, type Viewport } from './viewport.ts';

export type Move = { refId: string; x: number; y: number };

export type CanvasPointerOptions = {
  plane: RefObject<HTMLDivElement | null>;
  /** The scrolling element around the (scaled) plane. */
  scroller?: RefObject<HTMLDivElement | null>;
  /** Space held or the hand mode: a drag on the canvas (on a ref too) pans instead (issue 16 §1). */
  panning?: boolean;
  marquee: RefObject<HTMLDivElement | null>;
  refs: readonly ViewRef[];
  selection: ReadonlySet<string>;
  setSelection: (ids: Set<string>) => void;
  /** The view is editable by me (else nothing moves). */
  editable: boolean;
  /** A drag ended: new positions of the dragged refs (already clamped). */
  onMove: (moves: Move[]) => void;
  /** A tap (touch or pen) on a ref while nothing is selected: open it. */
  onTap: (refId: string) => void;
  /**
   * A touch held still for longPressMs: select the ref (refId), or open the
   * canvas menu (refId null). The finger is still down.
   */
  onLongPress: (refId: string | null, client: Point) => void;
  /** The pointer in use turned from mouse to touch (or pen) or back. */
  onTouchMode?: (touch: boolean) => void;
  /**
   * A drag of refs ended at a screen point outside this canvas (another view's
   * window, the page around an embedded view): true when it was taken there
   * (the refs then stay put here).
   */
  onDragOut?: (refs: ViewRef[], client: Point, grab: Point) => boolean;
  /** The canvas's zoom and scroll: two fingers pinch-zoom the canvas (issue 16 §1); none = the browser's page zoom. */
  pinch?: { getViewport: () => Viewport; setViewport: (viewport: Viewport) => void };
};

/** Two fingers on the canvas: where they went down (screen points of the scroller) and the viewport then. */
type Pinch = { ids: [number, number]; from: [Point, Point]; start: Viewport; frame: number };

type Drag = {
  pointerId: number;
  start: Point;
  refs: ViewRef[];
  started: boolean;
  elements: HTMLElement[];
  /** Arrows with one moving end (the other stays): clones redrawn each frame. */
  lineEnds: { line: SVGLineElement; clone: SVGLineElement; end: 1 | 2; origin: Point }[];
  /** Arrows whose both ends move: they travel with the ghost. */
  wholeLines: { line: SVGLineElement; from: Point; to: Point }[];
  /** One composited layer holding copies of the dragged refs and their arrows. */
  ghost: HTMLDivElement | null;
  /** Copies of the one-end arrows, above everything. */
  overlay: SVGSVGElement | null;
  /** Holds ghost and overlay: the plane's size, clipped, so the moving ghost never changes the scroll area. */
  layer: HTMLDivElement | null;
  delta: Point;
  frame: number;
  /** A finger's drag starts further off than a mouse's (a tap wobbles). */
  touch: boolean;
};

/** A finger (or pen) on the canvas: a tap, a long press, a drag or a pan, told apart as it goes. */
type TouchPress = { pointerId: number; refId: string | null; start: Point; timer: number; held: boolean; moved: boolean };

const svgNs = 'http://www.w3.org/2000/svg';

type Marquee = { pointerId: number; start: Point; current: Point; additive: boolean; frame: number };

const dragThreshold = 3;
/** How far a finger may wobble and still tap or long-press (px). */
const touchSlop = 10;

/**
 * Pointer handling of the canvas by delegation: drag one or many refs with
 * CSS transforms (no React render per pointermove; arrows' ends follow by
 * attribute), marquee selection on the empty canvas. The positions are
 * committed once, on pointerup.
 *
 * Touch (issue 21 §10): a tap opens a ref; a press held still selects it
 * (and then taps add refs to the selection or take them out, until it is
 * empty); a finger that moves drags a ref that may move, or else scrolls
 * the canvas; two fingers pinch-zoom the canvas (not the page: the plane's
 * touch-action is none), which cancels whatever the first finger began.
 */
export const useCanvasPointer = (options: CanvasPointerOptions) => {
  const latest = useRef(options);
  latest.current = options;
  const drag = useRef<Drag | null>(null);
  const marquee = useRef<Marquee | null>(null);
  const press = useRef<TouchPress | null>(null);
  /** Fingers down now: a second one makes a pinch. */
  const fingers = useRef(new Set<number>());
  /** Where each finger down is now (client points). */
  const fingerAt = useRef(new Map<number, Point>());
  const pinch = useRef<Pinch | null>(null);
  const pointerKind = useRef<'mouse' | 'touch'>('mouse');
  /** A finger that scrolls the canvas (the plane's touch-action leaves one-finger moves to us). */
  const pan = useRef<{ pointerId: number; last: Point } | null>(null);

  const cancelPress = () => {
    if (press.current) window.clearTimeout(press.current.timer);
    press.current = null;
  };

  const setKind = (kind: 'mouse' | 'touch') => {
    if (pointerKind.current === kind) return;
    pointerKind.current = kind;
    latest.current.onTouchMode?.(kind === 'touch');
  };

  /** A press held still: the ref joins the selection (a drag that follows moves the selection), or the canvas menu opens. */
  const hold = () => {
    const current = press.current;
    if (!current || current.moved) return;
    current.held = true;
    window.clearTimeout(current.timer);
    const { refs, selection } = latest.current;
    if (current.refId === null) pan.current = null;
    const pending = drag.current;
    const held = current.refId === null ? undefined : refs.find((r) => r._id === current.refId);
    // The held ref joins the selection: a drag that follows moves them all.
    if (held && pending && !pending.started) pending.refs = movingRefs(refs, withRef(selection, held._id), held);
    latest.current.onLongPress(current.refId, current.start);
  };

  /** A tap: open the ref; while refs are selected, add it to the selection or take it out (a tap on the empty canvas ends it). */
  const tap = (refId: string | null) => {
    const { selection, setSelection, onTap } = latest.current;
    const next = tapSelection(selection, refId);
    if (next) setSelection(next);
    else if (refId !== null) onTap(refId);
  };

  /** The pointer in canvas coordinates, at any zoom (viewport.ts): drags, marquees and drops store these. */
  const planePoint = (event: { clientX: number; clientY: number }): Point =>
    clientToPlane(latest.current.plane.current, { x: event.clientX, y: event.clientY });

  const scrollerOf = () => latest.current.scroller?.current ?? latest.current.plane.current?.parentElement ?? null;

  /** A client point in the scroller's visible box (what pinchViewport takes). */
  const screenPoint = (client: Point): Point => {
    const scroller = scrollerOf();
    const box = scroller?.getBoundingClientRect();
    return { x: client.x - (box?.left ?? 0) - (scroller?.clientLeft ?? 0), y: client.y - (box?.top ?? 0) - (scroller?.clientTop ?? 0) };
  };

  const startPinch = (): boolean => {
    const control = latest.current.pinch;
    const [first, second] = [...fingerAt.current.entries()];
    if (!control || !first || !second) return false;
    pinch.current = {
      ids: [first[0], second[0]],
      from: [screenPoint(first[1]), screenPoint(second[1])],
      start: control.getViewport(),
      frame: 0,
    };
    return true;
  };

  /** Once per frame: the viewport the two fingers ask for now. */
  const paintPinch = () => {
    const current = pinch.current;
    const control = latest.current.pinch;
    if (!current || !control) return;
    current.frame = 0;
    const a = fingerAt.current.get(current.ids[0]);
    const b = fingerAt.current.get(current.ids[1]);
    if (!a || !b) return;
    control.setViewport(pinchViewport(current.start, current.from, [screenPoint(a), screenPoint(b)]));
  };

  const endPinch = () => {
    if (pinch.current?.frame) cancelAnimationFrame(pinch.current.frame);
    pinch.current = null;
  };

  const paintDrag = () => {
    const current = drag.current;
    if (!current) return;
    current.frame = 0;
    const { x, y } = current.delta;
    if (current.ghost) current.ghost.style.transform = `translate(${x}px, ${y}px)`;
    for (const { clone, end, origin } of current.lineEnds) {
      clone.setAttribute(`x${end}`, String(origin.x + x));
      clone.setAttribute(`y${end}`, String(origin.y + y));
    }
  };

  /**
   * The dragged refs and their arrows are copied into one composited ghost
   * layer (and one small overlay for arrows with a fixed end); the originals
   * hide. Each frame then moves one layer and redraws a few lines, instead of
   * repainting a canvas of a thousand refs and arrows.
   */
  const beginDrag = (current: Drag) => {
    const plane = latest.current.plane.current;
    if (!plane) return;
    current.started = true;
    const byId = new Map(current.refs.map((r) => [r._id, r]));
    const links = plane.querySelector<SVGSVGElement>('svg[data-testid="canvas-links"]');
    const ghost = document.createElement('div');
    ghost.className = 'canvas-drag-ghost';
    ghost.setAttribute('aria-hidden', 'true');
    Object.assign(ghost.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      width: '0',
      height: '0',
      zIndex: '20',
      pointerEvents: 'none',
      willChange: 'transform',
    });
    const overlay = document.createElementNS(svgNs, 'svg');
    Object.assign(overlay.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      overflow: 'visible',
      pointerEvents: 'none',
      zIndex: '19',
      willChange: 'transform',
    });
    overlay.setAttribute('width', '1');
    overlay.setAttribute('height', '1');
    const ghostLines = document.createElementNS(svgNs, 'svg');
    Object.assign(ghostLines.style, { position: 'absolute', left: '0', top: '0', overflow: 'visible' });
    ghostLines.setAttribute('width', '1');
    ghostLines.setAttribute('height', '1');
    const defs = links?.querySelector('defs');
    if (defs) {
      overlay.appendChild(defs.cloneNode(true));
    }
    ghost.appendChild(ghostLines);
    // One pass over the plane's refs (not one search per dragged ref).
    current.elements = [];
    for (const el of plane.querySelectorAll<HTMLElement>(':scope > * > [data-ref-id]')) {
      if (byId.has(el.dataset.refId ?? '')) current.elements.push(el);
    }
    for (const el of current.elements) {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.removeAttribute('data-testid');
      copy.removeAttribute('data-ref-id');
      copy.removeAttribute('tabindex');
      copy.classList.add('dragging');
      ghost.appendChild(copy);
      el.style.visibility = 'hidden';
    }
    for (const line of links?.querySelectorAll<SVGLineElement>('line[data-from]') ?? []) {
      const fromRef = byId.get(line.dataset.from ?? '');
      const toRef = byId.get(line.dataset.to ?? '');
      if (!fromRef && !toRef) continue;
      const copy = line.cloneNode(true) as SVGLineElement;
      line.style.visibility = 'hidden';
      if (fromRef && toRef) {
        ghostLines.appendChild(copy);
        current.wholeLines.push({ line, from: anchorOf(fromRef), to: anchorOf(toRef) });
        continue;
      }
      overlay.appendChild(copy);
      if (fromRef) current.lineEnds.push({ line, clone: copy, end: 1, origin: anchorOf(fromRef) });
      if (toRef) current.lineEnds.push({ line, clone: copy, end: 2, origin: anchorOf(toRef) });
    }
    // The ghost's arrows need the markers too.
    if (defs && ghostLines.childNodes.length > 0) ghostLines.insertBefore(defs.cloneNode(true), ghostLines.firstChild);
    // Beside the plane, not in it: the plane's thousand refs stay untouched (cached paint).
    // In a clipped layer of the plane's size: a transformed ghost straight in the
    // scroller would change its scrollable overflow, and so repaint it, every frame.
    // The layer takes the hit tests (the plane keeps the pointer captured): the
    // refs passed over are neither searched nor hovered (no restyle, no repaint).
    const layer = document.createElement('div');
    Object.assign(layer.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      width: `${plane.offsetWidth}px`,
      height: `${plane.offsetHeight}px`,
      overflow: 'clip',
      contain: 'strict',
      zIndex: '19',
    });
    layer.append(overlay, ghost);
    (plane.parentElement ?? plane).appendChild(layer);
    current.ghost = ghost;
    current.overlay = overlay;
    current.layer = layer;
  };

  const endDrag = (current: Drag, commit: boolean) => {
    if (current.frame) cancelAnimationFrame(current.frame);
    const { x, y } = current.delta;
    const moved = commit && (x !== 0 || y !== 0);
    // Originals take the new place at once (React clears the transform when the new x/y arrive).
    for (const el of current.elements) {
      el.style.transform = moved ? `translate(${x}px, ${y}px)` : '';
      el.style.visibility = '';
    }
    for (const { line, end, origin } of current.lineEnds) {
      line.setAttribute(`x${end}`, String(origin.x + (moved ? x : 0)));
      line.setAttribute(`y${end}`, String(origin.y + (moved ? y : 0)));
      line.style.visibility = '';
    }
    for (const { line, from, to } of current.wholeLines) {
      line.setAttribute('x1', String(from.x + (moved ? x : 0)));
      line.setAttribute('y1', String(from.y + (moved ? y : 0)));
      line.setAttribute('x2', String(to.x + (moved ? x : 0)));
      line.setAttribute('y2', String(to.y + (moved ? y : 0)));
      line.style.visibility = '';
    }
    current.layer?.remove();
    if (moved) latest.current.onMove(current.refs.map((ref) => ({ refId: ref._id, x: ref.data.x + x, y: ref.data.y + y })));
  };

  const newDrag = (pointerId: number, start: Point, refs: ViewRef[], touch: boolean): Drag => ({
    pointerId,
    start,
    refs,
    started: false,
    elements: [],
    lineEnds: [],
    wholeLines: [],
    ghost: null,
    overlay: null,
    layer: null,
    delta: { x: 0, y: 0 },
    frame: 0,
    touch,
  });

  const paintMarquee = () => {
    const current = marquee.current;
    const box = latest.current.marquee.current;
    if (!current || !box) return;
    current.frame = 0;
    const rect = rectFromPoints(current.start, current.current);
    box.style.display = 'block';
    box.style.transform = `translate(${rect.x}px, ${rect.y}px)`;
    box.style.width = `${rect.width}px`;
    box.style.height = `${rect.height}px`;
  };

  const onPointerDown = useCallback((event: ReactPointerEvent<HTMLDivElement>) => {
    const { refs, selection, setSelection, editable } = latest.current;
    if (event.pointerType === 'mouse') setKind('mouse');
    // Space held, the hand mode, or the middle button: the drag moves the view.
    if (event.pointerType === 'mouse' && (event.button === 1 || (event.button === 0 && latest.current.panning))) {
      pan.current = { pointerId: event.pointerId, last: { x: event.clientX, y: event.clientY } };
      event.currentTarget.setPointerCapture(event.pointerId);
      event.preventDefault();
      return;
    }
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const target = event.target as HTMLElement;
    if (target.closest('[data-no-canvas-pointer]')) return;
    const refElement = target.closest<HTMLElement>('[data-ref-id]');
    const refId = refElement?.dataset.refId ?? null;
    const client = { x: event.clientX, y: event.clientY };

    if (event.pointerType !== 'mouse') {
      setKind('touch');
      // The primary pointer is the first finger on the screen: none other is down (whatever we missed of them).
      if (event.isPrimary) {
        fingers.current.clear();
        fingerAt.current.clear();
        endPinch();
      }
      fingers.current.add(event.pointerId);
      fingerAt.current.set(event.pointerId, client);
      if (fingers.current.size > 1) {
        // A second finger: a pinch. Drop what the first one began.
        cancelPress();
        if (drag.current?.started) endDrag(drag.current, false);
        drag.current = null;
        pan.current = null;
        if (fingers.current.size === 2 && startPinch()) event.currentTarget.setPointerCapture(event.pointerId);
        return;
      }
      const ref = refId ? refs.find((r) => r._id === refId) : undefined;
      cancelPress();
      press.current = {
        pointerId: event.pointerId,
        refId: ref?._id ?? null,
        start: client,
        held: false,
        moved: false,
        timer: window.setTimeout(hold, longPressMs),
      };
      if (ref && editable && isDraggable(ref)) {
        // The selection moves together when the finger is on one of its refs; another ref moves alone (and stays unselected).
        drag.current = newDrag(event.pointerId, planePoint(event), movingRefs(refs, selection, ref), true);
        event.currentTarget.setPointerCapture(event.pointerId);
        return;
      }
      pan.current = { pointerId: event.pointerId, last: client };
      event.currentTarget.setPointerCapture(event.pointerId);
      return;
    }

    if (refId) {
      const press = pressOnRef(refs, selection, refId, { additive: event.shiftKey || event.metaKey || event.ctrlKey, editable });
      if (!press) return;
      if (press.selection) setSelection(press.selection);
      if (press.moving.length === 0) return;
      drag.current = newDrag(event.pointerId, planePoint(event), press.moving, false);
      event.currentTarget.setPointerCapture(event.pointerId);
      return;
    }

    const start = planePoint(event);
    marquee.current = { pointerId: event.pointerId, start, current: start, additive: event.shiftKey, frame: 0 };
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
  }, []);

  const onPointerMove = useCallback((event: ReactPointerEvent<HTMLDivElement>) => {
    if (fingerAt.current.has(event.pointerId)) fingerAt.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const pinching = pinch.current;
    if (pinching) {
      if (pinching.ids.includes(event.pointerId) && !pinching.frame) pinching.frame = requestAnimationFrame(paintPinch);
      return;
    }
    const pressing = press.current;
    if (pressing && pressing.pointerId === event.pointerId && !pressing.moved) {
      if (Math.hypot(event.clientX - pressing.start.x, event.clientY - pressing.start.y) <= touchSlop) return;
      // It moved: no tap, no long press; a drag or a pan.
      pressing.moved = true;
      window.clearTimeout(pressing.timer);
    }
    const panning = pan.current;
    if (panning && panning.pointerId === event.pointerId) {
      const scroller = scrollerOf();
      if (scroller) scroller.scrollBy(panning.last.x - event.clientX, panning.last.y - event.clientY);
      panning.last = { x: event.clientX, y: event.clientY };
      return;
    }
    const current = drag.current;
    if (current && current.pointerId === event.pointerId) {
      const point = planePoint(event);
      const dx = point.x - current.start.x;
      const dy = point.y - current.start.y;
      if (!current.started) {
        if (Math.hypot(dx, dy) < (current.touch ? touchSlop : dragThreshold)) return;
        beginDrag(current);
      }
      current.delta = clampDelta(current.refs, Math.round(dx), Math.round(dy));
      if (!current.frame) current.frame = requestAnimationFrame(paintDrag);
      return;
    }
    const box = marquee.current;
    if (box && box.pointerId === event.pointerId) {
      box.current = planePoint(event);
      if (!box.frame) box.frame = requestAnimationFrame(paintMarquee);
    }
  }, []);

  const onPointerUp = useCallback((event: ReactPointerEvent<HTMLDivElement>) => {
    fingers.current.delete(event.pointerId);
    fingerAt.current.delete(event.pointerId);
    // A finger of a pinch lifted: the pinch ends (the other finger does nothing more until lifted).
    if (pinch.current?.ids.includes(event.pointerId)) endPinch();
    const pressing = press.current?.pointerId === event.pointerId ? press.current : null;
    if (pressing) cancelPress();
    // A finger lifted where it went down, before the long press: a tap (a pointercancel is the browser's, never a tap).
    const tapped = pressing !== null && event.type === 'pointerup' && !pressing.moved && !pressing.held;
    if (pan.current?.pointerId === event.pointerId) pan.current = null;
    const current = drag.current;
    if (current && current.pointerId === event.pointerId) {
      drag.current = null;
      if (!current.started) {
        if (tapped) tap(pressing.refId);
        return;
      }
      // Where the pointer held the group, from its top-left: the group lands elsewhere as it was held.
      const grab = {
        x: current.start.x - Math.min(...current.refs.map((r) => r.data.x)),
        y: current.start.y - Math.min(...current.refs.map((r) => r.data.y)),
      };
      const out = event.type === 'pointerup' && latest.current.onDragOut?.(current.refs, { x: event.clientX, y: event.clientY }, grab);
      endDrag(current, event.type === 'pointerup' && !out);
      return;
    }
    if (tapped) {
      tap(pressing.refId);
      return;
    }
    const box = marquee.current;
    if (box && box.pointerId === event.pointerId) {
      marquee.current = null;
      if (box.frame) cancelAnimationFrame(box.frame);
      if (latest.current.marquee.current) latest.current.marquee.current.style.display = 'none';
      const { refs, selection, setSelection } = latest.current;
      const next = marqueeSelection(refs, selection, rectFromPoints(box.start, planePoint(event)), box.additive);
      if (next) setSelection(next);
    }
  }, []);

  useEffect(
    () => () => {
      cancelPress();
      endPinch();
    },
    [],
  );

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel: onPointerUp,
    /** The last pointer was a finger or a pen: the double-click and context menu it makes are not the mouse's. */
    touching: () => pointerKind.current === 'touch',
  };
};
