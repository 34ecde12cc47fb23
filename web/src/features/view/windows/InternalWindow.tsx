import { ExternalLink, X } from 'lucide-react';
import { memo, useRef, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InternalWindow as WindowState } from '../state.ts';
import { capSize, keepOnScreen } from './geometry.ts';
import { usePhone } from './usePhone.ts';
import styles from './Windows.module.css';

export type InternalWindowProps = {
  win: WindowState;
  children: ReactNode;
  /** Opens the same content as a page of its own. */
  href: string;
  onClose: (id: string) => void;
  onFocus: (id: string) => void;
  onFrame: (id: string, frame: { x: number; y: number; width: number; height: number }) => void;
};

const screen = () => ({ width: window.innerWidth, height: window.innerHeight });

/**
 * A movable, resizable window inside the page (spec part 2 §9): drag the
 * title bar, resize from the corner, at most 80% of the screen. Moves go
 * through a CSS transform until the pointer is released. On a phone it
 * fills the screen, neither moved nor resized, closed from its title bar
 * (issue 21 §10); its frame on a larger screen is kept for then.
 */
export const InternalWindow = memo(function InternalWindow({ win, children, href, onClose, onFocus, onFrame }: InternalWindowProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLElement>(null);
  const gesture = useRef<{ kind: 'move' | 'resize'; startX: number; startY: number; pointerId: number } | null>(null);
  const phone = usePhone();

  const start = (kind: 'move' | 'resize') => (event: ReactPointerEvent) => {
    if (phone || event.button !== 0 || (event.target as HTMLElement).closest('button, a')) return;
    event.preventDefault();
    onFocus(win.id);
    gesture.current = { kind, startX: event.clientX, startY: event.clientY, pointerId: event.pointerId };
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
  };
  const frameFor = (event: ReactPointerEvent) => {
    const g = gesture.current;
    if (!g) return null;
    const dx = event.clientX - g.startX;
    const dy = event.clientY - g.startY;
    if (g.kind === 'move') {
      return { ...keepOnScreen({ x: win.x + dx, y: win.y + dy }, win, screen()), width: win.width, height: win.height };
    }
    return { x: win.x, y: win.y, ...capSize({ width: win.width + dx, height: win.height + dy }, screen()) };
  };
  const move = (event: ReactPointerEvent) => {
    const frame = frameFor(event);
    const el = element.current;
    if (!frame || !el) return;
    if (gesture.current?.kind === 'move') el.style.transform = `translate(${frame.x - win.x}px, ${frame.y - win.y}px)`;
    else {
      el.style.width = `${frame.width}px`;
      el.style.height = `${frame.height}px`;
    }
  };
  const end = (event: ReactPointerEvent) => {
    const frame = frameFor(event);
    gesture.current = null;
    if (element.current) element.current.style.transform = '';
    if (frame) onFrame(win.id, frame);
  };

  return (
    <section
      ref={element}
      className={`${styles.window} ${phone ? styles.fullScreen : ''}`}
      style={phone ? { zIndex: 40 + win.z } : { left: win.x, top: win.y, width: win.width, height: win.height, zIndex: 40 + win.z }}
      aria-label={win.title}
      onPointerDown={() => onFocus(win.id)}
      data-testid="internal-window"
      data-target={win.targetId}
    >
      <header className={styles.windowBar} onPointerDown={start('move')} onPointerMove={move} onPointerUp={end} onPointerCancel={end}>
        <h2 className={styles.windowTitle} data-testid="window-title">
          {win.title}
        </h2>
        <a
          className={styles.windowButton}
          href={href}
          target="_blank"
          rel="noopener"
          aria-label={t('canvas.openInTab')}
          title={t('canvas.openInTab')}
        >
          <ExternalLink size={16} aria-hidden="true" />
        </a>
        <button
          type="button"
          className={styles.windowButton}
          onClick={() => onClose(win.id)}
          aria-label={t('canvas.closeWindow')}
          title={t('canvas.closeWindow')}
          data-testid="window-close"
        >
          <X size={16} aria-hidden="true" />
        </button>
      </header>
      <div className={styles.windowBody} data-testid="window-body">
        {children}
      </div>
      {!phone && (
        <div
          className={styles.resize}
          onPointerDown={start('resize')}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          aria-hidden="true"
          data-testid="window-resize"
        />
      )}
    </section>
  );
});
