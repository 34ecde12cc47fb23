import type { RecordedEvent } from '../../contracts/events/event.ts';
import type { NotificationEvent, NotificationKind } from '../../contracts/events/notification.ts';
import { evolveDocument, type Projection, type Versioned } from '../../services/core/projection.ts';

/** One notification of one user (issue 18 §5): `_id` is the raised `notificationId`. */
export type NotificationDocument = Versioned & {
  _id: string;
  userId: string;
  communityId: string;
  kind: NotificationKind;
  contributionId: string;
  title: string;
  noteId: string;
  actorId: string;
  actorName: string;
  contextId: string | null;
  /** When raised, and when read (null: unread). */
  at: string;
  readAt: string | null;
};

export const notificationsCollectionName = 'notifications';

/** A user's daily e-mail choice and how far it went: `_id` is the user id. */
export type NotificationDigestDocument = Versioned & {
  _id: string;
  daily: boolean;
  /** The last digest covered notifications raised up to this instant (null: none sent yet). */
  sentUpTo: string | null;
};

export const notificationDigestsCollectionName = 'notificationDigests';

const raised = (event: RecordedEvent<NotificationEvent & { type: 'NotificationRaised' }>): Omit<NotificationDocument, '_position'> => {
  const d = event.data;
  return {
    _id: d.notificationId,
    userId: d.userId,
    communityId: d.communityId,
    kind: d.kind,
    contributionId: d.contributionId,
    title: d.title,
    noteId: d.noteId,
    actorId: d.actorId,
    actorName: d.actorName,
    contextId: d.contextId,
    at: event.metadata.at,
    readAt: null,
  };
};

/** Per-user notifications, folded from the `notifications-{userId}` streams. */
export const notificationsProjection: Projection = {
  name: 'notifications',
  version: 2,
  collections: [
    { name: notificationsCollectionName, indexes: [['userId'], ['userId', 'readAt']] },
    { name: notificationDigestsCollectionName, indexes: [['daily']] },
  ],
  handles: ['NotificationRaised', 'NotificationsRead', 'NotificationDigestChosen', 'NotificationDigestSent'],
  apply: async (event, context) => {
    const e = event as RecordedEvent<NotificationEvent>;
    const notifications = context.collection<NotificationDocument>(notificationsCollectionName);
    if (e.type === 'NotificationDigestChosen' || e.type === 'NotificationDigestSent') {
      const digests = context.collection<NotificationDigestDocument>(notificationDigestsCollectionName);
      const { userId } = e.data;
      await evolveDocument(digests, userId, event, (current) => {
        const base = current ?? { _id: userId, daily: false, sentUpTo: null };
        return e.type === 'NotificationDigestChosen' ? { ...base, daily: e.data.daily } : { ...base, sentUpTo: e.data.upTo };
      });
      return;
    }
    if (e.type === 'NotificationRaised') {
      // Raised twice (two triggers of one cause): the first stays, read or not.
      await evolveDocument(notifications, e.data.notificationId, event, (current) => current ?? raised(e as never));
      return;
    }
    if (e.type !== 'NotificationsRead') return;
    const { userId, notificationIds, all } = e.data;
    const at = event.metadata.at;
    const targets = all
      ? (await notifications.find({ userId, readAt: null })).filter((doc) => doc.at <= at)
      : (await Promise.all(notificationIds.map((id) => notifications.get(id)))).filter(
          (doc): doc is NotificationDocument => doc !== null && doc.userId === userId,
        );
    for (const doc of targets) {
      await evolveDocument(notifications, doc._id, event, (current) =>
        current && current.readAt === null ? { ...current, readAt: at } : current,
      );
    }
  },
};
