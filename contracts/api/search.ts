import Type, { type Static } from 'typebox';
import { ObjectIdSchema } from './common.ts';

/**
 * Search of a community's contributions (spec part 2 §Search, §7; fact sheet
 * §5): `POST /api/contributions/{communityId}/search/count` and
 * `POST /api/contributions/{communityId}/search`. Both take the same query;
 * the server keeps only active contributions of that community that the
 * caller may read (never the original's unfiltered `rangeOfID` lookup).
 */

/** The search page's types (fact sheet §5): Everything (`main_search`), Notes, Annotation, Views. */
export const searchTypes = ['main_search', 'notes', 'annotation', 'view'] as const;
export type SearchType = (typeof searchTypes)[number];

/** Contribution types searched per search type. */
export const typesOfSearch: Record<SearchType, readonly SearchableType[]> = {
  main_search: ['Note', 'View'],
  notes: ['Note'],
  annotation: ['Annotation'],
  view: ['View'],
};

/** Contribution types a query may name in `type`. */
export const searchableTypes = ['Note', 'View', 'Annotation', 'Drawing', 'Attachment'] as const;
export type SearchableType = (typeof searchableTypes)[number];

/** Default and largest page size (spec part 2 "Paging": search page size 50). */
export const SearchPaging = { defaultPageSize: 50, maxPageSize: 1000 } as const;

/**
 * A drag of search results (fact sheet §10.4 `objectIds:`): the data is a JSON
 * array of contribution ids. The view canvas places a ref to each one.
 */
export const contributionIdsDragType = 'application/x-buildon-contribution-ids';

const Name = Type.String({ minLength: 1, maxLength: 100 });

export const SearchQuerySchema = Type.Object(
  {
    /** Optional, as in the original's query; must be the community of the path. */
    communityId: Type.Optional(ObjectIdSchema),
    /**
     * Words (one string split on spaces, or a list): every word must occur, in any order, accents and case
     * ignored; a word finds the words it begins, `"…"` a phrase. Tokens typed among them (`-author:ann`,
     * `-view:`, `-from:`, `-to:`, `-type:`, `-scaffold:`, `-searchMode:`, `-private`) count as their fields.
     */
    words: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })])),
    /** Member user names (or author ids); unknown → 400 "author:{name} not found". */
    authors: Type.Optional(Type.Array(Name, { maxItems: 80 })),
    /** Only the caller's own contributions. */
    privateMode: Type.Optional(Type.Boolean()),
    /** Only contributions placed (any link) in these views. */
    viewIds: Type.Optional(Type.Array(ObjectIdSchema, { maxItems: 80 })),
    /** Created on or after / on or before (ISO 8601, inclusive). */
    from: Type.Optional(Type.String({ maxLength: 40 })),
    to: Type.Optional(Type.String({ maxLength: 40 })),
    /** `title`: match words against the title only. */
    searchMode: Type.Optional(Type.Union([Type.Literal('title'), Type.Literal('text'), Type.Literal('')])),
    /** Narrows the search type to one contribution type. */
    type: Type.Optional(
      Type.Union([
        Type.Literal('Note'),
        Type.Literal('View'),
        Type.Literal('Annotation'),
        Type.Literal('Drawing'),
        Type.Literal('Attachment'),
      ]),
    ),
    /** Support titles (spaces ignored): only notes using one of these supports. */
    scaffold: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 80 })),
    /** Page size, 50 by default; larger values are capped at `SearchPaging.maxPageSize`. */
    pagesize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    /** 1-based page. */
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    /** Adds each result's `extra` (keywords, supports, views, first build-on target): the detailed table and its CSV. */
    extraInfo: Type.Optional(Type.Boolean()),
    /** Only these ids (the original's second call); still filtered like every search. */
    rangeOfID: Type.Optional(Type.Array(ObjectIdSchema, { maxItems: 1000 })),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuerySchema>;

const SearchTypeSchema = Type.Union([Type.Literal('main_search'), Type.Literal('notes'), Type.Literal('annotation'), Type.Literal('view')]);

export const SearchCountBody = Type.Object(
  { query: SearchQuerySchema, searchType: Type.Optional(SearchTypeSchema) },
  { additionalProperties: false },
);
export type SearchCountBody = Static<typeof SearchCountBody>;

export const SearchBody = Type.Object(
  { query: SearchQuerySchema, searchType: Type.Optional(SearchTypeSchema) },
  { additionalProperties: false },
);
export type SearchBody = Static<typeof SearchBody>;

export const SearchCountReply = Type.Object({
  count: Type.Integer(),
  /** The matching ids, newest first (ids only, never documents). */
  filteredObjectIDs: Type.Array(ObjectIdSchema),
});
export type SearchCountReply = Static<typeof SearchCountReply>;

const TitledSchema = Type.Object({ _id: ObjectIdSchema, title: Type.String() });

/** The detailed table's columns (fact sheet §5), for results the caller may read; what they may not read is left out. */
export const SearchExtraInfoSchema = Type.Object({
  keywords: Type.Array(Type.String()),
  /** Titles of the scaffold supports the contribution uses. */
  scaffolds: Type.Array(Type.String()),
  /** The views it is placed in. */
  views: Type.Array(TitledSchema),
  /** The first contribution it builds on. */
  buildsOn: Type.Union([TitledSchema, Type.Null()]),
  /** Who wrote a version of it (its creation and every save), names sorted, each once (fact sheet §5 "editors"). */
  editors: Type.Array(Type.String()),
  /** Who opened it (the read records), names sorted, each once (fact sheet §5 "readers"). */
  readers: Type.Array(Type.String()),
});
export type SearchExtraInfo = Static<typeof SearchExtraInfoSchema>;

export const SearchResultSchema = Type.Object({
  _id: ObjectIdSchema,
  type: Type.String(),
  title: Type.String(),
  permission: Type.String(),
  authors: Type.Array(ObjectIdSchema),
  /** "First Last" (or the user name) of each author, in order. */
  authorNames: Type.Array(Type.String()),
  created: Type.String(),
  modified: Type.String(),
  /** Plain text around the first matched word (at most 240 characters), for the results table. */
  excerpt: Type.String(),
  /** The caller is one of its authors. */
  byMe: Type.Boolean(),
  /**
   * Some twenty words of the body from the full-text index, around the first
   * match, the matched words marked (`hit`). Plain text parts, never markup:
   * show each as text (a `<mark>` around hits). Empty when no words were given.
   */
  snippet: Type.Optional(Type.Array(Type.Object({ text: Type.String(), hit: Type.Boolean() }))),
  /** The rank of a match when words were given (higher is better; results come best first). */
  score: Type.Optional(Type.Number()),
  /** With `query.extraInfo` only. */
  extra: Type.Optional(SearchExtraInfoSchema),
  /** A manager's comment on it (PUT /api/objects/{communityId}/{id}/savecomments); '' when none. Read-only to pupils. */
  comments: Type.Optional(Type.String()),
});
export type SearchResult = Static<typeof SearchResultSchema>;

export const SearchPagerSchema = Type.Object({ page: Type.Integer(), pagesize: Type.Integer(), total: Type.Integer() });
export type SearchPager = Static<typeof SearchPagerSchema>;

export const SearchReply = Type.Object({
  results: Type.Array(SearchResultSchema),
  pager: SearchPagerSchema,
  /** The caller may edit the results' comments (a manager of the community or an admin). */
  canComment: Type.Optional(Type.Boolean()),
});
export type SearchReply = Static<typeof SearchReply>;

/** The "students" type's largest list (spec part 2 §Search: the type list is limited to 80 items). */
export const studentsCap = 80;

/**
 * POST /api/contributions/{communityId}/search/students: the community's
 * members whose name (as the caller may see it) holds every word, with the
 * number of notes of theirs the caller may read. A writer sees their own
 * name and the analytics' letter codes for the others (fact sheet §7).
 */
export const StudentSearchBody = Type.Object({ words: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false });
export type StudentSearchBody = Static<typeof StudentSearchBody>;

export const StudentSchema = Type.Object({
  /** The author id, or the letter code when the caller may not see the name. */
  key: Type.String(),
  label: Type.String(),
  me: Type.Boolean(),
  /** Active notes of theirs the caller may read. */
  notes: Type.Integer(),
});
export type Student = Static<typeof StudentSchema>;

export const StudentSearchReply = Type.Object({
  students: Type.Array(StudentSchema, { maxItems: studentsCap }),
  /** How many matched (the list stops at `studentsCap`). */
  total: Type.Integer(),
});
export type StudentSearchReply = Static<typeof StudentSearchReply>;
