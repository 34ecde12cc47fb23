import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type MouseEvent } from 'react';
import { Check, MoreHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ViewSetting } from '../../../../../contracts/api/communities.ts';
import { LinksLayer } from './LinksLayer.tsx';
import { openingScroll } from './openingScroll.ts';
import { arrowsOf, isNewRef, refRect, type Point, type ViewLink, type ViewRef } from './model.ts';
import { RefItem, useRefText } from './RefItem.tsx';
import { selectionForMenu, withRef } from './selection.ts';
import { builtOnTitles } from './keyboard.ts';
import { useAnnouncer, useArrivalAnnouncements, useMoveAnnouncements } from './useArrivalAnnouncements.ts';
import { useCanvasKeyboard } from './useCanvasKeyboard.ts';
import { useCanvasPointer, type Move } from './useCanvasPointer.ts';
import { useCanvasViewport } from './useCanvasViewport.ts';
import { CanvasNavigation } from './CanvasNavigation.tsx';
import { compactZoom, zoomVariable, visibleCanvasRect } from './viewport.ts';
import { clientToPlane } from './viewportDom.ts';
import { useRefWindow } from './useRefWindow.ts';
import { arrowsInWindow, refsInWindow } from './windowing.ts';
import { useCoveredIds } from '../windows/useCoverInert.ts';
import styles from './Canvas.module.css';

export type CanvasProps = {
  refs: readonly ViewRef[];
  links: readonly ViewLink[];
  setting: ViewSetting;
  favourites: boolean;
  /** Ref ids left out by the filter panel (drawn faint); null = no filter. */
  visible: ReadonlySet<string> | null;
  selection: ReadonlySet<string>;
  setSelection: (ids: Set<string>) => void;
  editable: boolean;
  /** False in reduced mode: the empty hint then offers only the right-click menu. */
  toolbarShown?: boolean;
  onMove: (moves: Move[]) => void;
  onOpen: (ref: ViewRef) => void;
  /** Opens the menu of a ref (or of the canvas when refId is null) at a screen point. */
  onMenu: (refId: string | null, client: Point, at: Point) => void;
  /** Something was dropped at a canvas point. */
  onDrop: (data: DataTransfer, at: Point) => void;
  onDeleteKey: () => void;
  /** Refs dragged out of this canvas, released at a screen point: true when taken elsewhere. */
  onDragOut?: (refs: ViewRef[], client: Point, grab: Point) => boolean;
  /** The note menu's "Move" for keyboard users: lift this ref (useCanvasKeyboard). */
  liftRequest?: { refId: string; nonce: number } | null;
  /**
   * Zoom and pan controls, keys and minimap (issue 16 §1); `storageKey` (viewportStorageKey: user and view)
   * remembers the zoom and scroll in this browser. Absent (an in-place preview): none.
   */
  navigation?: { storageKey?: string };
};

const margin = 400;

/**
 * Refs per paint group (see .refGroup): small enough that a repaint is cheap, few enough to stay few layers' worth
 * of work. A ref's group follows from its place among all refs, not among those drawn: a pan that draws other refs
 * never moves a ref to another group (which would mount it again).
 */
const groupSize = 200;
const groupsOf = <T extends { _id: string }>(drawn: readonly T[], place: ReadonlyMap<string, number>): [number, T[]][] => {
  const groups = new Map<number, T[]>();
  for (const item of drawn) {
    const group = Math.floor((place.get(item._id) ?? 0) / groupSize);
    const list = groups.get(group);
    if (list) list.push(item);
    else groups.set(group, [item]);
  }
  return [...groups];
};

/** The view canvas: arrows under the refs, the refs as positioned cards, a marquee. */
export const Canvas = (props: CanvasProps) => {
  const { refs, links, setting, favourites, visible, selection, editable } = props;
  const { t, i18n } = useTranslation();
  const text = useRefText();
  const plane = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const keyboardHelpId = useId();
  const marquee = useRef<HTMLDivElement>(null);
  const [now, setNow] = useState(() => Date.now());
  const [dropping, setDropping] = useState(false);
  /** The last pointer was a finger: a selection then shows its bar (the phone's way to its menu and out of it). */
  const [touchMode, setTouchMode] = useState(false);

  // The 'new' highlight lasts 60 s: re-check now and then (only refs whose flag changes re-render).
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 10_000);
    return () => window.clearInterval(timer);
  }, []);

  const timeFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  const arrows = useMemo(() => arrowsOf(refs, links, setting), [refs, links, setting]);
  const size = useMemo(() => {
    let width = 0;
    let height = 0;
    for (const ref of refs) {
      const rect = refRect(ref);
      width = Math.max(width, rect.x + rect.width);
      height = Math.max(height, rect.y + rect.height);
    }
    return { width: width + margin, height: height + margin };
  }, [refs]);
  const rects = useMemo(() => refs.map(refRect), [refs]);
  const navigation = useCanvasViewport({
    scroller,
    content: size,
    storageKey: props.navigation?.storageKey,
    rects: () => rects,
    selected: () => refs.filter((ref) => selection.has(ref._id)).map(refRect),
  });
  const { zoom } = navigation;
  /** What the scroller shows, in canvas coordinates. */
  const visibleRect = () => {
    const element = scroller.current;
    return element
      ? visibleCanvasRect(navigation.getViewport(), { width: element.clientWidth, height: element.clientHeight })
      : { x: 0, y: 0, width: window.innerWidth, height: window.innerHeight };
  };
  // Opening the view: at the remembered zoom and scroll (issue 16 §1); if none of its refs shows then, scroll to
  // them (issue 21 §10). Once, before the first paint; live updates and later refs never move the canvas under the reader's eyes.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (!scroller.current) return;
    const to = openingScroll(rects, visibleRect());
    if (to) navigation.setViewport({ zoom, scrollX: to.x * zoom, scrollY: to.y * zoom });
  }, [rects]);
  // Fixed refs first: they sit in the lowest layer.
  const ordered = useMemo(() => [...refs].sort((a, b) => Number(b.data.fixed === true) - Number(a.data.fixed === true)), [refs]);
  const place = useMemo(() => new Map(ordered.map((ref, index) => [ref._id, index])), [ordered]);
  // Only what is near the screen is drawn (issue 16 §2): the model keeps every ref for the keyboard, marquee, menus.
  const drawnWindow = useRefWindow(scroller, navigation.getViewport, refs.length > 0);

  const pointer = useCanvasPointer({
    plane,
    scroller,
    marquee,
    panning: navigation.panning,
    refs,
    selection,
    setSelection: props.setSelection,
    editable,
    onMove: props.onMove,
    onTap: (refId) => {
      const ref = refs.find((r) => r._id === refId);
      if (ref) openByPointer(ref);
    },
    onLongPress: (refId, client) => {
      if (refId === null) {
        props.onMenu(null, client, pointIn(client));
        return;
      }
      props.setSelection(withRef(selection, refId));
      pressFeedback(refId);
    },
    onTouchMode: setTouchMode,
    ...(props.navigation ? { pinch: { getViewport: navigation.getViewport, setViewport: navigation.setViewport } } : {}),
    ...(props.onDragOut ? { onDragOut: props.onDragOut } : {}),
  });

  /**
   * Opened with the pointer: the card takes focus first (the pointer does not give it), so the window's
   * close comes back to it rather than to whatever had focus before (issue 25 §2).
   */
  const openByPointer = (ref: ViewRef) => {
    plane.current?.querySelector<HTMLElement>(`[data-ref-id="${CSS.escape(ref._id)}"]`)?.focus({ preventScroll: true });
    props.onOpen(ref);
  };

  /** A screen point in canvas coordinates, at any zoom (viewport.ts). */
  const pointIn = (client: Point): Point => {
    const point = clientToPlane(plane.current, client);
    return { x: Math.round(point.x), y: Math.round(point.y) };
  };

  /** A long press took: the ref swells a moment (and the phone buzzes) while the finger is still on it. */
  const pressFeedback = (refId: string) => {
    const element = plane.current?.querySelector<HTMLElement>(`[data-ref-id="${CSS.escape(refId)}"]`);
    if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      element?.animate([{ transform: 'scale(1)' }, { transform: 'scale(1.08)' }, { transform: 'scale(1)' }], {
        duration: 220,
        easing: 'ease-out',
      });
    }
    navigator.vibrate?.(15);
  };

  const { announcement, announce } = useAnnouncer();
  useArrivalAnnouncements(refs, announce);
  useMoveAnnouncements(refs, announce);
  const builtOn = useMemo(() => builtOnTitles(refs, links), [refs, links]);
  const covered = useCoveredIds(plane, 'ref-id');
  const keyboard = useCanvasKeyboard({
    covered,
    announce,
    plane,
    refs,
    links,
    selection,
    setSelection: props.setSelection,
    editable,
    onMove: props.onMove,
    onOpen: props.onOpen,
    onMenu: props.onMenu,
    onDeleteKey: props.onDeleteKey,
    pointIn,
    liftRequest: props.liftRequest ?? null,
  });
  // Drawn whatever the window: the canvas's one Tab stop (Tab always lands on a note, and the arrows take focus to
  // one off-screen, which then mounts and scrolls into view) and the notes lifted by the keyboard.
  const kept = useMemo(
    () => new Set([...(keyboard.tabStopId ? [keyboard.tabStopId] : []), ...keyboard.liftedIds]),
    [keyboard.tabStopId, keyboard.liftedIds],
  );
  const drawnRefs = useMemo(() => refsInWindow(ordered, refRect, drawnWindow, kept), [ordered, drawnWindow, kept]);
  const drawnArrows = useMemo(() => arrowsInWindow(arrows, drawnWindow), [arrows, drawnWindow]);

  const refAt = (target: EventTarget) => (target as HTMLElement).closest<HTMLElement>('[data-ref-id]')?.dataset.refId ?? null;

  const handleDoubleClick = (event: MouseEvent) => {
    // A double tap: its taps already opened or selected.
    if (pointer.touching()) return;
    // The plane captures the pointer while a press may become a drag, so the
    // click events target the plane: find the ref under the pointer instead.
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const id = refAt(event.target) ?? (under ? refAt(under) : null);
    const ref = id ? refs.find((r) => r._id === id) : undefined;
    if (ref) openByPointer(ref);
  };

  const handleContextMenu = (event: MouseEvent) => {
    event.preventDefault();
    // A phone's long press makes a context menu too: the press itself already selected (or opened the canvas menu).
    const kind = (event.nativeEvent as Partial<PointerEvent>).pointerType;
    if (kind === 'touch' || kind === 'pen' || (kind !== 'mouse' && pointer.touching())) return;
    const id = refAt(event.target);
    const alone = id ? selectionForMenu(selection, id) : null;
    if (alone) props.setSelection(alone);
    const client = { x: event.clientX, y: event.clientY };
    props.onMenu(id, client, pointIn(client));
  };

  const handleDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!dropping) setDropping(true);
  };

  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    props.onDrop(event.dataTransfer, pointIn({ x: event.clientX, y: event.clientY }));
  };

  const openSelectionMenu = (event: MouseEvent<HTMLButtonElement>) => {
    const first = refs.find((ref) => selection.has(ref._id));
    if (!first) return;
    const box = event.currentTarget.getBoundingClientRect();
    const client = { x: Math.round(box.left), y: Math.round(box.top) };
    props.onMenu(first._id, client, pointIn(client));
  };

  return (
    <div className={styles.frame} data-canvas-frame>
      {props.navigation && (
        <CanvasNavigation
          control={navigation}
          rects={rects}
          content={size}
          selection={selection.size > 0 ? refs.filter((ref) => selection.has(ref._id)).map(refRect) : []}
        />
      )}
      <div
        ref={scroller}
        className={`${styles.scroller} ${dropping ? styles.dropping : ''} ${navigation.panning ? styles.panning : ''}`}
        onDragOver={handleDragOver}
        onDragLeave={() => setDropping(false)}
        onDrop={handleDrop}
        onKeyDown={(event) => {
          // + − 0 zoom, arrows pan (on the canvas, not on a note): useCanvasViewport.
          if (props.navigation) navigation.onKeyDown(event);
          if (event.defaultPrevented) return;
          // An empty canvas is focused itself: its menu key opens the canvas menu at the top left of what shows.
          if (event.target !== event.currentTarget) return;
          if (event.key !== 'ContextMenu' && !(event.key === 'F10' && event.shiftKey)) return;
          event.preventDefault();
          const box = event.currentTarget.getBoundingClientRect();
          const client = { x: Math.round(box.left + 40), y: Math.round(box.top + 40) };
          props.onMenu(null, client, pointIn(client));
        }}
        data-testid="canvas"
        // An empty canvas is its own Tab stop (axe: scrollable-region-focusable); otherwise one ref is (useCanvasKeyboard).
        tabIndex={refs.length === 0 ? 0 : -1}
        role="region"
        aria-label={t('canvas.scrollLabel')}
      >
        {/* The sizer gives the scroller the zoomed size; the stage scales the plane and its marquee layer (viewport.ts). */}
        <div
          className={styles.sizer}
          style={{ width: navigation.plane.width * zoom, height: navigation.plane.height * zoom }}
          data-canvas-sizer
        >
          <div
            className={styles.stage}
            style={{ width: navigation.plane.width, height: navigation.plane.height, transform: zoom === 1 ? undefined : `scale(${zoom})` }}
            data-canvas-stage
          >
            <div
              ref={plane}
              className={styles.plane}
              style={{ width: navigation.plane.width, height: navigation.plane.height, ...zoomVariable(zoom) }}
              data-zoom={zoom}
              data-compact={zoom < compactZoom || undefined}
              data-pinch={props.navigation ? true : undefined}
              role="group"
              aria-label={t('canvas.canvasLabel', { count: refs.length })}
              data-ref-count={refs.length}
              data-drawn-count={drawnRefs.length}
              aria-describedby={keyboardHelpId}
              onPointerDown={(event) => {
                // A press on the empty canvas gives it focus (not scrolled): + − 0 and the arrows then act on it (issue 16 §1).
                const element = scroller.current;
                if (
                  props.navigation &&
                  element &&
                  !(event.target as HTMLElement).closest('[data-ref-id]') &&
                  !element.contains(document.activeElement)
                ) {
                  element.focus({ preventScroll: true });
                }
                pointer.onPointerDown(event);
              }}
              onPointerMove={pointer.onPointerMove}
              onPointerUp={pointer.onPointerUp}
              onPointerCancel={pointer.onPointerCancel}
              onDoubleClick={handleDoubleClick}
              onContextMenu={handleContextMenu}
              onKeyDown={keyboard.onKeyDown}
              onFocus={keyboard.onFocus}
              onBlur={keyboard.onBlur}
              data-testid="canvas-plane"
            >
              <LinksLayer arrows={drawnArrows} width={navigation.plane.width} height={navigation.plane.height} />
              {groupsOf(drawnRefs, place).map(([group, chunk]) => (
                // Consecutive refs in groups of their own paint (contain: strict): a change repaints its group, the others reuse theirs.
                <div key={group} className={styles.refGroup}>
                  {chunk.map((ref) => (
                    <RefItem
                      key={ref._id}
                      ref_={ref}
                      selected={selection.has(ref._id)}
                      tabbable={ref._id === keyboard.tabStopId}
                      isNew={isNewRef(ref, now)}
                      buildsOnTitle={builtOn.get(ref._id)}
                      dimmed={visible !== null && !visible.has(ref._id)}
                      setting={setting}
                      favourites={favourites}
                      timeFormat={timeFormat}
                      text={text}
                    />
                  ))}
                </div>
              ))}
            </div>
            {/* Above the plane, not in it: drawing the marquee repaints this layer only, not a thousand refs. */}
            <div className={styles.overlay} style={{ width: navigation.plane.width, height: navigation.plane.height }}>
              <div ref={marquee} className={styles.marquee} data-testid="marquee" />
            </div>
          </div>
        </div>
        <p id={keyboardHelpId} className="visually-hidden">
          {t(editable ? 'canvas.keyboard.help' : 'canvas.keyboard.helpReadOnly')}
          {props.navigation ? ` ${t('canvasNav.help')}` : ''}
        </p>
        <p className="visually-hidden" aria-live="polite" data-testid="canvas-announcement">
          {announcement}
        </p>
        {refs.length === 0 && (
          <p className={styles.empty} data-testid="canvas-empty">
            {editable ? t(props.toolbarShown === false ? 'canvas.emptyEditableNoToolbar' : 'canvas.emptyEditable') : t('canvas.empty')}
          </p>
        )}
      </div>
      {touchMode && selection.size > 0 && (
        // Selecting by touch: taps add or take out; the bar counts, opens the selection's menu and ends the selection.
        <div className={styles.touchBar} role="toolbar" aria-label={t('canvas.touch.label')} data-testid="touch-selection">
          <span className={styles.touchCount} aria-live="polite">
            {t('canvas.touch.selected', { count: selection.size })}
          </span>
          <button type="button" className={styles.touchButton} onClick={openSelectionMenu} data-testid="touch-selection-menu">
            <MoreHorizontal size={18} aria-hidden="true" />
            {t('canvas.touch.actions')}
          </button>
          <button
            type="button"
            className={styles.touchButton}
            onClick={() => props.setSelection(new Set())}
            data-testid="touch-selection-done"
          >
            <Check size={18} aria-hidden="true" />
            {t('canvas.touch.done')}
          </button>
        </div>
      )}
    </div>
  );
};
