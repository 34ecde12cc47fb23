import { describe, expect, it, vi } from 'vitest';
import type { PushClientMessage, PushServerMessage } from '../../../contracts/push.ts';
import { pushCloseCodes } from '../../../contracts/push.ts';
import { PushConnection, type SocketLike, type ViewChannelListener } from './push.ts';
import { createTokenStore } from './tokenStore.ts';

/** Issue 17 §4: the live channel follows the token (a refresh reconnects; an ended session does not). */

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: PushClientMessage[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  closed = false;
  send(data: string) {
    this.sent.push(JSON.parse(data) as PushClientMessage);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(message: PushServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  authToken() {
    const auth = this.sent.find((m) => m.type === 'auth');
    return auth && 'token' in auth ? auth.token : null;
  }
}

const listener = (): ViewChannelListener => ({ subscribed: vi.fn(), message: vi.fn(), disconnected: vi.fn() });

const setup = () => {
  const tokens = createTokenStore(null);
  tokens.set('token-1');
  const sockets: FakeSocket[] = [];
  const ended = vi.fn();
  const connection = new PushConnection({
    open: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    token: tokens.get,
    tokenChanges: tokens.subscribe,
    onSessionEnded: ended,
    setTimeout: () => 0,
    clearTimeout: () => undefined,
    setInterval: () => 0,
    clearInterval: () => undefined,
  });
  const latest = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket');
    return socket;
  };
  const ready = () => {
    const socket = latest();
    socket.open();
    socket.push({ type: 'ready', userId: 'u1' });
    return socket;
  };
  return { tokens, sockets, connection, ended, latest, ready };
};

describe('the live channel and token rotation', () => {
  it('a refreshed token replaces the socket: the new one authenticates with it and subscribes the views again', () => {
    const { tokens, sockets, connection, ready, latest, ended } = setup();
    connection.watch('view-1', listener());
    const first = ready();
    expect(first.authToken()).toBe('token-1');
    tokens.set('token-2');
    expect(first.closed).toBe(true);
    expect(sockets).toHaveLength(2);
    ready();
    expect(latest().authToken()).toBe('token-2');
    expect(latest().sent).toContainEqual({ type: 'subscribe', viewId: 'view-1' });
    // The server closing the old token's socket afterwards changes nothing.
    first.drop(pushCloseCodes.unauthorized);
    expect(sockets).toHaveLength(2);
    expect(ended).not.toHaveBeenCalled();
  });

  it('the server closing the old socket before the new token arrives: the new token still reconnects', () => {
    const { tokens, sockets, connection, ready, latest, ended } = setup();
    connection.watch('view-1', listener());
    const first = ready();
    first.drop(pushCloseCodes.unauthorized);
    expect(ended).toHaveBeenCalledWith('token-1');
    expect(sockets).toHaveLength(1);
    tokens.set('token-2');
    expect(sockets).toHaveLength(2);
    ready();
    expect(latest().authToken()).toBe('token-2');
  });

  it('an ended session (closed as unauthorized, same token) does not reconnect and is reported', () => {
    const { sockets, connection, ready, ended } = setup();
    connection.watch('view-1', listener());
    ready().drop(pushCloseCodes.unauthorized);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
    expect(connection.state.open).toBe(false);
  });

  it('a logout (no token) closes the socket and opens none', () => {
    const { tokens, sockets, connection, ready } = setup();
    connection.watch('view-1', listener());
    const first = ready();
    tokens.set(null);
    expect(first.closed).toBe(true);
    expect(sockets).toHaveLength(1);
    expect(connection.state.open).toBe(false);
  });
});

describe('the token store across tabs', () => {
  it("tells its listeners when another tab changed the token (the browser's storage event)", () => {
    const storage = new Map<string, string>();
    let otherTabChanged: () => void = () => undefined;
    const tokens = createTokenStore(
      {
        getItem: (key) => storage.get(key) ?? null,
        setItem: (key, value) => void storage.set(key, value),
        removeItem: (key) => void storage.delete(key),
      },
      (changed) => {
        otherTabChanged = changed;
      },
    );
    const heard = vi.fn();
    tokens.subscribe(heard);
    storage.set('buildon.token', 'from-the-other-tab');
    otherTabChanged();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(tokens.get()).toBe('from-the-other-tab');
  });
});
