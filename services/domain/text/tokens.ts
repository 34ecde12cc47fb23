import { foldCase, localeOf, matchKey, normalise } from './normalise.ts';

/**
 * Tokenisation with `Intl.Segmenter` (issue 13 §1): the words of a text as
 * Unicode's word rules see them (UAX #29, with ICU's dictionaries for Chinese
 * and Japanese), never a hand-written split on spaces. On top of them:
 *
 * - French and Italian elisions are split off: "l'émergence" is the article
 *   "l'" (kind `elision`, a stop word) and the word "émergence"; "qu'il",
 *   "jusqu'ici", "dell'idea" likewise; "aujourd'hui" stays one word.
 * - An English possessive 's is dropped ("the pupil's idea" → "pupil").
 * - Hyphenated words are one token ("auto-organisation", "peut-être"),
 *   made of atoms (`atomsOf`) that phrase matching compares one by one.
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
const possessive = /^(\p{L}{2,})'s$/iu;
const number = /^[\p{N}.,']+$/u;

const token = (text: string, start: number, kind: TokenKind, lang: string | undefined): Token => {
  const word = foldCase(text, lang);
  return { text, word, key: matchKey(word), start, end: start + text.length, kind };
};

/** The atoms of one word-like segment: an elided article first when there is one. */
const piecesOf = (segment: string, start: number, lang: string | undefined): Token[] => {
  const pieces: Token[] = [];
  let rest = segment;
  let at = start;
  const elided = elision.exec(rest);
  if (elided) {
    pieces.push(token(elided[0], at, 'elision', lang));
    rest = rest.slice(elided[0].length);
    at += elided[0].length;
  }
  const owner = possessive.exec(rest);
  if (owner?.[1]) rest = owner[1];
  if (rest.length > 0) pieces.push(token(rest, at, number.test(rest) ? 'number' : 'word', lang));
  return pieces;
};

/** Every atom of a text, in order: words split at hyphens and elisions (see above). */
export const atomsOf = (text: string, lang?: string): Atom[] => {
  const atoms: Atom[] = [];
  let hyphenEnd = -1;
  let lastEnd = -1;
  for (const { segment, index, isWordLike } of segmenterFor(lang, 'word').segment(normalise(text))) {
    if (!isWordLike) {
      hyphenEnd = segment === '-' && index === lastEnd ? index + 1 : -1;
      continue;
    }
    const pieces = piecesOf(segment, index, lang);
    pieces.forEach((piece, i) => atoms.push({ ...piece, joined: i === 0 && index === hyphenEnd }));
    lastEnd = index + segment.length;
    hyphenEnd = -1;
  }
  return atoms;
};

/** The tokens of a text: its atoms with hyphenated compounds put back together. */
export const tokensOf = (text: string, lang?: string): Token[] => {
  const normal = normalise(text);
  const tokens: Token[] = [];
  for (const { joined, ...atom } of atomsOf(normal, lang)) {
    const previous = tokens.at(-1);
    if (!joined || !previous || previous.kind === 'elision') {
      tokens.push(atom);
      continue;
    }
    const kind = previous.kind === 'number' && atom.kind === 'number' ? 'number' : 'word';
    tokens[tokens.length - 1] = token(normal.slice(previous.start, atom.end), previous.start, kind, lang);
  }
  return tokens;
};

/** The words of a text (numbers and elided articles left out), lower case. */
export const wordsOf = (text: string, lang?: string): string[] =>
  tokensOf(text, lang)
    .filter((item) => item.kind === 'word')
    .map((item) => item.word);

/** How many words a text has: hyphenated compounds count once, an elided article not on its own ("l'idée" is one word). */
export const wordCountOf = (text: string, lang?: string): number => tokensOf(text, lang).filter((item) => item.kind !== 'elision').length;
