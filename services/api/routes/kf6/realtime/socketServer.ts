import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { Server, Socket } from 'socket.io';
import { BuildonError, ForbiddenError, UnauthorizedError } from '../../../../core/errors.ts';
import type { ContributionDocument } from '../../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../../projections/users/index.ts';
import { accessObject, canRead } from '../../../../domain/access/permissions.ts';
import type { CanvasReader } from '../../../canvas/canvasReader.ts';
import type { AppServices } from '../../../../app/appServices.ts';
import { sessionProblem } from '../../../plugins/session.ts';
import { verifier } from '../../../push/pushPlugin.ts';
import { Kf6LinkPushes } from './linkPushes.ts';
import { parseKf6Room, Kf6Rooms, type Kf6Client, type Kf6Room } from './rooms.ts';
import { attachOnFirstUse } from './lazyAttach.ts';
import { cutOff, queuedBytes } from './sendBuffer.ts';

/** Where the original's client connects (`io('', {path: '/socket.io-client'})`). */
export const kf6SocketPath = '/socket.io-client';

type Ack = (answer: { ok: true; room: string } | { ok: false; room: string; status: number; message: string }) => void;

/** The token of a handshake: `?token=` (the original's commented-out option), `Authorization: Bearer`, or a v3+ client's `auth.token`. */
const tokenOf = (socket: Socket): string | null => {
  const { query, headers, auth } = socket.handshake;
  const fromAuth = (auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth;
  if (typeof query.token === 'string' && query.token) return query.token;
  const header = headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
};

/** The community of a contribution `user` may read now (a member who passes the reading rule); 403 otherwise. */
const readableContribution = async (loader: CanvasReader, user: UserDocument, contribution: ContributionDocument): Promise<string> => {
  const reader = await loader.reader(user, contribution.communityId);
  if (!canRead(reader.subject, accessObject(contribution, await loader.membersOf(contribution)))) throw new ForbiddenError();
  return contribution.communityId;
};

const isOurs = (request: IncomingMessage): boolean => {
  const url = request.url ?? '';
  return url === kf6SocketPath || url.startsWith(`${kf6SocketPath}/`) || url.startsWith(`${kf6SocketPath}?`);
};

/**
 * The KF6 real-time endpoint (issue 15 §5, fact sheet §8): a socket.io server
 * on the same HTTP server at `/socket.io-client`, speaking the protocol of the
 * original's socket.io 1.x/2.x clients (`allowEIO3`) as well as current ones.
 * Unlike the original it is authorised: the handshake must carry a token that
 * passes the checks of HTTP requests, a room is joined only after the canvas
 * load's own check, and every message is shaped per reader (linkPushes.ts).
 * It is fed by the same push hub as Buildon's websocket (`app.push`).
 */
export const kf6SocketPlugin = fp<{ services: AppServices; corsOrigins: readonly string[] }>(
  async (app, { services, corsOrigins }) => {
    const rooms = new Kf6Rooms();
    const pushes = new Kf6LinkPushes({ services, rooms, sessionProblem: (user, session) => sessionProblem(user, session)?.text ?? null });
    const stopListening = app.push.listen({ active: () => rooms.active, handle: (event) => pushes.handle(event) });
    const verify = verifier(app, services);

    const options = {
      path: kf6SocketPath,
      allowEIO3: true,
      serveClient: false,
      // Unhandled upgrades belong to the other listeners (Buildon's websocket): never cut them.
      destroyUpgrade: false,
      maxHttpBufferSize: 64 * 1024,
      // Only the origins of BUILDON_CORS_ORIGINS (polling from another origin); none by default.
      cors: { origin: [...corsOrigins], credentials: false },
    };

    /**
     * The community of a room the user may join: a view they may read (the canvas
     * load's check); for `linkfrom:` also their own membership (its author id),
     * whose read links the original's canvas follows, or a contribution they may
     * read, whose build-ons and references the original pushed there. Anything
     * else: 403/404.
     */
    const roomCommunity = async (user: UserDocument, room: Kf6Room): Promise<string> => {
      if (room.kind === 'linkfrom') {
        const author = await services.canvasReader.authors.get(room.id);
        if (author) {
          if (author.userId !== user._id) throw new ForbiddenError();
          await services.canvasReader.reader(user, author.communityId);
          return author.communityId;
        }
        const contribution = await services.canvasReader.contributions.get(room.id);
        if (contribution && contribution.type !== 'View') return readableContribution(services.canvasReader, user, contribution);
      }
      return (await services.canvasReader.viewAccess(user, room.id)).view.communityId;
    };

    const configure = (io: Server): void => {
      // Who each handshake authenticated as (socket.io's own `socket.data` is untyped).
      const identities = new WeakMap<Socket, Pick<Kf6Client, 'user' | 'session'>>();
      io.use((socket, next) => {
        const token = tokenOf(socket);
        if (!token) return next(new Error('Authentication required'));
        verify(token).then(
          ({ user, session }) => {
            identities.set(socket, { user, session });
            next();
          },
          (error: unknown) => next(new Error(error instanceof BuildonError ? error.message : 'Authentication required')),
        );
      });

      io.on('connection', (socket) => {
        const identity = identities.get(socket);
        if (!identity) return void socket.disconnect(true);
        const client: Kf6Client = {
          id: socket.id,
          ...identity,
          rooms: new Map(),
          emit: (event, payload) => {
            if (!rooms.clients.has(client)) return;
            socket.emit(event, payload);
            // Fallen too far behind (sendBuffer.ts): forgotten at once, so nothing more is queued for it.
            if (queuedBytes(socket) > app.push.limits.maxBufferedBytes) {
              rooms.remove(client);
              cutOff(socket);
            }
          },
          disconnect: () => socket.disconnect(true),
        };
        rooms.add(client);
        // Requests of one socket are handled in order (an unsubscribe never overtakes its subscribe).
        let queue: Promise<void> = Promise.resolve();
        const answer = (ack: unknown, value: Parameters<Ack>[0]) => {
          if (typeof ack === 'function') (ack as Ack)(value);
          else if (!value.ok) socket.emit('subscribe:refused', value);
        };

        socket.on('subscribe', (name: unknown, ack?: unknown) => {
          queue = queue.then(async () => {
            const room = parseKf6Room(name);
            if (!room) return answer(ack, { ok: false, room: String(name).slice(0, 80), status: 400, message: 'Unknown room' });
            try {
              const user = await services.accounts.getUser(client.user._id);
              if (!user || user.blockLogin) throw new UnauthorizedError();
              client.user = user;
              rooms.join(client, room.name, await roomCommunity(user, room));
              answer(ack, { ok: true, room: room.name });
            } catch (error) {
              const status = error instanceof BuildonError ? error.status : 500;
              const message = error instanceof BuildonError ? error.message : 'Something went wrong on our side.';
              answer(ack, { ok: false, room: room.name, status, message });
            }
          });
        });
        socket.on('unsubscribe', (name: unknown) => {
          queue = queue.then(() => {
            if (typeof name === 'string') rooms.leave(client, name);
          });
        });
        socket.on('disconnect', () => rooms.remove(client));
      });
    };
    const socketIo = attachOnFirstUse(app.server, isOurs, () => import('socket.io'), options, configure);

    // Before the HTTP server closes: its open sockets would keep it waiting.
    app.addHook('preClose', async () => {
      stopListening();
      socketIo.close();
    });
  },
  { name: 'kf6-socket', dependencies: ['buildon-push'] },
);
