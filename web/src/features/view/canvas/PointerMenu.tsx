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
};

/**
 * A context menu at the pointer: a Radix dropdown menu (keyboard, focus,
 * Escape) whose trigger is an invisible point placed where the user clicked.
 */
export const PointerMenu = ({ at, label, entries, onClose, testId }: PointerMenuProps) => (
  <Menu.Root open={at !== null} onOpenChange={(open) => !open && onClose()} modal={false}>
    <Menu.Trigger asChild>
      <span className={styles.anchor} style={{ left: at?.x ?? 0, top: at?.y ?? 0 }} aria-hidden="true" tabIndex={-1} />
    </Menu.Trigger>
    <Menu.Portal>
      <Menu.Content className={styles.menu} aria-label={label} align="start" sideOffset={2} collisionPadding={8} data-testid={testId}>
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
