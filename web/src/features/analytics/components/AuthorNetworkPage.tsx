import { RotateCcw } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/Button.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { useCommunityGroups } from '../../../lib/community.ts';
import { useAuthorNetwork } from '../api/pages.ts';
import { authorGraph, emptyRange, graphTable, networkQueryOf, rangeProblem, type RangeFilters } from '../pagesModel.ts';
import { ForceGraph, type Forces } from './ForceGraph.tsx';
import graphs from './Graphs.module.css';
import { AnalyticsFrame, DataTable, RangeFields, TableToggle, ViewSelect } from './shell.tsx';
import styles from './Stats.module.css';
import { FreshnessStamp } from './FreshnessStamp.tsx';

/** The original's d3 forces (fact sheet §7): link distance 260, charge −300, height 600. */
const forces: Forces = { distance: 260, charge: -300 };

type Filters = RangeFilters & { group: string; view: string };

/**
 * `/authornetwork/{communityId}?view=` (the API is per community with a view
 * filter; the original's `/authornetwork/{viewId}` comes here through
 * AuthorNetworkRoute): authors sized by contributions, build-on edges weighted by
 * author pairs, self-loops kept (issue 12 §4, fact sheet §7).
 */
export const AuthorNetworkPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const [search] = useSearchParams();
  const initial: Filters = {
    ...emptyRange,
    group: '',
    view: /^[0-9a-f]{24}$/.test(search.get('view') ?? '') ? (search.get('view') ?? '') : '',
  };
  const [draft, setDraft] = useState<Filters>(initial);
  const [applied, setApplied] = useState<Filters>(initial);
  const [problem, setProblem] = useState<'from' | 'to' | null>(null);
  const [version, setVersion] = useState(0);
  const query = useMemo(() => networkQueryOf(applied), [applied]);
  const network = useAuthorNetwork(communityId, query);
  const groups = useCommunityGroups(communityId);
  const reply = network.data;
  const headingId = useId();
  const pseudonym = (letter: string) => t('stats.pseudonym', { letter });
  const graph = useMemo(() => (reply ? authorGraph(reply, (letter) => t('stats.pseudonym', { letter })) : null), [reply, t]);
  const status = network.isFetching ? 'loading' : reply ? 'ready' : 'loading';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft);
    setProblem(found);
    if (!found) setApplied(draft);
  };

  return (
    <AnalyticsFrame communityId={communityId} page="authornetwork" error={network.error}>
      <form className={styles.filters} onSubmit={submit} aria-label={t('stats.filters')} noValidate>
        <div className={styles.row}>
          <RangeFields value={draft} onChange={(range) => setDraft((d) => ({ ...d, ...range }))} problem={problem} prefix="network" />
          <SelectField
            name="network-group"
            label={t('stats.network.group')}
            value={draft.group}
            onChange={(e) => setDraft((d) => ({ ...d, group: e.target.value }))}
            data-testid="network-group"
          >
            <option value="">{t('stats.network.allGroups')}</option>
            {(groups.data ?? []).map((group) => (
              <option key={group._id} value={group._id}>
                {group.title || t('stats.untitled')}
              </option>
            ))}
          </SelectField>
          <ViewSelect
            communityId={communityId}
            name="network-view"
            emptyLabel={t('stats.network.allViews')}
            value={draft.view}
            onChange={(view) => setDraft((d) => ({ ...d, view }))}
          />
        </div>
        <div className={graphs.actions}>
          <Button type="submit" data-testid="network-apply">
            {t('stats.apply')}
          </Button>
          <Button variant="secondary" onClick={() => setVersion((v) => v + 1)} data-testid="network-initialise">
            <RotateCcw size={16} aria-hidden="true" /> {t('stats.s2viz.initialise')}
          </Button>
        </div>
      </form>
      <div aria-live="polite" className={styles.status}>
        {reply && graph ? (
          <p data-testid="network-summary">{t('stats.network.summary', { authors: graph.nodes.length, links: graph.links.length })}</p>
        ) : (
          <p>{t('stats.loading')}</p>
        )}
      </div>
      {reply && <FreshnessStamp communityId={communityId} asOf={reply.asOf} stale={reply.stale} canRefresh={reply.seesNames} />}
      {reply && graph && (
        <div className={styles.charts} data-testid="analytics" data-status={status}>
          <section className={`${styles.card} ${graphs.wide}`} aria-labelledby={`${headingId}-graph`} data-testid="network-card">
            <h2 id={`${headingId}-graph`} className={styles.cardTitle}>
              {t('stats.network.graph')}
            </h2>
            <p className={styles.muted}>{t('stats.network.hint')}</p>
            {graph.nodes.length === 0 ? (
              <p className={styles.muted}>{t('stats.noData')}</p>
            ) : (
              <ForceGraph
                graph={graph}
                forces={forces}
                height={600}
                version={version}
                label={t('stats.chartLabel', { chart: t('stats.network.graph') })}
                testId="network-svg"
                linkTitle={(a, b, count) => t('stats.network.link', { a, b, count })}
                nodeTitle={(node) => t('stats.network.node', { author: node.label, count: graph.sizes.get(node.id) ?? 0 })}
              />
            )}
            <h3 className={styles.cardTitle}>{t('stats.network.authors')}</h3>
            <DataTable
              table={{
                columns: [t('stats.columns.author'), t('stats.pages.count')],
                rows: reply.nodes.map((node) => [
                  node.author.me || reply.seesNames ? node.author.label : pseudonym(node.author.label),
                  node.size,
                ]),
              }}
              caption={t('stats.network.authors')}
              testId="network-authors-table"
            />
            <TableToggle
              table={graphTable(graph, [t('stats.network.builder'), t('stats.network.builtOn'), t('stats.network.buildOns')])}
              caption={t('stats.network.graph')}
              testId="network-links-table"
            />
          </section>
        </div>
      )}
    </AnalyticsFrame>
  );
};
