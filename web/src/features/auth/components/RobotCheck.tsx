import 'altcha';
import 'altcha/i18n/en';
import 'altcha/i18n/es-es';
import 'altcha/i18n/fi';
import 'altcha/i18n/fr-fr';
import 'altcha/i18n/it';
import 'altcha/i18n/ja';
import 'altcha/i18n/pt-pt';
import 'altcha/i18n/zh-cn';
import 'altcha/i18n/zh-tw';
import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../i18n/languages.ts';
import { isLanguage } from '../../../i18n/languages.ts';
import styles from './Auth.module.css';

/** The widget's own translation for each interface language. */
const widgetLanguage: Record<Language, string> = {
  fr: 'fr-fr',
  en: 'en',
  es: 'es-es',
  it: 'it',
  fi: 'fi',
  pt: 'pt-pt',
  cn: 'zh-tw',
  ja: 'ja',
  zh_CN: 'zh-cn',
};

export type RobotCheckProps = {
  /** Where the widget fetches its challenge (GET /api/recaptcha/challenge). */
  challengeUrl: string;
  /** The base64 payload once solved, null when it expires or is reset. */
  onChange: (payload: string | null) => void;
  /** A message for the robot check (client rule or server answer). */
  error?: string | undefined;
};

type StateChangeDetail = { state?: string; payload?: string };

const isStateChange = (event: Event): event is CustomEvent<StateChangeDetail> => 'detail' in event;

/** The ALTCHA proof-of-work widget: no images, nothing sent to a third party. */
export const RobotCheck = ({ challengeUrl, onChange, error }: RobotCheckProps) => {
  const { t, i18n } = useTranslation();
  const widgetRef = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    const handleStateChange = (event: Event) => {
      if (!isStateChange(event)) return;
      const { state, payload } = event.detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', handleStateChange);
    return () => widget.removeEventListener('statechange', handleStateChange);
  }, []);

  const lang = isLanguage(i18n.language) ? i18n.language : 'fr';
  return (
    <div className={styles.robot} data-testid="robot-check">
      <span className={styles.robotTitle} id="robot-check-title">
        {t('signup.robotTitle')}
      </span>
      <altcha-widget
        ref={widgetRef}
        challenge={challengeUrl}
        language={widgetLanguage[lang]}
        name="robotCheck"
        aria-labelledby="robot-check-title"
      />
      <span id="robot-check-hint" className={styles.robotHint}>
        {t('signup.robotHint')}
      </span>
      {error && (
        <span role="alert" data-field-error="robotCheck" className={styles.robotError}>
          {error}
        </span>
      )}
    </div>
  );
};
