import { describe, expect, it } from 'vitest';
import type { PushClientMessage, PushServerMessage } from '../../../contracts/push.ts';
import { PushConnection, type SocketLike, type ViewChannelListener } from './push.ts';

/** A socket the test drives: it records what the client sends and plays the server. */
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
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  subscriptions() {
    return this.sent
      .filter((m) => m.type === 'subscribe' || m.type === 'unsubscribe')
      .map((m) => `${m.type} ${'viewId' in m ? m.viewId : ''}`);
  }
}

/** Timers run by hand. */
const manualTimers = () => {
  let next = 1;
  const pending = new Map<number, { run: () => void; ms: number }>();
  return {
    pending,
    setTimeout: (run: () => void, ms: number) => {
      pending.set(next, { run, ms });
      return next++;
    },
    clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    setInterval: () => 0,
    clearInterval: () => undefined,
    runAll: () => {
      const due = [...pending.entries()];
      pending.clear();
      for (const [, timer] of due) timer.run();
    },
  };
};

const setup = (token: string | null = 'token-1') => {
  const sockets: FakeSocket[] = [];
  const timers = manualTimers();
  const connection = new PushConnection({
    open: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    token: () => token,
    ...timers,
  });
  /** Opens the latest socket and authenticates it. */
  const ready = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket');
    socket.open();
    socket.push({ type: 'ready', userId: 'u1' });
    return socket;
  };
  return { connection, sockets, timers, ready };
};

/** A listener that records what it hears. */
const recorder = () => {
  const heard: string[] = [];
  const listener: ViewChannelListener = {
    subscribed: (position) => heard.push(`subscribed ${position}`),
    message: (message) => heard.push(message.type),
    disconnected: () => heard.push('disconnected'),
  };
  return { heard, listener };
};

const placed = (viewId: string): PushServerMessage =>
  ({ type: 'ref.saved', viewId, cause: 'placed', ref: { _id: 'r1' }, position: 9 }) as unknown as PushServerMessage;

describe('PushConnection: the page’s one websocket (issue 22 §8)', () => {
  it('opens one socket for every view watched, authenticates, then subscribes each view once', () => {
    const { connection, sockets, ready } = setup();
    connection.watch('page-view', recorder().listener);
    connection.watch('window-view', recorder().listener);
    connection.watch('window-view', recorder().listener);
    expect(sockets).toHaveLength(1);
    const socket = ready();
    expect(socket.sent[0]).toEqual({ type: 'auth', token: 'token-1' });
    expect(socket.subscriptions()).toEqual(['subscribe page-view', 'subscribe window-view']);
  });

  it('gives each view’s messages to its watchers only, and my read state to all', () => {
    const { connection, ready } = setup();
    const page = recorder();
    const window1 = recorder();
    connection.watch('page-view', page.listener);
    connection.watch('window-view', window1.listener);
    const socket = ready();
    socket.push({ type: 'subscribed', viewId: 'page-view', position: 4 });
    socket.push({ type: 'subscribed', viewId: 'window-view', position: 5 });
    socket.push(placed('window-view'));
    socket.push({ type: 'read.changed', communityId: 'c1', contributionId: 'n1', read: 'read' });
    expect(page.heard).toEqual(['subscribed 4', 'read.changed']);
    expect(window1.heard).toEqual(['subscribed 5', 'ref.saved', 'read.changed']);
  });

  it('tells a second watcher of a subscribed view at once, without subscribing again', () => {
    const { connection, ready } = setup();
    connection.watch('v1', recorder().listener);
    const socket = ready();
    socket.push({ type: 'subscribed', viewId: 'v1', position: 7 });
    const late = recorder();
    connection.watch('v1', late.listener);
    expect(late.heard).toEqual(['subscribed 7']);
    expect(socket.subscriptions()).toEqual(['subscribe v1']);
  });

  it('unsubscribes a view when its last watcher leaves, and closes the socket a moment after nothing is watched', () => {
    const { connection, sockets, timers, ready } = setup();
    const stopPage = connection.watch('v1', recorder().listener);
    const stopWindow = connection.watch('v1', recorder().listener);
    const socket = ready();
    stopWindow();
    expect(socket.subscriptions()).toEqual(['subscribe v1']);
    stopPage();
    expect(socket.subscriptions()).toEqual(['subscribe v1', 'unsubscribe v1']);
    expect(socket.closed).toBe(false);
    // Moving to the next view within that moment keeps the socket.
    connection.watch('v2', recorder().listener);
    timers.runAll();
    expect(socket.closed).toBe(false);
    expect(sockets).toHaveLength(1);
    expect(socket.subscriptions().at(-1)).toBe('subscribe v2');
  });

  it('closes the idle socket once the moment has passed', () => {
    const { connection, timers, ready } = setup();
    const stop = connection.watch('v1', recorder().listener);
    const socket = ready();
    stop();
    timers.runAll();
    expect(socket.closed).toBe(true);
    expect(connection.state).toEqual({ open: false, views: [] });
  });

  it('reconnects after a drop with one new socket and subscribes every watched view again', () => {
    const { connection, sockets, timers, ready } = setup();
    const page = recorder();
    connection.watch('v1', page.listener);
    connection.watch('v2', recorder().listener);
    ready().drop();
    expect(page.heard).toEqual(['disconnected']);
    // A view opened while the socket is down waits for the reconnection; it opens no socket of its own.
    connection.watch('v3', recorder().listener);
    timers.runAll();
    expect(sockets).toHaveLength(2);
    expect(ready().subscriptions()).toEqual(['subscribe v1', 'subscribe v2', 'subscribe v3']);
  });

  it('does not reconnect when the server refused the session', () => {
    const { connection, sockets, timers, ready } = setup();
    connection.watch('v1', recorder().listener);
    ready().drop(4401);
    timers.runAll();
    expect(sockets).toHaveLength(1);
  });

  it('opens no socket without a session', () => {
    const { connection, sockets } = setup(null);
    connection.watch('v1', recorder().listener);
    expect(sockets).toHaveLength(0);
  });
});
