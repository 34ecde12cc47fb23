import { pushCloseCodes, pushPath, type PushClientMessage, type PushServerMessage } from '../../../contracts/push.ts';
import { api } from './api.ts';
import { sessionRefreshSettled } from './sessionRefresh.ts';
import { tokenStore } from './tokenStore.ts';

/**
 * What one watcher of a view hears on the shared live channel. Several
 * watchers may follow the same view (the canvas and a window showing it):
 * each hears everything about it.
 */
export type ViewChannelListener = {
  /** Subscribed, or subscribed again after a reconnection: every change after `position` will come. */
  subscribed: (position: number) => void;
  /** A change, the presence list or an error about this view; `read.changed` reaches every watcher. */
  message: (message: PushServerMessage) => void;
  /** The connection dropped: no change arrives until `subscribed` is heard again. */
  disconnected: () => void;
};

/** The part of a WebSocket the connection uses (a fake one in unit tests). */
export type SocketLike = {
  readonly readyState: number;
  send: (data: string) => void;
  close: () => void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
};

export type PushConnectionOptions = {
  /** Opens a socket to the push endpoint. */
  open: () => SocketLike;
  /** The session token, or null when logged out (no socket then). */
  token: () => string | null;
  /**
   * Follows the token (a refresh, another tab's login or logout): the socket
   * reopens with the new token, or closes when there is none.
   */
  tokenChanges?: (listener: () => void) => () => void;
  /**
   * The server closed the socket as unauthorized and the token has not changed
   * since: the session ended (an admin, another device, a password change).
   * The app makes its next request, whose 401 shows the login page.
   */
  onSessionEnded?: (token: string) => void;
  /** Timers (fake ones in unit tests). */
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  setInterval?: (run: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  /** How long the socket stays open with nothing watched (moving from one view to the next keeps it). */
  idleCloseMs?: number;
};

const openState = 1;

/**
 * The application's one live channel (issue 5 §8, issue 22 §8): one
 * authenticated websocket shared by the canvas and every window showing a
 * view. Each view watched is subscribed once, whatever the number of its
 * watchers; the last watcher leaving unsubscribes it, and the socket closes a
 * moment after nothing is watched. It reconnects with back-off and subscribes
 * every watched view again.
 */
export class PushConnection {
  private socket: SocketLike | null = null;
  /** The token the open socket authenticated with. */
  private socketToken: string | null = null;
  private ready = false;
  private readonly watchers = new Map<string, Set<ViewChannelListener>>();
  /** Listeners of what the server sends the user wherever they are (notifications, issue 18 §5). */
  private readonly userListeners = new Set<(message: PushServerMessage) => void>();
  /** Views the server confirmed, with the position it gave (a late watcher hears it too). */
  private readonly confirmed = new Map<string, number>();
  private attempts = 0;
  private retry: unknown = null;
  private idle: unknown = null;
  private ping: unknown = null;
  private readonly timers: Required<Omit<PushConnectionOptions, 'open' | 'token' | 'idleCloseMs' | 'tokenChanges' | 'onSessionEnded'>>;
  private readonly idleCloseMs: number;

  constructor(private readonly options: PushConnectionOptions) {
    this.timers = {
      setTimeout: options.setTimeout ?? ((run, ms) => globalThis.setTimeout(run, ms)),
      clearTimeout: options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as number)),
      setInterval: options.setInterval ?? ((run, ms) => globalThis.setInterval(run, ms)),
      clearInterval: options.clearInterval ?? ((handle) => globalThis.clearInterval(handle as number)),
    };
    this.idleCloseMs = options.idleCloseMs ?? 5_000;
    options.tokenChanges?.(() => this.tokenChanged());
  }

  /** A new token (or none): a socket opened with the old one is replaced, as the server will close it. */
  private tokenChanged(): void {
    const token = this.options.token();
    if (this.socket && token === this.socketToken) return;
    if (this.socket) {
      const socket = this.socket;
      this.dropped();
      socket.close();
    }
    this.attempts = 0;
    if (token && this.active) this.connect();
  }

  /** Someone listens: a view watched, or the user's own messages. */
  private get active(): boolean {
    return this.watchers.size > 0 || this.userListeners.size > 0;
  }

  /**
   * Hears the messages the server sends the user whatever views are open (a
   * notification), on the same shared socket, kept open while listened to.
   * @returns the function that stops listening
   */
  watchUser(listener: (message: PushServerMessage) => void): () => void {
    this.userListeners.add(listener);
    this.cancelIdleClose();
    if (!this.socket) this.connect();
    return () => {
      if (this.userListeners.delete(listener) && !this.active) this.scheduleIdleClose();
    };
  }

  /**
   * Follows a view: subscribes it on the shared socket (opened if need be).
   * @returns the function that stops following it
   */
  watch(viewId: string, listener: ViewChannelListener): () => void {
    let listeners = this.watchers.get(viewId);
    const first = !listeners;
    if (!listeners) this.watchers.set(viewId, (listeners = new Set()));
    listeners.add(listener);
    this.cancelIdleClose();
    if (!this.socket) this.connect();
    else if (first) this.send({ type: 'subscribe', viewId });
    else {
      const position = this.confirmed.get(viewId);
      if (position !== undefined) listener.subscribed(position);
    }
    return () => this.unwatch(viewId, listener);
  }

  /** Open sockets (0 or 1) and the views subscribed on it, for tests. */
  get state(): { open: boolean; views: string[] } {
    return { open: this.socket !== null, views: [...this.watchers.keys()] };
  }

  private unwatch(viewId: string, listener: ViewChannelListener): void {
    const listeners = this.watchers.get(viewId);
    if (!listeners?.delete(listener) || listeners.size > 0) return;
    this.watchers.delete(viewId);
    this.confirmed.delete(viewId);
    this.send({ type: 'unsubscribe', viewId });
    if (!this.active) this.scheduleIdleClose();
  }

  private send(message: PushClientMessage): void {
    if (this.socket?.readyState === openState && (this.ready || message.type === 'auth')) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    if (this.socket) return;
    if (this.retry !== null) this.timers.clearTimeout(this.retry);
    this.retry = null;
    const token = this.options.token();
    if (!token || !this.active) return;
    const socket = this.options.open();
    this.socket = socket;
    this.socketToken = token;
    this.ready = false;
    socket.onopen = () => this.send({ type: 'auth', token });
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let message: PushServerMessage;
      try {
        message = JSON.parse(event.data) as PushServerMessage;
      } catch {
        return;
      }
      this.receive(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.dropped();
      if (event.code === pushCloseCodes.unauthorized) {
        // A token rotated meanwhile reconnects (tokenChanged, or here if it came first); the same token means the session ended.
        const current = this.options.token();
        if (current && current !== token && this.active) this.connect();
        else if (current === token) this.options.onSessionEnded?.(token);
        return;
      }
      if (!this.active) return;
      this.attempts += 1;
      this.retry = this.timers.setTimeout(
        () => {
          this.retry = null;
          this.connect();
        },
        Math.min(15_000, 500 * 2 ** Math.min(this.attempts, 5)),
      );
    };
    this.ping = this.timers.setInterval(() => this.send({ type: 'ping' }), 25_000);
  }

  private receive(message: PushServerMessage): void {
    if (message.type === 'ready') {
      this.ready = true;
      for (const viewId of this.watchers.keys()) this.send({ type: 'subscribe', viewId });
      return;
    }
    if (message.type === 'subscribed') {
      this.attempts = 0;
      if (!this.watchers.has(message.viewId)) return;
      this.confirmed.set(message.viewId, message.position);
      for (const listener of this.listenersOf(message.viewId)) listener.subscribed(message.position);
      return;
    }
    if (message.type === 'pong' || message.type === 'unsubscribed') return;
    if (message.type === 'notification') {
      for (const listener of [...this.userListeners]) listener(message);
      return;
    }
    // My read state follows me in every view; everything else names its view.
    const listeners =
      message.type === 'read.changed'
        ? [...this.watchers.values()].flatMap((set) => [...set])
        : 'viewId' in message && typeof message.viewId === 'string'
          ? this.listenersOf(message.viewId)
          : [];
    for (const listener of listeners) listener.message(message);
  }

  private listenersOf(viewId: string): ViewChannelListener[] {
    return [...(this.watchers.get(viewId) ?? [])];
  }

  /** The socket is gone: watchers wait for `subscribed` again. */
  private dropped(): void {
    this.socket = null;
    this.ready = false;
    this.confirmed.clear();
    if (this.ping !== null) this.timers.clearInterval(this.ping);
    this.ping = null;
    for (const listeners of this.watchers.values()) for (const listener of listeners) listener.disconnected();
  }

  private scheduleIdleClose(): void {
    this.cancelIdleClose();
    this.idle = this.timers.setTimeout(() => {
      this.idle = null;
      if (this.active) return;
      if (this.retry !== null) this.timers.clearTimeout(this.retry);
      this.retry = null;
      const socket = this.socket;
      this.dropped();
      socket?.close();
    }, this.idleCloseMs);
  }

  private cancelIdleClose(): void {
    if (this.idle !== null) this.timers.clearTimeout(this.idle);
    this.idle = null;
  }
}

const socketUrl = (): string => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${pushPath}`;
};

let shared: PushConnection | null = null;

/**
 * The socket was refused with this token: once any refresh in progress has
 * settled (the server closes the old token's socket before the new token
 * arrives) and a moment has passed, a token still unchanged has ended; asking who I am gets the 401
 * that clears it and shows the login page with the server's reason.
 */
const sessionEnded = async (token: string): Promise<void> => {
  // A password change answers its new token just after the server closed the old token's socket: give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await sessionRefreshSettled();
  if (tokenStore.get() !== token) return;
  await api.request('/api/users/me').catch(() => undefined);
};

/** The page's one live channel, opened on first use. */
export const pushConnection = (): PushConnection => {
  shared ??= new PushConnection({
    open: () => new WebSocket(socketUrl()),
    token: () => tokenStore.get(),
    tokenChanges: (listener) => tokenStore.subscribe(listener),
    onSessionEnded: (token) => void sessionEnded(token),
  });
  return shared;
};
