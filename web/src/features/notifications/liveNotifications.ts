import { useEffect } from 'react';
import { pushCloseCodes, pushPath, type PushServerMessage } from '../../../../contracts/push.ts';
import { tokenStore } from '../../lib/tokenStore.ts';

type Notified = Extract<PushServerMessage, { type: 'notification' }>;

const socketUrl = (): string => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${pushPath}`;
};

/**
 * My notifications, live (issue 18 §5): a socket of its own to the push hub,
 * authenticated with my token, on which the server sends each notification
 * raised for me (no subscription: the hub's per-user channel). It reconnects
 * with back-off and follows token changes; a refused token stops it (the
 * next request shows the login page).
 */
export const useLiveNotifications = (enabled: boolean, onNotification: (message: Notified) => void): void => {
  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let ping: ReturnType<typeof setInterval> | null = null;
    let attempts = 0;
    let stopped = false;
    const close = () => {
      if (ping) clearInterval(ping);
      ping = null;
      const open = socket;
      socket = null;
      open?.close();
    };
    const connect = () => {
      const token = tokenStore.get();
      if (stopped || !token || socket) return;
      const ws = new WebSocket(socketUrl());
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
      ws.onmessage = (event) => {
        if (typeof event.data !== 'string') return;
        try {
          const message = JSON.parse(event.data) as PushServerMessage;
          if (message.type === 'ready') attempts = 0;
          if (message.type === 'notification') onNotification(message);
        } catch {
          // Not JSON: nothing of ours.
        }
      };
      ws.onclose = (event) => {
        if (socket !== ws) return;
        close();
        if (stopped || event.code === pushCloseCodes.unauthorized) return;
        attempts += 1;
        retry = setTimeout(connect, Math.min(30_000, 1_000 * 2 ** Math.min(attempts, 5)));
      };
      ping = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'ping' }));
      }, 25_000);
    };
    const unsubscribe = tokenStore.subscribe(() => {
      close();
      connect();
    });
    connect();
    return () => {
      stopped = true;
      unsubscribe();
      if (retry) clearTimeout(retry);
      close();
    };
  }, [enabled, onNotification]);
};
