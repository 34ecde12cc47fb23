import WebSocket from 'ws';
import type { PushServerMessage } from '../../contracts/push.ts';

/** A test socket on /api/socket that records every message and waits for the ones it needs. */
export class PushClient {
  readonly messages: PushServerMessage[] = [];
  private waiters: { test: (m: PushServerMessage) => boolean; resolve: (m: PushServerMessage) => void }[] = [];
  readonly closed: Promise<number>;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as PushServerMessage;
      this.messages.push(message);
      this.waiters = this.waiters.filter((waiter) => (waiter.test(message) ? (waiter.resolve(message), false) : true));
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  /** An open socket on `url` (`ws://127.0.0.1:port/api/socket`); authenticate with a first `{type: 'auth', token}` message. */
  static async open(url: string): Promise<PushClient> {
    const socket = new WebSocket(url);
    const client = new PushClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  /** The first message (already received or coming) that passes `test` (10 s by default: CI machines are loaded). */
  next<T extends PushServerMessage = PushServerMessage>(test: (m: PushServerMessage) => boolean, timeoutMs = 10_000): Promise<T> {
    const seen = this.messages.find(test);
    if (seen) return Promise.resolve(seen as T);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`)),
        timeoutMs,
      );
      this.waiters.push({ test, resolve: (m) => (clearTimeout(timer), resolve(m as T)) });
    });
  }

  /** Subscribes to a view; the server's `subscribed` or `error` reply for it. */
  async subscribe(viewId: string): Promise<PushServerMessage> {
    this.send({ type: 'subscribe', viewId });
    return this.next((m) => (m.type === 'subscribed' || m.type === 'error') && 'viewId' in m && m.viewId === viewId);
  }

  close(): void {
    this.socket.close();
  }
}
