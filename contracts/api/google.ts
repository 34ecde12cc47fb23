import Type, { type Static } from 'typebox';
import { ObjectIdSchema } from './common.ts';
import { PlacementSchema } from './canvas.ts';

/**
 * Google Docs / Drive (issue 18 §6; spec part 1 §7). The KF6 calls named the
 * user with `userName` in the body; Buildon takes the signed-in user and
 * ignores such a field, so the bodies accept it without trusting it.
 */
const userNameIgnored = { userName: Type.Optional(Type.String({ maxLength: 200 })) };

export const GoogleStatusReply = Type.Object({
  /** Whether the caller has authorised Buildon at Google (KF6's reply). */
  data: Type.Boolean(),
  /** Whether the server has Google configured at all (buttons hidden when not). */
  configured: Type.Boolean(),
});
export type GoogleStatusReply = Static<typeof GoogleStatusReply>;

export const GoogleStatusBody = Type.Object(userNameIgnored);

export const GoogleOAuthUrlBody = Type.Object({ ...userNameIgnored, viewId: ObjectIdSchema });
export const GoogleOAuthUrlReply = Type.Object({ data: Type.String() });

export const GoogleCallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2_000 })),
  state: Type.String({ maxLength: 500 }),
  error: Type.Optional(Type.String({ maxLength: 200 })),
});

const DocIdSchema = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });

export const GoogleCreateBody = Type.Object({
  ...userNameIgnored,
  noteId: ObjectIdSchema,
  title: Type.String({ maxLength: 500 }),
  /** The scaffolds' text, each written as a paragraph of the Doc. */
  scaffolds: Type.Array(Type.String({ maxLength: 2_000 }), { maxItems: 100, default: [] }),
  /** KF6 sent its co-authors; Buildon shares with the note's own authors instead. */
  coauthors: Type.Optional(Type.Unknown()),
});
export const GoogleCreateReply = Type.Object({ data: Type.Object({ docId: Type.String() }) });

export const GoogleExportBody = Type.Object({
  ...userNameIgnored,
  noteId: ObjectIdSchema,
  /** KF6 sent it; when given it must be the note's Doc. */
  docId: Type.Optional(DocIdSchema),
});
export const GoogleExportReply = Type.Object({
  data: Type.Object({ title: Type.String(), body: Type.Record(Type.String(), Type.Unknown()) }),
});

export const GoogleAddPermissionBody = Type.Object({ ...userNameIgnored, noteId: ObjectIdSchema });
export const GoogleAddPermissionReply = Type.Object({ data: ObjectIdSchema });

export const GoogleImportBody = Type.Object({
  ...userNameIgnored,
  communityId: ObjectIdSchema,
  fileId: DocIdSchema,
  placement: PlacementSchema,
});
export const GoogleImportReply = Type.Object({
  data: Type.Object({
    attachmentId: ObjectIdSchema,
    version: Type.Integer(),
    size: Type.Integer(),
    /** The sniffed type and an image's size: the canvas shows an image in place, at most 200 px wide. */
    mime: Type.Optional(Type.String()),
    width: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    height: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  }),
});
export type GoogleImportReply = Static<typeof GoogleImportReply>;

/** POST /auth/googleFile/list (spec part 2 §7: `{userName, pageToken}`): the view the files would go on names the community. */
export const GoogleListBody = Type.Object({
  ...userNameIgnored,
  viewId: ObjectIdSchema,
  /** Drive's `nextPageToken` of the previous page; absent for the first. */
  pageToken: Type.Optional(Type.String({ minLength: 1, maxLength: 2_000 })),
});
export const DriveFileSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Drive's type: `application/vnd.google-apps.document` for a Google Doc, else the file's own. */
  mimeType: Type.String(),
  modifiedTime: Type.Union([Type.String(), Type.Null()]),
});
export type DriveFileEntry = Static<typeof DriveFileSchema>;
export const GoogleListReply = Type.Object({
  data: Type.Object({ files: Type.Array(DriveFileSchema), nextPageToken: Type.Union([Type.String(), Type.Null()]) }),
});
export type GoogleListReply = Static<typeof GoogleListReply>;
