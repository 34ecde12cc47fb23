import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parsePushClientMessage, pushCloseCodes, pushPath } from '../../../contracts/push.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { UnauthorizedError } from '../../core/errors.ts';
import type { AppServices } from '../../app/appServices.ts';
import { sessionProblem, type TokenPayload } from '../plugins/session.ts';
import { MyNotifications } from '../notifications/myNotifications.ts';
import { PushHub, type PushClient } from './hub.ts';
import { notificationListener, UserChannels } from './userChannels.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live canvas hub (websocket pushes). */
    push: PushHub;
  }
}

/** Time a socket has to authenticate before it is closed. */
const authTimeoutMs = 10_000;

/**
 * The same checks as `app.authenticate`, for a token that arrives in the
 * socket's first message (browsers cannot set WebSocket headers, and a token
 * in the URL would be written to access logs: issue 20 §5).
 */
export const verifier =
  (app: FastifyInstance, services: AppServices) =>
  async (token: string): Promise<{ user: UserDocument; session: TokenPayload }> => {
    let payload: TokenPayload;
    try {
      payload = app.jwt.verify<TokenPayload>(token);
    } catch {
      throw new UnauthorizedError();
    }
    const user = await services.accounts.getUser(payload.sub).catch(() => null);
    if (!user) throw new UnauthorizedError();
    const problem = sessionProblem(user, payload);
    if (problem) throw new UnauthorizedError(problem);
    return { user, session: payload };
  };

/** `GET /api/socket` (websocket): see contracts/push.ts for the protocol. */
export const pushPlugin = fp<{ services: AppServices }>(
  async (app: FastifyInstance, { services }) => {
    const hub = new PushHub({
      eventStore: services.eventStore,
      readStore: services.readStore,
      runner: services.runner,
      reader: services.canvasReader,
      getUser: (userId) => services.accounts.getUser(userId).catch(() => null),
      sessionProblem: (user, session) => sessionProblem(user, session)?.text ?? null,
      log: app.log,
    });
    app.decorate('push', hub);
    // Each authenticated socket also hears its user's notifications (issue 18 §5).
    const channels = new UserChannels();
    hub.listen(notificationListener(channels, new MyNotifications(services.readStore), (client, message) => hub.send(client, message)));
    app.addHook('onReady', () => hub.start());
    app.addHook('onClose', () => hub.stop());
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    const verify = verifier(app, services);

    app.get(
      pushPath,
      {
        websocket: true,
        schema: {
          tags: ['canvas'],
          summary: 'Live canvas: authenticate, subscribe to views, receive their changes (contracts/push.ts)',
          hide: true,
        },
      },
      (socket) => {
        const client: PushClient = hub.connect({
          send: (text) => {
            if (socket.readyState === socket.OPEN) socket.send(text);
          },
          close: (code, reason) => socket.close(code, reason),
          bufferedAmount: () => socket.bufferedAmount,
          ping: () => socket.ping(),
          terminate: () => socket.terminate(),
        });
        client.alive = true;
        socket.on('pong', () => {
          client.alive = true;
        });
        const refuse = (error: unknown) => {
          const message = error instanceof Error && error instanceof UnauthorizedError ? error.message : 'Authentication required';
          hub.send(client, { type: 'error', status: 401, message });
          socket.close(pushCloseCodes.unauthorized, 'unauthorized');
        };
        const timer = setTimeout(() => {
          if (!client.user) refuse(new UnauthorizedError());
        }, authTimeoutMs);
        timer.unref();
        const authenticate = (token: string) =>
          verify(token).then(({ user, session }) => {
            client.user = user;
            client.session = session;
            clearTimeout(timer);
            channels.join(client);
            hub.send(client, { type: 'ready', userId: user._id });
          }, refuse);
        // Messages wait for the authentication in progress, in order.
        let queue: Promise<void> = Promise.resolve();

        socket.on('message', (raw: Buffer) => {
          client.alive = true;
          queue = queue.then(async () => {
            const message = parsePushClientMessage(raw.toString('utf8'));
            if (!message) return hub.send(client, { type: 'error', status: 400, message: 'Unknown message' });
            if (message.type === 'auth') return client.user ? undefined : authenticate(message.token);
            if (!client.user) return refuse(new UnauthorizedError());
            if (message.type === 'ping') return hub.send(client, { type: 'pong' });
            if (message.type === 'subscribe') return hub.subscribe(client, message.viewId);
            return hub.unsubscribe(client, message.viewId);
          });
        });
        socket.on('close', () => {
          clearTimeout(timer);
          channels.leave(client);
          hub.disconnect(client);
        });
      },
    );
  },
  { name: 'buildon-push', dependencies: ['buildon-auth'] },
);
