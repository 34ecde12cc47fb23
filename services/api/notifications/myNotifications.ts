import type { Notification } from '../../../contracts/api/notifications.ts';
import { notificationsCollectionName, type NotificationDocument } from '../../../projections/notifications/index.ts';
import type { ReadStore } from '../../core/readStore.ts';

/** What the recipient sees of one notification (never whose it is: it is always the caller's). */
export const shown = (doc: NotificationDocument): Notification => ({
  _id: doc._id,
  communityId: doc.communityId,
  kind: doc.kind,
  contributionId: doc.contributionId,
  title: doc.title,
  noteId: doc.noteId,
  actorName: doc.actorName,
  contextId: doc.contextId,
  at: doc.at,
  read: doc.readAt !== null,
});

/** Reads of one user's notifications: the list route and the live push share them. */
export class MyNotifications {
  constructor(private readonly readStore: ReadStore) {}

  get collection() {
    return this.readStore.collection<NotificationDocument>(notificationsCollectionName);
  }

  unreadCount(userId: string): Promise<number> {
    return this.collection.count({ userId, readAt: null });
  }

  /** One of mine, shaped (null when it is not mine or not there). */
  async mine(userId: string, notificationId: string): Promise<Notification | null> {
    const doc = await this.collection.get(notificationId);
    return doc && doc.userId === userId ? shown(doc) : null;
  }
}
