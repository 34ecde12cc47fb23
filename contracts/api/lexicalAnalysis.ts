import Type, { type Static } from 'typebox';
import { maxLexiconLength } from '../lexicon.ts';
import { AnalyticsAsOf, AnalyticsAuthor } from './analytics.ts';

/**
 * The lexical analysis (issue 13 §4, fact sheet §7 "Lexical analysis"):
 * `GET /api/lexical/{communityId}/analysis`. A lexicon (terms separated by
 * ';', made a list by contracts/lexicon.ts) is counted in the notes the
 * caller may read that pass the filters: whole words and phrases, ignoring
 * case, accents and hyphens (the text pipeline, never a regular expression).
 * Members of the community only; a writer sees their own name and letters for
 * classmates (the analytics rule), and filters authors by those letters.
 */

const keyList = Type.String({
  pattern: '^([0-9a-f]{24}|[A-Z]{1,8})(,([0-9a-f]{24}|[A-Z]{1,8})){0,79}$',
  maxLength: 2000,
  description: 'Comma-separated author keys as the page shows them: author ids, or the letter codes a writer sees (at most 80)',
});
const idList = Type.String({
  pattern: '^[0-9a-f]{24}(,[0-9a-f]{24}){0,79}$',
  maxLength: 2000,
  description: 'Comma-separated 24-hex view ids (at most 80, as the selectors offer)',
});
const date = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, description: 'UTC date YYYY-MM-DD, included' });

export const LexicalAnalysisQuery = Type.Object(
  {
    /** The lexicon as typed: terms (words or phrases) separated by ';'. */
    lexicon: Type.String({ maxLength: maxLexiconLength }),
    /** Notes placed in at least one of these views. */
    views: Type.Optional(idList),
    /** Notes by at least one of these authors (keys as the reply's `authors` give them). */
    authors: Type.Optional(keyList),
    from: Type.Optional(date),
    to: Type.Optional(date),
    /**
     * The search field's text (contracts/searchQueryText.ts): words every note must hold, and the
     * tokens `-view:<id>`, `-author:<userName>`, `-from:<date>`, `-to:<date>`, `-private`, `-scaffold:<support>`.
     */
    query: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type LexicalAnalysisQuery = Static<typeof LexicalAnalysisQuery>;

export const LexicalAnalysisReply = Type.Object({
  communityId: Type.String(),
  asOf: AnalyticsAsOf,
  stale: Type.Boolean(),
  seesNames: Type.Boolean(),
  /** The lexicon's terms as counted (normalised), in the order typed. */
  lexicon: Type.Array(Type.String()),
  /** The notes searched (readable, passing the filters). */
  searched: Type.Integer(),
  /** Every term with its frequency (the sum over the notes) and how many notes hold it, most frequent first. */
  terms: Type.Array(Type.Object({ term: Type.String(), frequency: Type.Integer(), notes: Type.Integer() })),
  /** The notes holding at least one term (oldest first), with each term they hold and how many times. */
  notes: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      author: AnalyticsAuthor,
      created: Type.String(),
      counts: Type.Array(Type.Object({ term: Type.String(), count: Type.Integer() })),
    }),
  ),
});
export type LexicalAnalysisReply = Static<typeof LexicalAnalysisReply>;
