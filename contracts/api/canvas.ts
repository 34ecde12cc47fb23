import Type, { type Static } from 'typebox';
import { MessageCodeSchema, ObjectIdSchema } from './common.ts';
import { ViewSettingSchema, ViewSummarySchema } from './communities.ts';
import { RefDataSchema } from './views.ts';

/**
 * The canvas's writes (issue 5): creating contributions where they are placed,
 * refs (`contains` links from a view) and build-on/reference links, rise-above,
 * the view manager, the personal workspace and reads. The canvas load itself
 * is `ViewCanvasReply` (contracts/api/views.ts).
 */

/** The size a ref shown in place (a drawing, an image, a rise-above's view) takes until it is resized. */
export const inPlaceSize = { width: 200, height: 150 } as const;

/** Smallest and largest coordinate of a ref (fact sheet §10.2). */
export const RefBounds = { min: 2, max: 1950 } as const;

/** What a ref may point to (spec part 2 §3: a ref's `_to` is a View, Note, Drawing or Attachment). */
export const placeableTypes: ReadonlySet<string> = new Set(['Note', 'Drawing', 'Attachment', 'View']);

/** Types the canvas creates (POST /api/contributions/{communityId}). */
export const CreatableTypeSchema = Type.Union([
  Type.Literal('Note'),
  Type.Literal('Drawing'),
  Type.Literal('Attachment'),
  Type.Literal('View'),
]);
export type CreatableType = Static<typeof CreatableTypeSchema>;

export const PlacementSchema = Type.Object({ viewId: ObjectIdSchema, x: Type.Number(), y: Type.Number() }, { additionalProperties: false });

/**
 * A new note, drawing, attachment or view. The server sets the community,
 * authors (the caller), status and permission; a body naming them is refused.
 */
export const CreateContributionBody = Type.Object(
  {
    type: CreatableTypeSchema,
    /** Views need one; notes start with '' and drawings/attachments with their default title. */
    title: Type.Optional(Type.String({ maxLength: 500 })),
    /** Views only. */
    viewSetting: Type.Optional(ViewSettingSchema),
    /** Also place the new contribution in this view, at x, y. */
    placement: Type.Optional(PlacementSchema),
    /**
     * The new contribution builds on this one: a `buildson` link and a ref
     * beside the parent in every view holding it where the caller may add
     * contributions (issue 20 §10).
     */
    buildsOn: Type.Optional(ObjectIdSchema),
    /**
     * The view the author is working in. A build-on none of whose parent's
     * views the author may add to is placed there instead, at a free spot,
     * if the author may add to it (else nowhere: it is still created).
     */
    workingViewId: Type.Optional(ObjectIdSchema),
  },
  { additionalProperties: false },
);
export type CreateContributionBody = Static<typeof CreateContributionBody>;

/** A contribution as its creator gets it back. */
export const ContributionSchema = Type.Object({
  _id: ObjectIdSchema,
  communityId: ObjectIdSchema,
  type: Type.String(),
  title: Type.String(),
  status: Type.String(),
  permission: Type.String(),
  authors: Type.Array(ObjectIdSchema),
  group: Type.Union([ObjectIdSchema, Type.Null()]),
  data: Type.Record(Type.String(), Type.Unknown()),
  created: Type.String(),
  modified: Type.String(),
});
export type Contribution = Static<typeof ContributionSchema>;

/** A link as stored (KF6's KLink without the `_from`/`_to` caches). */
export const LinkSchema = Type.Object({
  _id: ObjectIdSchema,
  communityId: ObjectIdSchema,
  from: ObjectIdSchema,
  to: ObjectIdSchema,
  type: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  created: Type.String(),
  modified: Type.String(),
});
export type Link = Static<typeof LinkSchema>;

export const CreateContributionReply = Type.Object({
  contribution: ContributionSchema,
  /** Refs created: the placement first, then those beside the parent. */
  refs: Type.Array(LinkSchema),
  /** The `buildson` link, when `buildsOn` was given. */
  buildson: Type.Union([LinkSchema, Type.Null()]),
});
export type CreateContributionReply = Static<typeof CreateContributionReply>;

/** The data a ref may be given or changed with (positions are clamped to 2…1950). */
export const RefChangeSchema = Type.Partial(RefDataSchema, { additionalProperties: false });

/** POST /api/links: a ref (type contains, from a view) or a build-on/reference link. */
export const CreateLinkBody = Type.Object(
  {
    from: ObjectIdSchema,
    to: ObjectIdSchema,
    type: Type.Union([Type.Literal('contains'), Type.Literal('buildson'), Type.Literal('references')]),
    /** Refs: x and y are required; without `data` at all, the server puts the ref on the view's first free spot. References: `text` is the quote. */
    data: Type.Optional(
      Type.Object(
        {
          ...RefChangeSchema.properties,
          text: Type.Optional(Type.String({ maxLength: 10_000 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type CreateLinkBody = Static<typeof CreateLinkBody>;

/** PUT /api/links/{id}: move, resize, show in place, pin, fix, lock, unlock a ref. */
export const UpdateLinkBody = Type.Object({ data: RefChangeSchema }, { additionalProperties: false });
export type UpdateLinkBody = Static<typeof UpdateLinkBody>;

/**
 * POST /api/views/{viewId}/refs/update: several refs of this view changed at
 * once (a multi-ref drag), each checked as PUT /api/links/{id} checks it. The
 * refused ones come back with their message; the others are saved together.
 */
export const UpdateRefsBody = Type.Object(
  {
    changes: Type.Array(Type.Object({ linkId: ObjectIdSchema, data: RefChangeSchema }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 5_000,
    }),
  },
  { additionalProperties: false },
);
export type UpdateRefsBody = Static<typeof UpdateRefsBody>;
export const UpdateRefsReply = Type.Object({
  refs: Type.Array(LinkSchema),
  refused: Type.Array(Type.Object({ linkId: ObjectIdSchema, message: Type.String(), messageCode: Type.Optional(MessageCodeSchema) })),
});
export type UpdateRefsReply = Static<typeof UpdateRefsReply>;

export const LinkIdParams = Type.Object({ id: ObjectIdSchema });
export const ViewIdParams = Type.Object({ viewId: ObjectIdSchema });
export const ReadParams = Type.Object({ communityId: ObjectIdSchema, contributionId: ObjectIdSchema });

export const DeleteRefsBody = Type.Object(
  { linkIds: Type.Array(ObjectIdSchema, { minItems: 1, maxItems: 5_000 }) },
  { additionalProperties: false },
);
export const DeleteRefsReply = Type.Object({
  count: Type.Integer(),
  /**
   * Refs put back into the view from the inner views of deleted rise-above
   * refs (fact sheet §10.3: deleting a rise-above's ref unpacks its items; the
   * rise-above note and its inner view stay as they were).
   */
  unpacked: Type.Optional(Type.Integer()),
});

/** PUT /api/views/{viewId}/viewsetting: the view's own setting for everyone; null = back to the community's. */
export const ViewSettingBody = Type.Object({ viewSetting: Type.Union([ViewSettingSchema, Type.Null()]) }, { additionalProperties: false });
export const ViewSettingReply = Type.Object({
  /** The effective setting now (view > context > default). */
  viewSetting: ViewSettingSchema,
  viewSettingSaved: Type.Union([ViewSettingSchema, Type.Null()]),
});
export type ViewSettingReply = Static<typeof ViewSettingReply>;

/**
 * POST /api/views/{viewId}/refs/move: refs of this view move into another view
 * (dragging between view windows, fact sheet §10.4): created there at (x, y)
 * keeping their relative positions, then removed here. Needs the right to
 * remove each ref here and to edit the target view.
 */
export const MoveRefsBody = Type.Object(
  {
    linkIds: Type.Array(ObjectIdSchema, { minItems: 1, maxItems: 5_000 }),
    toViewId: ObjectIdSchema,
    /** Where the top-left of the moved group lands in the target view. */
    x: Type.Number(),
    y: Type.Number(),
  },
  { additionalProperties: false },
);
export const MoveRefsReply = Type.Object({ moved: Type.Integer(), refs: Type.Array(LinkSchema) });
export type MoveRefsReply = Static<typeof MoveRefsReply>;

/** POST /api/views/{viewId}/riseabove. */
export const RiseAboveBody = Type.Object(
  {
    title: Type.String({ maxLength: 500 }),
    /** Refs of this view to move into the rise-above; none = an empty rise-above at a free spot. */
    linkIds: Type.Optional(Type.Array(ObjectIdSchema, { maxItems: 5_000 })),
  },
  { additionalProperties: false },
);
export const RiseAboveReply = Type.Object({
  /** The rise-above note. */
  noteId: ObjectIdSchema,
  /** Its inner view (also `data.riseabove.viewId` of the note). */
  viewId: ObjectIdSchema,
  /** The rise-above's ref in the view. */
  ref: LinkSchema,
  /** Refs moved into the inner view. */
  moved: Type.Integer(),
});
export type RiseAboveReply = Static<typeof RiseAboveReply>;

/** View manager: add a view by title. */
export const CreateViewBody = Type.Object(
  { title: Type.String({ maxLength: 500 }), viewSetting: Type.Optional(ViewSettingSchema) },
  { additionalProperties: false },
);

/**
 * Re-parent a view (managers): its ref in `oldParentId` (in every view when
 * absent) moves to `parentId` (null: the top level).
 */
export const ReparentViewBody = Type.Object(
  { parentId: Type.Union([ObjectIdSchema, Type.Null()]), oldParentId: Type.Optional(Type.Union([ObjectIdSchema, Type.Null()])) },
  { additionalProperties: false },
);

export type ViewTreeNode = {
  _id: string;
  title: string;
  permission: string;
  /** Registered in the community's view list. */
  registered: boolean;
  children: ViewTreeNode[];
};
export const ViewTreeNodeSchema = Type.Cyclic(
  {
    ViewTreeNode: Type.Object({
      _id: ObjectIdSchema,
      title: Type.String(),
      permission: Type.String(),
      registered: Type.Boolean(),
      children: Type.Array(Type.Ref('ViewTreeNode')),
    }),
  },
  'ViewTreeNode',
);
/** GET /api/communities/{communityId}/viewtree: registered views at the top, child views (their `contains` refs) below. */
export const ViewTreeReply = Type.Object({ nodes: Type.Array(ViewTreeNodeSchema) });
export type ViewTreeReply = { nodes: ViewTreeNode[] };

export const ViewReply = ViewSummarySchema;

/** POST /api/authors/{communityId}/me/workspace. */
export const WorkspaceReply = Type.Object({ viewId: ObjectIdSchema, created: Type.Boolean() });

/** POST /api/records/read/{communityId}/{contributionId}. */
export const ReadReply = Type.Object({ contributionId: ObjectIdSchema, read: Type.Literal('read'), at: Type.String() });
