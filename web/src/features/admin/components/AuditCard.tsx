import { Download, FilterX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Card } from '../../../components/Page.tsx';
import { isLanguage, languageInfo } from '../../../i18n/languages.ts';
import { ApiError } from '../../../lib/api.ts';
import { downloadText } from '../../../lib/download.ts';
import { auditPageSize, noAuditFilters, useAuditCsv, useAuditPage, type AuditEntry, type AuditFilters } from '../api/audit.ts';
import styles from './Admin.module.css';

/**
 * Issue 17 §3: the audit trail in Admin tools. Filters by action, actor (a
 * click on a name) and days; newest first, paged; the CSV has the same
 * filters. The server decides who may read it (admins only).
 */
export const AuditCard = () => {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  const [page, setPage] = useState(1);
  const audit = useAuditPage(filters, page);
  const csv = useAuditCsv();
  const [csvDone, setCsvDone] = useState(false);
  const tag = languageInfo[isLanguage(i18n.language) ? i18n.language : 'fr'].tag;
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });

  const change = (next: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
    setCsvDone(false);
  };
  const actionLabel = (action: string): string =>
    t(`security.actions.${action}` as 'security.actions.user.created', { defaultValue: action });

  // Detail codes in words where known (free text such as a former title stays as it is);
  // an id (the CSV keeps it) says nothing to a reader.
  const detailValue = (value: string): string =>
    /^[a-z]+$/i.test(value) ? t(`security.detailValues.${value}` as 'security.detailValues.admin', { defaultValue: value }) : value;
  const detailsText = (details: Record<string, string>): string =>
    Object.entries(details)
      .filter(([key]) => key !== 'userId')
      .map(([key, value]) =>
        t('security.audit.detail', {
          name: /^[a-z]+$/i.test(key) ? t(`security.detailKeys.${key}` as 'security.detailKeys.by', { defaultValue: key }) : key,
          value: detailValue(value),
        }),
      )
      .join(' · ');

  const download = async () => {
    setCsvDone(false);
    const { text, fileName } = await csv.mutateAsync(filters);
    downloadText(fileName ?? 'buildon-audit.csv', text);
    setCsvDone(true);
  };

  const data = audit.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / auditPageSize)) : 1;
  const filtered = filters.action !== '' || filters.actor !== '' || filters.from !== '' || filters.to !== '';

  const actorCell = (entry: AuditEntry) =>
    entry.actorId === null ? (
      <span className={styles.muted}>{t('security.audit.system')}</span>
    ) : filters.actor === entry.actorId ? (
      <span className={styles.userName}>{entry.actorName}</span>
    ) : (
      <button
        type="button"
        className={styles.linkButton}
        title={t('security.audit.filterActor', { name: entry.actorName })}
        onClick={() => change({ actor: entry.actorId ?? '', actorName: entry.actorName })}
      >
        {entry.actorName}
      </button>
    );

  return (
    <Card title={t('security.audit.title')} className={styles.wide}>
      <p className={styles.muted}>{t('security.audit.intro')}</p>
      <div className={styles.auditFilters} data-testid="audit-filters">
        <SelectField
          label={t('security.audit.action')}
          name="audit-action"
          value={filters.action}
          onChange={(event) => change({ action: event.target.value })}
        >
          <option value="">{t('security.audit.allActions')}</option>
          {(data?.actions ?? []).map((action) => (
            <option key={action} value={action}>
              {actionLabel(action)}
            </option>
          ))}
        </SelectField>
        <TextField
          type="date"
          label={t('security.audit.from')}
          name="audit-from"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => change({ from: event.target.value })}
        />
        <TextField
          type="date"
          label={t('security.audit.to')}
          name="audit-to"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => change({ to: event.target.value })}
        />
      </div>
      <div className={styles.toolbar}>
        {filters.actor && (
          <span className={styles.filterChip} data-testid="audit-actor-filter">
            {t('security.audit.actorFilter', { name: filters.actorName })}
          </span>
        )}
        {filtered && (
          <Button variant="secondary" onClick={() => change(noAuditFilters)}>
            <FilterX size={18} aria-hidden="true" />
            {t('security.audit.clearFilters')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => void download().catch(() => undefined)} disabled={csv.isPending}>
          <Download size={18} aria-hidden="true" />
          {t('security.audit.csv')}
        </Button>
        {data && (
          <span className={styles.count} role="status" data-testid="audit-count">
            {t('security.audit.count', { count: data.total })}
          </span>
        )}
      </div>
      {csvDone && <p className={styles.ok}>{t('security.audit.csvDone')}</p>}
      {csv.error && <Alert tone="error">{csv.error instanceof ApiError ? csv.error.message : t('common.genericError')}</Alert>}
      {audit.isPending && <p>{t('common.loading')}</p>}
      {audit.error && <Alert tone="error">{audit.error instanceof ApiError ? audit.error.message : t('common.genericError')}</Alert>}
      {data && data.entries.length === 0 && <p className={styles.muted}>{t('security.audit.empty')}</p>}
      {data && data.entries.length > 0 && (
        // Scrolls sideways on a phone: focusable so a keyboard can scroll it too.
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('security.audit.title')}>
          <table className={styles.table} data-testid="audit-table" aria-busy={audit.isFetching}>
            <thead>
              <tr>
                <th scope="col">{t('security.audit.when')}</th>
                <th scope="col">{t('security.audit.action')}</th>
                <th scope="col">{t('security.audit.actor')}</th>
                <th scope="col">{t('security.audit.target')}</th>
                <th scope="col">{t('security.audit.community')}</th>
                <th scope="col">{t('security.audit.details')}</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry) => (
                <tr key={entry.id} data-action={entry.action}>
                  <td className={styles.nowrap}>
                    <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time>
                  </td>
                  <td>{actionLabel(entry.action)}</td>
                  <td>{actorCell(entry)}</td>
                  <td>{entry.targetLabel}</td>
                  <td>{entry.communityTitle}</td>
                  <td className={styles.muted}>{detailsText(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && pages > 1 && (
        <nav aria-label={t('security.audit.pages')} className={styles.toolbar}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('security.audit.previous')}
          </Button>
          <span className={styles.count} data-testid="audit-page">
            {t('security.audit.pageOf', { page, pages })}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('security.audit.next')}
          </Button>
        </nav>
      )}
    </Card>
  );
};
