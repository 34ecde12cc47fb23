import { useTranslation } from 'react-i18next';
import styles from './Tabs.module.css';

/** Thread (ITM) and promising ideas: their services come in a later issue. */
export const PluginTab = ({ kind }: { kind: 'thread' | 'promising' }) => {
  const { t } = useTranslation();
  return (
    <div className={styles.tab} data-testid={`${kind}-tab`}>
      <p className={styles.muted}>{kind === 'thread' ? t('contribution.plugins.threadLater') : t('contribution.plugins.promisingLater')}</p>
    </div>
  );
};
