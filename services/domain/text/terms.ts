import { matchKey } from './normalise.ts';
import { stem } from './stem.ts';
import { defaultStopWordLanguages, stopWordTest } from './stopwords.ts';
import { tokensOf, type Token } from './tokens.ts';

/**
 * Word counts and term frequencies of a text (issue 13 §1), for the lexical
 * jobs (student dictionary, word clouds, lexical analysis): the text's words
 * (`tokensOf`: numbers and elided articles left out), less stop words, grouped
 * by their key — so "Émergence", "émergence" and "emergence" are one term —
 * or, with `stem`, by the key of their light stem ("idée" and "idées").
 * Each term is shown in its most frequent written form.
 *
 * Counts are plain objects (`TermCounts`) that add up and subtract: a job
 * keeps each note's and sums an author's or a view's, and an edited note
 * takes its old counts off before adding its new ones.
 */

export type TermOptions = {
  /** The text's language (for case, elisions and the stemmer); default: none (root rules, no stemming). */
  lang?: string;
  /** The languages whose stop words are dropped (default French and English); [] keeps them all. */
  stopWordLangs?: readonly string[];
  /** Words never dropped as stop words. */
  keep?: readonly string[];
  /** Group by light stem (French and English only; default false). */
  stem?: boolean;
  /** Shortest and longest word kept, in characters (default 2 and 40). */
  minLength?: number;
  maxLength?: number;
};

/** Per term key: how often it occurs, and how often in each written (lower-case) form. */
export type TermCounts = Record<string, { count: number; forms: Record<string, number> }>;

export type Term = { term: string; key: string; count: number };

// Keys and forms are the pupils' words ("constructor", "__proto__"): only ever own properties.
const put = <T>(record: Record<string, T>, key: string, value: T): T => {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
  return value;
};
const own = <T>(record: Record<string, T>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);
const entryOf = (counts: TermCounts, key: string): TermCounts[string] => own(counts, key) ?? put(counts, key, { count: 0, forms: {} });

/** The counts of a text's terms. */
export const countTerms = (text: string, options: TermOptions = {}): TermCounts => countTokenTerms(tokensOf(text, options.lang), options);

/** `countTerms` of tokens already found (`tokensOf`, `tokensOfAtoms`) in the language of `options.lang`. */
export const countTokenTerms = (tokens: readonly Token[], options: TermOptions = {}): TermCounts => {
  const isStop = stopWordTest(options.stopWordLangs ?? defaultStopWordLanguages, options.keep);
  const min = options.minLength ?? 2;
  const max = options.maxLength ?? 40;
  const counts: TermCounts = {};
  for (const token of tokens) {
    if (token.kind !== 'word') continue;
    const length = [...token.word].length;
    if (length < min || length > max || isStop(token.word)) continue;
    const key = options.stem ? matchKey(stem(token.word, options.lang)) : token.key;
    if (key.length === 0) continue;
    const entry = entryOf(counts, key);
    entry.count += 1;
    put(entry.forms, token.word, (own(entry.forms, token.word) ?? 0) + 1);
  }
  return counts;
};

/** `into` plus `sign` times `other` (sign -1 takes a note's counts off); terms that fall to 0 are removed. Changes `into`. */
export const addTermCounts = (into: TermCounts, other: TermCounts, sign: 1 | -1 = 1): TermCounts => {
  for (const [key, { count, forms }] of Object.entries(other)) {
    const entry = entryOf(into, key);
    entry.count += sign * count;
    for (const [form, n] of Object.entries(forms)) {
      const next = (own(entry.forms, form) ?? 0) + sign * n;
      if (next > 0) put(entry.forms, form, next);
      else delete entry.forms[form];
    }
    if (entry.count <= 0) delete into[key];
  }
  return into;
};

/** The most frequent written form of a term (the first in code-point order on a tie, so the result never depends on order). */
const shownForm = (forms: Record<string, number>, key: string): string => {
  let best = key;
  let bestCount = 0;
  for (const [form, n] of Object.entries(forms)) {
    if (n > bestCount || (n === bestCount && form < best)) [best, bestCount] = [form, n];
  }
  return best;
};

// Ties sort alike on every machine: French rules (accents after base letters), not the machine's locale.
const collator = new Intl.Collator('fr');

/** Terms by count (then alphabetically, French collation), the `limit` first (default all). */
export const topTerms = (counts: TermCounts, limit = Number.POSITIVE_INFINITY): Term[] =>
  Object.entries(counts)
    .map(([key, { count, forms }]) => ({ term: shownForm(forms, key), key, count }))
    .sort((a, b) => b.count - a.count || collator.compare(a.term, b.term) || collator.compare(a.key, b.key))
    .slice(0, limit);

/** A text's term frequencies, most frequent first. */
export const termFrequencies = (text: string, options: TermOptions = {}, limit?: number): Term[] =>
  topTerms(countTerms(text, options), limit);
