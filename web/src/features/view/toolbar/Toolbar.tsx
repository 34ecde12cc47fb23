import * as Tooltip from '@radix-ui/react-tooltip';
import type { LucideIcon } from 'lucide-react';
import type { DragEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './Toolbar.module.css';

/** A drag type the canvas understands: the new-note button dropped on it. */
export const newNoteDragType = 'application/x-buildon-new-note';

export type ToolbarItem = {
  id: string;
  label: string;
  icon: LucideIcon;
  /** A panel toggle shows its state (aria-pressed). */
  pressed?: boolean;
  onClick?: () => void;
  /** A link to another screen instead of an action. */
  to?: string;
  /** The new-note button may be dragged onto the canvas. */
  dragType?: string;
  /** A gap before this button (groups of the rail). */
  gapBefore?: boolean;
};

const Tip = ({ label, children }: { label: string; children: ReactNode }) => (
  <Tooltip.Root>
    <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
    <Tooltip.Portal>
      <Tooltip.Content side="right" sideOffset={6} className={styles.tip}>
        {label}
        <Tooltip.Arrow className={styles.tipArrow} />
      </Tooltip.Content>
    </Tooltip.Portal>
  </Tooltip.Root>
);

/** The slim rail of icon buttons beside the canvas, each with a tooltip and an accessible name. */
export const Toolbar = ({ items, label }: { items: ToolbarItem[]; label: string }) => {
  const handleDragStart = (type: string) => (event: DragEvent) => {
    event.dataTransfer.setData(type, '1');
    event.dataTransfer.effectAllowed = 'copy';
  };
  return (
    <Tooltip.Provider delayDuration={300}>
      <nav className={styles.rail} aria-label={label} data-testid="toolbar">
        {items.map((item) => {
          const Icon = item.icon;
          const content = <Icon size={20} aria-hidden="true" />;
          const className = `${styles.button} ${item.pressed ? styles.pressed : ''} ${item.gapBefore ? styles.gap : ''}`;
          return (
            <Tip key={item.id} label={item.label}>
              {item.to ? (
                <Link className={className} to={item.to} aria-label={item.label} data-testid={`tool-${item.id}`}>
                  {content}
                </Link>
              ) : (
                <button
                  type="button"
                  className={className}
                  onClick={item.onClick}
                  aria-label={item.label}
                  aria-pressed={item.pressed}
                  draggable={item.dragType ? true : undefined}
                  onDragStart={item.dragType ? handleDragStart(item.dragType) : undefined}
                  data-testid={`tool-${item.id}`}
                >
                  {content}
                </button>
              )}
            </Tip>
          );
        })}
      </nav>
    </Tooltip.Provider>
  );
};
