import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PushServerMessage } from '../../../../../contracts/push.ts';
import { isConnectionsKey, resourceKeys } from '../../../lib/community.ts';
import { pushConnection } from '../../../lib/push.ts';
import { CanvasCatchUp } from './catchUp.ts';
import { classmateMove, tellClassmateMove } from './classmateMoves.ts';
import { canvasKey, patchTarget, removeRefs, updateCanvas, upsertRef, type ViewCanvasReply } from '../api/canvas.ts';

export type Presence = { authorId: string; name: string };

/**
 * A contribution changed (its title, text, status…): the windows showing it
 * and the connection lists naming it are read again. Only queries on screen
 * refetch; the others are marked stale.
 */
const refreshContribution = (client: QueryClient, contributionId: string): void => {
  void client.invalidateQueries({ queryKey: resourceKeys.object(contributionId), exact: true });
  void client.invalidateQueries({ predicate: (query) => isConnectionsKey(query.queryKey) });
};

/**
 * Applies one pushed message to the cached canvas of `viewId` (pure over the
 * query cache, so it is tested without a socket).
 */
export const applyPush = (client: QueryClient, viewId: string, message: PushServerMessage): void => {
  switch (message.type) {
    case 'ref.saved': {
      if (message.viewId !== viewId) return;
      // Read before the cache moves it: where it was tells a classmate's move (said by the canvas, issue 25 §3).
      const moved = classmateMove(client.getQueryData<ViewCanvasReply>(canvasKey(viewId)), message);
      updateCanvas(client, viewId, (c) => upsertRef(c, message.ref));
      // The contribution itself changed: a window showing it (or listing it among its connections) reads it again.
      if (message.cause === 'target') refreshContribution(client, message.ref.to);
      if (moved) tellClassmateMove(moved);
      return;
    }
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

/**
 * The view's live channel (issue 5 §8): the app's one websocket (lib/push.ts),
 * subscribed to this view; pushed ref saves/removals, links and my read
 * changes patch the TanStack Query cache; presence lists who else is here.
 * The canvas and every window showing a view share that socket (issue 22 §8);
 * `CanvasCatchUp` reads the canvas again only when it may have missed a change.
 */
export const useViewLive = (viewId: string, enabled: boolean) => {
  const client = useQueryClient();
  const [presence, setPresence] = useState<Presence[]>([]);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    const catchUp = new CanvasCatchUp(client, viewId, (message) => applyPush(client, viewId, message));
    const unfollow = catchUp.follow();
    const unwatch = pushConnection().watch(viewId, {
      subscribed: (position) => {
        setConnected(true);
        // A canvas read before this point (before the first subscription or during a gap) is read again.
        catchUp.subscribed(position);
      },
      message: (message) => {
        if (message.type === 'presence') setPresence(message.users.map((u) => ({ authorId: u.authorId, name: u.name })));
        else catchUp.change(message);
      },
      disconnected: () => {
        setConnected(false);
        setPresence([]);
      },
    });
    return () => {
      unwatch();
      unfollow();
      setConnected(false);
    };
  }, [client, viewId, enabled]);

  return { presence, connected };
};
