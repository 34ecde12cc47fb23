import Papa from 'papaparse';
import type { AnalyticsAuthor } from '../../../../contracts/api/analytics.ts';
import type { LexicalAnalysisQuery, LexicalAnalysisReply } from '../../../../contracts/api/lexicalAnalysis.ts';
import type { Chart } from '../analytics/model.ts';

/**
 * The lexical analysis page's pure part (issue 13 §4, fact sheet §7): the
 * form as the API's query, the reply as a bar chart with its table, the
 * details per note, and the CSV with the original's columns (Lexicon,
 * Frequency, In Contribution: each note as "title -- count").
 */

export type LexicalAnalysisFilters = { lexicon: string; from: string; to: string; viewIds: string[]; authorIds: string[]; query: string };

export const emptyLexicalFilters: LexicalAnalysisFilters = { lexicon: '', from: '', to: '', viewIds: [], authorIds: [], query: '' };

/** The query of GET /api/lexical/{communityId}/analysis for the form (`authorIds` are the keys the caller sees). */
export const lexicalQueryOf = (filters: LexicalAnalysisFilters): LexicalAnalysisQuery => {
  const query: LexicalAnalysisQuery = { lexicon: filters.lexicon };
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.viewIds.length > 0) query.views = filters.viewIds.join(',');
  if (filters.authorIds.length > 0) query.authors = filters.authorIds.join(',');
  const text = filters.query.trim().replace(/\s+/g, ' ');
  if (text) query.query = text;
  return query;
};

/** The query as a URL search string. */
export const lexicalSearchOf = (query: LexicalAnalysisQuery): string =>
  `?${new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string')).toString()}`;

/** A date problem found before asking the server, as the field it concerns. */
export const rangeProblemOf = (filters: Pick<LexicalAnalysisFilters, 'from' | 'to'>): 'to' | null =>
  filters.from && filters.to && filters.from > filters.to ? 'to' : null;

export type LexicalTexts = {
  chart: string;
  term: string;
  frequency: string;
  inNotes: string;
  pseudonym: (letter: string) => string;
  me: (name: string) => string;
};

/** An author as the page writes them: their name, "name (me)", or "Student A" for a writer's classmates. */
export const authorLabel = (author: AnalyticsAuthor, seesNames: boolean, texts: Pick<LexicalTexts, 'pseudonym' | 'me'>): string =>
  author.me ? texts.me(author.label) : seesNames ? author.label : texts.pseudonym(author.label);

/** The bar chart of frequency per term (most frequent first), with the numbers as its table. */
export const frequencyChart = (reply: LexicalAnalysisReply, texts: LexicalTexts): Chart => ({
  id: 'lexicon-frequency',
  title: texts.chart,
  kind: 'bar',
  series: [{ name: texts.frequency, x: reply.terms.map((term) => term.term), y: reply.terms.map((term) => term.frequency), mine: false }],
  table: {
    columns: [texts.term, texts.frequency, texts.inNotes],
    rows: reply.terms.map((term) => [term.term, term.frequency, term.notes]),
  },
  empty: reply.terms.every((term) => term.frequency === 0),
  valueTitle: texts.frequency,
  horizontal: true,
  height: Math.max(200, 28 * reply.terms.length + 60),
});

/** The notes holding a term, as the original's details wrote them: "title -- count", joined by ", ". */
export const inContribution = (reply: LexicalAnalysisReply, term: string, untitled: string): string =>
  reply.notes
    .flatMap((note) => {
      const count = note.counts.find((entry) => entry.term === term)?.count ?? 0;
      return count > 0 ? [`${note.title || untitled} -- ${count}`] : [];
    })
    .join(', ');

/** The CSV's columns, the original's (fact sheet §7). */
export const csvColumns = ['Lexicon', 'Frequency', 'In Contribution'] as const;

// A cell starting with = + - @ (or a tab, a return) would be a formula in a spreadsheet.
const safeCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The analysis as CSV: one row per term, most frequent first. */
export const lexicalCsv = (reply: LexicalAnalysisReply, untitled: string): string =>
  Papa.unparse({
    fields: [...csvColumns],
    data: reply.terms.map((term) => [safeCell(term.term), term.frequency, safeCell(inContribution(reply, term.term, untitled))]),
  });
