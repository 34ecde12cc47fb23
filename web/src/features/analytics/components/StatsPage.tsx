import { useQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { Page } from '../../../components/Page.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { languageInfo } from '../../../i18n/languages.ts';
import { api } from '../../../lib/api.ts';
import { useCommunityAuthors, useCommunityViews } from '../../../lib/community.ts';
import { usePersonNames } from '../../../lib/personNames.ts';
import { useStats } from '../api/stats.ts';
import { chartsOf, emptyFilters, filtersProblem, statsQueryOf, type ChartTexts, type StatsFilters } from '../model.ts';
import { AnalyticsMenu } from './AnalyticsMenu.tsx';
import { ChartCard } from './ChartCard.tsx';
import { FreshnessStamp } from './FreshnessStamp.tsx';
import styles from './Stats.module.css';
import { DateAndWordFields } from './DateAndWordFields.tsx';
import { ViewAndAuthorChoices } from './ViewAndAuthorChoices.tsx';

/** The selectors offer at most this many views or authors (the API takes 80 ids). */
const selectorCap = 80;

/** Sunday … Saturday in the interface language (2025-10-05 was a Sunday). */
const weekdayNames = (tag: string) =>
  Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2025, 9, 5 + i))),
  );

/** `/stats/{communityId}`: the statistics page (issue 12 §1, spec part 2 §2 Statistics). */
export const StatsPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const title = useQuery({
    queryKey: ['communities', communityId, 'title'] as const,
    queryFn: () => api.request<{ title: string }>(`/api/communities/${encodeURIComponent(communityId)}/title`),
    enabled: Boolean(communityId),
  });
  // What the form shows, and what was last applied (the figures on screen).
  const [draft, setDraft] = useState<StatsFilters>(emptyFilters);
  const [applied, setApplied] = useState<StatsFilters>(emptyFilters);
  const [problem, setProblem] = useState<'from' | 'to' | null>(null);
  const [seesNames, setSeesNames] = useState(false);
  const query = useMemo(() => statsQueryOf(applied, seesNames), [applied, seesNames]);
  const stats = useStats(communityId, query);
  const views = useCommunityViews(communityId);
  const authors = useCommunityAuthors(communityId, seesNames);
  const names = usePersonNames(communityId);
  const reply = stats.data;

  // The first reply tells the school year (the default range) and whether I may filter by author.
  useEffect(() => {
    if (!reply) return;
    setSeesNames(reply.seesNames);
    setDraft((d) => (d.from || d.to ? d : { ...d, from: reply.range.from, to: reply.range.to }));
  }, [reply]);

  const tag = languageInfo[currentLanguage()].tag;
  const texts: ChartTexts = useMemo(() => {
    const dayFormat = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    return {
      community: t('stats.community'),
      me: t('stats.me'),
      perDay: t('stats.charts.perDay'),
      perDayNote: t('stats.charts.perDayNote'),
      weekdays: t('stats.charts.weekdays'),
      perYear: t('stats.charts.perYear'),
      perWeek: t('stats.charts.perWeek'),
      byAuthor: t('stats.charts.byAuthor'),
      scaffold: (scaffold) => t('stats.charts.scaffold', { scaffold }),
      day: t('stats.columns.day'),
      weekday: t('stats.columns.weekday'),
      year: t('stats.columns.year'),
      week: t('stats.columns.week'),
      author: t('stats.columns.author'),
      support: t('stats.columns.support'),
      count: t('stats.columns.count'),
      weekdayNames: weekdayNames(tag),
      pseudonym: (letter) => t('stats.pseudonym', { letter }),
      formatDay: (day) => dayFormat.format(new Date(`${day}T00:00:00Z`)),
    };
  }, [t, tag]);
  const charts = useMemo(() => (reply ? chartsOf(reply, texts) : []), [reply, texts]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = filtersProblem(draft);
    setProblem(found);
    if (!found) setApplied(draft);
  };

  const pageTitle = title.data ? t('stats.pageTitle', { community: title.data.title }) : t('stats.title');
  const viewList = (views.data ?? []).slice(0, selectorCap);
  const authorList = (authors.data ?? []).slice(0, selectorCap);
  const status = stats.isError ? 'error' : stats.isFetching ? 'loading' : reply ? 'ready' : 'loading';

  return (
    <Page title={pageTitle}>
      <p>
        <Link to={`/communitytop/${communityId}`} className={styles.back}>
          {t('stats.back')}
        </Link>
      </p>
      <AnalyticsMenu communityId={communityId} current="stats" />
      <form className={styles.filters} onSubmit={submit} aria-label={t('stats.filters')} noValidate data-testid="stats-filters">
        <DateAndWordFields
          name="stats"
          required
          draft={draft}
          setDraft={setDraft}
          errors={{
            from: problem === 'from' ? t('stats.dateRequired') : undefined,
            to: problem === 'to' ? (draft.to ? t('stats.dateOrder') : t('stats.dateRequired')) : undefined,
          }}
        />
        <ViewAndAuthorChoices
          draft={draft}
          setDraft={setDraft}
          views={viewList}
          authors={authorList}
          authorLabel={(author) => names.choice(author)}
          seesNames={seesNames}
          authorsTestId="stats-authors"
        />
        <div>
          <Button type="submit" data-testid="stats-apply">
            <BarChart3 size={16} aria-hidden="true" /> {t('stats.apply')}
          </Button>
        </div>
      </form>

      <div aria-live="polite" className={styles.status}>
        {stats.isError ? (
          <Alert tone="error" testId="stats-error">
            {serverMessage(stats.error) ?? t('common.genericError')}
          </Alert>
        ) : reply ? (
          <p data-testid="stats-summary">
            {t('stats.summary', {
              from: texts.formatDay(reply.range.from),
              to: texts.formatDay(reply.range.to),
              community: reply.total.community,
              me: reply.total.me,
            })}
            {reply.defaultRange ? ` ${t('stats.schoolYear')}` : ''}
          </p>
        ) : (
          <p>{t('stats.loading')}</p>
        )}
      </div>
      {reply && <FreshnessStamp communityId={communityId} asOf={reply.asOf} stale={reply.stale} canRefresh={reply.seesNames} />}

      <div className={styles.charts} data-testid="stats" data-status={status}>
        {charts.map((chart) => (
          <ChartCard key={chart.id} chart={chart} languageTag={tag} />
        ))}
      </div>
    </Page>
  );
};
