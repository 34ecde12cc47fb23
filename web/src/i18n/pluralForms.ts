import { isLanguage, languageInfo } from './languages.ts';

type Tree = { [key: string]: string | Tree };

const suffixes = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/**
 * Gives every plural key the forms its language's rules can ask for. French,
 * Spanish, Italian and Portuguese have a `many` form for exact millions
 * (`Intl.PluralRules('fr').select(1e6)` is `many`), which no locale file
 * writes: without it i18next shows the bare key ("n" for "1 000 000 notes").
 * A missing form takes the `_other` text, the plural those languages use there.
 */
export const withAllPluralForms = (tree: Tree, language: string): Tree => {
  const tag = isLanguage(language) ? languageInfo[language].tag : language;
  const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
  const fill = (node: Tree): Tree => {
    const out: Tree = {};
    for (const [key, value] of Object.entries(node)) out[key] = typeof value === 'string' ? value : fill(value);
    for (const [key, value] of Object.entries(node)) {
      if (typeof value !== 'string' || !key.endsWith('_other')) continue;
      const base = key.slice(0, -'_other'.length);
      if (!(`${base}_one` in node)) continue; // `state_other` is a context, not a count
      for (const category of categories) {
        if (!suffixes.includes(category)) continue;
        out[`${base}_${category}`] ??= value;
      }
    }
    return out;
  };
  return fill(tree);
};
