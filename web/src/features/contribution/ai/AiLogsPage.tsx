import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AiLogEntry } from '../../../../../contracts/api/ai.ts';
import { Button } from '../../../components/Button.tsx';
import { Page } from '../../../components/Page.tsx';
import { api } from '../../../lib/api.ts';
import { useMyRegistrations } from '../../../lib/community.ts';
import { tokenStore } from '../../../lib/tokenStore.ts';
import { failureText } from '../../../components/serverMessage.ts';

const modes = ['quick', 'full', 'explain1', 'explain2', 'explain3'] as const;

/**
 * /ai-logs (issue 18 §3; spec part 1 §2): the writing-help log of a community the reader manages
 * (admins: any of theirs), filtered by user, help and period, with a CSV export. The original
 * embedded an outside page; here it is Buildon's own log (GET /api/ai/logs/{communityId}).
 */
export const AiLogsPage = ({ isAdmin }: { isAdmin: boolean }) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const registrations = useMyRegistrations();
  const managed = (registrations.data ?? []).filter((r) => isAdmin || r.role === 'manager');
  const communityId = params.get('communityId') ?? managed[0]?.communityId ?? '';
  const [filters, setFilters] = useState({ userId: '', mode: '', from: '', to: '' });
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value)).toString();
  const log = useQuery({
    queryKey: ['ai', 'logs', communityId, query],
    queryFn: () => api.request<AiLogEntry[]>(`/api/ai/logs/${communityId}${query ? `?${query}` : ''}`),
    enabled: communityId !== '',
    retry: false,
  });

  const downloadCsv = async () => {
    const token = tokenStore.get();
    const response = await fetch(`/api/ai/logs/${communityId}/csv${query ? `?${query}` : ''}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) return;
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `ai-log-${communityId}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };

  const field = (name: keyof typeof filters, label: string, type = 'text') => (
    <label>
      {label}{' '}
      <input
        type={type}
        value={filters[name]}
        onChange={(event) => setFilters({ ...filters, [name]: event.target.value })}
        data-testid={`ai-logs-${name}`}
      />
    </label>
  );

  return (
    <Page title={t('contribution.ai.logs.title')}>
      <form
        className="ai-logs-filters"
        onSubmit={(event) => event.preventDefault()}
        style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', alignItems: 'end' }}
      >
        <label>
          {t('contribution.ai.logs.community')}{' '}
          <select value={communityId} onChange={(event) => setParams({ communityId: event.target.value })} data-testid="ai-logs-community">
            {managed.map((r) => (
              <option key={r.communityId} value={r.communityId}>
                {r.community.title}
              </option>
            ))}
          </select>
        </label>
        {field('userId', t('contribution.ai.logs.user'))}
        <label>
          {t('contribution.ai.logs.mode')}{' '}
          <select
            value={filters.mode}
            onChange={(event) => setFilters({ ...filters, mode: event.target.value })}
            data-testid="ai-logs-mode"
          >
            <option value="">{t('contribution.ai.logs.allModes')}</option>
            {modes.map((mode) => (
              <option key={mode} value={mode}>
                {t(`contribution.ai.${mode}`)}
              </option>
            ))}
          </select>
        </label>
        {field('from', t('contribution.ai.logs.from'), 'date')}
        {field('to', t('contribution.ai.logs.to'), 'date')}
        <Button variant="secondary" onClick={() => void downloadCsv()} disabled={!communityId} data-testid="ai-logs-csv">
          <Download size={16} aria-hidden="true" />
          {t('contribution.ai.logs.csv')}
        </Button>
      </form>
      {!communityId && <p>{t('contribution.ai.logs.chooseCommunity')}</p>}
      {log.isError && <p role="alert">{failureText(log.error)}</p>}
      {log.data && log.data.length === 0 && <p>{t('contribution.ai.logs.empty')}</p>}
      {log.data && log.data.length > 0 && (
        <table data-testid="ai-logs-table">
          <thead>
            <tr>
              <th>{t('contribution.ai.logs.at')}</th>
              <th>{t('contribution.ai.logs.user')}</th>
              <th>{t('contribution.ai.logs.mode')}</th>
              <th>{t('contribution.ai.logs.size')}</th>
              <th>{t('contribution.ai.logs.duration')}</th>
              <th>{t('contribution.ai.logs.outcome')}</th>
              <th>{t('contribution.ai.logs.note')}</th>
              <th>{t('contribution.ai.logs.text')}</th>
            </tr>
          </thead>
          <tbody>
            {log.data.map((entry) => (
              <tr key={entry._id}>
                <td>{new Date(entry.at).toLocaleString()}</td>
                <td>{entry.userName}</td>
                <td>
                  {modes.includes(entry.mode as (typeof modes)[number])
                    ? t(`contribution.ai.${entry.mode as (typeof modes)[number]}`)
                    : entry.mode}
                </td>
                <td>{entry.size}</td>
                <td>{entry.durationMs}</td>
                <td>{entry.outcome === 'ok' ? t('contribution.ai.logs.ok') : t('contribution.ai.logs.failed')}</td>
                <td>
                  {entry.contributionId ? <a href={`/contribution/${entry.contributionId}`}>{entry.contributionId.slice(-6)}</a> : ''}
                </td>
                <td>{entry.text ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Page>
  );
};
