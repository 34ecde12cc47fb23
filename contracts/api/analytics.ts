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

/**
 * How fresh an analytics answer is (issue 12: heavier aggregates are jobs). `asOf` is the last
 * event of the community the answer covers (its global position and time) and when it was computed;
 * `stale` says that newer events exist (a job is on its way, or a manager may ask for a refresh).
 */
export const AnalyticsAsOf = Type.Object({
  position: Type.Integer({ minimum: 0 }),
  /** When that event happened (null: the community has no analytics event yet). */
  time: Type.Union([Type.String(), Type.Null()]),
  computedAt: Type.String(),
});
export type AnalyticsAsOf = Static<typeof AnalyticsAsOf>;
/** Always sent by the server; optional in the type so that replies built by hand (web fixtures) need not carry them. */
const Freshness = { asOf: Type.Optional(AnalyticsAsOf), stale: Type.Optional(Type.Boolean()) };

/** POST /api/analytics/{communityId}/refresh: the job recomputing the community's aggregates. */
export const AnalyticsRefreshReply = Type.Object({ jobId: Type.String() });
export type AnalyticsRefreshReply = Static<typeof AnalyticsRefreshReply>;

export const AnalyticsJobParams = Type.Object({
  communityId: Type.String({ pattern: '^[0-9a-f]{24}$', maxLength: 24 }),
  jobId: Type.String({ minLength: 1, maxLength: 200 }),
});
export type AnalyticsJobParams = Static<typeof AnalyticsJobParams>;

/** An analytics job's status (the port's JobStatus, without its result). */
export const AnalyticsJobStatus = Type.Object({
  id: Type.String(),
  state: Type.String(),
  progress: Type.Number(),
  attemptsMade: Type.Integer(),
  /** The stamp the job stored, once completed. */
  asOf: Type.Optional(AnalyticsAsOf),
  failedReason: Type.Optional(Type.String()),
});
export type AnalyticsJobStatus = Static<typeof AnalyticsJobStatus>;

export const StatsReply = Type.Object({
  ...Freshness,
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

const objectId = Type.String({ pattern: '^[0-9a-f]{24}$', maxLength: 24, description: 'A 24-hex id' });

/** A date range (each missing end taken from the current school year, as on the statistics page). */
const RangeQuery = { from: Type.Optional(date), to: Type.Optional(date) };

/** The social-interaction page (s2viz): reads per day in the range; chords and network over every read. */
export const S2vizQuery = Type.Object(RangeQuery, { additionalProperties: false });
export type S2vizQuery = Static<typeof S2vizQuery>;

const Matrix = Type.Array(Type.Array(Type.Number()), { description: 'Square, in the order of `nodes`' });

export const S2vizReply = Type.Object({
  ...Freshness,
  communityId: Type.String(),
  range: Type.Object({ from: Type.String(), to: Type.String() }),
  defaultRange: Type.Boolean(),
  seesNames: Type.Boolean(),
  /** Every day of the range: reads that day (chart "Lecture", "Visites par jour"). */
  readsPerDay: Type.Array(Type.Object({ day: Type.String(), reads: Type.Integer() })),
  /** Everybody in a read (reader or first author of what was read), in first-seen order. */
  nodes: Type.Array(AnalyticsAuthor),
  /** Chords: "reading" (reader → author 0.1, author → reader 1) and "being read" (1 and 0.1); self-reads on the diagonal. */
  chords: Type.Object({ reading: Matrix, beingRead: Matrix }),
  network: Type.Object({
    /** Reader → first author, weight = reads; self-reads left out. */
    edges: Type.Array(Type.Object({ from: Type.String(), to: Type.String(), weight: Type.Integer() })),
    /** Each pair once, weight = reads both ways (the original counted one too few). */
    undirected: Type.Array(Type.Object({ a: Type.String(), b: Type.String(), weight: Type.Integer() })),
    undirectedCount: Type.Integer(),
  }),
});
export type S2vizReply = Static<typeof S2vizReply>;

/** The activity dashboard's filters: a range (default: the school year) and one view (none: the community). */
export const DashboardQuery = Type.Object({ ...RangeQuery, view: Type.Optional(objectId) }, { additionalProperties: false });
export type DashboardQuery = Static<typeof DashboardQuery>;

const ActionCounts = { read: Type.Integer(), modified: Type.Integer(), created: Type.Integer() };
const UserRow = Type.Object({ ...ActionCounts, total: Type.Integer() });

/** One row of the dashboard's record table. */
export const DashboardRecord = Type.Object({
  day: Type.String(),
  action: Type.Union([Type.Literal('read'), Type.Literal('modified'), Type.Literal('created')]),
  author: AnalyticsAuthor,
  contribution: Type.Union([Type.Null(), Type.Object({ id: Type.String(), title: Type.String(), type: Type.String() })]),
  count: Type.Integer(),
});
export type DashboardRecord = Static<typeof DashboardRecord>;

export const DashboardReply = Type.Object({
  ...Freshness,
  communityId: Type.String(),
  range: Type.Object({ from: Type.String(), to: Type.String() }),
  defaultRange: Type.Boolean(),
  seesNames: Type.Boolean(),
  /** The selected view's title (null: the whole community). */
  view: Type.Union([Type.Null(), Type.Object({ id: Type.String(), title: Type.String() })]),
  /** The pie: how many records of each action. */
  actions: Type.Object(ActionCounts),
  /** The view chart: records per view the viewer may read, most first; "Deleted" for a view no longer active. */
  views: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), count: Type.Integer() })),
  /** The row chart: records per actor, most first. */
  actors: Type.Array(Type.Object({ author: AnalyticsAuthor, count: Type.Integer() })),
  /** Every day of the range: Modify and Read (stacked). */
  perDay: Type.Array(Type.Object({ day: Type.String(), modified: Type.Integer(), read: Type.Integer() })),
  /**
   * The record table, newest first: one row per day, actor, contribution and action with its count
   * (at most 1000 rows). Only contributions the viewer may read now are listed, with their title;
   * `contribution` is null for one that is no longer active (the page says "Deleted", as for views).
   */
  records: Type.Array(DashboardRecord),
  recordsTruncated: Type.Boolean(),
  /** Per user, in label order; totals and averages (per user listed, 2 decimals). */
  users: Type.Array(Type.Object({ author: AnalyticsAuthor, counts: UserRow })),
  totals: UserRow,
  averages: Type.Object({ read: Type.Number(), modified: Type.Number(), created: Type.Number(), total: Type.Number() }),
});
export type DashboardReply = Static<typeof DashboardReply>;

/** The note dashboard (dashboard2): contributions created in a range (default: the school year). */
export const NoteDashboardQuery = Type.Object(RangeQuery, { additionalProperties: false });
export type NoteDashboardQuery = Static<typeof NoteDashboardQuery>;

export const NoteDashboardReply = Type.Object({
  ...Freshness,
  communityId: Type.String(),
  range: Type.Object({ from: Type.String(), to: Type.String() }),
  defaultRange: Type.Boolean(),
  seesNames: Type.Boolean(),
  total: Type.Integer(),
  /** Contributions per first author, most first. */
  byAuthor: Type.Array(Type.Object({ author: AnalyticsAuthor, count: Type.Integer() })),
  /** The type pie, in % of the total (2 decimals). */
  types: Type.Array(Type.Object({ type: Type.String(), count: Type.Integer(), percent: Type.Number() })),
  perDay: Type.Array(Type.Object({ day: Type.String(), count: Type.Integer() })),
});
export type NoteDashboardReply = Static<typeof NoteDashboardReply>;

/** The author network's filters: a range (both ends included), a group and a view. */
export const AuthorNetworkQuery = Type.Object(
  { ...RangeQuery, group: Type.Optional(objectId), view: Type.Optional(objectId) },
  { additionalProperties: false },
);
export type AuthorNetworkQuery = Static<typeof AuthorNetworkQuery>;

export const AuthorNetworkReply = Type.Object({
  ...Freshness,
  communityId: Type.String(),
  seesNames: Type.Boolean(),
  /** Authors of the kept contributions; size = contributions; radius ((s − min)/max × 20) + 8. */
  nodes: Type.Array(Type.Object({ author: AnalyticsAuthor, size: Type.Integer(), radius: Type.Number() })),
  /** Build-ons between kept authors: weight = (building author, built-on author) pairs; self-loops kept; stroke ((w − min)/max × 5) + 2. */
  edges: Type.Array(Type.Object({ from: Type.String(), to: Type.String(), weight: Type.Integer(), stroke: Type.Number() })),
});
export type AuthorNetworkReply = Static<typeof AuthorNetworkReply>;
