import stopwordsIso from 'stopwords-iso/stopwords-iso.json' with { type: 'json' };
import { baseLanguage, matchKey } from './normalise.ts';

/**
 * Stop words from a maintained package (`stopwords-iso`, MIT: the union of
 * the well-known published lists, per ISO 639-1 language), never a
 * hand-typed list (Knowledge Forum 6 had two, different, in its word cloud
 * and its student dictionary: fact sheet §7).
 *
 * Words are compared by their `matchKey`, so a pupil's "deja" or "tres"
 * without accents is a stop word like "déjà" and "très", and "aujourd'hui"
 * matches however its apostrophe is typed.
 *
 * The lists are broad, English's especially (1,298 words: "problem",
 * "information", "world", "think" and "work" are in it); a caller that
 * wants to keep some passes them as `keep`.
 */

const lists = stopwordsIso as unknown as Readonly<Record<string, readonly string[]>>;

/** The languages stop words are used for when a text's language is not known: the app's default and fallback (French), and English. */
export const defaultStopWordLanguages: readonly string[] = ['fr', 'en'];

/** The app's interface languages (web/src/i18n/languages.ts) that the package has lists for, by their base code. */
export const stopWordLanguages: readonly string[] = ['en', 'es', 'fr', 'zh', 'ja', 'fi', 'pt', 'it'];

const keySets = new Map<string, ReadonlySet<string>>();

/** The stop-word keys of one language ('fr', 'pt-BR', 'zh_CN'…); empty when the package has no list for it. */
export const stopWordKeysOf = (lang: string): ReadonlySet<string> => {
  const base = baseLanguage(lang);
  let found = keySets.get(base);
  if (!found) {
    found = new Set((lists[base] ?? []).map(matchKey).filter((key) => key.length > 0));
    keySets.set(base, found);
  }
  return found;
};

/**
 * A test for stop words in the given languages (default: French and
 * English), less the words of `keep` (compared by key as well).
 */
export const stopWordTest = (
  langs: readonly string[] = defaultStopWordLanguages,
  keep: readonly string[] = [],
): ((word: string) => boolean) => {
  const sets = langs.map(stopWordKeysOf);
  const kept = new Set(keep.map(matchKey));
  return (word) => {
    const key = matchKey(word);
    return !kept.has(key) && sets.some((set) => set.has(key));
  };
};

/** Whether a word is a stop word of one of the languages (default: French and English). */
export const isStopWord = (word: string, langs: readonly string[] = defaultStopWordLanguages): boolean => stopWordTest(langs)(word);
