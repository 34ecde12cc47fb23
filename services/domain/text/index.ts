/**
 * The text pipeline (issue 13 §1), once, on the server: pure functions, no I/O.
 * A note's plain text from its ProseMirror body → normalised (NFC, spaces,
 * apostrophes) → tokens (`Intl.Segmenter`) → stop words out (`stopwords-iso`)
 * → optional light stems → term counts; and the 21 key-concept phrases found
 * ignoring case, accents and hyphens, with their sentences.
 */
export { bodyPlainText, noteLanguageTexts, notePlainText, type PlainTextOptions } from './plainText.ts';
export { baseLanguage, foldCase, localeOf, matchKey, normalise, sameKey } from './normalise.ts';
export { atomsOf, segmenterFor, tokensOf, tokensOfAtoms, wordCountOf, wordsOf, type Atom, type Token, type TokenKind } from './tokens.ts';
export { defaultStopWordLanguages, isStopWord, stopWordKeysOf, stopWordLanguages, stopWordTest } from './stopwords.ts';
export { hasStemmer, stem } from './stem.ts';
export { keyConcepts, type KeyConcept } from './keyConcepts.ts';
export { conceptsIn, findPhrases, sentencesOf, type PhraseMatch, type PhraseOptions } from './phrases.ts';
export {
  addTermCounts,
  countTerms,
  countTokenTerms,
  termFrequencies,
  topTerms,
  type Term,
  type TermCounts,
  type TermOptions,
} from './terms.ts';
export { atomKeysOf, atomKeysOfAtoms, countableOf, countTarget, countTermsIn, termTarget, type CountableText } from './lexicon.ts';
