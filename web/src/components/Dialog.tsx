import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Dialog.module.css';

export type DialogProps = {
  /** The element that opens the dialog (rendered through Radix `asChild`). */
  trigger: ReactNode;
  title: string;
  children: ReactNode;
  /** Optional description for screen readers; omit when the body speaks for itself. */
  description?: string;
};

/** A modal dialog (Radix): focus trapped, Escape closes, focus returns to the trigger. */
export const Dialog = ({ trigger, title, description, children }: DialogProps) => {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content className={styles.content} {...(description ? {} : { 'aria-describedby': undefined })}>
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close className={styles.close} aria-label={t('common.close')}>
              <X size={20} aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {description ? <RadixDialog.Description>{description}</RadixDialog.Description> : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
};
