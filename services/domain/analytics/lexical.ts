import { countWords } from '../../../contracts/noteSchema.ts';
import {
  addTermCounts,
  atomKeysOfAtoms,
  atomsOf,
  countTokenTerms,
  findPhrases,
  keyConcepts,
  normalise,
  notePlainText,
  tokensOfAtoms,
  topTerms,
  type TermCounts,
} from '../text/index.ts';

/**
 * Lexical statistics (issue 13 §1–§3): pure computation over the text
 * pipeline (services/domain/text). One row per note — its word count, its
 * term counts and the key-concept phrases it holds with their sentences — is
 * what the lexical job stores; an author's or a view's figures are sums of
 * its notes' rows (`sumLexical`), never a second walk of the texts, so an
 * edited note costs one row.
 */

/** A key concept found in a note: how often, and the sentences holding it. */
export type NotePhrase = { id: string; count: number; sentences: string[] };

/** What the lexical job keeps of one note. */
export type NoteLexical = {
  /** Words written, counted as the editor counts them (`countWords`: "l'eau" is one word; one pass of a regex, no segmenter). */
  words: number;
  /** Term counts, stop words out (`countTerms`, default options). */
  terms: TermCounts;
  /** The key concepts found (count > 0 only), in the concepts' order. */
  phrases: NotePhrase[];
  /** Its words' keys, sentence by sentence (`atomKeysOf`): what the lexical analysis counts a lexicon in, without reading the text again. */
  atomKeys: string;
};

/** The lexical statistics of a note (its body's plain text, quotes of other notes left out). */
export const noteLexical = (note: { type?: unknown; data?: unknown }, lang?: string): NoteLexical => {
  const text = notePlainText(note, { quotes: false });
  if (text.trim().length === 0) return { words: 0, terms: {}, phrases: [], atomKeys: '' };
  const options = lang ? { lang } : {};
  // The words are segmented once: the term counts and the lexical analysis' keys are both made of these atoms.
  const normal = normalise(text);
  const atoms = atomsOf(normal, lang);
  return {
    words: countWords(text),
    terms: countTokenTerms(tokensOfAtoms(normal, atoms, lang), options),
    phrases: findPhrases(text, options)
      .filter((match) => match.count > 0)
      .map(({ id, count, sentences }) => ({ id, count, sentences })),
    atomKeys: atomKeysOfAtoms(normal, atoms, lang),
  };
};

/** A note's row as the sums read it. */
export type LexicalNoteRow = NoteLexical & { id: string; title: string };

export type ConceptCount = { id: string; label: string; count: number; notes: { id: string; title: string; sentences: string[] }[] };

export type LexicalSummary = {
  notes: number;
  words: number;
  terms: TermCounts;
  /** The 21 key concepts in their order, each with its count and the notes holding it (with their sentences). */
  concepts: ConceptCount[];
  /** Per note (in the given order), the ids of the concepts it holds: notes classified by key concept. */
  classified: { id: string; title: string; concepts: string[] }[];
};

/** The sum of some notes' rows (an author's, a view's). */
export const sumLexical = (rows: readonly LexicalNoteRow[]): LexicalSummary => {
  const terms: TermCounts = {};
  const byId = new Map<string, ConceptCount>(keyConcepts.map(({ id, label }) => [id, { id, label, count: 0, notes: [] }]));
  let words = 0;
  const classified: LexicalSummary['classified'] = [];
  for (const row of rows) {
    words += row.words;
    addTermCounts(terms, row.terms);
    for (const phrase of row.phrases) {
      const concept = byId.get(phrase.id);
      if (!concept) continue;
      concept.count += phrase.count;
      concept.notes.push({ id: row.id, title: row.title, sentences: phrase.sentences });
    }
    if (row.phrases.length > 0) classified.push({ id: row.id, title: row.title, concepts: row.phrases.map((p) => p.id) });
  }
  return { notes: rows.length, words, terms, concepts: [...byId.values()], classified };
};

export type CloudWord = { text: string; count: number; size: number };

/** Font size of a count, linear from 0..max to min..max px (the original's word cloud: 10..100). */
export const cloudSize = (count: number, maxCount: number, minPx = 10, maxPx = 100): number =>
  maxCount <= 0 ? minPx : Math.round(minPx + ((maxPx - minPx) * Math.max(0, count)) / maxCount);

/** The `limit` most frequent terms whose length fits, with their font sizes. */
export const cloudWords = (
  terms: TermCounts,
  options: { limit?: number; minLength?: number; maxLength?: number; minPx?: number; maxPx?: number } = {},
): CloudWord[] => {
  const min = options.minLength ?? 0;
  const max = options.maxLength ?? Number.POSITIVE_INFINITY;
  const top = topTerms(terms)
    .filter(({ term }) => [...term].length >= min && [...term].length <= max)
    .slice(0, options.limit ?? 100);
  const maxCount = top[0]?.count ?? 0;
  return top.map(({ term, count }) => ({ text: term, count, size: cloudSize(count, maxCount, options.minPx, options.maxPx) }));
};
