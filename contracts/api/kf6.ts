import Type, { type Static } from 'typebox';
import { ObjectIdSchema } from './common.ts';

/**
 * The Knowledge Forum 6 dialect (issue 15): the original's request and reply
 * shapes on Buildon's paths, beside Buildon's own. Every schema here is
 * additive: a route that accepts a KF6 body still accepts Buildon's, and a
 * reply that carries the original's fields keeps Buildon's.
 */

const Permission = Type.Union([Type.Literal('private'), Type.Literal('protected'), Type.Literal('public')]);

/** A KF6 number sent as text (`"10000"`, as KBDeX does) or as a number. */
export const Kf6IntegerSchema = Type.Union([
  Type.Integer({ minimum: 1, maximum: 100_000 }),
  Type.String({ pattern: '^[0-9]{1,6}$', description: 'a whole number written as text' }),
]);

/**
 * `POST /api/contributions/{communityId}` as the original's client sends it:
 * the whole object (`authors` with the caller's author id, `status`,
 * `permission`, `data.body` HTML for notes). Fields the original sends but
 * Buildon computes (`text4search`, `wordCount`, `created`, …) are accepted and
 * ignored.
 */
export const Kf6ContributionBody = Type.Object(
  {
    communityId: Type.Optional(ObjectIdSchema),
    type: Type.Union([
      Type.Literal('Note'),
      Type.Literal('Drawing'),
      Type.Literal('Attachment'),
      Type.Literal('View'),
      Type.Literal('Context'),
    ]),
    title: Type.Optional(Type.String({ maxLength: 500 })),
    /** The original requires the caller's author id here; others become co-authors (a context's: managers). */
    authors: Type.Array(ObjectIdSchema, { minItems: 1, maxItems: 50 }),
    status: Type.Optional(Type.Union([Type.Literal('unsaved'), Type.Literal('active')])),
    permission: Type.Optional(Permission),
    group: Type.Optional(Type.Union([ObjectIdSchema, Type.Null()])),
    data: Type.Optional(
      Type.Object(
        {
          /** Notes: TinyMCE HTML, sanitised and parsed into the note schema. */
          body: Type.Optional(Type.String({ maxLength: 2_000_000 })),
          svg: Type.Optional(Type.String({ maxLength: 2_000_000 })),
        },
        { additionalProperties: true },
      ),
    ),
    /** The parent of a build-on. */
    buildson: Type.Optional(ObjectIdSchema),
    keywords: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 })),
  },
  { additionalProperties: true },
);
export type Kf6ContributionBody = Static<typeof Kf6ContributionBody>;

/**
 * `POST /api/contexts/{communityId}` as the original's client sends it after
 * creating a community: `{title, type: 'Context', authors: <managers>,
 * permission: 'protected', data: {}}`. `data` is accepted and not taken (a new
 * context holds Buildon's default settings).
 */
export const Kf6ContextBody = Type.Object(
  {
    communityId: Type.Optional(ObjectIdSchema),
    type: Type.Optional(Type.Literal('Context')),
    title: Type.Optional(Type.String({ maxLength: 500 })),
    authors: Type.Optional(Type.Array(ObjectIdSchema, { maxItems: 50 })),
    permission: Type.Optional(Permission),
    data: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: true },
);
export type Kf6ContextBody = Static<typeof Kf6ContextBody>;

/** A contribution as the original's server answers it (KObject: the document itself, `data.body` as HTML). */
export const Kf6ContributionFields = {
  _id: ObjectIdSchema,
  communityId: ObjectIdSchema,
  type: Type.String(),
  title: Type.String(),
  status: Type.String(),
  permission: Type.String(),
  authors: Type.Array(ObjectIdSchema),
  group: Type.Union([ObjectIdSchema, Type.Null()]),
  created: Type.String(),
  modified: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  keywords: Type.Array(Type.String()),
  wordCount: Type.Integer(),
  text4search: Type.String(),
  langInNote: Type.Array(Type.String()),
  /** Notes: `data.body` again, for tools (KBDeX) that read it at the top. */
  body: Type.Optional(Type.String()),
};
export const Kf6ContributionSchema = Type.Object(Kf6ContributionFields);
export type Kf6Contribution = Static<typeof Kf6ContributionSchema>;

/**
 * The search as the original's tools send it (KBDeX's "Import › From KF6",
 * scripts): `pagesize`/`page` may be text, `searchType` is `{type}`, unknown
 * legacy fields (`SearchV2`, `search`) are ignored. The reply is then the
 * original's: a plain list of whole contributions.
 */
export const Kf6SearchBody = Type.Object(
  {
    query: Type.Object(
      {
        communityId: Type.Optional(ObjectIdSchema),
        words: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })])),
        authors: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 80 })),
        privateMode: Type.Optional(Type.Boolean()),
        viewIds: Type.Optional(Type.Array(ObjectIdSchema, { maxItems: 80 })),
        from: Type.Optional(Type.String({ maxLength: 40 })),
        to: Type.Optional(Type.String({ maxLength: 40 })),
        searchMode: Type.Optional(Type.String({ maxLength: 20 })),
        type: Type.Optional(
          Type.Union([
            Type.Literal('Note'),
            Type.Literal('View'),
            Type.Literal('Annotation'),
            Type.Literal('Drawing'),
            Type.Literal('Attachment'),
          ]),
        ),
        scaffold: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 80 })),
        pagesize: Type.Optional(Kf6IntegerSchema),
        page: Type.Optional(Kf6IntegerSchema),
        rangeOfID: Type.Optional(Type.Array(ObjectIdSchema, { maxItems: 100_000 })),
      },
      { additionalProperties: true },
    ),
    searchType: Type.Optional(Type.Object({ type: Type.String({ maxLength: 20 }) }, { additionalProperties: true })),
  },
  { additionalProperties: true },
);
export type Kf6SearchBody = Static<typeof Kf6SearchBody>;

/** The largest KF6 search page (the original's catalogue asks for 100,000). */
export const kf6MaxPageSize = 100_000;

/** KF6's `_community` cache on a registration (KAuthor). */
export const Kf6CommunityCacheSchema = Type.Object({
  _id: ObjectIdSchema,
  title: Type.String(),
  created: Type.String(),
  archived: Type.Boolean(),
});

/** KF6's `_from`/`_to` link caches (fact sheet §1.5), of ends the caller may read. */
export const Kf6LinkCacheSchema = Type.Object({
  _id: ObjectIdSchema,
  type: Type.String(),
  title: Type.String(),
  status: Type.String(),
  created: Type.Optional(Type.String()),
  modified: Type.Optional(Type.String()),
  authors: Type.Array(ObjectIdSchema),
  group: Type.Optional(Type.Union([ObjectIdSchema, Type.Null()])),
  permission: Type.Optional(Type.String()),
  data: Type.Optional(Type.Record(Type.String(), Type.String())),
  missing: Type.Optional(Type.Boolean()),
});
export type Kf6LinkCache = Static<typeof Kf6LinkCacheSchema>;

/**
 * `PUT /api/objects/{communityId}/{id}` as the original's client sends it:
 * the whole object, no `revision` (saved last-writer-wins, still as events).
 * `data` is required: it tells this shape from a Buildon save missing its revision.
 */
export const Kf6SaveBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 500 })),
    status: Type.Optional(Type.Union([Type.Literal('unsaved'), Type.Literal('active'), Type.Literal('inactive')])),
    permission: Type.Optional(Permission),
    group: Type.Optional(Type.Union([ObjectIdSchema, Type.Null()])),
    keywords: Type.Optional(
      Type.Union([Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 }), Type.String({ maxLength: 5_000 })]),
    ),
    data: Type.Object(
      {
        body: Type.Optional(Type.String({ maxLength: 2_000_000 })),
        svg: Type.Optional(Type.String({ maxLength: 2_000_000 })),
      },
      { additionalProperties: true },
    ),
  },
  { additionalProperties: true },
);
export type Kf6SaveBody = Static<typeof Kf6SaveBody>;
