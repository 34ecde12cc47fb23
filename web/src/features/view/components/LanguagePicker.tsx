import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ContextData } from '../../../../../contracts/api/communities.ts';
import { languageName, useNoteLanguage } from '../../../lib/noteLanguage.ts';
import styles from './LanguagePicker.module.css';

/**
 * The title bar's language picker (multilanguage plugin): which language's
 * titles the canvas shows and which language contribution windows open in.
 * Kept in this browser per community.
 */
export const LanguagePicker = ({ communityId, context }: { communityId: string; context: ContextData }) => {
  const { t } = useTranslation();
  const { enabled, offered, language, setLanguage } = useNoteLanguage(communityId, context);
  if (!enabled) return null;
  return (
    <label className={styles.picker} title={t('multilanguage.pickerHint')}>
      <Languages size={16} aria-hidden="true" />
      <span className={styles.srOnly}>{t('multilanguage.picker')}</span>
      <select
        value={language ?? ''}
        onChange={(event) => setLanguage(event.target.value)}
        data-testid="language-picker"
        className={styles.select}
      >
        {offered.map((code) => (
          <option key={code} value={code}>
            {languageName(code)}
          </option>
        ))}
      </select>
    </label>
  );
};
