import Type, { type Static } from 'typebox';

/**
 * Analytics pages (issue 12, spec part 2 §2, fact sheet §7): one route per
 * page, computed on the server from the analytics read models, authorised on
 * the server, pseudonyms applied on the server.
 */

const idList = Type.String({
  pattern: '^[0-9a-f]{24}(,[0-9a-f]{24}){0,79}$',
  maxLength: 2000,
  description: 'Comma-separated 24-hex ids (at most 80, as the selectors offer)',
});
const date = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, description: 'UTC date YYYY-MM-DD, included' });

/** The statistics page's filters (its date range defaults to the school year, 15 Aug–30 Jun). */
export const StatsQuery = Type.Object(
  {
    views: Type.Optional(idList),
    /** Managers and admins only (the spec's author selector is theirs). */
    authors: Type.Optional(idList),
    from: Type.Optional(date),
    to: Type.Optional(date),
    /** Query tokens: only contributions whose search text (title, text, keywords) holds every word, case-insensitive. */
    words: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type StatsQuery = Static<typeof StatsQuery>;

/** Longest range one request may ask for (a school year is 320 days). */
export const maxStatsRangeDays = 800;

const CommunityVsMe = { community: Type.Integer(), me: Type.Integer() };

/**
 * An author as the viewer may see them: managers and admins get ids and
 * names; a writer gets their own entry by name and letter codes (A…Z, AA …)
 * for everybody else, without ids.
 */
export const AnalyticsAuthor = Type.Object({
  key: Type.String({ description: "The author id, or the letter code when the viewer may not see the author's name" }),
  label: Type.String(),
  me: Type.Boolean(),
});
export type AnalyticsAuthor = Static<typeof AnalyticsAuthor>;

export const StatsReply = Type.Object({
  communityId: Type.String(),
  range: Type.Object({ from: Type.String(), to: Type.String() }),
  /** The range was not asked for: the current school year. */
  defaultRange: Type.Boolean(),
  /** Whether the viewer sees names (manager or admin) and may filter by author. */
  seesNames: Type.Boolean(),
  /** Contribution types counted. */
  types: Type.Array(Type.String()),
  total: Type.Object(CommunityVsMe),
  perDay: Type.Array(Type.Object({ day: Type.String(), ...CommunityVsMe })),
  /** Sunday … Saturday. */
  weekdays: Type.Object({ community: Type.Array(Type.Integer()), me: Type.Array(Type.Integer()) }),
  perYear: Type.Array(Type.Object({ year: Type.String(), ...CommunityVsMe })),
  perWeek: Type.Array(Type.Object({ week: Type.String(), ...CommunityVsMe })),
  byAuthor: Type.Array(Type.Object({ author: AnalyticsAuthor, count: Type.Integer() })),
  scaffolds: Type.Array(
    Type.Object({
      scaffoldId: Type.String(),
      title: Type.String(),
      supports: Type.Array(Type.Object({ supportId: Type.String(), title: Type.String(), ...CommunityVsMe })),
    }),
  ),
});
export type StatsReply = Static<typeof StatsReply>;
