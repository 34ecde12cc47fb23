import { ExternalLink, X } from 'lucide-react';
import {
  memo,
  useEffect,
  useId,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { InternalWindow as WindowState } from '../state.ts';
import { capSize, keepOnScreen } from './geometry.ts';
import { firstField, whereFocusGoes } from './windowFocus.ts';
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
 * The request (`opened`) each window last moved focus for: a window drawn
 * again (the page's canvas changed view, the windows stay) does not take
 * focus again, only a new request does.
 */
const focusedFor = new Map<string, number>();

/** A closed window's request count is forgotten. */
export const forgetWindowFocus = (id: string): void => void focusedFor.delete(id);

/**
 * A movable, resizable window inside the page (spec part 2 §9): drag the
 * title bar, resize from the corner, at most 80% of the screen. Moves go
 * through a CSS transform until the pointer is released. On a phone it
 * fills the screen, neither moved nor resized, closed from its title bar
 * (issue 21 §10); its frame on a larger screen is kept for then.
 *
 * For the keyboard and screen readers it is a non-modal dialog named by its
 * title (issue 25 §2): each time it is asked for, focus goes to its heading,
 * then to the first field once the content says it opens on one (a new
 * note's title); Escape closes it unless something inside used the key.
 */
export const InternalWindow = memo(function InternalWindow({ win, children, href, onClose, onFocus, onFrame }: InternalWindowProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLElement>(null);
  const gesture = useRef<{ kind: 'move' | 'resize'; startX: number; startY: number; pointerId: number } | null>(null);
  const phone = usePhone();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLDivElement>(null);

  // Opened (or asked for again): focus into the window. The content loads later, so wait for it to say where.
  useEffect(() => {
    const title = heading.current;
    const content = body.current;
    if (!title || !content || focusedFor.get(win.id) === win.opened) return undefined;
    focusedFor.set(win.id, win.opened);
    title.focus({ preventScroll: true });
    /** True when done: the field took focus, the content opens on its heading, or the pupil already moved on. */
    const settle = () => {
      if (document.activeElement !== title) return true;
      const where = whereFocusGoes(content);
      if (where === null) return false;
      if (where === 'heading') return true;
      const field = firstField(content);
      if (!field) return false;
      field.focus();
      return true;
    };
    if (settle()) return undefined;
    let settled = false;
    const observer = new MutationObserver(() => {
      if (!settle()) return;
      settled = true;
      observer.disconnect();
    });
    observer.observe(content, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-window-focus', 'hidden'] });
    return () => {
      observer.disconnect();
      // Stopped before the content said where focus goes (React's strict mode runs effects twice): the next run starts over.
      if (!settled) focusedFor.delete(win.id);
    };
  }, [win.id, win.opened]);

  const onKeyDown = (event: ReactKeyboardEvent) => {
    // An editor, menu or card inside that used Escape (closing its popup) says so with preventDefault.
    if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.stopPropagation();
    onClose(win.id);
  };

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
      role="dialog"
      aria-labelledby={headingId}
      onPointerDown={() => onFocus(win.id)}
      onKeyDown={onKeyDown}
      data-testid="internal-window"
      data-window-id={win.id}
      data-target={win.targetId}
    >
      <header className={styles.windowBar} onPointerDown={start('move')} onPointerMove={move} onPointerUp={end} onPointerCancel={end}>
        <h2 ref={heading} id={headingId} className={styles.windowTitle} tabIndex={-1} data-testid="window-title">
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
      <div ref={body} className={styles.windowBody} data-testid="window-body">
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
