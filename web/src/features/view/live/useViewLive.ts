import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pushCloseCodes, pushPath, type PushClientMessage, type PushServerMessage } from '../../../../../contracts/push.ts';
import { tokenStore } from '../../../lib/tokenStore.ts';
import { CanvasCatchUp } from './catchUp.ts';
import { canvasKey, patchTarget, removeRefs, updateCanvas, upsertRef } from '../api/canvas.ts';

export type Presence = { authorId: string; name: string };

/**
 * Applies one pushed message to the cached canvas of `viewId` (pure over the
 * query cache, so it is tested without a socket).
 */
export const applyPush = (client: QueryClient, viewId: string, message: PushServerMessage): void => {
  switch (message.type) {
    case 'ref.saved':
      if (message.viewId === viewId) updateCanvas(client, viewId, (c) => upsertRef(c, message.ref));
      return;
    case 'ref.removed':
      if (message.viewId === viewId) updateCanvas(client, viewId, (c) => removeRefs(c, new Set([message.linkId])));
      return;
    case 'link.saved':
      if (message.viewId === viewId) {
        updateCanvas(client, viewId, (c) => ({ ...c, links: [...c.links.filter((l) => l._id !== message.link._id), message.link] }));
      }
      return;
    case 'link.removed':
      if (message.viewId === viewId) {
        updateCanvas(client, viewId, (c) => ({ ...c, links: c.links.filter((l) => l._id !== message.linkId) }));
      }
      return;
    case 'read.changed':
      updateCanvas(client, viewId, (c) => patchTarget(c, message.contributionId, { read: message.read }));
      return;
    // The view's setting, a group membership or my role changed: load the canvas again.
    case 'canvas.stale':
      if (message.viewId === viewId) void client.invalidateQueries({ queryKey: canvasKey(viewId) });
      return;
    // I lost access to this view (made private, removed from its group, blocked): the reload shows why.
    case 'error':
      if (message.viewId === viewId && (message.status === 403 || message.status === 404)) {
        void client.invalidateQueries({ queryKey: canvasKey(viewId) });
      }
      return;
    default:
      return;
  }
};

const socketUrl = (): string => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${pushPath}`;
};

/**
 * The view's live channel (issue 5 §8): one authenticated websocket,
 * subscribed to this view; pushed ref saves/removals, links and my read
 * changes patch the TanStack Query cache; presence lists who else is here.
 * It reconnects with back-off; `CanvasCatchUp` reads the canvas again only when
 * it may have missed a change.
 */
export const useViewLive = (viewId: string, enabled: boolean) => {
  const client = useQueryClient();
  const [presence, setPresence] = useState<Presence[]>([]);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempts = 0;
    let retry = 0;
    let ping = 0;
    const catchUp = new CanvasCatchUp(client, viewId, (message) => applyPush(client, viewId, message));
    const unfollow = catchUp.follow();

    const send = (message: PushClientMessage) => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    };

    const connect = () => {
      const token = tokenStore.get();
      if (!token || stopped) return;
      socket = new WebSocket(socketUrl());
      socket.onopen = () => send({ type: 'auth', token });
      socket.onmessage = (event: MessageEvent<string>) => {
        let message: PushServerMessage;
        try {
          message = JSON.parse(event.data) as PushServerMessage;
        } catch {
          return;
        }
        if (message.type === 'ready') {
          send({ type: 'subscribe', viewId });
        } else if (message.type === 'subscribed' && message.viewId === viewId) {
          attempts = 0;
          setConnected(true);
          // A canvas read before this point (before the first subscription or during a gap) is read again.
          catchUp.subscribed(message.position);
        } else if (message.type === 'presence' && message.viewId === viewId) {
          setPresence(message.users.map((u) => ({ authorId: u.authorId, name: u.name })));
        } else {
          catchUp.change(message);
        }
      };
      socket.onclose = (event) => {
        setConnected(false);
        setPresence([]);
        socket = null;
        if (stopped || event.code === pushCloseCodes.unauthorized) return;
        attempts += 1;
        retry = window.setTimeout(connect, Math.min(15_000, 500 * 2 ** Math.min(attempts, 5)));
      };
    };

    connect();
    ping = window.setInterval(() => send({ type: 'ping' }), 25_000);
    return () => {
      stopped = true;
      unfollow();
      window.clearTimeout(retry);
      window.clearInterval(ping);
      if (socket) {
        send({ type: 'unsubscribe', viewId });
        socket.close();
      }
    };
  }, [client, viewId, enabled]);

  return { presence, connected };
};
