import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { frenchLocale } from './frenchLocale.ts';
import { defaultLanguage, isLanguage, languageInfo, languages, type Language } from './languages.ts';
import { lazyLocaleBackend } from './lazyLocales.ts';
import { withAllPluralForms } from './pluralForms.ts';
import type { Translation } from './resources.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translation };
  }
}

/** The interface language chosen on this browser (before login, or after logout). */
export const languageStorageKey = 'buildon.lang';

const storedLanguage = (): Language => {
  try {
    const value = typeof window !== 'undefined' ? window.localStorage.getItem(languageStorageKey) : null;
    return isLanguage(value) ? value : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
};

const syncDocumentLanguage = (lang: string): void => {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = isLanguage(lang) ? languageInfo[lang].tag : 'fr';
};

/**
 * The options i18next starts with: the locales given (the app gives French
 * alone and loads the others when chosen), French the default and the
 * fallback of a key a locale lacks (locales.unit.spec.ts checks it).
 */
export const i18nOptions = (resources: Record<string, object>, lng: string) =>
  ({
    resources: Object.fromEntries(
      Object.entries(resources).map(([lang, translation]) => [lang, { translation: withAllPluralForms(translation as never, lang) }]),
    ),
    lng,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    // The languages not given load through the backend, if one is used (lazyLocales.ts).
    partialBundledLanguages: true,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
  }) as const;

/**
 * Initialises i18next with French (the default and the fallback) in hand and
 * the eight other locales loaded on demand (issue 16 §2: the first chunk of
 * the app no longer carries nine languages); `init` and `changeLanguage` wait
 * for the language they need.
 */
export const initI18n = async (): Promise<typeof i18next> => {
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', syncDocumentLanguage);
    await i18next
      .use(initReactI18next)
      .use(lazyLocaleBackend)
      .init(i18nOptions({ fr: frenchLocale }, storedLanguage()));
    syncDocumentLanguage(i18next.language);
  }
  return i18next;
};

/** Switches the whole interface and remembers the choice on this browser. */
export const setInterfaceLanguage = async (lang: Language): Promise<void> => {
  try {
    window.localStorage.setItem(languageStorageKey, lang);
  } catch {
    // storage unavailable: the switch still applies to this tab
  }
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
};

export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : defaultLanguage);
