import type { Notification } from '../../../../contracts/api/notifications.ts';

/** Where a notification leads: the contribution, in its view when known. */
export const notificationHref = (notification: Pick<Notification, 'contributionId' | 'contextId'>): string =>
  notification.contextId
    ? `/contribution/${encodeURIComponent(notification.contributionId)}/${encodeURIComponent(notification.contextId)}`
    : `/contribution/${encodeURIComponent(notification.contributionId)}`;

/** The badge's text: nothing at 0, the count up to 99, then "99+". */
export const badgeText = (unread: number): string => (unread <= 0 ? '' : unread > 99 ? '99+' : String(unread));

/** The i18n key of one notification's sentence (`{{name}}` and `{{title}}` in it). */
export const sentenceKey = (kind: Notification['kind']): `notifications.kind.${Notification['kind']}` => `notifications.kind.${kind}`;
