import type { Static } from 'typebox';
import type { LanguageSchema } from '../../../contracts/api/users.ts';

/** One of the spec's nine interface languages. */
export type Language = Static<typeof LanguageSchema>;

/** The settings page lists the languages in the spec's order. */
export const languages = ['en', 'es', 'fr', 'cn', 'zh_CN', 'ja', 'fi', 'pt', 'it'] as const satisfies readonly Language[];

export const defaultLanguage: Language = 'fr';

/**
 * Each language's own name (an endonym, the same in every interface language)
 * and its BCP 47 tag for `lang` attributes. `cn` is shown in traditional
 * characters, `zh_CN` in simplified ones.
 */
export const languageInfo: Record<Language, { name: string; tag: string }> = {
  en: { name: 'English', tag: 'en' },
  es: { name: 'Español', tag: 'es' },
  fr: { name: 'Français', tag: 'fr' },
  cn: { name: '中文（繁體）', tag: 'zh-Hant' },
  zh_CN: { name: '简体中文', tag: 'zh-CN' },
  ja: { name: '日本語', tag: 'ja' },
  fi: { name: 'Suomi', tag: 'fi' },
  pt: { name: 'Português', tag: 'pt' },
  it: { name: 'Italiano', tag: 'it' },
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);
