import type { UserDocument } from '../../../projections/users/index.ts';
import type { TokenPayload } from '../plugins/session.ts';

/** The sockets of the push hub, as the hub and its helpers see them. */

/** One websocket, whatever the transport. */
export type PushConnection = {
  send(text: string): void;
  close(code: number, reason: string): void;
  /** Bytes queued for this socket and not yet handed to the network (0 when unknown). */
  bufferedAmount?(): number;
  /** A protocol ping (the client's pong marks it alive). */
  ping?(): void;
  /** Cuts a dead connection at once (no close handshake). */
  terminate?(): void;
};

/** Who a socket is on one subscribed view. */
/** `hidden`: a researcher (issue 24 §5), left out of the presence list. */
export type ViewSubscription = { communityId: string; authorId: string; name: string; hidden?: boolean };

export type PushClient = {
  readonly id: number;
  readonly connection: PushConnection;
  user: UserDocument | null;
  /** The token the socket authenticated with: a session end closes the socket. */
  session?: TokenPayload;
  /** Subscribed views → who I am there. */
  views: Map<string, ViewSubscription>;
  /** Answered the last heartbeat ping (or said something) since it was sent. */
  alive?: boolean;
};
