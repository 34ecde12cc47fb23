import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewSetting } from '../../../../../contracts/api/communities.ts';
import { LinksLayer } from '../canvas/LinksLayer.tsx';
import { arrowsOf, refRect, type ViewLink, type ViewRef } from '../canvas/model.ts';
import { RefItem, useRefText } from '../canvas/RefItem.tsx';
import { CanvasNavigation } from '../canvas/CanvasNavigation.tsx';
import { useCanvasViewport } from '../canvas/useCanvasViewport.ts';
import { compactZoom, zoomVariable } from '../canvas/viewport.ts';
import canvasStyles from '../canvas/Canvas.module.css';
import styles from './TimeMachine.module.css';

/**
 * The replayed canvas: the live canvas's refs (icons, in-place contents) and
 * arrows, drawn read-only. With `inPlace` off every ref shows as an icon.
 */
export const TimeMachineCanvas = ({
  refs,
  links,
  setting,
  inPlace,
}: {
  refs: ViewRef[];
  links: ViewLink[];
  setting: ViewSetting;
  inPlace: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const text = useRefText();
  const timeFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  const shown = useMemo(
    () =>
      inPlace ? refs : refs.map((ref) => (ref.data.showInPlace === false ? ref : { ...ref, data: { ...ref.data, showInPlace: false } })),
    [refs, inPlace],
  );
  // Fixed refs sit in the lowest layer, as on the live canvas.
  const ordered = useMemo(() => [...shown.filter((r) => r.data.fixed === true), ...shown.filter((r) => r.data.fixed !== true)], [shown]);
  const arrows = useMemo(() => arrowsOf(shown, links, setting), [shown, links, setting]);
  const size = useMemo(() => {
    let width = 800;
    let height = 500;
    for (const ref of shown) {
      const rect = refRect(ref);
      width = Math.max(width, rect.x + rect.width + 120);
      height = Math.max(height, rect.y + rect.height + 80);
    }
    return { width, height };
  }, [shown]);
  // The live canvas's navigation (issue 16 §1): zoom buttons, fit, + − 0, arrows; a drag pans (nothing is edited here).
  const scroller = useRef<HTMLDivElement>(null);
  const rects = useMemo(() => shown.map(refRect), [shown]);
  const navigation = useCanvasViewport({ scroller, content: size, rects: () => rects });
  const { zoom } = navigation;
  const pan = useRef<{ pointerId: number; x: number; y: number } | null>(null);

  return (
    <div className={`${canvasStyles.frame} ${styles.canvasFrame}`} data-canvas-frame>
      <div
        ref={scroller}
        className={`${canvasStyles.scroller} ${styles.canvas}`}
        data-testid="tm-canvas"
        tabIndex={0}
        aria-label={t('canvas.timemachine.canvasLabel', { count: refs.length })}
        onKeyDown={navigation.onKeyDown}
        onPointerDown={(event) => {
          if (event.pointerType !== 'mouse' || (event.button !== 0 && event.button !== 1)) return;
          pan.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          const from = pan.current;
          if (!from || from.pointerId !== event.pointerId) return;
          event.currentTarget.scrollBy(from.x - event.clientX, from.y - event.clientY);
          pan.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
        }}
        onPointerUp={() => (pan.current = null)}
        onPointerCancel={() => (pan.current = null)}
      >
        <div
          className={canvasStyles.sizer}
          style={{ width: navigation.plane.width * zoom, height: navigation.plane.height * zoom }}
          data-canvas-sizer
        >
          <div
            className={canvasStyles.stage}
            style={{ width: navigation.plane.width, height: navigation.plane.height, transform: zoom === 1 ? undefined : `scale(${zoom})` }}
            data-canvas-stage
          >
            <div
              className={canvasStyles.plane}
              style={{ width: navigation.plane.width, height: navigation.plane.height, ...zoomVariable(zoom) }}
              data-testid="canvas-plane"
              data-zoom={zoom}
              data-compact={zoom < compactZoom || undefined}
            >
              <LinksLayer arrows={arrows} width={navigation.plane.width} height={navigation.plane.height} />
              {ordered.map((ref) => (
                <RefItem
                  key={ref._id}
                  ref_={ref}
                  selected={false}
                  // The past is not edited: the scroller is the Tab stop, the refs are read in browse mode.
                  tabbable={false}
                  isNew={false}
                  dimmed={false}
                  setting={setting}
                  favourites={false}
                  timeFormat={timeFormat}
                  text={text}
                />
              ))}
            </div>
          </div>
        </div>
        {refs.length === 0 && (
          <p className={canvasStyles.empty} data-testid="tm-empty">
            {t('canvas.timemachine.empty')}
          </p>
        )}
      </div>
      <CanvasNavigation control={navigation} rects={rects} content={size} panButton={false} />
    </div>
  );
};
