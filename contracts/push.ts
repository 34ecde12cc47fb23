import type { Notification } from './api/notifications.ts';
import type { ReadState, ViewLink, ViewRef } from './api/views.ts';

/**
 * The live canvas over one websocket at `/api/socket` (issue 5 §8). Messages
 * are JSON objects with a `type`.
 *
 * 1. Authenticate: `?token=` on the URL, or the first message `{type:'auth', token}`
 *    (browsers cannot set headers on a WebSocket). Same checks as HTTP: blocked
 *    users and ended sessions are refused (an `error`, then close code 4401).
 * 2. `subscribe` to views, authorised exactly like GET /api/views/{viewId}/canvas
 *    (a refusal is an `error` naming the view; nothing is subscribed).
 * 3. Receive what changes in subscribed views as soon as the read models show it,
 *    already filtered and shaped for this reader (`ref.saved` carries the same
 *    ref the canvas load would give).
 */

/**
 * Close codes: `unauthorized` when authentication fails or the session ended
 * (the client does not reconnect); `tooSlow` when the socket fell so far behind
 * that the server's send buffer for it passed its bound (1 MiB): the client
 * reconnects, subscribes again and its canvas reloads from the new position.
 * A socket that stops answering the server's pings (every 30 s) is cut
 * without a close frame (1006 on the client), and reconnects the same way.
 */
export const pushCloseCodes = { unauthorized: 4401, tooSlow: 4408 } as const;
export const pushPath = '/api/socket';

// ---- client → server ----------------------------------------------------------------

export type PushAuth = { type: 'auth'; token: string };
export type PushSubscribe = { type: 'subscribe'; viewId: string };
export type PushUnsubscribe = { type: 'unsubscribe'; viewId: string };
export type PushPing = { type: 'ping' };
export type PushClientMessage = PushAuth | PushSubscribe | PushUnsubscribe | PushPing;

// ---- server → client ----------------------------------------------------------------

/** Authenticated. */
export type PushReady = { type: 'ready'; userId: string };
/**
 * Subscribed. Every change after `position` (a global event position) will be
 * pushed; a canvas read at an older position may miss changes and is read again.
 */
export type PushSubscribed = { type: 'subscribed'; viewId: string; position: number };
export type PushUnsubscribed = { type: 'unsubscribed'; viewId: string };
/** A refused or malformed request; `status` mirrors HTTP (401, 403, 404, 400). */
export type PushError = { type: 'error'; status: number; message: string; viewId?: string };
export type PushPong = { type: 'pong' };

/**
 * Changes carry `position`, the event that caused them: a canvas read at or
 * after it already shows the change.
 *
 * A ref of a subscribed view was placed (`placed`), moved/resized/fixed/locked
 * (`changed`) or its contribution changed (`target`: title, status, permission,
 * favourite…; a note becoming active appears this way). Replace by `ref._id`.
 */
export type PushRefSaved = {
  type: 'ref.saved';
  viewId: string;
  cause: 'placed' | 'changed' | 'target';
  ref: ViewRef;
  /**
   * A `changed` ref: who changed it (a member of the community, by the name
   * the community shows), so a classmate's move can be announced (issue 25 §3).
   */
  changedBy?: { authorId: string; name: string };
  position?: number;
};
/** A ref left the view, or its contribution is no longer visible to this reader. */
export type PushRefRemoved = { type: 'ref.removed'; viewId: string; linkId: string; position?: number };
/** A build-on or reference link between two refs of the view. */
export type PushLinkSaved = { type: 'link.saved'; viewId: string; link: ViewLink; position?: number };
export type PushLinkRemoved = { type: 'link.removed'; viewId: string; linkId: string; position?: number };
/** My own read state of a contribution changed (I read it, possibly in another window). */
export type PushReadChanged = { type: 'read.changed'; communityId: string; contributionId: string; read: ReadState; position?: number };

/**
 * Something changed what this reader may see or do on the view as a whole —
 * the view's setting, a group membership or the reader's role — so the canvas
 * should be loaded again (one request). `reason` says which.
 */
export type PushCanvasStale = { type: 'canvas.stale'; viewId: string; reason: 'viewSetting' | 'group' | 'role' };

export type PresenceUser = { userId: string; authorId: string; name: string };
/** Who has this view open (everyone subscribed, me included), on every join and leave. */
export type PushPresence = { type: 'presence'; viewId: string; users: PresenceUser[] };

/**
 * A notification raised for me (issue 18 §5): every authenticated socket of
 * its recipient receives it, with no subscription; nobody else's does.
 * `unread` is my unread count after it.
 */
export type PushNotification = { type: 'notification'; notification: Notification; unread: number };

export type PushServerMessage =
  | PushReady
  | PushSubscribed
  | PushUnsubscribed
  | PushError
  | PushPong
  | PushRefSaved
  | PushRefRemoved
  | PushLinkSaved
  | PushLinkRemoved
  | PushReadChanged
  | PushCanvasStale
  | PushPresence
  | PushNotification;

/** Parses a client message; null when it is not one. */
export const parsePushClientMessage = (text: string): PushClientMessage | null => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  const isId = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{24}$/.test(v);
  switch (message.type) {
    case 'auth':
      return typeof message.token === 'string' && message.token.length < 10_000 ? { type: 'auth', token: message.token } : null;
    case 'subscribe':
    case 'unsubscribe':
      return isId(message.viewId) ? { type: message.type, viewId: message.viewId } : null;
    case 'ping':
      return { type: 'ping' };
    default:
      return null;
  }
};
