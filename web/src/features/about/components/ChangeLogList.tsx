import { useTranslation } from 'react-i18next';
import { useChangeLog } from '../../../lib/meta.ts';
import styles from './About.module.css';

/** The what's-new dialog's body: one block per release. */
export const ChangeLogList = () => {
  const { t, i18n } = useTranslation();
  const changeLog = useChangeLog(true, i18n.language);
  if (changeLog.isPending) return <p>{t('common.loading')}</p>;
  if (changeLog.isError) return <p role="alert">{t('about.loadFailed')}</p>;
  if (changeLog.data.entries.length === 0) return <p>{t('about.changeLogEmpty')}</p>;
  return (
    <div className={styles.entries} data-testid="changelog">
      {changeLog.data.entries.map((entry) => (
        <section key={entry.version} className={styles.entry}>
          <h3>
            {entry.version} <time dateTime={entry.date}>{entry.date}</time>
          </h3>
          <ul>
            {entry.changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
};
