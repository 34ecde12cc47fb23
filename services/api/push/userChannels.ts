import type { RecordedEvent } from '../../../contracts/events/event.ts';
import type { NotificationRaised } from '../../../contracts/events/notification.ts';
import type { PushServerMessage } from '../../../contracts/push.ts';
import type { MyNotifications } from '../notifications/myNotifications.ts';
import type { PushClient } from './clients.ts';
import type { PushListener } from './hub.ts';

/**
 * Per-user channels of the push hub (issue 18 §5): every authenticated socket
 * joins its user's channel (pushPlugin.ts, on `ready`) and leaves it when it
 * closes; a notification raised for a user goes to that user's sockets only.
 */
export class UserChannels {
  private readonly byUser = new Map<string, Set<PushClient>>();
  /** The user each socket joined as: leaving finds its channel without walking every user's. */
  private readonly joinedAs = new Map<PushClient, string>();

  join(client: PushClient): void {
    const userId = client.user?._id;
    if (!userId) return;
    if (this.joinedAs.get(client) !== userId) this.leave(client);
    let clients = this.byUser.get(userId);
    if (!clients) this.byUser.set(userId, (clients = new Set()));
    clients.add(client);
    this.joinedAs.set(client, userId);
  }

  leave(client: PushClient): void {
    const userId = this.joinedAs.get(client);
    if (userId === undefined) return;
    this.joinedAs.delete(client);
    const clients = this.byUser.get(userId);
    if (clients?.delete(client) && clients.size === 0) this.byUser.delete(userId);
  }

  clientsOf(userId: string): readonly PushClient[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  get size(): number {
    return this.byUser.size;
  }
}

/**
 * The hub's listener (hub.listen) that pushes each NotificationRaised to its
 * recipient's sockets, shaped as the list route shows it.
 */
export const notificationListener = (
  channels: UserChannels,
  notifications: MyNotifications,
  send: (client: PushClient, message: PushServerMessage) => void,
): PushListener => ({
  active: () => channels.size > 0,
  handle: async (event: RecordedEvent) => {
    if (event.type !== 'NotificationRaised') return;
    const { userId, notificationId } = (event as RecordedEvent<NotificationRaised>).data;
    const clients = channels.clientsOf(userId);
    if (clients.length === 0) return;
    const [notification, unread] = await Promise.all([notifications.mine(userId, notificationId), notifications.unreadCount(userId)]);
    if (!notification) return;
    for (const client of clients) if (client.user?._id === userId) send(client, { type: 'notification', notification, unread });
  },
});
