import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { PromisingIdea, PromisingIdeasQuery } from '../../../../contracts/api/promisingIdeas.ts';
import { promisingIdeaColours, splitPromisingIdeasIds, type PromisingIdeaColour } from '../../../../contracts/promisingIdeas.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { TextField } from '../../components/Field.tsx';
import { Page } from '../../components/Page.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { serverMessage } from '../../components/serverMessage.ts';
import { useCommunityViews } from '../../lib/community.ts';
import { downloadText } from '../../lib/download.ts';
import { useCommunityTitle, useDeleteIdea, usePromisingIdeas } from './api.ts';
import { IdeasTable } from './IdeasTable.tsx';
import { ideasCsv, type IdeaTexts } from './model.ts';
import { PoolForm } from './PoolForm.tsx';
import styles from './PromisingIdeas.module.css';

/** `{communityId}§§§{viewId}` as the router gives it (decoded once more if the browser kept it encoded). */
const idsOf = (raw: string | undefined): { communityId: string; viewId: string } => {
  let value = raw ?? '';
  if (/%C2%A7/i.test(value)) {
    try {
      value = decodeURIComponent(value);
    } catch {
      // kept as it is
    }
  }
  return splitPromisingIdeasIds(value);
};

type Filters = { colour: PromisingIdeaColour | ''; minHits: string; reason: string; user: string; keyword: string };
const noFilters: Filters = { colour: '', minHits: '', reason: '', user: '', keyword: '' };

/**
 * /promisingideas/{communityId}§§§{viewId} (issue 14 §3, spec part 2 §2): the
 * promising ideas of the chosen views' notes, newest first, filtered on the
 * server (colour, hit count with the overlap rule, reason, user, keyword);
 * choose ideas for a PI Pool note or the CSV, show overlap, drag a row onto a
 * view. The server refuses it while the community's plugin is off.
 */
export const PromisingIdeasPage = () => {
  const { t, i18n } = useTranslation();
  const { communityAndView } = useParams();
  const { communityId, viewId } = idsOf(communityAndView);
  const title = useCommunityTitle(communityId);
  const views = useCommunityViews(communityId);
  const [viewIds, setViewIds] = useState<string[]>(viewId ? [viewId] : []);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [showOverlap, setShowOverlap] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const query: PromisingIdeasQuery = useMemo(() => {
    const minHits = Number.parseInt(filters.minHits, 10);
    return {
      ...(viewIds.length > 0 ? { views: [...viewIds].sort().join(',') } : {}),
      ...(filters.colour ? { colour: filters.colour } : {}),
      ...(Number.isInteger(minHits) && minHits >= 1 ? { minHits } : {}),
      ...(filters.reason.trim() ? { reason: filters.reason.trim() } : {}),
      ...(filters.user ? { user: filters.user } : {}),
      ...(filters.keyword.trim() ? { keyword: filters.keyword.trim() } : {}),
    };
  }, [viewIds, filters]);
  const list = usePromisingIdeas(communityId, query);
  const remove = useDeleteIdea(communityId);
  const [edited, setEdited] = useState(false);
  const locale = i18n.language.replace('_', '-');

  const texts: IdeaTexts = useMemo(
    () => ({
      columns: {
        note: t('promisingIdeas.columns.note'),
        idea: t('promisingIdeas.columns.idea'),
        reason: t('promisingIdeas.columns.reason'),
        colour: t('promisingIdeas.columns.colour'),
        author: t('promisingIdeas.columns.author'),
        date: t('promisingIdeas.columns.date'),
        hits: t('promisingIdeas.columns.hits'),
      },
      none: t('promisingIdeas.none'),
      unassigned: t('promisingIdeas.unassigned'),
      colourName: (colour) => t(`promisingIdeas.colours.${colour as PromisingIdeaColour}`),
      formatDate: (iso) => new Date(iso).toLocaleString(locale),
    }),
    [t, locale],
  );

  const ideas = list.data?.ideas ?? [];
  const chosen = ideas.filter((idea) => selected.has(idea._id));
  const labelOf = (colour: PromisingIdeaColour) => list.data?.colours.find((c) => c.color === colour)?.label ?? '';
  const allViews = views.data ?? [];
  const heading = title.data ? t('promisingIdeas.pageTitle', { community: title.data.title }) : t('promisingIdeas.title');

  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const onDelete = (idea: PromisingIdea) => {
    if (!window.confirm(t('promisingIdeas.deleteConfirm'))) return;
    remove.mutate(idea._id, { onSuccess: () => select([idea._id], false) });
  };
  const exportCsv = () =>
    downloadText(t('promisingIdeas.csvFile'), ideasCsv(chosen.length > 0 ? chosen : ideas, texts, window.location.origin));
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setFilters((f) => ({ ...f, [key]: value }));

  return (
    <Page title={heading}>
      <p>
        {viewId ? (
          <Link to={`/view/${encodeURIComponent(viewId)}`} className={styles.back}>
            {t('promisingIdeas.backToView')}
          </Link>
        ) : (
          <Link to={`/communitytop/${encodeURIComponent(communityId)}`} className={styles.back}>
            {t('promisingIdeas.back')}
          </Link>
        )}
      </p>
      {list.isError ? (
        <Alert tone="error" testId="pi-error">
          {serverMessage(list.error) ?? t('promisingIdeas.loadFailed')}
        </Alert>
      ) : (
        <div className={styles.layout}>
          <form className={styles.panel} aria-label={t('promisingIdeas.filters')} onSubmit={(event) => event.preventDefault()} noValidate>
            <fieldset className={styles.viewList} data-testid="pi-views">
              <legend>{t('promisingIdeas.views')}</legend>
              {allViews.map((view) => (
                <Checkbox
                  key={view._id}
                  label={view.title}
                  checked={viewIds.includes(view._id)}
                  onChange={(event) =>
                    setViewIds((ids) => (event.target.checked ? [...ids, view._id] : ids.filter((id) => id !== view._id)))
                  }
                  data-view-id={view._id}
                />
              ))}
            </fieldset>
            <p className={styles.muted}>{t('promisingIdeas.viewsHint')}</p>
            <div className={styles.row}>
              <SelectField
                name="pi-colour"
                label={t('promisingIdeas.colour')}
                value={filters.colour}
                onChange={(event) => set('colour', event.target.value as Filters['colour'])}
                data-testid="pi-filter-colour"
              >
                <option value="">{t('promisingIdeas.anyColour')}</option>
                {promisingIdeaColours.map((colour) => (
                  <option key={colour} value={colour}>
                    {t(`promisingIdeas.colours.${colour}`)}
                    {labelOf(colour) ? ` (${labelOf(colour)})` : ''}
                  </option>
                ))}
              </SelectField>
              <TextField
                name="pi-min-hits"
                type="number"
                min={1}
                max={1000}
                label={t('promisingIdeas.minHits')}
                hint={t('promisingIdeas.minHitsHint')}
                value={filters.minHits}
                onChange={(event) => set('minHits', event.target.value)}
                data-testid="pi-filter-hits"
              />
              <TextField
                name="pi-reason"
                label={t('promisingIdeas.reason')}
                value={filters.reason}
                maxLength={200}
                onChange={(event) => set('reason', event.target.value)}
                data-testid="pi-filter-reason"
              />
              <SelectField
                name="pi-user"
                label={t('promisingIdeas.user')}
                value={filters.user}
                onChange={(event) => set('user', event.target.value)}
                data-testid="pi-filter-user"
              >
                <option value="">{t('promisingIdeas.anyUser')}</option>
                {(list.data?.authors ?? []).map((author) => (
                  <option key={author._id} value={author._id}>
                    {author.name}
                  </option>
                ))}
              </SelectField>
              <TextField
                name="pi-keyword"
                type="search"
                label={t('promisingIdeas.keyword')}
                hint={t('promisingIdeas.keywordHint')}
                value={filters.keyword}
                maxLength={200}
                onChange={(event) => set('keyword', event.target.value)}
                data-testid="pi-filter-keyword"
              />
            </div>
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => setFilters(noFilters)} data-testid="pi-clear">
                {t('promisingIdeas.clear')}
              </Button>
              <Checkbox
                label={t('promisingIdeas.showOverlap')}
                checked={showOverlap}
                onChange={(event) => setShowOverlap(event.target.checked)}
                data-testid="pi-show-overlap"
              />
            </div>
          </form>

          <div className={styles.actions}>
            <p role="status" data-testid="pi-count">
              {t('promisingIdeas.count', { shown: ideas.length, total: list.data?.total ?? 0 })}
            </p>
            <Button variant="secondary" onClick={exportCsv} disabled={ideas.length === 0} data-testid="pi-csv">
              {t('promisingIdeas.csv')}
            </Button>
            <span className={styles.muted}>{t('promisingIdeas.dragHint')}</span>
          </div>
          {edited && (
            <p role="status" className={styles.muted} data-testid="pi-edit-saved">
              {t('promisingIdeas.edit.saved')}
            </p>
          )}
          {remove.isError && (
            <Alert tone="error" testId="pi-delete-error">
              {serverMessage(remove.error) ?? t('common.genericError')}
            </Alert>
          )}
          {list.data && ideas.length === 0 ? (
            <p className={styles.muted} data-testid="pi-empty">
              {t('promisingIdeas.empty')}
            </p>
          ) : (
            <IdeasTable
              ideas={ideas}
              texts={texts}
              selected={selected}
              onSelect={select}
              showOverlap={showOverlap}
              onDelete={onDelete}
              deleting={remove.isPending}
              labelOf={labelOf}
              onEdited={() => setEdited(true)}
            />
          )}
          <PoolForm communityId={communityId} ideaIds={chosen.map((idea) => idea._id)} views={allViews} defaultViewId={viewId} />
        </div>
      )}
    </Page>
  );
};
