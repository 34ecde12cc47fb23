import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { Focus, Hand, Maximize, Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CanvasViewportControl } from './useCanvasViewport.ts';
import { minimapFrame, minimapScale, minimapTarget, showsMinimap, type Rect, type Size } from './viewport.ts';
import styles from './CanvasNavigation.module.css';

/** The minimap's box (CSS pixels). */
const mapBox = { width: 180, height: 120 } as const;

/**
 * The canvas's zoom controls (issue 16 §1): zoom out, the zoom level (a click
 * goes back to 100 %), zoom in, show everything, zoom to the selection, the
 * hand (drag pans) — real buttons with names — and, for a large view
 * (showsMinimap: more than fits at 100 %, or many refs), a minimap (refs as dots, the visible area as a frame; a click or
 * a drag moves there). The minimap is a pointer convenience, hidden from
 * assistive technology: the keys and buttons do the same.
 *
 * The buttons are no Tab stop: the keyboard has the same on the canvas itself (+ − 0, Shift+1 fit, Shift+2
 * selection, arrows; said in the canvas's description), and the canvas stays the one Tab stop it was (issue 25).
 * A screen reader still reaches and presses them by name.
 */
export const CanvasNavigation = ({
  control,
  rects,
  content,
  selection,
  panButton = true,
}: {
  control: CanvasViewportControl;
  /** The refs' rects (canvas pixels): the minimap's dots. */
  rects: readonly Rect[];
  content: Size;
  /** The selected refs' rects: zoom to them (none: no button). */
  selection?: readonly Rect[];
  /** The hand mode: for a canvas where a drag would otherwise draw a marquee. */
  panButton?: boolean;
}) => {
  const { t } = useTranslation();
  const percent = Math.round(control.zoom * 100);
  const large = showsMinimap(rects, control.view);
  return (
    <div className={styles.dock}>
      {large && <Minimap control={control} rects={rects} content={content} />}
      <div className={styles.controls} role="toolbar" aria-label={t('canvasNav.controls')} data-testid="canvas-zoom-controls">
        <NavButton label={t('canvasNav.zoomOut')} onClick={control.zoomOut} testId="zoom-out">
          <Minus size={16} aria-hidden="true" />
        </NavButton>
        <NavButton
          label={t('canvasNav.zoomReset', { percent })}
          onClick={control.reset}
          testId="zoom-level"
          className={styles.level}
          data-zoom={control.zoom}
        >
          {percent} %
        </NavButton>
        <NavButton label={t('canvasNav.zoomIn')} onClick={control.zoomIn} testId="zoom-in">
          <Plus size={16} aria-hidden="true" />
        </NavButton>
        <NavButton label={t('canvasNav.fit')} onClick={() => control.fit()} testId="zoom-fit">
          <Maximize size={16} aria-hidden="true" />
        </NavButton>
        {selection && selection.length > 0 && (
          <NavButton label={t('canvasNav.fitSelection')} onClick={() => control.fit(selection)} testId="zoom-selection">
            <Focus size={16} aria-hidden="true" />
          </NavButton>
        )}
        {panButton && (
          <NavButton
            label={t('canvasNav.pan')}
            onClick={() => control.setPanMode(!control.panMode)}
            testId="zoom-pan"
            pressed={control.panMode}
          >
            <Hand size={16} aria-hidden="true" />
          </NavButton>
        )}
      </div>
    </div>
  );
};

/** One of the controls: a real button named by `label` (also its tooltip), never a Tab stop (see above). */
const NavButton = ({
  label,
  onClick,
  testId,
  pressed,
  className,
  children,
  ...data
}: {
  label: string;
  onClick: () => void;
  testId: string;
  /** A toggle's state (aria-pressed); none for plain buttons. */
  pressed?: boolean;
  className?: string;
  children: ReactNode;
  'data-zoom'?: number;
}) => (
  <button
    type="button"
    tabIndex={-1}
    className={[styles.button, className, pressed ? styles.pressed : undefined].filter(Boolean).join(' ')}
    onClick={onClick}
    aria-pressed={pressed}
    aria-label={label}
    title={label}
    data-testid={testId}
    {...data}
  >
    {children}
  </button>
);

const Minimap = ({ control, rects, content }: { control: CanvasViewportControl; rects: readonly Rect[]; content: Size }) => {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const scale = minimapScale(content, mapBox);
  const width = Math.max(1, Math.round(content.width * scale));
  const height = Math.max(1, Math.round(content.height * scale));

  // The dots: one canvas, redrawn when the refs change (thousands of refs stay one element).
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const ratio = window.devicePixelRatio || 1;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    context.fillStyle = '#2f6f57';
    for (const rect of rects) {
      context.fillRect(
        rect.x * scale,
        rect.y * scale,
        Math.max(2, Math.min(rect.width * scale, 6)),
        Math.max(2, Math.min(rect.height * scale, 4)),
      );
    }
  }, [rects, scale, width, height]);

  // The visible area's frame follows the scroll without a React render.
  const { getViewport, view, zoom } = control;
  useEffect(() => {
    const scroller = frame.current
      ?.closest('[data-canvas-frame]')
      ?.querySelector<HTMLElement>('[data-testid="canvas"], [data-testid="tm-canvas"]');
    const paint = () => {
      const box = minimapFrame(getViewport(), view, scale);
      const element = frame.current;
      if (!element) return;
      element.style.transform = `translate(${box.x}px, ${box.y}px)`;
      element.style.width = `${Math.min(width, box.width)}px`;
      element.style.height = `${Math.min(height, box.height)}px`;
    };
    paint();
    scroller?.addEventListener('scroll', paint, { passive: true });
    return () => scroller?.removeEventListener('scroll', paint);
  }, [getViewport, view, scale, zoom, width, height]);

  const moveTo = (event: ReactPointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    control.setViewport(minimapTarget({ x: event.clientX - box.left, y: event.clientY - box.top }, scale, getViewport(), view));
  };

  return (
    <div
      className={styles.minimap}
      style={{ width, height }}
      aria-hidden="true"
      title={t('canvasNav.minimap')}
      data-testid="canvas-minimap"
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        moveTo(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) moveTo(event);
      }}
    >
      <canvas
        ref={canvas}
        width={Math.round(width * (window.devicePixelRatio || 1))}
        height={Math.round(height * (window.devicePixelRatio || 1))}
        style={{ width, height }}
      />
      <div ref={frame} className={styles.frame} />
    </div>
  );
};
