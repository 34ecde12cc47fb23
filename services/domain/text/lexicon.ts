import { matchKey, normalise } from './normalise.ts';
import { runsSpelling } from './phrases.ts';
import { atomsOf, segmenterFor, type Atom } from './tokens.ts';

/**
 * Counting a lexicon's terms in notes (issue 13 §4, the lexical analysis):
 * whole words and phrases, ignoring case, accents, hyphens and apostrophes,
 * as the key-concept phrases are found (phrases.ts). A note is kept by the
 * lexical job as the keys of its atoms (`atomKeysOf`: words split at hyphens
 * and elisions), sentence by sentence, so counting a lexicon never segments
 * a note's text again. A term matches a run of atoms, inside one sentence,
 * whose keys put end to end spell the term's keys put end to end: "eau" is
 * found in "l'eau" and "de l'eau" but not in "réseau"; "auto-organisation"
 * in "auto organisation" and "autoorganisation"; matches never overlap.
 * (Fact sheet §7: the original counted raw regular-expression matches of the
 * typed text, substrings included.)
 */

/** Separates atoms, and sentences, in `atomKeysOf` (keys are letters and digits only). */
const atomSeparator = ' ';
const sentenceSeparator = '\n';

/** The keys of a text's atoms, atoms joined by a space and sentences by a new line ('' without any word). */
export const atomKeysOf = (text: string, lang?: string): string => {
  const normal = normalise(text);
  return atomKeysOfAtoms(normal, atomsOf(normal, lang), lang);
};

/** `atomKeysOf` from the atoms already found in `normal` (`normalise(text)`): the lexical job segments a note's words once. */
export const atomKeysOfAtoms = (normal: string, atoms: readonly Atom[], lang?: string): string => {
  if (atoms.length === 0) return '';
  const starts = [...segmenterFor(lang, 'sentence').segment(normal)].map((sentence) => sentence.index);
  const sentences: string[] = [];
  let current: string[] = [];
  let next = 1;
  for (const atom of atoms) {
    let crossed = false;
    while (next < starts.length && atom.start >= (starts[next] ?? Number.POSITIVE_INFINITY)) {
      next += 1;
      crossed = true;
    }
    if (crossed && current.length > 0) {
      sentences.push(current.join(atomSeparator));
      current = [];
    }
    if (atom.key.length > 0) current.push(atom.key);
  }
  if (current.length > 0) sentences.push(current.join(atomSeparator));
  return sentences.join(sentenceSeparator);
};

/** What a term must spell: its atoms' keys end to end ('' when it has no letter or digit). */
export const termTarget = (term: string, lang?: string): string =>
  atomsOf(term, lang)
    .map((atom) => atom.key)
    .join('') || matchKey(term);

/** A note's atom keys made ready for counting several terms: its sentences' keys, and all of them end to end. */
export type CountableText = { sentences: string[][]; spelled: string };

export const countableOf = (atomKeys: string): CountableText => {
  const sentences = atomKeys.length === 0 ? [] : atomKeys.split(sentenceSeparator).map((sentence) => sentence.split(atomSeparator));
  return { sentences, spelled: atomKeys.replace(/[ \n]/g, '') };
};

/** How many times a term (its `termTarget`) occurs in a note (its `countableOf`), whole atoms only, no overlaps. */
export const countTarget = (text: CountableText, target: string): number => {
  // Without the target's letters in a row anywhere, no sentence can hold it: most notes stop here.
  if (target.length === 0 || !text.spelled.includes(target)) return 0;
  let count = 0;
  for (const sentence of text.sentences) count += runsSpelling(sentence, target).length;
  return count;
};

/** How many times each term occurs in a text (a test's and a fallback's convenience: the job stores `atomKeysOf`). */
export const countTermsIn = (text: string, terms: readonly string[], lang?: string): number[] => {
  const countable = countableOf(atomKeysOf(text, lang));
  return terms.map((term) => countTarget(countable, termTarget(term, lang)));
};
