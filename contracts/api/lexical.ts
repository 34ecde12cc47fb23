import Type, { type Static } from 'typebox';
import { AnalyticsAsOf, AnalyticsAuthor } from './analytics.ts';
import { ObjectIdSchema } from './common.ts';

/**
 * The lexical pages (issue 13 §2–§3, spec part 2 §2 "Student dictionary",
 * fact sheet §7): computed on the server from the lexical read model (one row
 * per note, written by the lexical job), members only, pseudonyms applied on
 * the server.
 */

const Freshness = { asOf: Type.Optional(AnalyticsAsOf), stale: Type.Optional(Type.Boolean()) };

/** Most authors the selector offers (spec part 2 §2 "Other widgets"). */
export const maxDictionaryAuthors = 80;

export const DictionaryQuery = Type.Object(
  {
    author: Type.Optional(
      Type.String({
        pattern: '^([0-9a-f]{24}|[A-Z]{1,8})$',
        maxLength: 24,
        description: "An author's key from the selector: the author id, or the letter code a writer sees",
      }),
    ),
  },
  { additionalProperties: false },
);
export type DictionaryQuery = Static<typeof DictionaryQuery>;

export const LexicalTerm = Type.Object({ text: Type.String(), count: Type.Integer() });
export type LexicalTerm = Static<typeof LexicalTerm>;

/** A word of a cloud with its font size in px. */
export const CloudWord = Type.Object({ text: Type.String(), count: Type.Integer(), size: Type.Number() });
export type CloudWord = Static<typeof CloudWord>;

const NoteRef = { id: Type.String(), title: Type.String() };

export const DictionaryReply = Type.Object({
  ...Freshness,
  communityId: Type.String(),
  seesNames: Type.Boolean(),
  /** Active authors (the members, with or without notes), at most 80, by userName (writers: by code). */
  authors: Type.Array(AnalyticsAuthor),
  /** The author shown (null when none is chosen or none exists). */
  author: Type.Union([AnalyticsAuthor, Type.Null()]),
  notes: Type.Integer(),
  words: Type.Integer(),
  /** The author's words (3 to 20 letters, stop words out), most frequent first. */
  terms: Type.Array(LexicalTerm),
  /** The 21 key concepts in the fact sheet's order, with their counts and the notes holding them (with the sentences). */
  concepts: Type.Array(
    Type.Object({
      id: Type.String(),
      label: Type.String(),
      count: Type.Integer(),
      notes: Type.Array(Type.Object({ ...NoteRef, sentences: Type.Array(Type.String()) })),
    }),
  ),
  /** The author's notes that speak of a key concept, with the concepts' ids. */
  classified: Type.Array(Type.Object({ ...NoteRef, concepts: Type.Array(Type.String()) })),
  /** The word cloud's words (top 100, 10–50 px for the 500×500 cloud). */
  cloud: Type.Array(CloudWord),
  /**
   * The scaffold supports used in the author's notes (issue 13 §1 "supports used"): how many times each is
   * inserted and in how many notes, most used first; `scaffoldTitle` is '' when no registered scaffold holds it.
   */
  supports: Type.Array(
    Type.Object({ id: Type.String(), title: Type.String(), scaffoldTitle: Type.String(), count: Type.Integer(), notes: Type.Integer() }),
  ),
});
export type DictionaryReply = Static<typeof DictionaryReply>;

export const ViewIdParams = Type.Object({ viewId: ObjectIdSchema });
export type ViewIdParams = Static<typeof ViewIdParams>;

export const WordCloudReply = Type.Object({
  ...Freshness,
  communityId: Type.String(),
  viewId: Type.String(),
  viewTitle: Type.String(),
  notes: Type.Integer(),
  /** The view's top 100 words, sized linearly 0..max → 10..100 px (layout 1000×1000). */
  words: Type.Array(CloudWord),
});
export type WordCloudReply = Static<typeof WordCloudReply>;
