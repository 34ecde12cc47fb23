import { Download, Layers, Plus, Search } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TrackerQuery } from '../../../../../contracts/api/scaffolds.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Page } from '../../../components/Page.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { downloadText } from '../../../lib/download.ts';
import { useCommunityAuthors, useCommunityScaffolds, useCommunityViews } from '../../../lib/community.ts';
import { usePersonNames } from '../../../lib/personNames.ts';
import { placeNotes, refsOfView, riseAbove, useTracker } from '../api/tracker.ts';
import { detailCsv, detailRows, trackerQueryOf, usageChart, type TrackerFilters, type TrackerTexts } from '../trackerModel.ts';
import { AnalyticsMenu } from './AnalyticsMenu.tsx';
import { ChartCard } from './ChartCard.tsx';
import { RadarChart } from './RadarChart.tsx';
import { DataTable, useCommunityTitle, useLanguageTag } from './shell.tsx';
import styles from './Stats.module.css';
import { DateAndWordFields } from './DateAndWordFields.tsx';
import { ViewAndAuthorChoices } from './ViewAndAuthorChoices.tsx';

const selectorCap = 80;
/** Text columns read from the start (the shared table style aligns figures to the end). */
const left = { textAlign: 'start' } as const;
const toggle = (list: string[], id: string, on: boolean) => (on ? [...new Set([...list, id])] : list.filter((x) => x !== id));

/**
 * `/scaffoldsupporttracker/{communityId}` (issue 13 §6, spec part 2 §2): choose
 * scaffolds and supports (all pre-selected), filter, search, then the usage
 * table, bar and radar charts, the detail table with its CSV, and the chosen
 * notes added to a view or wrapped in a rise-above there.
 */
export const ScaffoldTrackerPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const tag = useLanguageTag();
  const title = useCommunityTitle(communityId);
  const scaffolds = useCommunityScaffolds(communityId);
  const views = useCommunityViews(communityId);
  const [seesNames, setSeesNames] = useState(false);
  const authors = useCommunityAuthors(communityId, seesNames);
  const names = usePersonNames(communityId);
  const [draft, setDraft] = useState<TrackerFilters>({ supportIds: [], from: '', to: '', viewIds: [], authorIds: [], words: '' });
  const [picked, setPicked] = useState(false);
  const [query, setQuery] = useState<TrackerQuery | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const tracker = useTracker(communityId, query);
  const reply = tracker.data;
  const [selected, setSelected] = useState<string[]>([]);
  const [targetView, setTargetView] = useState('');
  const [riseTitle, setRiseTitle] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string; viewId?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  // Every support pre-selected, once the scaffolds are known.
  useEffect(() => {
    if (picked || !scaffolds.data) return;
    setPicked(true);
    setDraft((d) => ({ ...d, supportIds: scaffolds.data.flatMap((s) => s.supports.map((support) => support._id)) }));
  }, [scaffolds.data, picked]);
  useEffect(() => {
    if (reply) setSeesNames(reply.seesNames);
  }, [reply]);
  useEffect(() => setSelected([]), [reply]);

  const texts: TrackerTexts = useMemo(() => {
    const dateFormat = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    return {
      bar: t('scaffolds.tracker.bar'),
      support: t('scaffolds.tracker.support'),
      scaffold: t('scaffolds.tracker.scaffold'),
      uses: t('scaffolds.tracker.uses'),
      inNotes: t('scaffolds.tracker.inNotes'),
      note: t('scaffolds.tracker.note'),
      author: t('scaffolds.tracker.author'),
      created: t('scaffolds.tracker.created'),
      count: t('scaffolds.tracker.count'),
      pseudonym: (letter) => t('stats.pseudonym', { letter }),
      formatDate: (iso) => dateFormat.format(new Date(iso)),
    };
  }, [t, tag]);
  const chart = useMemo(() => (reply ? usageChart(reply, texts) : null), [reply, texts]);
  const rows = useMemo(() => (reply ? detailRows(reply, reply.seesNames, texts) : []), [reply, texts]);
  const noteIds = useMemo(() => [...new Set(rows.map((r) => r.noteId))], [rows]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.supportIds.length === 0) {
      setProblem(t('server.community.selectSupports'));
      return;
    }
    setProblem(null);
    setOutcome(null);
    setQuery(trackerQueryOf(draft, seesNames));
  };

  const viewTitle = (id: string) => views.data?.find((v) => v._id === id)?.title || t('scaffolds.tracker.untitled');

  const act = async (kind: 'add' | 'rise') => {
    if (kind === 'rise' && selected.length === 0) return setOutcome({ tone: 'error', text: t('scaffolds.tracker.selectNotes') });
    if (!targetView) return setOutcome({ tone: 'error', text: t('scaffolds.tracker.viewRequired') });
    const name = riseTitle.trim();
    if (kind === 'rise' && !name) return setOutcome({ tone: 'error', text: t('scaffolds.tracker.enterName') });
    if (selected.length === 0) return setOutcome({ tone: 'error', text: t('scaffolds.tracker.selectNotes') });
    setBusy(true);
    try {
      const refs = await placeNotes(targetView, selected, await refsOfView(targetView));
      if (kind === 'add') {
        setOutcome({
          tone: 'success',
          text: t('scaffolds.tracker.added', { count: selected.length, view: viewTitle(targetView) }),
          viewId: targetView,
        });
      } else {
        await riseAbove(targetView, name, refs);
        setOutcome({
          tone: 'success',
          text: t('scaffolds.tracker.riseAboveDone', { title: name, view: viewTitle(targetView) }),
          viewId: targetView,
        });
      }
    } catch (error) {
      setOutcome({ tone: 'error', text: serverMessage(error) ?? t('common.genericError') });
    } finally {
      setBusy(false);
    }
  };

  const pageName = t('scaffolds.tracker.title');
  const viewList = (views.data ?? []).slice(0, selectorCap);
  const authorList = (authors.data ?? []).slice(0, selectorCap);
  const status = tracker.isError ? 'error' : tracker.isFetching ? 'loading' : reply ? 'ready' : 'idle';

  return (
    <Page title={title.data ? t('scaffolds.tracker.pageTitle', { community: title.data.title }) : pageName}>
      <p>
        <Link to={`/communitytop/${communityId}`} className={styles.back}>
          {t('stats.back')}
        </Link>
        {' · '}
        <Link to={`/scaffoldmanager/${communityId}`} className={styles.back} data-testid="open-scaffold-manager">
          {t('scaffolds.tracker.manager')}
        </Link>
      </p>
      <AnalyticsMenu communityId={communityId} current="scaffoldsupporttracker" />
      <form
        className={styles.filters}
        onSubmit={submit}
        aria-label={t('scaffolds.tracker.filters')}
        noValidate
        data-testid="tracker-filters"
      >
        <fieldset className={styles.choices} data-testid="tracker-supports">
          <legend>{t('scaffolds.tracker.choose')}</legend>
          {scaffolds.data?.length === 0 && <p className={styles.muted}>{t('scaffolds.tracker.noScaffolds')}</p>}
          <div className={styles.choiceGrid}>
            {(scaffolds.data ?? []).map((scaffold) => {
              const ids = scaffold.supports.map((s) => s._id);
              const all = ids.length > 0 && ids.every((id) => draft.supportIds.includes(id));
              return (
                <div key={scaffold._id}>
                  <Checkbox
                    label={t('scaffolds.tracker.allOfScaffold', { title: scaffold.title })}
                    checked={all}
                    onChange={(e) =>
                      setDraft((d) => ({
                        ...d,
                        supportIds: e.target.checked
                          ? [...new Set([...d.supportIds, ...ids])]
                          : d.supportIds.filter((id) => !ids.includes(id)),
                      }))
                    }
                    data-testid="tracker-scaffold"
                  />
                  <div style={{ paddingInlineStart: '1.5rem' }}>
                    {scaffold.supports.map((support) => (
                      <Checkbox
                        key={support._id}
                        label={support.title}
                        checked={draft.supportIds.includes(support._id)}
                        onChange={(e) => setDraft((d) => ({ ...d, supportIds: toggle(d.supportIds, support._id, e.target.checked) }))}
                        data-testid="tracker-support"
                      />
                    ))}
                  </div>
                </div>
              );
            })}
          </div>
        </fieldset>
        <DateAndWordFields name="tracker" draft={draft} setDraft={setDraft} />
        <ViewAndAuthorChoices
          draft={draft}
          setDraft={setDraft}
          views={viewList}
          authors={authorList}
          authorLabel={(author) => names.choice(author)}
          seesNames={seesNames}
        />
        {problem && (
          <Alert tone="error" testId="tracker-problem">
            {problem}
          </Alert>
        )}
        <div>
          <Button type="submit" data-testid="tracker-search">
            <Search size={16} aria-hidden="true" /> {t('scaffolds.tracker.search')}
          </Button>
        </div>
      </form>

      <div aria-live="polite" className={styles.status}>
        {tracker.isError ? (
          <Alert tone="error" testId="tracker-error">
            {serverMessage(tracker.error) ?? t('common.genericError')}
          </Alert>
        ) : reply ? (
          <p data-testid="tracker-summary">{t('scaffolds.tracker.summary', { count: reply.notes.length, searched: reply.searched })}</p>
        ) : tracker.isFetching ? (
          <p>{t('scaffolds.tracker.loading')}</p>
        ) : null}
      </div>

      {reply && chart && (
        <div data-testid="tracker" data-status={status}>
          <section className={styles.card} aria-labelledby="tracker-usage">
            <h2 id="tracker-usage" className={styles.cardTitle}>
              {t('scaffolds.tracker.usageTable')}
            </h2>
            <DataTable table={chart.table} caption={t('scaffolds.tracker.usageTable')} testId="tracker-usage-table" />
          </section>
          <div className={styles.charts} style={{ marginTop: 'var(--space-4)' }}>
            <ChartCard chart={chart} languageTag={tag} />
            <section className={styles.card} aria-labelledby="tracker-radar" data-testid="chart-radar">
              <h2 id="tracker-radar" className={styles.cardTitle}>
                {t('scaffolds.tracker.radar')}
              </h2>
              <RadarChart
                labels={reply.supports.map((s) => s.title)}
                values={reply.supports.map((s) => s.total)}
                label={t('scaffolds.tracker.radarLabel')}
              />
            </section>
          </div>

          <section className={styles.card} aria-labelledby="tracker-details" style={{ marginTop: 'var(--space-4)' }}>
            <h2 id="tracker-details" className={styles.cardTitle}>
              {t('scaffolds.tracker.details')}
            </h2>
            <div className={styles.row} style={{ alignItems: 'flex-end' }}>
              <Checkbox
                label={t('scaffolds.tracker.selectAll')}
                checked={noteIds.length > 0 && selected.length === noteIds.length}
                onChange={(e) => setSelected(e.target.checked ? noteIds : [])}
                data-testid="tracker-select-all"
              />
              <Button
                variant="secondary"
                disabled={rows.length === 0}
                onClick={() => downloadText(`${t('scaffolds.tracker.csvName')}.csv`, detailCsv(rows, texts, window.location.origin))}
                data-testid="tracker-csv"
              >
                <Download size={16} aria-hidden="true" /> {t('scaffolds.tracker.csv')}
              </Button>
            </div>
            <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('scaffolds.tracker.details')}>
              <table className={styles.table} data-testid="tracker-details">
                <thead>
                  <tr>
                    <th scope="col">
                      <span className={styles.srOnly}>{t('scaffolds.tracker.selectAll')}</span>
                    </th>
                    <th scope="col" style={left}>
                      {texts.note}
                    </th>
                    <th scope="col" style={left}>
                      {texts.author}
                    </th>
                    <th scope="col">{texts.created}</th>
                    <th scope="col" style={left}>
                      {texts.support}
                    </th>
                    <th scope="col">{texts.count}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => (
                    <tr key={`${row.noteId}-${i}`}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={t('scaffolds.tracker.select', { title: row.title || t('scaffolds.tracker.untitled') })}
                          checked={selected.includes(row.noteId)}
                          onChange={(e) => setSelected((list) => toggle(list, row.noteId, e.target.checked))}
                          data-testid="tracker-select"
                        />
                      </td>
                      <th scope="row" style={left}>
                        <Link to={row.href} target="_blank" rel="noopener" data-testid="tracker-note-link">
                          {row.title || t('scaffolds.tracker.untitled')}
                        </Link>
                      </th>
                      <td style={left}>{row.author}</td>
                      <td>{texts.formatDate(row.created)}</td>
                      <td style={left}>{row.support}</td>
                      <td>{row.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className={styles.muted} data-testid="tracker-selected">
              {t('scaffolds.tracker.selected', { count: selected.length })}
            </p>
            <div className={styles.row} style={{ alignItems: 'flex-end' }}>
              <SelectField
                name="tracker-target"
                label={t('scaffolds.tracker.targetView')}
                value={targetView}
                onChange={(e) => setTargetView(e.target.value)}
                data-testid="tracker-target"
              >
                <option value="">{t('scaffolds.tracker.chooseView')}</option>
                {viewList.map((view) => (
                  <option key={view._id} value={view._id}>
                    {view.title || t('stats.untitled')}
                  </option>
                ))}
              </SelectField>
              <Button variant="secondary" disabled={busy} onClick={() => void act('add')} data-testid="tracker-add">
                <Plus size={16} aria-hidden="true" /> {t('scaffolds.tracker.addToView')}
              </Button>
              <TextField
                name="tracker-rise-title"
                label={t('scaffolds.tracker.riseAboveName')}
                value={riseTitle}
                placeholder={t('scaffolds.tracker.riseAboveDefault')}
                onChange={(e) => setRiseTitle(e.target.value)}
                data-testid="tracker-rise-title"
              />
              <Button variant="secondary" disabled={busy} onClick={() => void act('rise')} data-testid="tracker-rise">
                <Layers size={16} aria-hidden="true" /> {t('scaffolds.tracker.riseAbove')}
              </Button>
            </div>
            {outcome && (
              <Alert tone={outcome.tone} testId="tracker-outcome">
                {outcome.text}{' '}
                {outcome.viewId && (
                  <Link to={`/view/${outcome.viewId}`}>{t('scaffolds.tracker.open', { view: viewTitle(outcome.viewId) })}</Link>
                )}
              </Alert>
            )}
          </section>
        </div>
      )}
    </Page>
  );
};
