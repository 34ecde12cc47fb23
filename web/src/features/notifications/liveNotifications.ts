import { useEffect } from 'react';
import type { PushServerMessage } from '../../../../contracts/push.ts';
import { pushConnection } from '../../lib/push.ts';

type Notified = Extract<PushServerMessage, { type: 'notification' }>;

/**
 * My notifications, live (issue 18 §5): on the page's one shared socket to
 * the push hub (lib/push.ts), which the server sends each notification raised
 * for me (no subscription: the hub's per-user channel). The shared connection
 * reconnects with back-off and follows token changes.
 */
export const useLiveNotifications = (enabled: boolean, onNotification: (message: Notified) => void): void => {
  useEffect(() => {
    if (!enabled) return;
    return pushConnection().watchUser((message) => {
      if (message.type === 'notification') onNotification(message);
    });
  }, [enabled, onNotification]);
};
