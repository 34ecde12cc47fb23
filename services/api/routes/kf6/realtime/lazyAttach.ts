import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Server, ServerOptions } from 'socket.io';

type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * socket.io on a path of `server`, loaded on the path's first request or
 * upgrade rather than at start: the package and its engine cost a start about
 * 120 ms of CPU (issue 16 §5), and most schools never connect a KF6 client.
 *
 * The socket.io server is attached to a detached HTTP server (never listening,
 * so that socket.io adds no listener to the real one); the real server's
 * requests and upgrades on the path are handed to its engine, the others to
 * the listeners that were there (Fastify, Buildon's own websocket), which thus
 * never see the path.
 */
export const attachOnFirstUse = (
  server: HttpServer,
  isOurs: (request: IncomingMessage) => boolean,
  load: () => Promise<{ Server: typeof Server }>,
  options: Partial<ServerOptions>,
  configure: (io: Server) => void,
): { started: () => Server | null; close: () => void } => {
  let io: Server | null = null;
  let starting: Promise<Server> | null = null;
  const detached = createServer();
  const start = (): Promise<Server> =>
    (starting ??= load().then(({ Server: SocketServer }) => {
      io = new SocketServer(detached, options);
      configure(io);
      return io;
    }));

  const upgrades = server.listeners('upgrade') as UpgradeListener[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!isOurs(request)) {
      for (const listener of upgrades) listener.call(server, request, socket, head);
      return;
    }
    start().then(
      (ready) => ready.engine.handleUpgrade(request, socket, head),
      () => socket.destroy(),
    );
  });

  const requests = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!isOurs(request)) {
      for (const listener of requests) listener.call(server, request, response);
      return;
    }
    start().then(
      (ready) => ready.engine.handleRequest(request, response),
      () => {
        response.statusCode = 503;
        response.end();
      },
    );
  });

  return {
    started: () => io,
    close: () => {
      io?.disconnectSockets(true);
      io?.engine.close();
      detached.close();
    },
  };
};
