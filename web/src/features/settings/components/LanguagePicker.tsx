import { Check } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { setInterfaceLanguage } from '../../../i18n/index.ts';
import { isLanguage, languageInfo, languages, type Language } from '../../../i18n/languages.ts';
import { ApiError } from '../../../lib/api.ts';
import { useChangeLanguage } from '../api/settings.ts';
import styles from './Settings.module.css';

/** Nine toggle buttons; the whole interface switches at once and the account keeps the choice. */
export const LanguagePicker = ({ userId }: { userId: string }) => {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage(userId);
  const [error, setError] = useState<string | null>(null);
  const current = isLanguage(i18n.language) ? i18n.language : 'fr';

  // The last choice: a failed save of an earlier one must not undo it.
  const latest = useRef<Language | null>(null);

  const handleChoose = async (lang: Language) => {
    setError(null);
    const previous = current;
    latest.current = lang;
    await setInterfaceLanguage(lang);
    try {
      await changeLanguage.mutateAsync(lang);
    } catch (failure) {
      if (latest.current !== lang) return;
      await setInterfaceLanguage(previous);
      setError(failure instanceof ApiError ? failure.message : t('common.genericError'));
    }
  };

  return (
    <>
      <p className={styles.hint}>{t('settings.languageHint')}</p>
      <div className={styles.languages} role="group" aria-label={t('settings.languageTitle')}>
        {languages.map((lang) => (
          <button
            key={lang}
            type="button"
            className={styles.language}
            aria-pressed={lang === current}
            lang={languageInfo[lang].tag}
            data-lang={lang}
            onClick={() => void handleChoose(lang)}
          >
            <span>{languageInfo[lang].name}</span>
            {lang === current ? <Check size={18} aria-hidden="true" /> : <span className={styles.code}>{lang}</span>}
          </button>
        ))}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </>
  );
};
