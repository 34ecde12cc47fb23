import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../lib/noteLanguage.ts';
import type { EditSession } from '../window/useEditSession.ts';
import styles from './LanguageBar.module.css';

/**
 * Multilanguage notes: which language's title and body the editor shows.
 * Switching keeps what was typed; the save sends every language written.
 */
export const LanguageBar = ({ languages }: { languages: NonNullable<EditSession['languages']> }) => {
  const { t } = useTranslation();
  return (
    <div
      className={styles.bar}
      role="group"
      aria-label={t('multilanguage.editing')}
      data-testid="edit-language"
      data-editing={languages.editing}
    >
      <span className={styles.label}>{t('multilanguage.editing')}</span>
      {languages.offered.map((code) => {
        const written = languages.written.includes(code);
        const on = code === languages.editing;
        return (
          <button
            key={code}
            type="button"
            className={`${styles.choice} ${on ? styles.on : ''}`}
            aria-pressed={on}
            onClick={() => languages.switchTo(code)}
            data-lang={code}
            data-written={written || undefined}
          >
            {languageName(code)}
            {written && <Check size={14} aria-label={t('multilanguage.written', { list: languageName(code) })} />}
          </button>
        );
      })}
    </div>
  );
};
