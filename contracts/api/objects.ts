import Type, { type Static } from 'typebox';
import type { TypedData } from '../contributionData.ts';
import { ObjectIdSchema } from './common.ts';

/**
 * The contribution page's API (spec part 1 §2, §7): objects, note and drawing
 * saves, properties, authors, favourites, attachments, connections and
 * history. Shared by the server (route schemas) and the web client.
 */

/** The longest description (text alternative) of a drawing, image or attachment, in characters. */
export const descriptionMaxLength = 1000;

export const ContributionParams = Type.Object({ communityId: ObjectIdSchema, id: ObjectIdSchema });
export const AuthorParams = Type.Object({ communityId: ObjectIdSchema, id: ObjectIdSchema, authorId: ObjectIdSchema });
export const AtQuery = Type.Object({ at: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })) });

const Permission = Type.Union([Type.Literal('private'), Type.Literal('protected'), Type.Literal('public')]);
const Status = Type.Union([Type.Literal('unsaved'), Type.Literal('active'), Type.Literal('inactive')]);

/**
 * An author as replies name them. `missing` marks a membership that no longer
 * exists: `name` is then the original's "(missing authors)", which the web
 * client shows in the reader's language.
 */
export const AuthorNameSchema = Type.Object({
  _id: ObjectIdSchema,
  name: Type.String(),
  userName: Type.String(),
  missing: Type.Optional(Type.Literal(true)),
});

/** GET /api/objects/{id}: the contribution as its readers see it. */
export const ObjectSchema = Type.Object({
  _id: ObjectIdSchema,
  communityId: ObjectIdSchema,
  type: Type.String(),
  title: Type.String(),
  status: Type.String(),
  permission: Type.String(),
  authors: Type.Array(ObjectIdSchema),
  /** Display names of `authors`, in the same order ('(missing authors)' when a membership is gone). */
  authorNames: Type.Array(AuthorNameSchema),
  group: Type.Union([ObjectIdSchema, Type.Null()]),
  keywords: Type.Array(Type.String()),
  wordCount: Type.Integer(),
  text4search: Type.String(),
  /** Multilanguage notes: the languages written (`data[lang]`, `data[lang + '_title']`). */
  langInNote: Type.Optional(Type.Array(Type.String())),
  data: Type.Record(Type.String(), Type.Unknown()),
  created: Type.String(),
  modified: Type.String(),
  /** The stream revision this object is at: send it back with the next edit. */
  revision: Type.Integer(),
  /** The caller may edit it (write rule). */
  editable: Type.Boolean(),
  /** The caller may change the authors, the permission and the group: an author or a manager (issue 20 §3). */
  owned: Type.Boolean(),
});
/**
 * The reply, typed: `type` and `data` as a discriminated union
 * (contracts/contributionData.ts), so readers narrow on the type. The route's
 * schema still checks `data` as any object.
 */
export type ObjectReply = Omit<Static<typeof ObjectSchema>, 'type' | 'data'> & TypedData;

/**
 * PUT /api/objects/{communityId}/{id}. A note sends `body` (ProseMirror JSON,
 * checked against contracts/noteSchema.ts) and `keywords` (one string, split
 * on ';'); a drawing sends `svg`. `revision` is the one the editor loaded.
 */
export const SaveObjectBody = Type.Object({
  revision: Type.Integer({ minimum: -1 }),
  title: Type.String({ maxLength: 500 }),
  body: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  keywords: Type.Optional(Type.String({ maxLength: 5_000 })),
  svg: Type.Optional(Type.String()),
  status: Type.Optional(Status),
  /**
   * Drawings and attachments (images included): the text alternative a screen
   * reader says in place of the picture (`data.description`, at most
   * `descriptionMaxLength` characters, checked by the service with a 400
   * naming `description`); absent: unchanged, '': removed.
   */
  description: Type.Optional(Type.String({ maxLength: 100_000 })),
  /**
   * Multilanguage notes (plugin on): each written language's title and body,
   * by language code (one of the context's languages). The server stores the
   * default language's as the note's title and body; `{}` removes every language.
   */
  translations: Type.Optional(
    Type.Record(
      Type.String({ maxLength: 20 }),
      Type.Object(
        { title: Type.String({ maxLength: 500 }), body: Type.Record(Type.String(), Type.Unknown()) },
        { additionalProperties: false },
      ),
      { maxProperties: 50 },
    ),
  ),
});
export type SaveObjectBody = Static<typeof SaveObjectBody>;

/** The other side of a 409 on save: the version now stored, and who made it. */
export const CurrentVersionSchema = Type.Object({
  title: Type.String(),
  body: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  keywords: Type.Array(Type.String()),
  svg: Type.Optional(Type.String()),
  /** Multilanguage notes: every language's title and body now stored. */
  translations: Type.Optional(
    Type.Record(Type.String(), Type.Object({ title: Type.String(), body: Type.Record(Type.String(), Type.Unknown()) })),
  ),
  revision: Type.Integer(),
  modified: Type.String(),
  modifiedBy: Type.Union([Type.Object({ userId: Type.String(), name: Type.String() }), Type.Null()]),
});
export type CurrentVersion = Static<typeof CurrentVersionSchema>;
export const SaveConflictSchema = Type.Object({
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String(),
  message: Type.String(),
  code: Type.String(),
  errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  /** Present on an edit conflict: the stored version, to show beside the editor's. */
  current: Type.Optional(CurrentVersionSchema),
});

export const PermissionBody = Type.Object({
  permission: Permission,
  group: Type.Union([ObjectIdSchema, Type.Null()]),
});
export const CoauthorBody = Type.Object({ authorId: ObjectIdSchema });

/** Longest manager comment (characters). */
export const commentsMaxLength = 5000;

/**
 * PUT /api/objects/{communityId}/{id}/savecomments (spec part 1 §7: `{authors, comments}`;
 * the original stored `comments`, a string, and ignored the rest): managers of the community only.
 * `authors` is accepted for the original's clients and ignored: the comment changes no authorship.
 */
export const SaveCommentsBody = Type.Object(
  {
    comments: Type.String({ maxLength: commentsMaxLength }),
    authors: Type.Optional(Type.Array(ObjectIdSchema, { maxItems: 200 })),
  },
  { additionalProperties: false },
);
export type SaveCommentsBody = Static<typeof SaveCommentsBody>;
/** One starred contribution the caller may still read (GET /api/objects/favourites/{communityId}). */
export const FavouriteItemSchema = Type.Object({
  _id: ObjectIdSchema,
  type: Type.String(),
  title: Type.String(),
  /** Its authors' names, in order. */
  authorNames: Type.Array(Type.String()),
  modified: Type.String(),
});
export type FavouriteItem = Static<typeof FavouriteItemSchema>;
export const FavouritesReply = Type.Object({
  /** The community's favourites plugin (`enableFavourites`) is on. */
  enabled: Type.Boolean(),
  /** The caller's favourites, active and readable by them now, last changed first. */
  favourites: Type.Array(FavouriteItemSchema),
});
export type FavouritesReply = Static<typeof FavouritesReply>;

export const SaveCommentsReply = Type.Object({ _id: ObjectIdSchema, comments: Type.String() });
export type SaveCommentsReply = Static<typeof SaveCommentsReply>;

// ---- attachments ---------------------------------------------------------------------

export const AttachmentVersionParams = Type.Object({ id: ObjectIdSchema, version: Type.Integer({ minimum: 1 }) });
export const AttachmentFileQuery = Type.Object({
  expires: Type.Optional(Type.Integer({ minimum: 0 })),
  sig: Type.Optional(Type.String({ maxLength: 128 })),
  /** The user a signed link was given to: it opens only what they may still read. */
  u: Type.Optional(ObjectIdSchema),
});
export const UploadReplySchema = Type.Object({
  _id: ObjectIdSchema,
  version: Type.Integer(),
  filename: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  url: Type.String(),
  revision: Type.Integer(),
});
export type UploadReply = Static<typeof UploadReplySchema>;

export const PlaybackBody = Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1 })) });
/** A link anyone holding it may play until `expires` (epoch seconds); 600 s (spec part 1 §9). */
export const PlaybackReplySchema = Type.Object({ url: Type.String(), expires: Type.Integer() });
export const playbackLinkSeconds = 600;

export const VideoCommentBody = Type.Object({
  time: Type.Number({ minimum: 0, maximum: 864_000 }),
  comment: Type.String({ maxLength: 5_000 }),
});
export const VideoCommentSchema = Type.Object({
  id: ObjectIdSchema,
  authorId: ObjectIdSchema,
  time: Type.Number(),
  comment: Type.String(),
});
export type VideoComment = Static<typeof VideoCommentSchema>;

// ---- connections and history ---------------------------------------------------------------------

/** One end of a link as the caller may see it: a readable contribution, or a broken one. */
export const ConnectionSchema = Type.Object({
  _id: ObjectIdSchema,
  from: ObjectIdSchema,
  to: ObjectIdSchema,
  type: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  created: Type.String(),
  modified: Type.String(),
  /** The other end; `missing` when it no longer exists (title '(missing link)'). */
  other: Type.Object({
    _id: ObjectIdSchema,
    type: Type.String(),
    title: Type.String(),
    status: Type.String(),
    authors: Type.Array(ObjectIdSchema),
    missing: Type.Boolean(),
  }),
});
export type Connection = Static<typeof ConnectionSchema>;

export const HistoricalIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) });
export const HistoryEntrySchema = Type.Object({
  _id: Type.String(),
  dataId: ObjectIdSchema,
  revision: Type.Integer(),
  at: Type.String(),
  operation: Type.String(),
  /** The event that made this version (NoteSaved, PermissionChanged …): what kind of change it was (issue 21 §7). */
  eventType: Type.String(),
  authorId: Type.Union([Type.String(), Type.Null()]),
  authorName: Type.String(),
});
export type HistoryEntry = Static<typeof HistoryEntrySchema>;
export const HistoricalObjectSchema = Type.Object({
  ...HistoryEntrySchema.properties,
  communityId: ObjectIdSchema,
  /** 'Object' (a contribution) or 'Link'. */
  type: Type.String(),
  /** The contribution's type, or the link's type. */
  dataType: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  /**
   * Issue 21 §7: the version this one is compared with, the latest earlier
   * version of the same contribution the caller may read (the rule of the
   * past); null for the first one shown, and for links.
   */
  previousId: Type.Union([Type.String(), Type.Null()]),
  /** Names of the authors (display name) and groups (title) named by this version and the previous one, as they are now. */
  names: Type.Array(Type.Object({ _id: ObjectIdSchema, name: Type.String() })),
});
export type HistoricalObject = Static<typeof HistoricalObjectSchema>;
