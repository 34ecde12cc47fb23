import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/Checkbox.tsx';
import styles from './Stats.module.css';

/** The views and (for those who see names) the authors an analytics page is filtered by, folded under one summary. */
export type ChosenViewsAndAuthors = { viewIds: string[]; authorIds: string[] };

const toggle = (list: string[], id: string, on: boolean) => (on ? [...new Set([...list, id])] : list.filter((x) => x !== id));

export const ViewAndAuthorChoices = <D extends ChosenViewsAndAuthors, A extends { _id: string }>({
  draft,
  setDraft,
  views,
  authors,
  authorLabel,
  seesNames,
  authorsTestId,
}: {
  draft: D;
  setDraft: (update: (draft: D) => D) => void;
  views: readonly { _id: string; title: string }[];
  authors: readonly A[];
  authorLabel: (author: A) => string;
  seesNames: boolean;
  authorsTestId?: string;
}) => {
  const { t } = useTranslation();
  return (
    <details className={styles.more}>
      <summary>{seesNames ? t('stats.viewsAndAuthors') : t('stats.views')}</summary>
      <div className={styles.choiceGrid}>
        <fieldset className={styles.choices}>
          <legend>{t('stats.views')}</legend>
          {views.length === 0 && <p className={styles.muted}>{t('stats.noViews')}</p>}
          {views.map((view) => (
            <Checkbox
              key={view._id}
              label={view.title || t('stats.untitled')}
              checked={draft.viewIds.includes(view._id)}
              onChange={(e) => setDraft((d) => ({ ...d, viewIds: toggle(d.viewIds, view._id, e.target.checked) }))}
            />
          ))}
        </fieldset>
        {seesNames && (
          <fieldset className={styles.choices} data-testid={authorsTestId}>
            <legend>{t('stats.authors')}</legend>
            {authors.map((author) => (
              <Checkbox
                key={author._id}
                label={authorLabel(author)}
                checked={draft.authorIds.includes(author._id)}
                onChange={(e) => setDraft((d) => ({ ...d, authorIds: toggle(d.authorIds, author._id, e.target.checked) }))}
              />
            ))}
          </fieldset>
        )}
      </div>
    </details>
  );
};
