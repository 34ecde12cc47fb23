import { personName } from '../../../contracts/personName.ts';
import type { AuthorEvent } from '../../../contracts/events/author.ts';
import type { ContributionEvent } from '../../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import type { ReadEvent } from '../../../contracts/events/read.ts';
import { pushCloseCodes, type PresenceUser, type PushServerMessage } from '../../../contracts/push.ts';
import { readsCollectionName, readId, readState, type ReadDocument } from '../../../projections/reads/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { BuildonError, UnauthorizedError } from '../../core/errors.ts';
import type { EventStore, Subscription } from '../../core/eventStore.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { authorName, type CanvasReader } from '../canvas/canvasReader.ts';
import { CanvasChanges } from './canvasChanges.ts';
import type { PushClient, PushConnection, ViewSubscription } from './clients.ts';
import { closeTooSlow, defaultPushLimits, heartbeat, type PushLimits } from './liveness.ts';
import type { TokenPayload } from '../plugins/session.ts';

export type { PushClient, PushConnection } from './clients.ts';

export type PushHubDeps = {
  eventStore: EventStore;
  readStore: ReadStore;
  /** The projections' barrier: a push waits until the read models show its event. */
  runner: { waitFor(position: number): Promise<void> };
  reader: CanvasReader;
  /** Re-reads the user (blocked users lose their subscriptions). */
  getUser(userId: string): Promise<UserDocument | null>;
  /** The session rule of HTTP requests (plugins/session.ts): why this token may not go on, or null. */
  sessionProblem(user: UserDocument, session: TokenPayload): string | null;
  log?: { error(obj: object, msg: string): void };
};

const contributionLinkEvents = new Set(['LinkCreated', 'LinkUpdated', 'LinkDeleted']);
/** Author events that change what that member may see or do (role, login block). */
const authorAccessEvents = new Set(['AuthorRoleChanged', 'AuthorLoginBlocked', 'AuthorLoginUnblocked']);
/** User events that may end sessions: password change or reset, global block, logout (issue 20 §5). */
const sessionEndingEvents = new Set(['UserPasswordChanged', 'UserLoginBlocked', 'UserSessionEnded']);

/**
 * The push hub: sockets subscribe to views; the hub follows the event store
 * (its own subscription, so every API node at scale pushes to its own sockets)
 * and, once the projections have applied an event (`runner.waitFor`), tells
 * each subscriber what changed — shaped and filtered for that reader, exactly
 * as the canvas load would show it.
 */
/** Messages that carry the position of the event that caused them. */
const changeTypes: ReadonlySet<PushServerMessage['type']> = new Set([
  'ref.saved',
  'ref.removed',
  'link.saved',
  'link.removed',
  'read.changed',
]);

/**
 * Another audience of the same events (the KF6 socket.io endpoint): told of
 * each event once the read models show it, while `active` (it has sockets).
 */
export type PushListener = { active(): boolean; handle(event: RecordedEvent): Promise<void> };

export class PushHub {
  private readonly clients = new Set<PushClient>();
  private readonly listeners = new Set<PushListener>();
  private readonly viewSubscribers = new Map<string, Set<PushClient>>();
  private subscription: Subscription | null = null;
  private nextId = 1;
  private stopped = false;
  /** The last event this hub began to handle: every later one reaches the subscribers of the moment. */
  private started = 0;
  /** The event being dispatched, stamped on the changes it sends. */
  private dispatching: number | null = null;

  private readonly changes: CanvasChanges;
  /** The bounds now (`configure`): the KF6 socket.io endpoint applies the same send-buffer bound. */
  limits: PushLimits = { ...defaultPushLimits };
  private heartbeatTimer: NodeJS.Timeout | null = null;
  /** Sockets closed for a full send buffer, and cut for a missed heartbeat. */
  private closedTooSlow = 0;
  private terminatedDead = 0;
  /** The largest send buffer seen after a send: the bound plus one message at most. */
  private maxBuffered = 0;

  constructor(private readonly deps: PushHubDeps) {
    this.changes = new CanvasChanges(
      {
        subscribersOf: (viewId) => this.viewSubscribers.get(viewId),
        isSubscribed: (viewId) => this.viewSubscribers.has(viewId),
        send: (client, message) => this.send(client, message),
        text: (message) => this.text(message),
        sendText: (client, text) => this.sendText(client, text),
        drop: (client, viewId, error) => {
          this.leave(client, viewId);
          this.error(client, error, viewId);
        },
      },
      deps.reader,
    );
  }

  /** Follows the log from its current head. */
  async start(): Promise<void> {
    if (this.subscription || this.stopped) return;
    const after = await this.deps.eventStore.headPosition();
    this.started = after;
    this.follow(after);
    this.startHeartbeat();
  }

  /** Changes the send-buffer bound and the heartbeat interval (liveness.ts); tests shorten them. */
  configure(limits: Partial<PushLimits>): void {
    this.limits = { ...this.limits, ...limits };
    if (this.heartbeatTimer) this.startHeartbeat();
  }

  private startHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(
      () =>
        heartbeat(this.clients, (client) => {
          this.terminatedDead += 1;
          this.disconnect(client);
          client.connection.terminate?.();
        }),
      this.limits.heartbeatMs,
    );
    this.heartbeatTimer.unref();
  }

  private follow(after: number): void {
    let position = after;
    this.subscription = this.deps.eventStore.subscribeToAll({
      after,
      onEvent: async (event) => {
        position = event.globalPosition;
        this.started = position;
        const endsSessions = sessionEndingEvents.has(event.type);
        const listening = [...this.listeners].filter((listener) => listener.active());
        if (this.viewSubscribers.size === 0 && !(endsSessions && this.clients.size > 0) && listening.length === 0) return;
        try {
          await this.deps.runner.waitFor(event.globalPosition);
          await this.tellListeners(listening, event);
          if (endsSessions) return await this.sessionsChanged(event);
          this.dispatching = event.globalPosition;
          await this.dispatch(event);
        } catch (error) {
          this.deps.log?.error({ err: error, event: event.type, position: event.globalPosition }, 'push failed on event');
        } finally {
          this.dispatching = null;
        }
      },
      onError: (error) => {
        this.subscription = null;
        if (this.stopped) return;
        this.deps.log?.error({ err: error }, 'push subscription failed; resubscribing');
        setTimeout(() => this.follow(position), 500).unref();
      },
    });
  }

  /** Adds an audience of the events (see PushListener); returns its removal. */
  listen(listener: PushListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async tellListeners(listeners: readonly PushListener[], event: RecordedEvent): Promise<void> {
    for (const listener of listeners) {
      try {
        await listener.handle(event);
      } catch (error) {
        this.deps.log?.error({ err: error, event: event.type, position: event.globalPosition }, 'push listener failed on event');
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    await this.subscription?.close();
    this.subscription = null;
    for (const client of this.clients) client.connection.close(1001, 'server stopping');
    this.clients.clear();
    this.viewSubscribers.clear();
  }

  connect(connection: PushConnection): PushClient {
    const client: PushClient = { id: this.nextId++, connection, user: null, views: new Map() };
    this.clients.add(client);
    return client;
  }

  disconnect(client: PushClient): void {
    this.clients.delete(client);
    for (const viewId of [...client.views.keys()]) this.leave(client, viewId);
  }

  /** Open sockets, subscribed views, and sockets closed as too slow or cut as dead, for tests and operators. */
  stats(): { clients: number; views: number; closedTooSlow: number; terminatedDead: number; maxBuffered: number } {
    return {
      maxBuffered: this.maxBuffered,
      clients: this.clients.size,
      views: this.viewSubscribers.size,
      closedTooSlow: this.closedTooSlow,
      terminatedDead: this.terminatedDead,
    };
  }

  /** The text of a message, stamped with the position of the event being dispatched. */
  text(message: PushServerMessage): string {
    const stamped = this.dispatching !== null && changeTypes.has(message.type) ? { ...message, position: this.dispatching } : message;
    return JSON.stringify(stamped);
  }

  send(client: PushClient, message: PushServerMessage): void {
    this.sendText(client, this.text(message));
  }

  /** Sends an already serialised message (one text for every reader who sees the same thing). */
  sendText(client: PushClient, text: string): void {
    try {
      client.connection.send(text);
    } catch {
      // A socket that closed meanwhile: its close handler disconnects it.
      return;
    }
    const buffered = client.connection.bufferedAmount?.() ?? 0;
    if (buffered > this.maxBuffered) this.maxBuffered = buffered;
    if (buffered > this.limits.maxBufferedBytes && this.clients.has(client)) {
      // Fallen too far behind: forgotten at once (nothing more is queued for it), told to reconnect and reload.
      this.closedTooSlow += 1;
      this.disconnect(client);
      closeTooSlow(client);
    }
  }

  private error(client: PushClient, error: unknown, viewId?: string): void {
    const status = error instanceof BuildonError ? error.status : 500;
    const message = error instanceof BuildonError ? error.message : 'Something went wrong on our side.';
    this.send(client, { type: 'error', status, message, ...(viewId ? { viewId } : {}) });
  }

  /**
   * Subscribes to a view, authorised exactly like the canvas load; a refusal
   * is an error message and nothing is subscribed.
   */
  async subscribe(client: PushClient, viewId: string): Promise<void> {
    if (!client.user) return this.send(client, { type: 'error', status: 401, message: 'Authentication required', viewId });
    let subscription: ViewSubscription;
    try {
      const user = await this.deps.getUser(client.user._id);
      if (!user || user.blockLogin) return this.send(client, { type: 'error', status: 401, message: 'Authentication required', viewId });
      client.user = user;
      const access = await this.deps.reader.viewAccess(user, viewId);
      const author = access.reader.grant.author;
      subscription = {
        communityId: access.view.communityId,
        authorId: access.reader.authorId,
        name: author ? authorName(author, access.reader.lastNameFirst) : personName(user, access.reader.lastNameFirst),
        hidden: author?.role === 'researcher',
      };
    } catch (error) {
      return this.error(client, error, viewId);
    }
    if (!this.clients.has(client)) return;
    client.views.set(viewId, subscription);
    let subscribers = this.viewSubscribers.get(viewId);
    if (!subscribers) this.viewSubscribers.set(viewId, (subscribers = new Set()));
    subscribers.add(client);
    this.send(client, { type: 'subscribed', viewId, position: this.started });
    this.presence(viewId);
  }

  unsubscribe(client: PushClient, viewId: string): void {
    if (!client.views.has(viewId)) return;
    this.leave(client, viewId);
    this.send(client, { type: 'unsubscribed', viewId });
  }

  private leave(client: PushClient, viewId: string): void {
    client.views.delete(viewId);
    const subscribers = this.viewSubscribers.get(viewId);
    if (!subscribers) return;
    subscribers.delete(client);
    if (subscribers.size === 0) this.viewSubscribers.delete(viewId);
    else this.presence(viewId);
  }

  /** Tells everyone on a view who has it open. */
  private presence(viewId: string): void {
    const subscribers = this.viewSubscribers.get(viewId);
    if (!subscribers) return;
    const users = new Map<string, PresenceUser>();
    for (const client of subscribers) {
      const subscription = client.views.get(viewId);
      if (client.user && subscription && !subscription.hidden && !users.has(client.user._id)) {
        users.set(client.user._id, { userId: client.user._id, authorId: subscription.authorId, name: subscription.name });
      }
    }
    const text = this.text({ type: 'presence', viewId, users: [...users.values()] });
    for (const client of subscribers) this.sendText(client, text);
  }

  // ---- events → messages ----------------------------------------------------------------

  private async dispatch(event: RecordedEvent): Promise<void> {
    if (event.type === 'ReadMarked') return this.readMarked(event as RecordedEvent<ReadEvent>);
    if (authorAccessEvents.has(event.type)) return this.authorChanged(event as RecordedEvent<AuthorEvent>);
    if (!event.streamName.startsWith('contribution-')) return;
    const e = event as RecordedEvent<ContributionEvent>;
    if (contributionLinkEvents.has(e.type)) return this.changes.linkChanged(e);
    if (e.type === 'GroupMemberAdded' || e.type === 'GroupMemberRemoved') return this.memberChanged(e.data.authorId);
    if (e.type === 'ViewSettingChanged') {
      const text = this.text({ type: 'canvas.stale', viewId: e.data.contributionId, reason: 'viewSetting' });
      for (const client of this.viewSubscribers.get(e.data.contributionId) ?? []) this.sendText(client, text);
      return;
    }
    const data = e.data as { contributionId?: unknown };
    if (typeof data.contributionId === 'string') await this.changes.targetChanged(data.contributionId);
  }

  /** Subscriptions (client, view) of one membership. */
  private subscriptionsOf(authorId: string): { client: PushClient; viewId: string }[] {
    const out: { client: PushClient; viewId: string }[] = [];
    for (const client of this.clients) {
      for (const [viewId, subscription] of client.views) if (subscription.authorId === authorId) out.push({ client, viewId });
    }
    return out;
  }

  /**
   * Re-authorises a member's subscriptions after a change of what they may
   * see: those they lost end with an error; the others are told to load
   * their canvas again.
   */
  private async reauthorise(authorId: string, reason: 'group' | 'role'): Promise<void> {
    for (const { client, viewId } of this.subscriptionsOf(authorId)) {
      if (!client.user) continue;
      try {
        const user = await this.deps.getUser(client.user._id);
        if (!user || user.blockLogin) throw new UnauthorizedError();
        await this.deps.reader.viewAccess(user, viewId);
        this.send(client, { type: 'canvas.stale', viewId, reason });
      } catch (error) {
        this.leave(client, viewId);
        this.error(client, error, viewId);
      }
    }
  }

  /**
   * A member joined or left a group: the private contributions of that group
   * (and a private view of it) appear on or leave that member's canvases.
   * Only that member's visibility changes; a manager sees everything anyway.
   */
  private async memberChanged(authorId: string): Promise<void> {
    await this.reauthorise(authorId, 'group');
  }

  /** A member's role changed or their login was blocked or unblocked. */
  private async authorChanged(event: RecordedEvent<AuthorEvent>): Promise<void> {
    const data = event.data as { authorId?: unknown };
    if (typeof data.authorId === 'string') await this.reauthorise(data.authorId, 'role');
  }

  /**
   * A user's password changed, their login was blocked or a session logged
   * out: each of their sockets whose token no longer passes is told why and
   * closed, as its next HTTP request would be refused.
   */
  private async sessionsChanged(event: RecordedEvent): Promise<void> {
    const userId = (event.data as { userId?: unknown }).userId;
    if (typeof userId !== 'string') return;
    const sockets = [...this.clients].filter((client) => client.user?._id === userId);
    if (sockets.length === 0) return;
    const user = await this.deps.getUser(userId);
    for (const client of sockets) {
      const problem = !user ? 'Authentication required' : client.session ? this.deps.sessionProblem(user, client.session) : null;
      if (!problem) continue;
      this.send(client, { type: 'error', status: 401, message: problem });
      this.disconnect(client);
      client.connection.close(pushCloseCodes.unauthorized, 'session ended');
    }
  }

  private async readMarked(event: RecordedEvent<ReadEvent>): Promise<void> {
    const { authorId, communityId, contributionId } = event.data;
    const targets = [...this.clients].filter((client) => [...client.views.values()].some((s) => s.authorId === authorId));
    if (targets.length === 0) return;
    const [doc, read] = await Promise.all([
      this.deps.reader.contributions.get(contributionId),
      this.deps.readStore.collection<ReadDocument>(readsCollectionName).get(readId(authorId, contributionId)),
    ]);
    if (!doc) return;
    const state = readState(read ?? undefined, doc.modified);
    for (const client of targets) this.send(client, { type: 'read.changed', communityId, contributionId, read: state });
  }
}
