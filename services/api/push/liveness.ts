import { pushCloseCodes } from '../../../contracts/push.ts';
import type { PushClient } from './clients.ts';

/**
 * How the push hub protects its sockets from each other (issue 16 §6): a slow
 * or dead client never delays the others nor grows the server's memory.
 *
 * - `maxBufferedBytes`: a socket whose send buffer (what the server queued for
 *   it and the network has not taken) passes this bound is closed with
 *   `pushCloseCodes.tooSlow`; the web client reconnects, subscribes again and,
 *   its canvas being older than the new subscription, reads it again
 *   (web/src/features/view/live/catchUp.ts).
 * - `heartbeatMs`: every interval each socket is pinged; one that did not
 *   answer the previous ping is terminated.
 */
export type PushLimits = { maxBufferedBytes: number; heartbeatMs: number };

export const defaultPushLimits: PushLimits = { maxBufferedBytes: 1024 * 1024, heartbeatMs: 30_000 };

export const tooSlowReason = 'too slow: reconnect and load the canvas again';

/** Closes a socket that fell too far behind (its buffered data is dropped with it once the close times out). */
export const closeTooSlow = (client: PushClient): void => {
  try {
    client.connection.close(pushCloseCodes.tooSlow, tooSlowReason);
  } catch {
    client.connection.terminate?.();
  }
};

/**
 * One heartbeat over the sockets: those that did not answer the last ping are
 * answered with `dead` (the hub forgets and terminates them); the others are pinged.
 */
export const heartbeat = (clients: Iterable<PushClient>, dead: (client: PushClient) => void): void => {
  for (const client of [...clients]) {
    if (!client.connection.ping) continue;
    if (client.alive === false) {
      dead(client);
      continue;
    }
    client.alive = false;
    try {
      client.connection.ping();
    } catch {
      dead(client);
    }
  }
};
