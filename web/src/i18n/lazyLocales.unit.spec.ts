import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { frenchLocale } from './frenchLocale.ts';
import { initI18n, setInterfaceLanguage } from './index.ts';
import { languages } from './languages.ts';
import { loadLocale } from './lazyLocales.ts';
import { locales } from './resources.ts';

/** Only French ships in the app's first chunk; the others load when chosen (issue 16 §2), with the very same texts. */
describe('locales loaded on demand', () => {
  it('builds each language exactly as resources.ts merges it', async () => {
    expect(frenchLocale).toEqual(locales.fr);
    for (const lang of languages) if (lang !== 'fr') expect(await loadLocale(lang)).toEqual(locales[lang]);
  });

  it('starts in French and loads another language before switching to it', async () => {
    await initI18n();
    await setInterfaceLanguage('fr');
    expect(i18next.hasResourceBundle('en', 'translation')).toBe(false);
    await setInterfaceLanguage('en');
    expect(i18next.language).toBe('en');
    expect(i18next.t('common.tagline')).toBe(locales.en.common.tagline);
    expect(locales.en.common.tagline).not.toBe(locales.fr.common.tagline);
    await setInterfaceLanguage('fr');
  });
});
