import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardRecord } from '../../../../../contracts/api/analytics.ts';
import type { PageTexts } from '../pagesModel.ts';
import { recordHref, recordsByYearMonth } from '../recordTableModel.ts';
import graphs from './Graphs.module.css';
import css from './RecordTable.module.css';
import styles from './Stats.module.css';

type Props = {
  records: readonly DashboardRecord[];
  truncated: boolean;
  texts: PageTexts;
  /** The author as the viewer may see them (a pseudonym for the others of a writer). */
  label: (author: DashboardRecord['author']) => string;
};

/** A record's title: a link that opens the contribution, plain text for kinds without a page, "Deleted" for one no longer active. */
const RecordTitle = ({ contribution }: { contribution: DashboardRecord['contribution'] }) => {
  const { t } = useTranslation();
  if (!contribution) return <span className={styles.muted}>{t('stats.dashboard.deleted')}</span>;
  const title = contribution.title.trim() || t('stats.dashboard.untitled');
  const href = recordHref(contribution);
  return href ? (
    <Link to={href} data-testid="dashboard-record-link">
      {title}
    </Link>
  ) : (
    <>{title}</>
  );
};

/**
 * The activity dashboard's record table (fact sheet §7: "record table by
 * year/month (date, action, title link, user)"): a heading per year, a
 * collapsible heading per month (the newest open), a table per month with
 * its caption and column headers.
 */
export const RecordTable = ({ records, truncated, texts, label }: Props) => {
  const { t } = useTranslation();
  const id = useId();
  const years = useMemo(() => recordsByYearMonth(records), [records]);
  return (
    <section className={`${styles.card} ${graphs.wide}`} aria-labelledby={`${id}-records`} data-testid="dashboard-records">
      <h2 id={`${id}-records`} className={styles.cardTitle}>
        {t('stats.dashboard.records')}
      </h2>
      <p className={styles.muted}>{t('stats.dashboard.recordsHint')}</p>
      {years.length === 0 && <p className={styles.muted}>{t('stats.noData')}</p>}
      {years.map(({ year, months }, i) => (
        <section key={year} aria-labelledby={`${id}-${year}`} data-testid="dashboard-year">
          <h3 id={`${id}-${year}`} className={css.year}>
            {year}
          </h3>
          {months.map(({ month, records: rows }, j) => (
            <details key={month} className={styles.tableToggle} open={i === 0 && j === 0} data-testid="dashboard-month">
              <summary>
                <h4 className={css.month}>{t('stats.dashboard.month', { month: texts.formatMonth(month), count: rows.length })}</h4>
              </summary>
              <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={texts.formatMonth(month)}>
                <table className={`${styles.table} ${css.records}`} data-testid="dashboard-records-table">
                  <caption className={styles.srOnly}>{t('stats.dashboard.recordsCaption', { month: texts.formatMonth(month) })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{texts.day}</th>
                      <th scope="col">{t('stats.dashboard.action')}</th>
                      <th scope="col">{t('stats.dashboard.title')}</th>
                      <th scope="col">{t('stats.dashboard.user')}</th>
                      <th scope="col">{texts.count}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((record, k) => (
                      <tr key={`${record.day}:${record.action}:${record.author.key}:${record.contribution?.id ?? k}`}>
                        <th scope="row">{texts.formatDay(record.day)}</th>
                        <td>{texts.action(record.action)}</td>
                        <td>
                          <RecordTitle contribution={record.contribution} />
                        </td>
                        <td>{label(record.author)}</td>
                        <td>{record.count}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          ))}
        </section>
      ))}
      {truncated && <p className={styles.muted}>{t('stats.dashboard.recordsTruncated')}</p>}
    </section>
  );
};
