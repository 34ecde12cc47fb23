import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useNoteDashboard } from '../api/pages.ts';
import { emptyRange, noteDashboardCharts } from '../pagesModel.ts';
import { ChartCard } from './ChartCard.tsx';
import graphs from './Graphs.module.css';
import {
  AnalyticsFrame,
  RangeOnlyFilters,
  RangeSummary,
  useLanguageTag,
  usePageTexts,
  useDatesFromReply,
  useRangeFilters,
} from './shell.tsx';
import styles from './Stats.module.css';
import { FreshnessStamp } from './FreshnessStamp.tsx';

/** `/dashboard2/{communityId}`: the note dashboard (issue 12 §3, fact sheet §7). */
export const NoteDashboardPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const tag = useLanguageTag();
  const texts = usePageTexts();
  const { draft, setDraft, applied, problem, submit } = useRangeFilters(emptyRange);
  const query = useMemo(() => ({ ...(applied.from ? { from: applied.from } : {}), ...(applied.to ? { to: applied.to } : {}) }), [applied]);
  const board = useNoteDashboard(communityId, query);
  const reply = board.data;
  const charts = useMemo(() => (reply ? noteDashboardCharts(reply, texts) : []), [reply, texts]);
  const status = board.isFetching ? 'loading' : reply ? 'ready' : 'loading';

  useDatesFromReply(setDraft, reply?.range);

  return (
    <AnalyticsFrame communityId={communityId} page="dashboard2" error={board.error}>
      <RangeOnlyFilters value={draft} onChange={setDraft} problem={problem} prefix="dashboard2" onSubmit={submit} />
      <div aria-live="polite" className={styles.status}>
        {reply ? (
          <>
            <RangeSummary range={reply.range} defaultRange={reply.defaultRange} />
            <p data-testid="dashboard2-total">{t('stats.dashboard2.total', { count: reply.total })}</p>
          </>
        ) : (
          <p>{t('stats.loading')}</p>
        )}
      </div>
      {reply && <FreshnessStamp communityId={communityId} asOf={reply.asOf} stale={reply.stale} canRefresh={reply.seesNames} />}
      {reply && (
        <div className={styles.charts} data-testid="analytics" data-status={status}>
          {charts.map((chart) => (
            <div key={chart.id} className={chart.id === 'notes-per-day' ? graphs.wide : undefined}>
              <ChartCard chart={chart} languageTag={tag} />
            </div>
          ))}
        </div>
      )}
    </AnalyticsFrame>
  );
};
