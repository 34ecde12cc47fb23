import type { Event } from './event.ts';

/**
 * A user's in-app notifications (issue 18 §5): one stream per user,
 * `notifications-{userId}`, holding what was raised for them and what they
 * marked read. Raised by the notifier (services/api/notifications/notifier.ts)
 * when someone else builds on, references, annotates or comments on one of
 * their notes or adds them as co-author, and by KF6's notify call.
 */
export const notificationsStreamName = (userId: string): string => `notifications-${userId}`;

export const notificationKinds = ['buildon', 'reference', 'annotation', 'comment', 'coauthor', 'edited'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export type NotificationRaised = Event<
  'NotificationRaised',
  {
    /** Stable for one cause and recipient: raising it twice leaves one notification. */
    notificationId: string;
    userId: string;
    communityId: string;
    kind: NotificationKind;
    /** The contribution to open (the new note, the annotation's note, my note I co-author…). */
    contributionId: string;
    /** Its title when raised. */
    title: string;
    /** My note concerned (the one built on or referenced), or the contribution itself. */
    noteId: string;
    /** Who caused it (a user id) and the name the community shows. */
    actorId: string;
    actorName: string;
    /** The view it was made in, when known (KF6's `contextId`). */
    contextId: string | null;
  }
>;

/** The user marked these notifications read, or all raised up to now (`all`). */
export type NotificationsRead = Event<'NotificationsRead', { userId: string; notificationIds: string[]; all: boolean }>;

/** The user asks for (or stops) a daily e-mail of their unread notifications (issue 18 §5). */
export type NotificationDigestChosen = Event<'NotificationDigestChosen', { userId: string; daily: boolean }>;
/** A daily e-mail went out with the unread notifications raised up to `upTo` (ISO instant). */
export type NotificationDigestSent = Event<'NotificationDigestSent', { userId: string; upTo: string; count: number }>;

export type NotificationEvent = NotificationRaised | NotificationsRead | NotificationDigestChosen | NotificationDigestSent;
