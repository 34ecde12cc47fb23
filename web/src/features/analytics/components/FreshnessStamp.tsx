import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsAsOf, AnalyticsJobStatus, AnalyticsRefreshReply } from '../../../../../contracts/api/analytics.ts';
import { Button } from '../../../components/Button.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { languageInfo } from '../../../i18n/languages.ts';
import { api } from '../../../lib/api.ts';
import styles from './FreshnessStamp.module.css';

const enc = encodeURIComponent;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks for the community's analytics job (POST …/refresh, managers and admins) and waits for it
 * (GET …/jobs/{jobId}, every half second, at most a minute).
 */
const refreshAnalytics = async (communityId: string): Promise<AnalyticsJobStatus> => {
  const { jobId } = await api.request<AnalyticsRefreshReply>(`/api/analytics/${enc(communityId)}/refresh`, { method: 'POST' });
  for (let tries = 0; tries < 120; tries++) {
    const status = await api.request<AnalyticsJobStatus>(`/api/analytics/${enc(communityId)}/jobs/${enc(jobId)}`);
    if (status.state === 'completed') return status;
    if (status.state === 'failed') throw new Error(status.failedReason ?? 'failed');
    await sleep(500);
  }
  throw new Error('timeout');
};

export type FreshnessStampProps = {
  communityId: string;
  /** The answer's stamp (absent while loading). */
  asOf?: AnalyticsAsOf;
  /** Newer events exist than the stamp covers. */
  stale?: boolean;
  /** Managers and admins may ask for a refresh (the server checks again). */
  canRefresh: boolean;
};

/**
 * "À jour au …" (issue 12): the last event an analytics page covers, and for managers a
 * "Mettre à jour" button that runs the community's analytics job and then reloads the pages' data.
 */
export const FreshnessStamp = ({ communityId, asOf, stale = false, canRefresh }: FreshnessStampProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => refreshAnalytics(communityId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['analytics', communityId] }),
  });
  if (!asOf) return null;
  const tag = languageInfo[currentLanguage()].tag;
  const when = asOf.time ?? asOf.computedAt;
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(when));
  return (
    <div className={styles.stamp} data-testid="analytics-freshness" data-stale={stale}>
      <p className={styles.text}>
        <time dateTime={when}>{t('stats.freshness.asOf', { date })}</time>
        {stale ? ` ${t('stats.freshness.stale')}` : ''}
      </p>
      {canRefresh && (
        <Button variant="secondary" onClick={() => refresh.mutate()} disabled={refresh.isPending} data-testid="analytics-refresh">
          <RefreshCw size={16} aria-hidden="true" /> {refresh.isPending ? t('stats.freshness.refreshing') : t('stats.freshness.refresh')}
        </Button>
      )}
      <span aria-live="polite">
        {refresh.isError
          ? (serverMessage(refresh.error) ?? t('stats.freshness.failed'))
          : refresh.isSuccess
            ? t('stats.freshness.done')
            : ''}
      </span>
    </div>
  );
};
