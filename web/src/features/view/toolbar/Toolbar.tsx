import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import * as Tooltip from '@radix-ui/react-tooltip';
import { Menu, type LucideIcon } from 'lucide-react';
import { Fragment, useRef, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import menuStyles from '../canvas/Menu.module.css';
import { useCollapsed } from './useCollapsed.ts';
import styles from './Toolbar.module.css';

/** A drag type the canvas understands: the new-note button dropped on it. */
export const newNoteDragType = 'application/x-buildon-new-note';

export type ToolbarItem = {
  id: string;
  label: string;
  /** A shorter label for the folded menu, where the rail's hint (e.g. "drag onto the canvas") does not apply. */
  menuLabel?: string;
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

/**
 * The tools as one menu button (issue 21 §10), for a rail too short for its
 * buttons (a phone). Radix gives the button aria-haspopup and aria-expanded,
 * and the menu its keyboard (Enter/Space/arrows open it, arrows move,
 * Escape closes and gives the focus back).
 */
const ToolMenu = ({ items, label, row }: { items: ToolbarItem[]; label: string; row: boolean }) => {
  const { t } = useTranslation();
  const name = t('canvas.toolbarMenu');
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        {/* Across a phone's width the button says what it is; in a narrow column it is an icon with a name. */}
        <button
          type="button"
          className={`${styles.menuButton} ${row ? '' : styles.menuIcon}`}
          aria-label={row ? undefined : name}
          title={name}
          data-testid="toolbar-menu"
        >
          <Menu size={20} aria-hidden="true" />
          {row && <span>{name}</span>}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={`${menuStyles.menu} ${styles.menu}`}
          side={row ? 'top' : 'right'}
          align="start"
          sideOffset={4}
          collisionPadding={8}
          aria-label={label}
          data-testid="toolbar-menu-items"
        >
          {items.map((item, index) => {
            const Icon = item.icon;
            const content = (
              <>
                <Icon size={18} aria-hidden="true" />
                <span>{item.menuLabel ?? item.label}</span>
              </>
            );
            const className = `${menuStyles.item} ${styles.menuItem}`;
            const entry = item.to ? (
              <DropdownMenu.Item asChild className={className}>
                <Link to={item.to} data-testid={`tool-${item.id}`}>
                  {content}
                </Link>
              </DropdownMenu.Item>
            ) : item.pressed !== undefined ? (
              // A panel toggle: a checkbox item (aria-checked says whether its panel is open).
              <DropdownMenu.CheckboxItem
                className={className}
                checked={item.pressed}
                onSelect={item.onClick}
                data-testid={`tool-${item.id}`}
              >
                {content}
              </DropdownMenu.CheckboxItem>
            ) : (
              <DropdownMenu.Item className={className} onSelect={item.onClick} data-testid={`tool-${item.id}`}>
                {content}
              </DropdownMenu.Item>
            );
            return (
              <Fragment key={item.id}>
                {item.gapBefore && index > 0 && <DropdownMenu.Separator className={menuStyles.separator} />}
                {entry}
              </Fragment>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
};

/**
 * The slim rail of icon buttons beside the canvas (below it on a phone), each
 * with a tooltip and an accessible name; one menu button when they do not fit.
 */
export const Toolbar = ({ items, label }: { items: ToolbarItem[]; label: string }) => {
  const rail = useRef<HTMLElement>(null);
  const collapsed = useCollapsed(rail, items.map((item) => `${item.gapBefore ? '|' : ''}${item.id}`).join(','));
  const handleDragStart = (type: string) => (event: DragEvent) => {
    event.dataTransfer.setData(type, '1');
    event.dataTransfer.effectAllowed = 'copy';
  };
  return (
    <Tooltip.Provider delayDuration={300}>
      <nav
        ref={rail}
        className={`${styles.rail} ${collapsed ? styles.collapsed : ''}`}
        aria-label={label}
        data-testid="toolbar"
        data-collapsed={collapsed ?? undefined}
      >
        {collapsed ? (
          <ToolMenu items={items} label={label} row={collapsed === 'row'} />
        ) : (
          items.map((item) => {
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
          })
        )}
      </nav>
    </Tooltip.Provider>
  );
};
