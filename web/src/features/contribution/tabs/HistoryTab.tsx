import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { useHistorical, useHistory } from '../api/objects.ts';
import { HistoricalTable } from './HistoricalTable.tsx';
import styles from './Tabs.module.css';

/** Every version of the object, with time and author; one opens as key/value rows. */
export const HistoryTab = ({ id }: { id: string }) => {
  const { t, i18n } = useTranslation();
  const history = useHistory(id, true);
  const [open, setOpen] = useState<string | null>(null);
  const version = useHistorical(open);
  if (history.isPending) return <p className={styles.muted}>{t('contribution.loading')}</p>;
  if (history.isError) return <p className={styles.muted}>{t('contribution.history.unavailable')}</p>;
  return (
    <div className={styles.tab} data-testid="history-tab">
      <ol className={styles.rows}>
        {history.data.map((entry) => (
          <li key={entry._id} className={styles.row} data-testid="history-entry">
            <span>
              <strong>{new Date(entry.at).toLocaleString(i18n.language.replace('_', '-'))}</strong>{' '}
              <span className={styles.muted}>{`${entry.operation} · ${entry.authorName} · r${entry.revision}`}</span>
            </span>
            <Button variant="ghost" onClick={() => setOpen(open === entry._id ? null : entry._id)} aria-expanded={open === entry._id} data-testid="history-open">
              {open === entry._id ? t('contribution.history.close') : t('contribution.history.open')}
            </Button>
          </li>
        ))}
      </ol>
      {open && (
        <section className={styles.historical} data-testid="historical">
          {version.isPending && <p className={styles.muted}>{t('contribution.loading')}</p>}
          {version.data && <HistoricalTable version={version.data} />}
          <a href={`/historicalobject/${open}`} target="_blank" rel="noopener" data-testid="historical-page-link">
            {t('contribution.history.openPage')}
          </a>
        </section>
      )}
    </div>
  );
};
