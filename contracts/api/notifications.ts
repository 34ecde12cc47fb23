import Type, { type Static } from 'typebox';
import { ObjectIdSchema } from './common.ts';

/** One in-app notification as its recipient sees it (issue 18 §5). */
export const NotificationSchema = Type.Object({
  _id: Type.String(),
  communityId: Type.String(),
  kind: Type.Union([
    Type.Literal('buildon'),
    Type.Literal('reference'),
    Type.Literal('annotation'),
    Type.Literal('comment'),
    Type.Literal('coauthor'),
    Type.Literal('edited'),
  ]),
  contributionId: Type.String(),
  title: Type.String(),
  noteId: Type.String(),
  actorName: Type.String(),
  contextId: Type.Union([Type.String(), Type.Null()]),
  /** When it was raised (ISO instant). */
  at: Type.String(),
  read: Type.Boolean(),
});
export type Notification = Static<typeof NotificationSchema>;

/** GET /api/notifications: my notifications, newest first, a page at a time. */
export const NotificationListQuery = Type.Object({
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  unreadOnly: Type.Optional(Type.Boolean()),
});
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationListReply = Type.Object({
  notifications: Type.Array(NotificationSchema),
  total: Type.Integer(),
  unread: Type.Integer(),
});
export type NotificationListReply = Static<typeof NotificationListReply>;

export const NotificationIdParams = Type.Object({
  notificationId: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9:_-]+$' }),
});
export type NotificationIdParams = Static<typeof NotificationIdParams>;

/** After marking read: how many remain unread. */
export const NotificationsReadReply = Type.Object({ unread: Type.Integer() });
export type NotificationsReadReply = Static<typeof NotificationsReadReply>;

/**
 * KF6's POST /api/notifications/notify/{communityId} (spec part 1 §5): after a
 * save, the caller (`author`, their own membership) tells the authors linked
 * to `contribution` about it; `contextId` is the view it was saved in.
 */
export const NotifyBody = Type.Object({
  author: ObjectIdSchema,
  contribution: ObjectIdSchema,
  contextId: Type.Optional(Type.Union([ObjectIdSchema, Type.Null()])),
});
export type NotifyBody = Static<typeof NotifyBody>;

export const NotifyReply = Type.Object({ notified: Type.Integer() });
export type NotifyReply = Static<typeof NotifyReply>;

/** GET/PUT /api/notifications/digest: the caller's daily e-mail (`available`: this server sends e-mail and the caller has an address). */
export const DigestReply = Type.Object({ available: Type.Boolean(), daily: Type.Boolean() });
export type DigestReply = Static<typeof DigestReply>;

export const DigestBody = Type.Object({ daily: Type.Boolean() }, { additionalProperties: false });
export type DigestBody = Static<typeof DigestBody>;
