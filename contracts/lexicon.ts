/**
 * The lexical analysis page's lexicon (issue 13 §4, fact sheet §7 "Lexical
 * analysis"): the text a teacher types, made a list of terms the same way on
 * the page (as it is typed) and on the server (what is counted). The fact
 * sheet's rule: new lines become spaces, quotes and punctuation are removed,
 * a trailing ';' is dropped, spaces are collapsed, lower case, split at ';',
 * trimmed, duplicates dropped. Kept beyond the original: the apostrophe
 * inside a word ("l'eau") and the hyphen ("auto-organisation"), which the
 * counting treats as the pipeline does (services/domain/text/lexicon.ts).
 * Nothing here becomes a regular expression (fact sheet §12).
 */

/**
 * Most characters of the typed lexicon (it travels in a GET's query string: 1,500 characters of Chinese,
 * percent-encoded, stay under Node's 16 KiB of request headers), and most terms it may hold.
 */
export const maxLexiconLength = 1500;
export const maxLexiconTerms = 100;
/** Longest term kept, in characters (longer ones are cut). */
export const maxLexiconTermLength = 100;

const lineBreaks = /[\r\n\u2028\u2029]+/g;
const typographicApostrophes = /[\u2019\u2018\u02BC\u2032]/g;
const quotes = /["\u201C\u201D\u201E\u201F\u00AB\u00BB\u2039\u203A`]/g;
// An apostrophe not between two letters or digits is a quote.
const strayApostrophes = /(^|[^\p{L}\p{M}\p{N}])'+|'+(?=$|[^\p{L}\p{M}\p{N}])/gu;
// Everything but letters, marks, digits, spaces and the three signs kept (';' separates, "'" and '-' join).
const punctuation = /[^\p{L}\p{M}\p{N}\s;'-]/gu;
const edgeHyphens = /^-+|-+$/g;

/** A term's comparison key for removing duplicates: no case, no accents, letters and digits only. */
export const lexiconKey = (term: string): string =>
  term
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** The terms of a typed lexicon, in the order typed, each once (see above); empty when nothing is left. */
export const lexiconTermsOf = (text: string): string[] => {
  const cleaned = text
    .normalize('NFC')
    .replace(lineBreaks, ' ')
    .replace(typographicApostrophes, "'")
    .replace(quotes, '')
    .replace(strayApostrophes, '$1')
    .replace(punctuation, '')
    .toLowerCase();
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const piece of cleaned.split(';')) {
    const term = piece.replace(/\s+/g, ' ').trim().replace(edgeHyphens, '').trim().slice(0, maxLexiconTermLength).trim();
    const key = lexiconKey(term);
    if (key.length === 0 || seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
  }
  return terms;
};
