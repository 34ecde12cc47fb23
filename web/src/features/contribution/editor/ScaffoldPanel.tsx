import type { Scaffold } from '../../../../../contracts/api/communities.ts';
import { scaffoldTextLanguage } from '../../../../../contracts/supportMarkup.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Editor.module.css';
import { nextAnnouncement } from './supportAccessibility.ts';

const langOf = (text: string) => scaffoldTextLanguage(text) ?? undefined;

/**
 * The scaffolds the view (or the root context) uses, each with its supports
 * in order; a click wraps the selection in that support. A default
 * scaffold's texts carry their language (`lang="en"` for "Theory Building"
 * in a French class), so a screen reader reads them right (issue 25 §4).
 * A support put in is said in the panel's polite live region: focus goes
 * back to the text, where nothing else tells a screen reader it happened.
 */
export const ScaffoldPanel = ({
  scaffolds,
  loading,
  onInsert,
  disabled,
}: {
  scaffolds: Scaffold[];
  loading: boolean;
  /** Puts the support in the text; false when it cannot go where the caret is. */
  onInsert: (support: { _id: string; title: string }) => boolean;
  disabled: boolean;
}) => {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');
  const insert = (support: { _id: string; title: string }) => {
    if (!onInsert(support)) return;
    const text = t('contribution.scaffolds.inserted', { title: support.title });
    setAnnouncement((before) => nextAnnouncement(before, text));
  };
  return (
    <aside className={styles.scaffolds} aria-label={t('contribution.scaffolds.label')} data-testid="scaffold-panel">
      <h3 className={styles.panelTitle}>{t('contribution.scaffolds.title')}</h3>
      <p className="visually-hidden" aria-live="polite" data-testid="scaffold-announcement">
        {announcement}
      </p>
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
                    onClick={() => insert(support)}
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
