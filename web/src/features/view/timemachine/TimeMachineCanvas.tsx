import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewSetting } from '../../../../../contracts/api/communities.ts';
import { LinksLayer } from '../canvas/LinksLayer.tsx';
import { arrowsOf, refRect, type ViewLink, type ViewRef } from '../canvas/model.ts';
import { RefItem, useRefText } from '../canvas/RefItem.tsx';
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

  return (
    <div
      className={`${canvasStyles.scroller} ${styles.canvas}`}
      data-testid="tm-canvas"
      tabIndex={0}
      aria-label={t('canvas.timemachine.canvasLabel', { count: refs.length })}
    >
      <div className={canvasStyles.plane} style={{ width: size.width, height: size.height }} data-testid="canvas-plane">
        <LinksLayer arrows={arrows} width={size.width} height={size.height} />
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
      {refs.length === 0 && (
        <p className={canvasStyles.empty} data-testid="tm-empty">
          {t('canvas.timemachine.empty')}
        </p>
      )}
    </div>
  );
};
