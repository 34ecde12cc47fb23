import { keyConcepts, type KeyConcept } from './keyConcepts.ts';
import { matchKey, textKey } from './normalise.ts';
import { stem } from './stem.ts';
import { atomsOf, segmenterFor, type Atom } from './tokens.ts';

/**
 * Finding phrases in a text (issue 13 §1, the student dictionary's key
 * concepts): whole words, ignoring case, accents, hyphens and punctuation, so
 * "Auto-organisation" is found in "l'auto organisation", "AUTOORGANISATION"
 * and "auto‑organisation", and "Émergence" in "l'emergence" — but not
 * "organisation" inside "réorganisation" (Knowledge Forum 6 counted raw
 * substrings, and lost its patterns' accented letters: fact sheet §7).
 *
 * A phrase matches a run of the text's atoms (words split at hyphens and
 * elisions) whose keys, put end to end, spell the phrase's keys put end to
 * end: that is how "autoorganisation" (one word) matches "Auto-organisation"
 * (two). A match never spans two sentences (`Intl.Segmenter`, granularity
 * 'sentence'; a new line ends one too), and the phrase's letters stand in a
 * row in the text (so "the pupil's idea" holds "pupil's idea", not "pupil
 * idea"; checked first, on the whole text, which makes a note that speaks of
 * no concept cheap). With `inflections`, both sides go
 * through the light stemmer of the phrase's language first, so "des idées
 * améliorables" and "une idée améliorable" both count.
 */

export type PhraseOptions = {
  /** The text's language, for the word and sentence rules (default: the root locale). */
  lang?: string;
  /** Compare the light stems of words, so plurals and feminine forms count (default false: exact words). */
  inflections?: boolean;
};

export type PhraseMatch = {
  id: string;
  label: string;
  /** Occurrences in the text (matches of any of the concept's phrases; overlapping ones once). */
  count: number;
  /** The sentences holding them, trimmed, each once, in the text's order. */
  sentences: string[];
};

/** The sentences of a text as written (only NFC: apostrophes and NBSP kept for display), trimmed, empties dropped. */
export const sentencesOf = (text: string, lang?: string): string[] =>
  [...segmenterFor(lang, 'sentence').segment(text.normalize('NFC'))]
    .map(({ segment }) => segment.trim())
    .filter((sentence) => sentence.length > 0);

const formsOf = (atoms: readonly Atom[], lang: string, inflections: boolean): string[] =>
  atoms.map((atom) => (inflections ? matchKey(stem(atom.word, lang)) : atom.key));

/** Where runs of `forms` spell `target`: the index of each run's first and last form, not overlapping. */
export const runsSpelling = (forms: readonly string[], target: string): [number, number][] => {
  const runs: [number, number][] = [];
  if (target.length === 0) return runs;
  for (let i = 0; i < forms.length; i++) {
    let spelled = '';
    for (let j = i; j < forms.length; j++) {
      spelled += forms[j];
      if (spelled === target) {
        runs.push([i, j]);
        i = j;
        break;
      }
      if (!target.startsWith(spelled)) break;
    }
  }
  return runs;
};

type Pattern = { lang: string; target: string };

/** Each concept's phrases as their spelling of keys (cached per list and option). */
const patternCache = new WeakMap<readonly KeyConcept[], Map<boolean, Pattern[][]>>();
const patternsOf = (concepts: readonly KeyConcept[], inflections: boolean): Pattern[][] => {
  let byOption = patternCache.get(concepts);
  if (!byOption) patternCache.set(concepts, (byOption = new Map<boolean, Pattern[][]>()));
  let patterns = byOption.get(inflections);
  if (!patterns) {
    patterns = concepts.map((item) =>
      item.phrases.map(({ lang, text }) => ({ lang, target: formsOf(atomsOf(text, lang), lang, inflections).join('') })),
    );
    byOption.set(inflections, patterns);
  }
  return patterns;
};

/**
 * Every concept of `concepts` (default: the 21 key concepts) with its count
 * and matching sentences in `text`; concepts not found have count 0.
 */
export const findPhrases = (text: string, options: PhraseOptions = {}, concepts: readonly KeyConcept[] = keyConcepts): PhraseMatch[] => {
  const inflections = options.inflections ?? false;
  const patterns = patternsOf(concepts, inflections);
  const results: PhraseMatch[] = concepts.map(({ id, label }) => ({ id, label, count: 0, sentences: [] }));
  // Without inflections a phrase can only match where its key stands in the text's key.
  const possible = (key: string) => (phrases: readonly Pattern[]) => inflections || phrases.some(({ target }) => key.includes(target));
  if (!patterns.some(possible(textKey(text)))) return results;
  for (const sentence of sentencesOf(text, options.lang)) {
    const candidate = possible(textKey(sentence));
    if (!patterns.some(candidate)) continue;
    const atoms = atomsOf(sentence, options.lang);
    const forms = new Map<string, string[]>();
    patterns.forEach((phrases, index) => {
      if (!candidate(phrases)) return;
      const taken = new Set<number>();
      for (const { lang, target } of phrases) {
        const key = inflections ? lang : '';
        if (!forms.has(key)) forms.set(key, formsOf(atoms, lang, inflections));
        for (const [first] of runsSpelling(forms.get(key) ?? [], target)) taken.add(first);
      }
      const result = results[index];
      if (!result || taken.size === 0) return;
      result.count += taken.size;
      if (!result.sentences.includes(sentence)) result.sentences.push(sentence);
    });
  }
  return results;
};

/** The ids of the concepts a text speaks of (count > 0), in the concepts' order: how notes are classified by key concept. */
export const conceptsIn = (text: string, options: PhraseOptions = {}, concepts: readonly KeyConcept[] = keyConcepts): string[] =>
  findPhrases(text, options, concepts)
    .filter((match) => match.count > 0)
    .map((match) => match.id);
