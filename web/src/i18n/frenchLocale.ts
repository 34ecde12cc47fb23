import { mergeLocaleFiles } from './localeFiles.ts';

/**
 * French, the default and the fallback language, in the app's first chunk; the
 * other eight load when chosen (lazyLocales.ts), so that a page does not parse
 * nine languages before it draws (issue 16 §2).
 */
export const frenchLocale = mergeLocaleFiles(
  import.meta.glob<object>(['./locales/fr.json', './locales/*/fr.json'], { eager: true, import: 'default' }),
);
