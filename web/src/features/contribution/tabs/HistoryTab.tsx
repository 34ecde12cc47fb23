import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { useHistory } from '../api/objects.ts';
import { changeKindOf, HistoryVersion } from './HistoryVersion.tsx';
import styles from './Tabs.module.css';

/**
 * Every version of the object the reader may read, with its time, the kind of
 * change and who made it; one opens as the contribution looked then, with
 * what changed since the version before (issue 21 §7).
 */
export const HistoryTab = ({ id }: { id: string }) => {
  const { t, i18n } = useTranslation();
  const history = useHistory(id, true);
  const [open, setOpen] = useState<string | null>(null);
  if (history.isPending) return <p className={styles.muted}>{t('contribution.loading')}</p>;
  if (history.isError) return <p className={styles.muted}>{t('contribution.history.unavailable')}</p>;
  return (
    <div className={styles.tab} data-testid="history-tab">
      <ol className={styles.rows}>
        {history.data.map((entry) => (
          <li key={entry._id} className={styles.row} data-testid="history-entry">
            <span>
              <strong>{new Date(entry.at).toLocaleString(i18n.language.replace('_', '-'))}</strong>{' '}
              <span className={styles.muted}>
                {t('contribution.history.entry', {
                  change: t(`contribution.history.change.${changeKindOf(entry.eventType)}`),
                  name: entry.authorId ? entry.authorName : t('contribution.history.system'),
                })}
              </span>
            </span>
            <Button
              variant="ghost"
              onClick={() => setOpen(open === entry._id ? null : entry._id)}
              aria-expanded={open === entry._id}
              data-testid="history-open"
            >
              {open === entry._id ? t('contribution.history.close') : t('contribution.history.open')}
            </Button>
          </li>
        ))}
      </ol>
      {open && (
        <section className={styles.historical} data-testid="historical">
          <HistoryVersion id={open} />
          <a href={`/historicalobject/${open}`} target="_blank" rel="noopener" data-testid="historical-page-link">
            {t('contribution.history.openPage')}
          </a>
        </section>
      )}
    </div>
  );
};
