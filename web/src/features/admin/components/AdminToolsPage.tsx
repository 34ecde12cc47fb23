import { DatabaseZap, RefreshCw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { fieldStyles } from '../../../components/Field.tsx';
import { Card, Page, pageStyles } from '../../../components/Page.tsx';
import { isLanguage, languageInfo } from '../../../i18n/languages.ts';
import { ApiError } from '../../../lib/api.ts';
import { useJob, useRebuild, useStorageStats } from '../api/admin.ts';
import styles from './Admin.module.css';
import { AuditCard } from './AuditCard.tsx';
import { IntegrationsCard } from './IntegrationsCard.tsx';
import { Forbidden } from './Forbidden.tsx';

const knownStates = new Set(['waiting', 'active', 'completed', 'failed', 'delayed']);

/**
 * /admintools: the spec's "database migration" as operator actions. Rebuild
 * projections with a progress display; event-store and read-model figures.
 * Nothing is checked in the browser: the server requires the admin role.
 */
export const AdminToolsPage = () => {
  const { t, i18n } = useTranslation();
  const stats = useStorageStats();
  const rebuild = useRebuild();
  const [projection, setProjection] = useState('');
  const [jobId, setJobId] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const job = useJob(jobId);
  const selectId = `projection-${useId().replace(/:/g, '')}`;
  const number = new Intl.NumberFormat(languageInfo[isLanguage(i18n.language) ? i18n.language : 'fr'].tag);

  if (stats.error instanceof ApiError && stats.error.status === 403) return <Forbidden />;

  const handleRebuild = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStartError(null);
    try {
      const { jobId: id } = await rebuild.mutateAsync(projection || null);
      setJobId(id);
    } catch (failure) {
      setStartError(failure instanceof ApiError ? failure.message : t('common.genericError'));
    }
  };

  const state = job.data?.state;
  const running = jobId !== null && state !== 'completed' && state !== 'failed';
  const stateText = state
    ? knownStates.has(state)
      ? t(`tools.state_${state as 'waiting' | 'active' | 'completed' | 'failed' | 'delayed'}`)
      : t('tools.state_other', { state })
    : t('common.loading');
  const progress = Math.max(0, Math.min(100, Math.round(job.data?.progress ?? 0)));

  return (
    <Page title={t('tools.title')} subtitle={t('tools.intro')}>
      <div className={styles.grid}>
        <Card title={t('tools.storageTitle')} className={styles.wide}>
          {stats.isPending && <p>{t('common.loading')}</p>}
          {stats.isError && !(stats.error instanceof ApiError && stats.error.status === 403) && (
            <Alert tone="error">{stats.error instanceof ApiError ? stats.error.message : t('common.genericError')}</Alert>
          )}
          {stats.data && (
            <dl className={styles.stats} data-testid="storage-stats">
              <div className={styles.stat}>
                <dt>{t('tools.eventStore')}</dt>
                <dd>{stats.data.storage.eventStore}</dd>
              </div>
              <div className={styles.stat}>
                <dt>{t('tools.readStore')}</dt>
                <dd>{stats.data.storage.readStore}</dd>
              </div>
              <div className={styles.stat}>
                <dt>{t('tools.jobQueue')}</dt>
                <dd>{stats.data.storage.jobQueue}</dd>
              </div>
              <div className={styles.stat}>
                <dt>{t('tools.headPosition')}</dt>
                <dd data-testid="head-position">{number.format(stats.data.eventStore.headPosition)}</dd>
              </div>
              <div className={styles.stat}>
                <dt>{t('tools.projectionPosition')}</dt>
                <dd>{number.format(stats.data.projections.position)}</dd>
              </div>
            </dl>
          )}
          <div>
            <Button variant="secondary" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
              <RefreshCw size={18} aria-hidden="true" />
              {t('tools.refresh')}
            </Button>
          </div>
        </Card>
        <IntegrationsCard />
        <AuditCard />
        <Card title={t('tools.rebuildTitle')}>
          <p className={styles.muted}>{t('tools.rebuildHint')}</p>
          <form className={pageStyles.form} onSubmit={(event) => void handleRebuild(event)}>
            <div className={fieldStyles.field}>
              <label className={fieldStyles.label} htmlFor={selectId}>
                {t('tools.projectionLabel')}
              </label>
              <select id={selectId} className={styles.select} value={projection} onChange={(event) => setProjection(event.target.value)}>
                <option value="">{t('tools.allProjections')}</option>
                {stats.data?.projections.names.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" disabled={running || rebuild.isPending}>
              <DatabaseZap size={18} aria-hidden="true" />
              {t('tools.rebuild')}
            </Button>
          </form>
          {startError && <Alert tone="error">{startError}</Alert>}
          {jobId && (
            <div className={styles.job} data-testid="rebuild-job" data-state={state ?? ''}>
              <p role="status">{t('tools.jobLine', { id: jobId.slice(0, 8), state: stateText })}</p>
              <progress className={styles.progress} max={100} value={progress} aria-label={t('tools.progressLabel')}>
                {progress} %
              </progress>
              <p className={styles.muted} aria-hidden="true">
                {progress} %
              </p>
              {job.data?.failedReason && <Alert tone="error">{t('tools.failedReason', { reason: job.data.failedReason })}</Alert>}
            </div>
          )}
        </Card>
        <Card title={t('tools.readModelsTitle')}>
          {stats.data && (
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="read-models">
                <thead>
                  <tr>
                    <th scope="col">{t('tools.readModel')}</th>
                    <th scope="col">{t('tools.documents')}</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.data.readModels.map((model) => (
                    <tr key={model.name}>
                      <td>{model.name}</td>
                      <td>{number.format(model.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </div>
    </Page>
  );
};
