import { RotateCcw } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/Button.tsx';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { TextField } from '../../../components/Field.tsx';
import { useS2viz } from '../api/pages.ts';
import {
  chordTable,
  defaultNetworkSettings,
  emptyRange,
  graphTable,
  readsChart,
  s2vizGraph,
  settingValue,
  authorText,
  type NetworkSettings,
} from '../pagesModel.ts';
import { ChartCard } from './ChartCard.tsx';
import { ChordDiagram } from './ChordDiagram.tsx';
import { ForceGraph, type Forces } from './ForceGraph.tsx';
import {
  AnalyticsFrame,
  RangeOnlyFilters,
  RangeSummary,
  TableToggle,
  useLanguageTag,
  usePageTexts,
  useDatesFromReply,
  useRangeFilters,
} from './shell.tsx';
import graphs from './Graphs.module.css';
import styles from './Stats.module.css';
import { FreshnessStamp } from './FreshnessStamp.tsx';

/** The reads network's forces (the original's vis.js barnesHut, gravity −3900, taken as d3's charge and distance). */
const forces: Forces = { distance: 140, charge: -390 };

/** `/s2viz/{communityId}`: the social-interaction page (issue 12 §2, spec part 2 §2, fact sheet §7). */
export const S2vizPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const tag = useLanguageTag();
  const texts = usePageTexts();
  const { draft, setDraft, applied, problem, submit } = useRangeFilters(emptyRange);
  const query = useMemo(() => ({ ...(applied.from ? { from: applied.from } : {}), ...(applied.to ? { to: applied.to } : {}) }), [applied]);
  const s2viz = useS2viz(communityId, query);
  const reply = s2viz.data;
  // The network's settings as typed, and the layout's version ("initialise" lays it out anew).
  const [settings, setSettings] = useState<NetworkSettings>(defaultNetworkSettings);
  const [sizeText, setSizeText] = useState(String(defaultNetworkSettings.nodeSize));
  const [widthText, setWidthText] = useState(String(defaultNetworkSettings.edgeWidth));
  const [version, setVersion] = useState(0);
  const headingId = useId();

  useDatesFromReply(setDraft, reply?.range);

  const initialise = () => {
    setSettings(defaultNetworkSettings);
    setSizeText(String(defaultNetworkSettings.nodeSize));
    setWidthText(String(defaultNetworkSettings.edgeWidth));
    setVersion((v) => v + 1);
  };

  const chart = useMemo(() => (reply ? readsChart(reply, texts) : null), [reply, texts]);
  const labels = useMemo(() => (reply ? reply.nodes.map((n) => authorText(n, reply.seesNames, texts.pseudonym)) : []), [reply, texts]);
  const graph = useMemo(() => (reply ? s2vizGraph(reply, settings, texts.pseudonym) : null), [reply, settings, texts]);
  const status = s2viz.isFetching ? 'loading' : reply ? 'ready' : 'loading';

  return (
    <AnalyticsFrame communityId={communityId} page="s2viz" error={s2viz.error}>
      <RangeOnlyFilters value={draft} onChange={setDraft} problem={problem} prefix="s2viz" onSubmit={submit} />
      <div aria-live="polite" className={styles.status}>
        {reply ? (
          <>
            <RangeSummary range={reply.range} defaultRange={reply.defaultRange} />
            <p className={styles.muted}>{t('stats.s2viz.allTime')}</p>
          </>
        ) : (
          <p>{t('stats.loading')}</p>
        )}
      </div>
      {reply && <FreshnessStamp communityId={communityId} asOf={reply.asOf} stale={reply.stale} canRefresh={reply.seesNames} />}
      {reply && chart && graph && (
        <div className={styles.charts} data-testid="analytics" data-status={status}>
          <div className={graphs.wide}>
            <ChartCard chart={chart} languageTag={tag} />
          </div>
          {(['reading', 'beingRead'] as const).map((kind) => {
            const title = t(`stats.s2viz.${kind}`);
            return (
              <section key={kind} className={styles.card} aria-labelledby={`${headingId}-${kind}`} data-testid={`chord-${kind}`}>
                <h2 id={`${headingId}-${kind}`} className={styles.cardTitle}>
                  {title}
                </h2>
                <p className={styles.muted}>{t(`stats.s2viz.${kind}Hint`)}</p>
                {reply.nodes.length === 0 ? (
                  <p className={styles.muted}>{t('stats.s2viz.noReads')}</p>
                ) : (
                  <ChordDiagram
                    matrix={reply.chords[kind]}
                    labels={labels}
                    label={t('stats.chartLabel', { chart: title })}
                    testId={`chord-svg-${kind}`}
                  />
                )}
                <TableToggle
                  table={chordTable(reply.chords[kind], labels, texts)}
                  caption={title}
                  testId={`chord-table-${kind}`}
                  note={t('stats.s2viz.flowNote')}
                />
              </section>
            );
          })}
          <section className={`${styles.card} ${graphs.wide}`} aria-labelledby={`${headingId}-network`} data-testid="s2viz-network">
            <h2 id={`${headingId}-network`} className={styles.cardTitle}>
              {t('stats.s2viz.network')}
            </h2>
            <div className={graphs.settings} role="group" aria-label={t('stats.s2viz.settings')}>
              <Checkbox
                label={t('stats.s2viz.directional')}
                checked={settings.directional}
                onChange={(e) => setSettings((s) => ({ ...s, directional: e.target.checked }))}
                data-testid="s2viz-directional"
              />
              <TextField
                name="s2viz-node-size"
                type="number"
                min={1}
                max={100}
                label={t('stats.s2viz.nodeSize')}
                value={sizeText}
                onChange={(e) => {
                  setSizeText(e.target.value);
                  setSettings((s) => ({ ...s, nodeSize: settingValue(e.target.value, s.nodeSize) }));
                }}
                data-testid="s2viz-node-size"
              />
              <TextField
                name="s2viz-edge-width"
                type="number"
                min={1}
                max={100}
                label={t('stats.s2viz.edgeWidth')}
                value={widthText}
                onChange={(e) => {
                  setWidthText(e.target.value);
                  setSettings((s) => ({ ...s, edgeWidth: settingValue(e.target.value, s.edgeWidth) }));
                }}
                data-testid="s2viz-edge-width"
              />
              <Button variant="secondary" onClick={initialise} data-testid="s2viz-initialise">
                <RotateCcw size={16} aria-hidden="true" /> {t('stats.s2viz.initialise')}
              </Button>
            </div>
            <p data-testid="s2viz-network-summary">
              {settings.directional
                ? t('stats.s2viz.directedCount', { count: reply.network.edges.length })
                : t('stats.s2viz.undirectedCount', { count: reply.network.undirectedCount })}
            </p>
            {graph.nodes.length === 0 ? (
              <p className={styles.muted}>{t('stats.s2viz.noReads')}</p>
            ) : (
              <ForceGraph
                graph={graph}
                forces={forces}
                height={480}
                version={version}
                label={t('stats.chartLabel', { chart: t('stats.s2viz.network') })}
                testId="s2viz-network-svg"
                linkTitle={(a, b, value, directed) =>
                  directed ? t('stats.s2viz.linkDirected', { a, b, count: value }) : t('stats.s2viz.linkUndirected', { a, b, count: value })
                }
              />
            )}
            <TableToggle
              table={graphTable(
                graph,
                settings.directional
                  ? [texts.reader, texts.author, texts.reads]
                  : [t('stats.s2viz.personA'), t('stats.s2viz.personB'), texts.reads],
              )}
              caption={t('stats.s2viz.network')}
              testId="s2viz-network-table"
            />
          </section>
        </div>
      )}
    </AnalyticsFrame>
  );
};
