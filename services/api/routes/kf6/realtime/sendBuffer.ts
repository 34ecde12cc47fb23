import type { Socket } from 'socket.io';

/**
 * The send buffer of one KF6 socket.io client (issue 15 §5, as the push hub
 * does for Buildon's own sockets, issue 16 §6): a client that stops reading —
 * a websocket whose peer no longer takes data, a polling client that no longer
 * polls — must not grow the server's memory nor hold the others. engine.io
 * keeps the packets its transport could not take yet (`writeBuffer`), and the
 * websocket keeps what the network has not taken (`bufferedAmount`).
 */
type EngineSocket = {
  writeBuffer?: { data?: unknown }[];
  transport?: { socket?: { bufferedAmount?: number; terminate?: () => void } };
  close(discard?: boolean): void;
};

const engineOf = (socket: Socket): EngineSocket => socket.conn as unknown as EngineSocket;

const packetBytes = (data: unknown): number => {
  if (typeof data === 'string') return data.length;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
  return 0;
};

/** Bytes queued for `socket` and not yet taken by the network. */
export const queuedBytes = (socket: Socket): number => {
  const engine = engineOf(socket);
  let bytes = engine.transport?.socket?.bufferedAmount ?? 0;
  for (const packet of engine.writeBuffer ?? []) bytes += packetBytes(packet.data);
  return bytes;
};

/**
 * Cuts a client that fell too far behind: what was queued for it is dropped
 * (`close(true)` discards engine.io's buffer) and its websocket, whose peer may
 * never acknowledge a close, is terminated. The original's client reconnects
 * and reloads its view, as after any disconnection.
 */
export const cutOff = (socket: Socket): void => {
  const engine = engineOf(socket);
  const websocket = engine.transport?.socket;
  engine.close(true);
  websocket?.terminate?.();
};
