import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { languageName, type NoteLanguage } from '../../../lib/noteLanguage.ts';
import styles from '../editor/LanguageBar.module.css';

/**
 * Above a multilanguage note's Read tab: the reader's language (the same
 * choice as the view's title bar) and, when the note has no version in it,
 * which language is shown instead.
 */
export const ReadLanguage = ({ noteLanguage, written, shown }: { noteLanguage: NoteLanguage; written: string[]; shown: string | null }) => {
  const { t } = useTranslation();
  if (!noteLanguage.enabled) return null;
  const wanted = noteLanguage.language;
  return (
    <div className={styles.bar} data-testid="read-language" data-shown={shown ?? ''}>
      <label className={styles.label}>
        <Languages size={14} aria-hidden="true" /> {t('multilanguage.picker')}{' '}
        <select value={wanted ?? ''} onChange={(event) => noteLanguage.setLanguage(event.target.value)} data-testid="read-language-picker">
          {noteLanguage.offered.map((code) => (
            <option key={code} value={code}>
              {languageName(code)}
            </option>
          ))}
        </select>
      </label>
      {written.length > 0 && (
        <span className={styles.label}>{t('multilanguage.written', { list: written.map(languageName).join(', ') })}</span>
      )}
      {wanted && shown && shown !== wanted && (
        <span className={styles.label} role="status">
          {t('multilanguage.fallback', { wanted: languageName(wanted), shown: languageName(shown) })}
        </span>
      )}
    </div>
  );
};
