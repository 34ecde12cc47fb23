import { baseLanguage } from './normalise.ts';

/**
 * An optional light stemmer for French and English (issue 13 §1): it removes
 * inflections only — number, and in French gender — so that "idée" and
 * "idées", "cheval" and "chevaux", "problem" and "problems" count as one
 * term, and never derivations (it does not turn "organisation" into
 * "organis"). Our own small rules, after Savoy's minimal French stemmer
 * (Lucene's FrenchMinimalStemmer) and Harman's English S-stemmer (1991).
 * A stem need not be a word: show the most frequent form it stands for.
 * Known limit: a French singular ending in "s" loses it (gros → gro, while
 * grosse → gros), as in Savoy's rules.
 *
 * Input: a lower-case word (`Token.word`). Words shorter than four letters
 * are left alone, and no rule leaves fewer than three letters.
 *
 * French, in order:
 * 1. "-aux" → "-al" (chevaux → cheval, journaux → journal), not "-eaux", and stop;
 * 2. "-x" after "eu", "au" or "ou" is dropped (jeux → jeu, bijoux → bijou, gâteaux → gâteau), and stop;
 * 3. a final "s" (not "ss") is dropped (idées → idée);
 * 4. a final "e" is dropped (idée → idé, pensée → pensé, grande → grand),
 *    and then a doubled final consonant is halved (bonne → bon, cruelle → cruel, grosse → gros).
 *
 * English (Harman):
 * 1. "-ies" → "-y" unless after "a" or "e" (theories → theory, series → sery);
 * 2. "-es" → "-e" unless after "a", "e" or "o" (releases → release; shoes → shoe by rule 3);
 * 3. a final "s" is dropped unless after "s", "u" or "i" (ideas → idea; class, status, analysis keep it).
 */

const minStem = 3;

const frenchStem = (word: string): string => {
  if (word.length < 4) return word;
  if (word.endsWith('aux') && !word.endsWith('eaux') && word.length > 4) return `${word.slice(0, -3)}al`;
  if (/(eu|au|ou)x$/u.test(word)) return word.slice(0, -1);
  let stem = word;
  if (stem.endsWith('s') && !stem.endsWith('ss') && stem.length - 1 >= minStem) stem = stem.slice(0, -1);
  if (stem.endsWith('e') && stem.length - 1 >= minStem) {
    stem = stem.slice(0, -1);
    const last = stem.at(-1) ?? '';
    if (/\p{L}/u.test(last) && !/[aeiouyéèêàâîïôûù]/u.test(last) && stem.at(-2) === last && stem.length - 1 >= minStem) {
      stem = stem.slice(0, -1);
    }
  }
  return stem;
};

const englishStem = (word: string): string => {
  if (word.length < 4 || !word.endsWith('s')) return word;
  if (word.endsWith('ies') && !/[ae]ies$/u.test(word)) return `${word.slice(0, -3)}y`;
  if (word.endsWith('es') && !/[aeo]es$/u.test(word)) return word.slice(0, -1);
  if (/[sui]s$/u.test(word)) return word;
  return word.slice(0, -1);
};

/** The stem of a lower-case word in a language ('fr' or 'en'; any other language: the word itself). */
export const stem = (word: string, lang: string | undefined): string => {
  const base = baseLanguage(lang);
  if (base === 'fr') return frenchStem(word);
  if (base === 'en') return englishStem(word);
  return word;
};

/** Whether the light stemmer has rules for a language. */
export const hasStemmer = (lang: string | undefined): boolean => ['fr', 'en'].includes(baseLanguage(lang));
