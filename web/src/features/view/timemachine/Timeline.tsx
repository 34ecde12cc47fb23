import { ChevronsDown, ChevronsUp, Crosshair, Maximize2, ZoomIn, ZoomOut } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeMachineStep } from '../../../../../contracts/api/timemachine.ts';
import { fitScale, zoomed, type ZoomAction } from './player.ts';
import styles from './TimeMachine.module.css';

const pad = 12;

/**
 * The timeline (fact sheet §2.2): one item per step at its instant, a bar at
 * the current frame's time, zoom buttons (big down ×0.1, down ×0.5, focus,
 * up ×2, big up ×5, fit). Clicking an item jumps to its frame. Only the items
 * near the visible window are drawn, so long histories stay light.
 */
export const Timeline = ({
  steps,
  startsAt,
  frame,
  currentTime,
  label,
  describe,
  onJump,
  onKey,
}: {
  steps: TimeMachineStep[];
  startsAt: number;
  frame: number;
  currentTime: number;
  label: string;
  describe: (step: TimeMachineStep) => string;
  onJump: (index: number) => void;
  onKey: (event: KeyboardEvent) => void;
}) => {
  const { t, i18n } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const end = steps.length > 0 ? Date.parse((steps[steps.length - 1] as TimeMachineStep).time) : startsAt + 6000;
  const span = Math.max(1000, end - startsAt);
  const [width, setWidth] = useState(800);
  const [scale, setScale] = useState<number | null>(null);
  const [scrollLeft, setScrollLeft] = useState(0);
  /** Time to keep under the centre after a zoom. */
  const anchor = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = track.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth || 800);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const fit = fitScale(startsAt, end, width);
  const minScale = fit / 2;
  const current = scale ?? fit;
  const inner = Math.max(width, Math.ceil(span * current) + 2 * pad);
  const xOf = useCallback((time: number) => pad + (time - startsAt) * current, [startsAt, current]);

  useLayoutEffect(() => {
    const element = track.current;
    if (!element || anchor.current === null) return;
    element.scrollLeft = Math.max(0, xOf(anchor.current) - element.clientWidth / 2);
    anchor.current = null;
    setScrollLeft(element.scrollLeft);
  }, [current, xOf]);

  // Keep the current time in sight while stepping or playing.
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const x = xOf(currentTime);
    if (x < element.scrollLeft + pad || x > element.scrollLeft + element.clientWidth - pad) {
      element.scrollLeft = Math.max(0, x - element.clientWidth / 2);
      setScrollLeft(element.scrollLeft);
    }
  }, [currentTime, xOf]);

  const zoom = (action: ZoomAction) => {
    const element = track.current;
    const centre = element ? startsAt + (element.scrollLeft + element.clientWidth / 2 - pad) / current : currentTime;
    if (action === 'fit') {
      anchor.current = startsAt + span / 2;
      setScale(null);
    } else if (action === 'focus') {
      anchor.current = currentTime;
      if (element) {
        element.scrollLeft = Math.max(0, xOf(currentTime) - element.clientWidth / 2);
        setScrollLeft(element.scrollLeft);
      }
    } else {
      anchor.current = centre;
      setScale(zoomed(current, action, minScale));
    }
  };

  // Ticks show the time only when the whole history fits in one day.
  const sameDay = new Date(startsAt).toDateString() === new Date(end).toDateString();
  const timeText = useMemo(
    () =>
      new Intl.DateTimeFormat(
        i18n.language.replace('_', '-'),
        sameDay ? { timeStyle: 'medium' } : { dateStyle: 'short', timeStyle: 'short' },
      ),
    [i18n.language, sameDay],
  );
  const visibleFrom = scrollLeft - width;
  const visibleTo = scrollLeft + 2 * width;
  const lanes = useMemo(() => {
    const out: number[] = [];
    steps.forEach((step, i) => {
      const previous = steps[i - 1];
      out.push(previous && previous.time === step.time ? ((out[i - 1] ?? 0) + 1) % 4 : 0);
    });
    return out;
  }, [steps]);
  const items = steps.filter((step) => {
    const x = xOf(Date.parse(step.time));
    return x >= visibleFrom && x <= visibleTo;
  });
  const ticks = useMemo(() => {
    const count = Math.max(2, Math.floor(width / 220));
    // Inset so the first and last labels are not cut at the edges.
    const first = startsAt + Math.max(0, scrollLeft + 50 - pad) / current;
    const last = startsAt + Math.max(0, scrollLeft + width - 50 - pad) / current;
    return Array.from({ length: count + 1 }, (_, i) => first + ((last - first) * i) / count);
  }, [width, startsAt, scrollLeft, current]);

  const buttons: { action: ZoomAction; icon: typeof ZoomIn; text: string }[] = [
    { action: 'bigDown', icon: ChevronsDown, text: t('canvas.timemachine.zoom.bigDown') },
    { action: 'down', icon: ZoomOut, text: t('canvas.timemachine.zoom.down') },
    { action: 'focus', icon: Crosshair, text: t('canvas.timemachine.zoom.focus') },
    { action: 'up', icon: ZoomIn, text: t('canvas.timemachine.zoom.up') },
    { action: 'bigUp', icon: ChevronsUp, text: t('canvas.timemachine.zoom.bigUp') },
    { action: 'fit', icon: Maximize2, text: t('canvas.timemachine.zoom.fit') },
  ];

  return (
    <section className={styles.timeline} aria-label={label} data-testid="tm-timeline">
      <div className={styles.zoomBar} role="group" aria-label={t('canvas.timemachine.zoom.label')}>
        {buttons.map(({ action, icon: Icon, text }) => (
          <button
            key={action}
            type="button"
            className={styles.iconButton}
            onClick={() => zoom(action)}
            aria-label={text}
            title={text}
            data-testid={`tm-zoom-${action}`}
          >
            <Icon size={16} aria-hidden="true" />
          </button>
        ))}
      </div>
      <div
        ref={track}
        className={styles.track}
        tabIndex={0}
        role="group"
        aria-label={t('canvas.timemachine.trackLabel')}
        onKeyDown={onKey}
        onScroll={(event) => setScrollLeft(event.currentTarget.scrollLeft)}
        data-testid="tm-track"
        data-scale={current}
      >
        <div className={styles.trackInner} style={{ width: inner }}>
          {ticks.map((time, i) => (
            <span key={i} className={styles.tick} style={{ left: xOf(time) }} aria-hidden="true">
              {timeText.format(new Date(time))}
            </span>
          ))}
          <div className={styles.nowBar} style={{ left: xOf(currentTime) }} aria-hidden="true" data-testid="tm-now" />
          {items.map((step) => {
            const text = describe(step);
            return (
              <button
                key={step.index}
                type="button"
                tabIndex={-1}
                className={`${styles.item} ${styles[`item_${step.kind}`]} ${step.index === frame ? styles.itemCurrent : ''}`}
                style={{ left: xOf(Date.parse(step.time)), top: 26 + (lanes[step.index] ?? 0) * 9 }}
                onClick={() => onJump(step.index)}
                aria-label={text}
                title={text}
                aria-current={step.index === frame ? 'step' : undefined}
                data-testid="tm-item"
                data-index={step.index}
              />
            );
          })}
        </div>
      </div>
    </section>
  );
};
