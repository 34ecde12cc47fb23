import Type, { type Static } from 'typebox';
import { ObjectIdSchema } from './common.ts';
import { AuthorSchema, CommunityInfoSchema, ContextDataSchema, ViewSettingSchema, ViewSummarySchema } from './communities.ts';

/**
 * The view canvas (spec part 2 §2): one request loads everything the canvas
 * draws; placements are `contains` links from the view (stored in the view's
 * stream, so the time machine replays them).
 */

/** Placement data of a `contains` link (fact sheet §1.4). */
export const RefDataSchema = Type.Object({
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Optional(Type.Number({ minimum: 0, maximum: 5000 })),
  height: Type.Optional(Type.Number({ minimum: 0, maximum: 5000 })),
  showInPlace: Type.Optional(Type.Boolean()),
  /** false = soft-fixed ("épinglé"). */
  draggable: Type.Optional(Type.Boolean()),
  /** Locked in place, lowest layer. */
  fixed: Type.Optional(Type.Boolean()),
  /** Hard lock: only a manager or the view's author may unlock. */
  locked: Type.Optional(Type.Boolean()),
});
export type RefData = Static<typeof RefDataSchema>;

export const ReadStateSchema = Type.Union([Type.Literal('read'), Type.Literal('modified'), Type.Literal('unread')]);
export type ReadState = Static<typeof ReadStateSchema>;

/** What the canvas draws of the placed contribution (the `_to` cache of KF6, computed per reader). */
export const RefTargetSchema = Type.Object({
  _id: ObjectIdSchema,
  type: Type.String(),
  title: Type.String(),
  status: Type.String(),
  permission: Type.String(),
  authors: Type.Array(ObjectIdSchema),
  /** Display names of the authors, in order. */
  authorNames: Type.Array(Type.String()),
  group: Type.Union([ObjectIdSchema, Type.Null()]),
  groupTitle: Type.Union([Type.String(), Type.Null()]),
  created: Type.String(),
  modified: Type.String(),
  langInNote: Type.Array(Type.String()),
  /** Multilanguage notes: the title in each language of `langInNote` (the canvas shows the reader's language). */
  titles: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** For the reader: read / modified since read / unread. */
  read: ReadStateSchema,
  /** The reader is one of the authors. */
  byMe: Type.Boolean(),
  favourite: Type.Boolean(),
  /** Rise-above notes: the inner view. */
  riseaboveViewId: Type.Union([ObjectIdSchema, Type.Null()]),
  promising: Type.Boolean(),
  /**
   * Notes: the supports (scaffold prompts) the note uses, from its `supports`
   * links (support ids, each once). The filter panel's scaffold choice reads it.
   */
  supports: Type.Optional(Type.Array(ObjectIdSchema)),
  /** Drawings and attachments: their text alternative (`data.description`, issue 25 §4), when they have one. */
  description: Type.Optional(Type.String()),
  /** Drawings shown in place: the sanitised SVG. */
  svg: Type.Optional(Type.String()),
  /** Attachments: where to fetch the file and its image size. */
  attachment: Type.Optional(
    Type.Object({ url: Type.String(), mime: Type.String(), width: Type.Optional(Type.Number()), height: Type.Optional(Type.Number()) }),
  ),
});
export type RefTarget = Static<typeof RefTargetSchema>;

export const ViewRefSchema = Type.Object({
  /** The `contains` link id. */
  _id: ObjectIdSchema,
  viewId: ObjectIdSchema,
  to: ObjectIdSchema,
  data: RefDataSchema,
  created: Type.String(),
  modified: Type.String(),
  _to: RefTargetSchema,
});
export type ViewRef = Static<typeof ViewRefSchema>;

/** Build-on and reference links among the refs of a view. */
export const ViewLinkSchema = Type.Object({
  _id: ObjectIdSchema,
  from: ObjectIdSchema,
  to: ObjectIdSchema,
  type: Type.String(),
});
export type ViewLink = Static<typeof ViewLinkSchema>;

/** GET /api/views/{viewId}/canvas — everything the canvas draws, in one request. */
export const ViewCanvasReplySchema = Type.Object({
  view: ViewSummarySchema,
  /** Set when the view is a rise-above's inner view (titled `riseabove:<noteId>`) and the note is readable: its title is what people see. */
  riseabove: Type.Optional(Type.Object({ noteId: Type.String(), title: Type.String() })),
  community: CommunityInfoSchema,
  me: AuthorSchema,
  editable: Type.Boolean(),
  /** Effective view setting: view > context > default. */
  viewSetting: ViewSettingSchema,
  /** The view's own saved setting (null: the community's applies). */
  viewSettingSaved: Type.Optional(Type.Union([ViewSettingSchema, Type.Null()])),
  /** The caller may save the view's setting for everyone (managers and the view's authors). */
  mayChangeViewSetting: Type.Optional(Type.Boolean()),
  context: ContextDataSchema,
  refs: Type.Array(ViewRefSchema),
  links: Type.Array(ViewLinkSchema),
  /**
   * The read models' position when the canvas was read: it shows every change
   * up to it (the live channel compares it with its own, see contracts/push.ts).
   */
  position: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type ViewCanvasReply = Static<typeof ViewCanvasReplySchema>;
