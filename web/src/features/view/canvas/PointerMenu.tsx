import * as Menu from '@radix-ui/react-dropdown-menu';
import type { LucideIcon } from 'lucide-react';
import type { Point } from './model.ts';
import styles from './Menu.module.css';

export type MenuEntry =
  | { kind: 'item'; id: string; label: string; icon: LucideIcon; onSelect: () => void; disabled?: boolean; danger?: boolean }
  | { kind: 'separator'; id: string };

export type PointerMenuProps = {
  /** Where the menu opens (screen point); null = closed. */
  at: Point | null;
  label: string;
  entries: MenuEntry[];
  onClose: () => void;
  testId: string;
  /** Where focus goes back when the menu closes (the ref or canvas it was opened on), never the invisible anchor or <body>. */
  returnFocus?: () => HTMLElement | null;
};

/**
 * A context menu at the pointer: a Radix dropdown menu (keyboard, focus,
 * Escape) whose trigger is an invisible point placed where the user clicked.
 */
export const PointerMenu = ({ at, label, entries, onClose, testId, returnFocus }: PointerMenuProps) => (
  <Menu.Root open={at !== null} onOpenChange={(open) => !open && onClose()} modal={false}>
    <Menu.Trigger asChild>
      <span className={styles.anchor} style={{ left: at?.x ?? 0, top: at?.y ?? 0 }} aria-hidden="true" tabIndex={-1} data-pointer-menu="" />
    </Menu.Trigger>
    <Menu.Portal>
      <Menu.Content
        className={styles.menu}
        aria-label={label}
        align="start"
        sideOffset={2}
        collisionPadding={8}
        data-testid={testId}
        data-pointer-menu=""
        onCloseAutoFocus={(event) => {
          // Radix would focus the trigger, an invisible point. An item that moved focus on purpose (a window it opened) keeps it.
          event.preventDefault();
          const active = document.activeElement;
          const lost = !active || active === document.body || active.closest('[data-pointer-menu]') !== null;
          if (lost) returnFocus?.()?.focus();
        }}
      >
        {entries.map((entry) =>
          entry.kind === 'separator' ? (
            <Menu.Separator key={entry.id} className={styles.separator} />
          ) : (
            <Menu.Item
              key={entry.id}
              className={`${styles.item} ${entry.danger ? styles.danger : ''}`}
              disabled={entry.disabled}
              onSelect={entry.onSelect}
              data-testid={`menu-${entry.id}`}
            >
              <entry.icon size={15} aria-hidden="true" />
              {entry.label}
            </Menu.Item>
          ),
        )}
      </Menu.Content>
    </Menu.Portal>
  </Menu.Root>
);
