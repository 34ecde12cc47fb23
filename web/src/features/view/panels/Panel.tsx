import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Panels.module.css';

/** A panel that slides in beside the canvas (never over it). */
export const Panel = ({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}) => {
  const { t } = useTranslation();
  return (
    <aside className={styles.panel} aria-label={title} data-testid={testId}>
      <header className={styles.header}>
        <h2 className={styles.title}>{title}</h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('canvas.closePanel')} data-testid="panel-close">
          <X size={18} aria-hidden="true" />
        </button>
      </header>
      <div className={styles.body}>{children}</div>
    </aside>
  );
};
