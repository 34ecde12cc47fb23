import { localeOf, lowerCaseFor, matchKey, normalise } from './normalise.ts';

/**
 * Tokenisation with `Intl.Segmenter` (issue 13 §1): the words of a text as
 * Unicode's word rules see them (UAX #29, with ICU's dictionaries for Chinese
 * and Japanese), never a hand-written split on spaces. On top of them:
 *
 * - French and Italian elisions are split off: "l'émergence" is the article
 *   "l'" (kind `elision`, a stop word) and the word "émergence"; "qu'il",
 *   "jusqu'ici", "dell'idea" likewise; "aujourd'hui" stays one word.
 * - Hyphenated words are one token ("auto-organisation", "peut-être"),
 *   made of atoms (`atomsOf`) that phrase matching compares one by one.
 * - A token drops an English possessive 's ("the pupil's idea" → "pupil");
 *   an atom keeps it (a phrase matches letters in a row).
 * - Numbers ("2024", "3,5") are kind `number`; emoji and punctuation are not
 *   words and separate the words around them.
 *
 * Offsets (`start`, `end`) are into `normalise(text)` (NBSP and narrow NBSP
 * become spaces, typographic apostrophes ASCII ones).
 */

export type TokenKind = 'word' | 'number' | 'elision';

export type Token = {
  /** As written, in the normalised text. */
  text: string;
  /** Lower case in the text's language (accents and the hyphens of a compound kept). */
  word: string;
  /** `matchKey(word)`: no case, no accents, no hyphens or apostrophes. */
  key: string;
  start: number;
  end: number;
  kind: TokenKind;
};

/** A piece of a word: `joined` when a hyphen ties it to the atom before it ("organisation" in "auto-organisation"). */
export type Atom = Token & { joined: boolean };

const segmenters = new Map<string, Intl.Segmenter>();

/** One segmenter per locale and granularity (creating one is costly). */
export const segmenterFor = (lang: string | undefined, granularity: 'word' | 'sentence'): Intl.Segmenter => {
  const locale = localeOf(lang);
  const cacheKey = `${locale ?? ''}|${granularity}`;
  let found = segmenters.get(cacheKey);
  if (!found) {
    found = new Intl.Segmenter(locale, { granularity });
    segmenters.set(cacheKey, found);
  }
  return found;
};

// The elided words of French (l', d', qu', jusqu'…) and Italian (un', dell', all'…), before a letter.
const elision = /^(qu|jusqu|lorsqu|puisqu|quoiqu|presqu|[cdjlmnst]|un|dell|all|dall|nell|sull|coll|quell)'(?=\p{L})/iu;
const possessive = /^(\p{L}[\p{L}-]+)'s$/iu;
const number = /^[\p{N}.,']+$/u;
const digit = /^\p{N}/u;

type Lower = (text: string) => string;

const token = (text: string, start: number, kind: TokenKind, lower: Lower): Token => {
  const word = lower(text);
  return { text, word, key: matchKey(word), start, end: start + text.length, kind };
};

/** The atoms of one word-like segment, added to `atoms`: an elided article first when there is one. */
const addPieces = (atoms: Atom[], segment: string, start: number, joined: boolean, lower: Lower): void => {
  let rest = segment;
  let at = start;
  const apostrophe = rest.includes("'");
  const elided = apostrophe ? elision.exec(rest) : null;
  if (elided) {
    atoms.push({ ...token(elided[0], at, 'elision', lower), joined });
    rest = rest.slice(elided[0].length);
    at += elided[0].length;
  }
  if (rest.length === 0) return;
  const kind = digit.test(rest) && number.test(rest) ? 'number' : 'word';
  atoms.push({ ...token(rest, at, kind, lower), joined: joined && !elided });
};

/** Every atom of a text, in order: words split at hyphens and elisions (see above). */
export const atomsOf = (text: string, lang?: string): Atom[] => {
  const lower = lowerCaseFor(lang);
  const atoms: Atom[] = [];
  let hyphenEnd = -1;
  let lastEnd = -1;
  for (const { segment, index, isWordLike } of segmenterFor(lang, 'word').segment(normalise(text))) {
    if (!isWordLike) {
      hyphenEnd = segment === '-' && index === lastEnd ? index + 1 : -1;
      continue;
    }
    addPieces(atoms, segment, index, index === hyphenEnd, lower);
    lastEnd = index + segment.length;
    hyphenEnd = -1;
  }
  return atoms;
};

/** A token without an English possessive ("pupil's" → "pupil"). */
const withoutPossessive = (item: Token, lower: Lower): Token => {
  const owner = item.kind === 'word' && item.text.includes("'") ? possessive.exec(item.text) : null;
  return owner?.[1] ? token(owner[1], item.start, 'word', lower) : item;
};

/** The tokens of a text: its atoms with hyphenated compounds put back together, possessives dropped. */
export const tokensOf = (text: string, lang?: string): Token[] => {
  const normal = normalise(text);
  return tokensOfAtoms(normal, atomsOf(normal, lang), lang);
};

/** `tokensOf` from the atoms already found in `normal` (`normalise(text)`): the lexical job segments a note once. */
export const tokensOfAtoms = (normal: string, atoms: readonly Atom[], lang?: string): Token[] => {
  const lower = lowerCaseFor(lang);
  const tokens: Token[] = [];
  for (const { joined, ...atom } of atoms) {
    const previous = tokens.at(-1);
    if (!joined || !previous || previous.kind === 'elision') {
      tokens.push(atom);
      continue;
    }
    const kind = previous.kind === 'number' && atom.kind === 'number' ? 'number' : 'word';
    tokens[tokens.length - 1] = token(normal.slice(previous.start, atom.end), previous.start, kind, lower);
  }
  return tokens.map((item) => withoutPossessive(item, lower));
};

/** The words of a text (numbers and elided articles left out), lower case. */
export const wordsOf = (text: string, lang?: string): string[] =>
  tokensOf(text, lang)
    .filter((item) => item.kind === 'word')
    .map((item) => item.word);

/** How many words a text has: hyphenated compounds count once, an elided article not on its own ("l'idée" is one word). */
export const wordCountOf = (text: string, lang?: string): number => tokensOf(text, lang).filter((item) => item.kind !== 'elision').length;
