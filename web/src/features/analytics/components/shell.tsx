import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Page } from '../../../components/Page.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { languageInfo } from '../../../i18n/languages.ts';
import { api } from '../../../lib/api.ts';
import { useCommunityViews } from '../../../lib/community.ts';
import type { TableData } from '../model.ts';
import type { AnalyticsPageName } from '../links.ts';
import { rangeProblem, type PageTexts, type RangeFilters } from '../pagesModel.ts';
import { AnalyticsMenu } from './AnalyticsMenu.tsx';
import styles from './Stats.module.css';

/** The community's title (for the page's heading). */
export const useCommunityTitle = (communityId: string) =>
  useQuery({
    queryKey: ['communities', communityId, 'title'] as const,
    queryFn: () => api.request<{ title: string }>(`/api/communities/${encodeURIComponent(communityId)}/title`),
    enabled: Boolean(communityId),
  });

/** The interface language's BCP 47 tag (for dates, numbers and plotly's separators). */
export const useLanguageTag = (): string => {
  useTranslation();
  return languageInfo[currentLanguage()].tag;
};

/** The analytics pages' words in the interface language. */
export const usePageTexts = (): PageTexts => {
  const { t } = useTranslation();
  const tag = useLanguageTag();
  return useMemo(() => {
    const dayFormat = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const monthFormat = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const numberFormat = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
    return {
      pseudonym: (letter) => t('stats.pseudonym', { letter }),
      formatDay: (day) => dayFormat.format(new Date(`${day}T00:00:00Z`)),
      formatMonth: (month) => monthFormat.format(new Date(`${month}-01T00:00:00Z`)),
      formatNumber: (value) => numberFormat.format(value),
      reads: t('stats.pages.reads'),
      readsPerDay: t('stats.pages.readsPerDay'),
      readsPerDayAxis: t('stats.pages.readsPerDayAxis'),
      day: t('stats.columns.day'),
      author: t('stats.columns.author'),
      reader: t('stats.pages.reader'),
      count: t('stats.pages.count'),
      flow: t('stats.pages.flow'),
      action: (action) => t(`stats.pages.action.${action}`),
      actions: t('stats.pages.actions'),
      actors: t('stats.pages.actors'),
      views: t('stats.pages.views'),
      view: t('stats.pages.view'),
      modifyAndRead: t('stats.pages.modifyAndRead'),
      byFirstAuthor: t('stats.pages.byFirstAuthor'),
      types: t('stats.pages.types'),
      type: (type) => (['Note', 'Drawing', 'Attachment'].includes(type) ? t(`stats.pages.type.${type as 'Note'}`) : type),
      percent: t('stats.pages.percent'),
      notesPerDay: t('stats.pages.notesPerDay'),
      daysLeftOut: t('stats.pages.daysLeftOut'),
    };
  }, [t, tag]);
};

/**
 * One analytics page's frame: its heading (with the community's title), the
 * way back, the analytics menu, and the server's refusal in place of the
 * page when it refuses (a non-member, an archived community).
 */
export const AnalyticsFrame = ({
  communityId,
  page,
  error,
  children,
}: {
  communityId: string;
  page: Exclude<AnalyticsPageName, 'stats'>;
  error: unknown;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  const title = useCommunityTitle(communityId);
  const name = t(`stats.menu.${page}`);
  return (
    <Page title={title.data ? t('stats.pages.pageTitle', { page: name, community: title.data.title }) : name}>
      <p>
        <Link to={`/communitytop/${communityId}`} className={styles.back}>
          {t('stats.back')}
        </Link>
      </p>
      <AnalyticsMenu communityId={communityId} current={page} />
      {error ? (
        <Alert tone="error" testId="analytics-error">
          {serverMessage(error) ?? t('common.genericError')}
        </Alert>
      ) : (
        children
      )}
    </Page>
  );
};

/** The from / to fields of a range filter (empty: the school year). */
export const RangeFields = ({
  value,
  onChange,
  problem,
  prefix,
}: {
  value: RangeFilters;
  onChange: (next: RangeFilters) => void;
  problem: 'from' | 'to' | null;
  prefix: string;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name={`${prefix}-from`}
        type="date"
        label={t('stats.from')}
        value={value.from}
        onChange={(e) => onChange({ ...value, from: e.target.value })}
        error={problem === 'from' ? t('stats.dateRequired') : undefined}
        data-testid={`${prefix}-from`}
      />
      <TextField
        name={`${prefix}-to`}
        type="date"
        label={t('stats.to')}
        value={value.to}
        onChange={(e) => onChange({ ...value, to: e.target.value })}
        error={problem === 'to' ? (value.to ? t('stats.dateOrder') : t('stats.dateRequired')) : undefined}
        data-testid={`${prefix}-to`}
      />
    </>
  );
};

/**
 * A page's filters as typed (`draft`) and as asked of the server (`applied`,
 * set by `submit` when the range is sound; `problem` names the wrong field).
 */
export const useRangeFilters = <F extends RangeFilters>(empty: F) => {
  const [draft, setDraft] = useState<F>(empty);
  const [applied, setApplied] = useState<F>(empty);
  const [problem, setProblem] = useState<'from' | 'to' | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft);
    setProblem(found);
    if (!found) setApplied(draft);
  };
  return { draft, setDraft, applied, problem, submit };
};

/** The first reply tells the range shown (the school year by default): empty date fields start from it. */
export const useDatesFromReply = <F extends RangeFilters>(setDraft: Dispatch<SetStateAction<F>>, range: RangeFilters | undefined) => {
  useEffect(() => {
    if (!range) return;
    setDraft((d) => (d.from || d.to ? d : { ...d, from: range.from, to: range.to }));
  }, [range, setDraft]);
};

/** A form with only a date range and its apply button (the s2viz page and the notes dashboard). */
export const RangeOnlyFilters = ({
  value,
  onChange,
  problem,
  prefix,
  onSubmit,
}: {
  value: RangeFilters;
  onChange: (next: RangeFilters) => void;
  problem: 'from' | 'to' | null;
  prefix: string;
  onSubmit: (event: FormEvent) => void;
}) => {
  const { t } = useTranslation();
  return (
    <form className={styles.filters} onSubmit={onSubmit} aria-label={t('stats.filters')} noValidate>
      <div className={styles.row}>
        <RangeFields value={value} onChange={onChange} problem={problem} prefix={prefix} />
      </div>
      <div>
        <Button type="submit" data-testid={`${prefix}-apply`}>
          {t('stats.apply')}
        </Button>
      </div>
    </form>
  );
};

/** A choice among the community's views, `emptyLabel` first (no view: the whole community). */
export const ViewSelect = ({
  communityId,
  name,
  emptyLabel,
  value,
  onChange,
}: {
  communityId: string;
  name: string;
  emptyLabel: string;
  value: string;
  onChange: (viewId: string) => void;
}) => {
  const { t } = useTranslation();
  const views = useCommunityViews(communityId);
  return (
    <SelectField
      name={name}
      label={t('stats.pages.view')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={styles.words}
      data-testid={name}
    >
      <option value="">{emptyLabel}</option>
      {(views.data ?? []).map((view) => (
        <option key={view._id} value={view._id}>
          {view.title || t('stats.untitled')}
        </option>
      ))}
    </SelectField>
  );
};

/** A table of numbers (a chart's or a graph's text alternative). */
export const DataTable = ({ table, caption, testId }: { table: TableData; caption: string; testId: string }) => (
  <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={caption}>
    <table className={styles.table} data-testid={testId}>
      <caption className={styles.srOnly}>{caption}</caption>
      <thead>
        <tr>
          {table.columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={j}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

/** The table behind a "show the table" toggle, as under every chart. */
export const TableToggle = ({ table, caption, testId, note }: { table: TableData; caption: string; testId: string; note?: string }) => {
  const { t } = useTranslation();
  return (
    <details className={styles.tableToggle}>
      <summary>{t('stats.showTable')}</summary>
      {note && <p className={styles.muted}>{note}</p>}
      <DataTable table={table} caption={caption} testId={testId} />
    </details>
  );
};

/** The range the figures cover, in words. */
export const RangeSummary = ({ range, defaultRange }: { range: { from: string; to: string }; defaultRange: boolean }) => {
  const { t } = useTranslation();
  const texts = usePageTexts();
  return (
    <p data-testid="analytics-summary">
      {t('stats.pages.range', { from: texts.formatDay(range.from), to: texts.formatDay(range.to) })}
      {defaultRange ? ` ${t('stats.schoolYear')}` : ''}
    </p>
  );
};
