import { Download, Search } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { LexicalAnalysisQuery } from '../../../../contracts/api/lexicalAnalysis.ts';
import { lexiconTermsOf, maxLexiconLength } from '../../../../contracts/lexicon.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { Page } from '../../components/Page.tsx';
import { TextArea } from '../../components/TextArea.tsx';
import { serverMessage } from '../../components/serverMessage.ts';
import { downloadText } from '../../lib/download.ts';
import { useCommunityViews } from '../../lib/community.ts';
import { AnalyticsMenu } from '../analytics/components/AnalyticsMenu.tsx';
import { ChartCard } from '../analytics/components/ChartCard.tsx';
import { FreshnessStamp } from '../analytics/components/FreshnessStamp.tsx';
import { RadarChart } from '../analytics/components/RadarChart.tsx';
import { useCommunityTitle, useLanguageTag } from '../analytics/components/shell.tsx';
import stats from '../analytics/components/Stats.module.css';
import { ViewAndAuthorChoices } from '../analytics/components/ViewAndAuthorChoices.tsx';
import { useDictionary, useLexicalAnalysis } from './api.ts';
import styles from './Lexical.module.css';
import {
  authorLabel,
  emptyLexicalFilters,
  frequencyChart,
  lexicalCsv,
  lexicalQueryOf,
  rangeProblemOf,
  type LexicalAnalysisFilters,
  type LexicalTexts,
} from './lexicalAnalysisModel.ts';

const selectorCap = 80;

/**
 * `/lexicalanalysis/{communityId}` (issue 13 §4, fact sheet §7): a lexicon
 * (terms separated by ';', shown as they will be counted), the note filters
 * (dates, search words and tokens, views, authors), then the frequency of each
 * term as a table, bar and radar charts, the details per note and the CSV
 * (Lexicon, Frequency, In Contribution). The server counts whole words and
 * phrases in the notes the caller may read; a writer sees letters for
 * classmates.
 */
export const LexicalAnalysisPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const tag = useLanguageTag();
  const title = useCommunityTitle(communityId);
  const views = useCommunityViews(communityId);
  // The author selector of the student dictionary: ≤ 80 active authors, as this caller may see them.
  const choices = useDictionary(communityId, null);
  const [draft, setDraft] = useState<LexicalAnalysisFilters>(emptyLexicalFilters);
  const [query, setQuery] = useState<LexicalAnalysisQuery | null>(null);
  const [problem, setProblem] = useState<'lexicon' | 'to' | null>(null);
  const analysis = useLexicalAnalysis(communityId, query);
  const reply = analysis.data;
  const ids = { frequency: useId(), radar: useId(), details: useId() };
  const number = useMemo(() => new Intl.NumberFormat(tag), [tag]);
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
    [tag],
  );

  const terms = useMemo(() => lexiconTermsOf(draft.lexicon), [draft.lexicon]);
  const emptyShown = problem === 'lexicon' && terms.length === 0;
  const texts: LexicalTexts = useMemo(
    () => ({
      chart: t('lexicalAnalysis.chart'),
      term: t('lexicalAnalysis.term'),
      frequency: t('lexicalAnalysis.frequency'),
      inNotes: t('lexicalAnalysis.inNotes'),
      pseudonym: (letter) => t('lexicalAnalysis.pseudonym', { letter }),
      me: (name) => t('lexicalAnalysis.me', { name }),
    }),
    [t],
  );
  const chart = useMemo(() => (reply ? frequencyChart(reply, texts) : null), [reply, texts]);
  const authors = useMemo(
    () =>
      (choices.data?.authors ?? []).slice(0, selectorCap).map((author) => ({
        _id: author.key,
        text: authorLabel(author, choices.data?.seesNames ?? false, texts),
      })),
    [choices.data, texts],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (terms.length === 0) return setProblem('lexicon');
    if (rangeProblemOf(draft)) return setProblem('to');
    setProblem(null);
    setQuery(lexicalQueryOf(draft));
  };

  const pageName = t('lexicalAnalysis.title');
  const untitled = t('lexicalAnalysis.untitled');
  const found = reply?.notes.length ?? 0;

  return (
    <Page title={title.data ? t('lexicalAnalysis.pageTitle', { page: pageName, community: title.data.title }) : pageName}>
      <p>
        <Link to={`/communitytop/${communityId}`} className={styles.back}>
          {t('lexicalAnalysis.back')}
        </Link>
      </p>
      <AnalyticsMenu communityId={communityId} current="lexicalanalysis" />
      <form className={stats.filters} onSubmit={submit} aria-label={pageName} noValidate data-testid="lexical-form">
        <TextArea
          name="lexicon"
          label={t('lexicalAnalysis.lexicon')}
          hint={t('lexicalAnalysis.lexiconHint')}
          value={draft.lexicon}
          maxLength={maxLexiconLength}
          rows={4}
          error={emptyShown ? t('lexicalAnalysis.empty') : undefined}
          onChange={(event) => setDraft((d) => ({ ...d, lexicon: event.target.value }))}
          data-testid="lexical-lexicon"
        />
        <p className={stats.muted} aria-live="polite" data-testid="lexical-terms">
          {/* Once the field itself says it is empty (after "Analyser"), this line does not say it twice. */}
          {terms.length > 0
            ? t('lexicalAnalysis.termsToCount', { count: terms.length, terms: terms.join(' ; ') })
            : emptyShown
              ? null
              : t('lexicalAnalysis.empty')}
        </p>
        <div className={stats.row}>
          <TextField
            name="lexical-from"
            type="date"
            label={t('lexicalAnalysis.from')}
            value={draft.from}
            onChange={(event) => setDraft((d) => ({ ...d, from: event.target.value }))}
          />
          <TextField
            name="lexical-to"
            type="date"
            label={t('lexicalAnalysis.to')}
            value={draft.to}
            error={problem === 'to' ? t('lexicalAnalysis.dateProblem') : undefined}
            onChange={(event) => setDraft((d) => ({ ...d, to: event.target.value }))}
          />
          <TextField
            name="lexical-query"
            type="search"
            label={t('lexicalAnalysis.query')}
            hint={t('lexicalAnalysis.queryHint')}
            value={draft.query}
            onChange={(event) => setDraft((d) => ({ ...d, query: event.target.value }))}
            className={stats.words}
            autoComplete="off"
            data-testid="lexical-query"
          />
        </div>
        <ViewAndAuthorChoices
          draft={{ viewIds: draft.viewIds, authorIds: draft.authorIds }}
          setDraft={(update) => setDraft((d) => ({ ...d, ...update({ viewIds: d.viewIds, authorIds: d.authorIds }) }))}
          views={(views.data ?? []).slice(0, selectorCap)}
          authors={authors}
          authorLabel={(author) => author.text}
          seesNames={authors.length > 0}
          authorsTestId="lexical-authors"
        />
        <div>
          <Button type="submit" data-testid="lexical-analyse">
            <Search size={16} aria-hidden="true" /> {t('lexicalAnalysis.analyse')}
          </Button>
        </div>
      </form>

      <div aria-live="polite" className={stats.status} data-testid="lexical-status">
        {analysis.isError ? (
          <Alert tone="error" testId="analytics-error">
            {serverMessage(analysis.error) ?? t('common.genericError')}
          </Alert>
        ) : reply ? (
          <p data-testid="lexical-summary">
            {found === 0
              ? t('lexicalAnalysis.noContributions')
              : t('lexicalAnalysis.summary', { found: number.format(found), searched: number.format(reply.searched) })}
          </p>
        ) : analysis.isFetching ? (
          <p>{t('lexicalAnalysis.loading')}</p>
        ) : null}
      </div>

      {reply && chart && !analysis.isError && (
        <div data-testid="lexical-results">
          <FreshnessStamp communityId={communityId} asOf={reply.asOf} stale={reply.stale} canRefresh={false} />
          <section className={stats.card} aria-labelledby={ids.frequency}>
            <h2 id={ids.frequency} className={stats.cardTitle}>
              {t('lexicalAnalysis.frequencyTable')}
            </h2>
            <div>
              <Button
                variant="secondary"
                onClick={() => downloadText(`${t('lexicalAnalysis.csvName')}.csv`, lexicalCsv(reply, untitled))}
                data-testid="lexical-csv"
              >
                <Download size={16} aria-hidden="true" /> {t('lexicalAnalysis.csv')}
              </Button>
            </div>
            <table className={styles.table} data-testid="lexical-frequency">
              <thead>
                <tr>
                  <th scope="col">{texts.term}</th>
                  <th scope="col" className={styles.number}>
                    {texts.frequency}
                  </th>
                  <th scope="col" className={styles.number}>
                    {texts.inNotes}
                  </th>
                </tr>
              </thead>
              <tbody>
                {reply.terms.map((term) => (
                  <tr key={term.term}>
                    <th scope="row">{term.term}</th>
                    <td className={styles.number}>{number.format(term.frequency)}</td>
                    <td className={styles.number}>{number.format(term.notes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <div className={stats.charts} style={{ marginTop: 'var(--space-4)' }}>
            <ChartCard chart={chart} languageTag={tag} />
            <section className={stats.card} aria-labelledby={ids.radar} data-testid="chart-radar">
              <h2 id={ids.radar} className={stats.cardTitle}>
                {t('lexicalAnalysis.radar')}
              </h2>
              <RadarChart
                labels={reply.terms.map((term) => term.term)}
                values={reply.terms.map((term) => term.frequency)}
                label={t('lexicalAnalysis.radarLabel')}
              />
            </section>
          </div>
          <section className={stats.card} aria-labelledby={ids.details} style={{ marginTop: 'var(--space-4)' }}>
            <h2 id={ids.details} className={stats.cardTitle}>
              {t('lexicalAnalysis.details')}
            </h2>
            {reply.notes.length === 0 ? (
              <p className={stats.muted}>{t('lexicalAnalysis.noContributions')}</p>
            ) : (
              <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={t('lexicalAnalysis.details')}>
                <table className={styles.table} data-testid="lexical-details">
                  <thead>
                    <tr>
                      <th scope="col">{t('lexicalAnalysis.note')}</th>
                      <th scope="col">{t('lexicalAnalysis.author')}</th>
                      <th scope="col">{t('lexicalAnalysis.created')}</th>
                      <th scope="col">{t('lexicalAnalysis.counts')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {reply.notes.map((note) => (
                      <tr key={note.id}>
                        <th scope="row">
                          <Link to={`/contribution/${note.id}`}>{note.title || untitled}</Link>
                        </th>
                        <td>{authorLabel(note.author, reply.seesNames, texts)}</td>
                        <td>{dateFormat.format(new Date(note.created))}</td>
                        <td>{note.counts.map((entry) => `${entry.term} (${number.format(entry.count)})`).join(', ')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>
      )}
    </Page>
  );
};
