import type { Scaffold } from '../../../../../contracts/api/communities.ts';
import { scaffoldTextLanguage } from '../../../../../contracts/supportMarkup.ts';
import { useTranslation } from 'react-i18next';
import styles from './Editor.module.css';

const langOf = (text: string) => scaffoldTextLanguage(text) ?? undefined;

/**
 * The scaffolds the view (or the root context) uses, each with its supports
 * in order; a click wraps the selection in that support. A default
 * scaffold's texts carry their language (`lang="en"` for "Theory Building"
 * in a French class), so a screen reader reads them right (issue 25 §4).
 */
export const ScaffoldPanel = ({
  scaffolds,
  loading,
  onInsert,
  disabled,
}: {
  scaffolds: Scaffold[];
  loading: boolean;
  onInsert: (support: { _id: string; title: string }) => void;
  disabled: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <aside className={styles.scaffolds} aria-label={t('contribution.scaffolds.label')} data-testid="scaffold-panel">
      <h3 className={styles.panelTitle}>{t('contribution.scaffolds.title')}</h3>
      {loading && <p className={styles.muted}>{t('contribution.loading')}</p>}
      {!loading && scaffolds.length === 0 && <p className={styles.muted}>{t('contribution.scaffolds.none')}</p>}
      {scaffolds.map((scaffold) => (
        <section key={scaffold._id} className={styles.scaffold} data-testid="scaffold" data-scaffold={scaffold.title}>
          <h4 className={styles.scaffoldTitle} lang={langOf(scaffold.title)}>
            {scaffold.title}
          </h4>
          <ul className={styles.supports}>
            {[...scaffold.supports]
              .sort((a, b) => a.order - b.order)
              .map((support) => (
                <li key={support._id}>
                  <button
                    type="button"
                    className={styles.support}
                    disabled={disabled}
                    data-testid="support-button"
                    data-support={support.title}
                    lang={langOf(support.title)}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => onInsert(support)}
                  >
                    {support.title}
                  </button>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </aside>
  );
};
