import Type, { type Static } from 'typebox';
import { AnalyticsAsOf, AnalyticsAuthor } from './analytics.ts';
import { ObjectIdSchema } from './common.ts';

/**
 * The scaffold manager and the scaffold support tracker (issue 13 §5 and §6,
 * spec part 2 §2). The manager's changes are commands on the community's
 * stream (registered list, order) and on the scaffolds' and supports' own
 * contribution streams (title, `contains` links with `data.order`).
 */

/** A non-blank title (an empty one is ignored by the page, refused here with 400 naming `title`). */
const Title = Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' });

export const ScaffoldParams = Type.Object({ communityId: ObjectIdSchema, scaffoldId: ObjectIdSchema });
export type ScaffoldParams = Static<typeof ScaffoldParams>;
export const SupportParams = Type.Object({ communityId: ObjectIdSchema, scaffoldId: ObjectIdSchema, supportId: ObjectIdSchema });
export type SupportParams = Static<typeof SupportParams>;

/** Add a scaffold (registered at the end) or a support (at the end of its scaffold). */
export const TitleBody = Type.Object({ title: Title }, { additionalProperties: false });
export type TitleBody = Static<typeof TitleBody>;

/** Save-order: every registered scaffold, once, in the new order. */
export const ScaffoldOrderBody = Type.Object(
  { scaffoldIds: Type.Array(ObjectIdSchema, { maxItems: 200, uniqueItems: true }) },
  { additionalProperties: false },
);
export type ScaffoldOrderBody = Static<typeof ScaffoldOrderBody>;

/** Every support of the scaffold, once, in the new order. */
export const SupportOrderBody = Type.Object(
  { supportIds: Type.Array(ObjectIdSchema, { maxItems: 200, uniqueItems: true }) },
  { additionalProperties: false },
);
export type SupportOrderBody = Static<typeof SupportOrderBody>;

/** The scaffold manager's page: registered scaffolds with their supports, and where its links go. */
export const ScaffoldManagerReply = Type.Object({
  communityId: ObjectIdSchema,
  /** The root context (the original's "open the root context"). */
  rootContextId: ObjectIdSchema,
  /** Whether the caller may change scaffolds (managers and admins); the server checks again on every change. */
  mayManage: Type.Boolean(),
  scaffolds: Type.Array(
    Type.Object({
      _id: ObjectIdSchema,
      title: Type.String(),
      /** Linked by a `uses` link of a context or view (offered by the editor): it cannot be deleted. */
      used: Type.Boolean(),
      supports: Type.Array(Type.Object({ _id: ObjectIdSchema, title: Type.String(), order: Type.Number() })),
    }),
  ),
});
export type ScaffoldManagerReply = Static<typeof ScaffoldManagerReply>;

const supportIdList = Type.String({
  pattern: '^[0-9a-f]{24}(,[0-9a-f]{24}){0,199}$',
  maxLength: 5000,
  description: 'Comma-separated 24-hex support ids (at most 200)',
});
const idList = Type.String({
  pattern: '^[0-9a-f]{24}(,[0-9a-f]{24}){0,79}$',
  maxLength: 2000,
  description: 'Comma-separated 24-hex ids (at most 80, as the selectors offer)',
});
const date = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, description: 'UTC date YYYY-MM-DD, included' });

/** The tracker's search: supports chosen (required), then the same filters as the statistics page. */
export const TrackerQuery = Type.Object(
  {
    supports: supportIdList,
    views: Type.Optional(idList),
    /** Managers and admins only. */
    authors: Type.Optional(idList),
    from: Type.Optional(date),
    to: Type.Optional(date),
    words: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type TrackerQuery = Static<typeof TrackerQuery>;

export const TrackerReply = Type.Object({
  communityId: ObjectIdSchema,
  asOf: AnalyticsAsOf,
  seesNames: Type.Boolean(),
  /** The chosen supports with their usage (how many times inserted in the notes found), most used first. */
  supports: Type.Array(
    Type.Object({
      supportId: ObjectIdSchema,
      title: Type.String(),
      scaffoldId: ObjectIdSchema,
      scaffoldTitle: Type.String(),
      total: Type.Integer(),
      /** In how many notes. */
      notes: Type.Integer(),
    }),
  ),
  /** Notes (readable by the caller, matching the filters) that use at least one chosen support, newest first. */
  notes: Type.Array(
    Type.Object({
      _id: ObjectIdSchema,
      title: Type.String(),
      author: AnalyticsAuthor,
      created: Type.String(),
      /** Views it is placed in (the first is where a rise-above takes its position from). */
      views: Type.Array(ObjectIdSchema),
      /** Support id → how many times it is used in the note (chosen supports only). */
      usage: Type.Record(Type.String(), Type.Integer()),
    }),
  ),
  /** Notes matching the view, author and date filters, whether they use a support or not. */
  searched: Type.Integer(),
});
export type TrackerReply = Static<typeof TrackerReply>;
