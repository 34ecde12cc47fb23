import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { useHistorical, useHistory } from '../api/objects.ts';
import styles from './Tabs.module.css';

const show = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const text = JSON.stringify(value);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
};

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
          {version.data && (
            <table className={styles.table}>
              <caption>{`${version.data.type} · ${version.data.dataType}`}</caption>
              <tbody>
                {Object.entries(version.data.data).map(([key, value]) => (
                  <tr key={key}>
                    <th scope="row">{key}</th>
                    <td>{show(value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
};
