import { Download } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { failureText } from '../../../components/serverMessage.ts';
import { downloadText } from '../../../lib/download.ts';
import { fetchDashboardCsv, useDashboard } from '../api/pages.ts';
import { authorText, dashboardCharts, dashboardCsvName, dashboardQueryOf, emptyRange, type RangeFilters } from '../pagesModel.ts';
import { ChartCard } from './ChartCard.tsx';
import graphs from './Graphs.module.css';
import {
  AnalyticsFrame,
  RangeFields,
  RangeSummary,
  useCommunityTitle,
  useLanguageTag,
  usePageTexts,
  ViewSelect,
  useDatesFromReply,
  useRangeFilters,
} from './shell.tsx';
import styles from './Stats.module.css';
import { FreshnessStamp } from './FreshnessStamp.tsx';
import { RecordTable } from './RecordTable.tsx';

type Filters = RangeFilters & { view: string };

/** `/dashboard/{communityId}`: the activity dashboard (issue 12 §3, fact sheet §7). */
export const DashboardPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const tag = useLanguageTag();
  const texts = usePageTexts();
  const { draft, setDraft, applied, problem, submit } = useRangeFilters<Filters>({ ...emptyRange, view: '' });
  const query = useMemo(() => dashboardQueryOf(applied), [applied]);
  const dashboard = useDashboard(communityId, query);
  const community = useCommunityTitle(communityId);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const reply = dashboard.data;
  const headingId = useId();
  const number = useMemo(() => new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), [tag]);

  useDatesFromReply(setDraft, reply?.range);

  const download = async () => {
    setCsvError(null);
    setDownloading(true);
    try {
      const { text, fileName } = await fetchDashboardCsv(communityId, query);
      const title = reply?.view?.title ?? community.data?.title ?? communityId;
      // The server already starts the file with a byte-order mark (Excel reads it as UTF-8).
      downloadText(fileName ?? dashboardCsvName(title), text);
    } catch (error) {
      setCsvError(failureText(error));
    } finally {
      setDownloading(false);
    }
  };

  const charts = useMemo(() => (reply ? dashboardCharts(reply, texts) : []), [reply, texts]);
  const status = dashboard.isFetching ? 'loading' : reply ? 'ready' : 'loading';
  const label = (author: Parameters<typeof authorText>[0]) => authorText(author, reply?.seesNames ?? false, texts.pseudonym);

  return (
    <AnalyticsFrame communityId={communityId} page="dashboard" error={dashboard.error}>
      <form className={styles.filters} onSubmit={submit} aria-label={t('stats.filters')} noValidate>
        <div className={styles.row}>
          <RangeFields value={draft} onChange={(range) => setDraft((d) => ({ ...d, ...range }))} problem={problem} prefix="dashboard" />
          <ViewSelect
            communityId={communityId}
            name="dashboard-view"
            emptyLabel={t('stats.pages.wholeCommunity')}
            value={draft.view}
            onChange={(view) => setDraft((d) => ({ ...d, view }))}
          />
        </div>
        <div className={graphs.actions}>
          <Button type="submit" data-testid="dashboard-apply">
            {t('stats.apply')}
          </Button>
          <Button variant="secondary" onClick={() => void download()} disabled={!reply || downloading} data-testid="dashboard-csv">
            <Download size={16} aria-hidden="true" /> {t('stats.dashboard.csv')}
          </Button>
        </div>
        {csvError && (
          <Alert tone="error" testId="dashboard-csv-error">
            {csvError}
          </Alert>
        )}
      </form>
      <div aria-live="polite" className={styles.status}>
        {reply ? (
          <>
            <RangeSummary range={reply.range} defaultRange={reply.defaultRange} />
            <p data-testid="dashboard-scope">
              {reply.view ? t('stats.dashboard.scopeView', { view: reply.view.title }) : t('stats.dashboard.scopeCommunity')}
            </p>
          </>
        ) : (
          <p>{t('stats.loading')}</p>
        )}
      </div>
      {reply && <FreshnessStamp communityId={communityId} asOf={reply.asOf} stale={reply.stale} canRefresh={reply.seesNames} />}
      {reply && (
        <div className={styles.charts} data-testid="analytics" data-status={status}>
          {charts.map((chart) => (
            <div key={chart.id} className={chart.id === 'modify-read' ? graphs.wide : undefined}>
              <ChartCard chart={chart} languageTag={tag} />
            </div>
          ))}
          <section className={`${styles.card} ${graphs.wide}`} aria-labelledby={`${headingId}-users`} data-testid="dashboard-users">
            <h2 id={`${headingId}-users`} className={styles.cardTitle}>
              {t('stats.dashboard.users')}
            </h2>
            <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('stats.dashboard.users')}>
              <table className={`${styles.table} ${graphs.userTable}`} data-testid="dashboard-users-table">
                <caption className={styles.srOnly}>{t('stats.dashboard.users')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('stats.dashboard.user')}</th>
                    <th scope="col">{t('stats.dashboard.read')}</th>
                    <th scope="col">{t('stats.dashboard.modified')}</th>
                    <th scope="col">{t('stats.dashboard.created')}</th>
                    <th scope="col">{t('stats.dashboard.total')}</th>
                  </tr>
                </thead>
                <tbody>
                  {reply.users.map(({ author, counts }) => (
                    <tr key={author.key}>
                      <th scope="row">{label(author)}</th>
                      <td>{counts.read}</td>
                      <td>{counts.modified}</td>
                      <td>{counts.created}</td>
                      <td>{counts.total}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr data-testid="dashboard-totals">
                    <th scope="row">{t('stats.dashboard.totals')}</th>
                    <td>{reply.totals.read}</td>
                    <td>{reply.totals.modified}</td>
                    <td>{reply.totals.created}</td>
                    <td>{reply.totals.total}</td>
                  </tr>
                  <tr data-testid="dashboard-averages">
                    <th scope="row">{t('stats.dashboard.averages')}</th>
                    <td>{number.format(reply.averages.read)}</td>
                    <td>{number.format(reply.averages.modified)}</td>
                    <td>{number.format(reply.averages.created)}</td>
                    <td>{number.format(reply.averages.total)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </section>
          <RecordTable records={reply.records} truncated={reply.recordsTruncated} texts={texts} label={label} />
        </div>
      )}
    </AnalyticsFrame>
  );
};
