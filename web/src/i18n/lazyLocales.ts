import type { BackendModule } from 'i18next';
import { isLanguage, type Language } from './languages.ts';
import { mergeLocaleFiles } from './localeFiles.ts';
import { withAllPluralForms } from './pluralForms.ts';
import type { Translation } from './resources.ts';

/** Every language's files but French's (frenchLocale.ts), each loaded on demand; vite.config.ts bundles a language's files together. */
const files = import.meta.glob<object>(['./locales/*.json', './locales/*/*.json', '!./locales/fr.json', '!./locales/*/fr.json'], {
  import: 'default',
});

/** One language's `translation` namespace, fetched when it is first needed. */
export const loadLocale = async (lang: Exclude<Language, 'fr'>): Promise<Translation> => {
  const mine = Object.entries(files).filter(([path]) => path.endsWith(`/${lang}.json`));
  const loaded = await Promise.all(mine.map(async ([path, load]) => [path, await load()] as const));
  return mergeLocaleFiles(Object.fromEntries(loaded));
};

/** An i18next backend over loadLocale: `changeLanguage` and `init` wait for the language they need. */
export const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!isLanguage(language) || language === 'fr') {
      callback(null, {});
      return;
    }
    loadLocale(language).then(
      (translation) => callback(null, withAllPluralForms(translation as never, language) as never),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
