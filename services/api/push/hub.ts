import type { ViewRef } from '../../../contracts/api/views.ts';
import { personName } from '../../../contracts/personName.ts';
import type { AuthorEvent } from '../../../contracts/events/author.ts';
import type { ContributionEvent } from '../../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import type { ReadEvent } from '../../../contracts/events/read.ts';
import { pushCloseCodes, type PresenceUser, type PushServerMessage } from '../../../contracts/push.ts';
import type { LinkDocument } from '../../../projections/contributions/index.ts';
import { readsCollectionName, readId, readState, type ReadDocument } from '../../../projections/reads/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { BuildonError, UnauthorizedError } from '../../core/errors.ts';
import type { EventStore, Subscription } from '../../core/eventStore.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { authorName, type CanvasReader, type Reader } from '../canvas/canvasReader.ts';
import { refsFor } from '../canvas/queries/refsFor.ts';
import { arrowLinkTypes } from '../../domain/links/linkRules.ts';
import type { TokenPayload } from '../plugins/session.ts';

/** One websocket, whatever the transport. */
export type PushConnection = {
  send(text: string): void;
  close(code: number, reason: string): void;
};

type Subscription_ = { communityId: string; authorId: string; name: string };

export type PushClient = {
  readonly id: number;
  readonly connection: PushConnection;
  user: UserDocument | null;
  /** The token the socket authenticated with: a session end closes the socket. */
  session?: TokenPayload;
  /** Subscribed views → who I am there. */
  views: Map<string, Subscription_>;
};

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

export class PushHub {
  private readonly clients = new Set<PushClient>();
  private readonly viewSubscribers = new Map<string, Set<PushClient>>();
  private subscription: Subscription | null = null;
  private nextId = 1;
  private stopped = false;
  /** The last event this hub began to handle: every later one reaches the subscribers of the moment. */
  private started = 0;
  /** The event being dispatched, stamped on the changes it sends. */
  private dispatching: number | null = null;

  constructor(private readonly deps: PushHubDeps) {}

  /** Follows the log from its current head. */
  async start(): Promise<void> {
    if (this.subscription || this.stopped) return;
    const after = await this.deps.eventStore.headPosition();
    this.started = after;
    this.follow(after);
  }

  private follow(after: number): void {
    let position = after;
    this.subscription = this.deps.eventStore.subscribeToAll({
      after,
      onEvent: async (event) => {
        position = event.globalPosition;
        this.started = position;
        const endsSessions = sessionEndingEvents.has(event.type);
        if (this.viewSubscribers.size === 0 && !(endsSessions && this.clients.size > 0)) return;
        try {
          await this.deps.runner.waitFor(event.globalPosition);
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

  async stop(): Promise<void> {
    this.stopped = true;
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

  /** Number of open sockets and subscribed views, for tests and operators. */
  stats(): { clients: number; views: number } {
    return { clients: this.clients.size, views: this.viewSubscribers.size };
  }

  send(client: PushClient, message: PushServerMessage): void {
    const stamped = this.dispatching !== null && changeTypes.has(message.type) ? { ...message, position: this.dispatching } : message;
    try {
      client.connection.send(JSON.stringify(stamped));
    } catch {
      // A socket that closed meanwhile: its close handler disconnects it.
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
    let subscription: Subscription_;
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
      if (client.user && subscription && !users.has(client.user._id)) {
        users.set(client.user._id, { userId: client.user._id, authorId: subscription.authorId, name: subscription.name });
      }
    }
    const message: PushServerMessage = { type: 'presence', viewId, users: [...users.values()] };
    for (const client of subscribers) this.send(client, message);
  }

  // ---- events → messages ----------------------------------------------------------------

  private async dispatch(event: RecordedEvent): Promise<void> {
    if (event.type === 'ReadMarked') return this.readMarked(event as RecordedEvent<ReadEvent>);
    if (authorAccessEvents.has(event.type)) return this.authorChanged(event as RecordedEvent<AuthorEvent>);
    if (!event.streamName.startsWith('contribution-')) return;
    const e = event as RecordedEvent<ContributionEvent>;
    if (contributionLinkEvents.has(e.type)) return this.linkChanged(e);
    if (e.type === 'GroupMemberAdded' || e.type === 'GroupMemberRemoved') return this.memberChanged(e.data.authorId);
    if (e.type === 'ViewSettingChanged') {
      for (const client of this.viewSubscribers.get(e.data.contributionId) ?? []) {
        this.send(client, { type: 'canvas.stale', viewId: e.data.contributionId, reason: 'viewSetting' });
      }
      return;
    }
    const data = e.data as { contributionId?: unknown };
    if (typeof data.contributionId === 'string') await this.targetChanged(data.contributionId);
  }

  /** Readers of the subscribers of a view (a subscriber who lost access is unsubscribed). */
  private async readersOf(viewId: string): Promise<{ client: PushClient; reader: Reader }[]> {
    const subscribers = [...(this.viewSubscribers.get(viewId) ?? [])];
    const out: { client: PushClient; reader: Reader }[] = [];
    for (const client of subscribers) {
      const subscription = client.views.get(viewId);
      if (!client.user || !subscription) continue;
      try {
        out.push({ client, reader: await this.deps.reader.reader(client.user, subscription.communityId) });
      } catch (error) {
        this.leave(client, viewId);
        this.error(client, error, viewId);
      }
    }
    return out;
  }

  private async pushRefs(viewId: string, links: LinkDocument[], cause: 'placed' | 'changed' | 'target'): Promise<void> {
    const readers = await this.readersOf(viewId);
    if (readers.length === 0) return;
    const refs = await refsFor(
      this.deps.reader,
      readers.map((r) => r.reader),
      links,
    );
    readers.forEach(({ client }, index) => {
      const visible = new Map((refs[index] ?? []).map((ref) => [ref._id, ref]));
      for (const link of links) {
        const ref = visible.get(link._id);
        if (ref) this.send(client, { type: 'ref.saved', viewId, cause, ref });
        // Placed but not visible to this reader: nothing to say. Changed and now
        // invisible (made private, inactive): it leaves this reader's canvas.
        else if (cause !== 'placed') this.send(client, { type: 'ref.removed', viewId, linkId: link._id });
      }
    });
    if (cause !== 'changed') await this.pushArrowsOf(viewId, readers, refs);
  }

  /**
   * Issue 21 §2: a note that appears on a reader's canvas (placed, contributed,
   * made readable) brings its build-on and reference arrows to the notes already
   * there: the arrow's link was written before the note could be seen, so its
   * own `LinkCreated` reached nobody. Sent per reader, only between refs that
   * reader sees; the client keeps one arrow per id.
   */
  private async pushArrowsOf(viewId: string, readers: { client: PushClient; reader: Reader }[], shown: ViewRef[][]): Promise<void> {
    const appeared = new Set(shown.flat().map((ref) => ref.to));
    if (appeared.size === 0) return;
    const ids = [...appeared];
    // Two indexed lookups (by `from`, by `to`) rather than one `$or` the embedded store would scan.
    const types = { $in: [...arrowLinkTypes] };
    const [outgoing, incoming] = await Promise.all([
      this.deps.reader.links.find({ from: { $in: ids }, type: types }),
      this.deps.reader.links.find({ to: { $in: ids }, type: types }),
    ]);
    const arrows = [...new Map([...outgoing, ...incoming].map((arrow) => [arrow._id, arrow])).values()];
    if (arrows.length === 0) return;
    const ends = [...new Set(arrows.flatMap((arrow) => [arrow.from, arrow.to]))];
    const placed = await this.deps.reader.links.find({ from: viewId, type: 'contains', to: { $in: ends } });
    const visible = await refsFor(
      this.deps.reader,
      readers.map((r) => r.reader),
      placed,
    );
    readers.forEach(({ client }, index) => {
      const seen = new Set((visible[index] ?? []).map((ref) => ref.to));
      for (const arrow of arrows) {
        if (seen.has(arrow.from) && seen.has(arrow.to) && (appeared.has(arrow.from) || appeared.has(arrow.to))) {
          this.send(client, { type: 'link.saved', viewId, link: { _id: arrow._id, from: arrow.from, to: arrow.to, type: arrow.type } });
        }
      }
    });
  }

  private async linkChanged(event: RecordedEvent<ContributionEvent>): Promise<void> {
    if (event.type !== 'LinkCreated' && event.type !== 'LinkUpdated' && event.type !== 'LinkDeleted') return;
    const { linkId, from } = event.data;
    if (event.type === 'LinkDeleted') {
      if (this.viewSubscribers.has(from)) {
        for (const client of this.viewSubscribers.get(from) ?? []) this.send(client, { type: 'ref.removed', viewId: from, linkId });
        return;
      }
      // Perhaps an arrow between refs of subscribed views.
      for (const ref of await this.subscribedRefsTo([from])) {
        for (const client of this.viewSubscribers.get(ref.from) ?? []) {
          this.send(client, { type: 'link.removed', viewId: ref.from, linkId });
        }
      }
      return;
    }
    const link = await this.deps.reader.links.get(linkId);
    if (!link) return;
    if (link.type === 'contains') {
      if (this.viewSubscribers.has(link.from)) await this.pushRefs(link.from, [link], event.type === 'LinkCreated' ? 'placed' : 'changed');
      // A view placed or moved inside another changes nothing else.
      return;
    }
    if (event.type !== 'LinkCreated' || !(arrowLinkTypes as readonly string[]).includes(link.type)) return;
    const refs = await this.subscribedRefsTo([link.from, link.to]);
    const byView = new Map<string, LinkDocument[]>();
    for (const ref of refs) byView.set(ref.from, [...(byView.get(ref.from) ?? []), ref]);
    for (const [viewId, viewRefs] of byView) {
      const readers = await this.readersOf(viewId);
      const visible = await refsFor(
        this.deps.reader,
        readers.map((r) => r.reader),
        viewRefs,
      );
      readers.forEach(({ client }, index) => {
        const targets = new Set((visible[index] ?? []).map((ref) => ref.to));
        if (targets.has(link.from) && targets.has(link.to)) {
          this.send(client, { type: 'link.saved', viewId, link: { _id: link._id, from: link.from, to: link.to, type: link.type } });
        }
      });
    }
  }

  /** Refs (contains links) of subscribed views that place one of `contributionIds`. */
  private async subscribedRefsTo(contributionIds: string[]): Promise<LinkDocument[]> {
    const refs = await this.deps.reader.links.find({ to: { $in: contributionIds }, type: 'contains' });
    return refs.filter((ref) => this.viewSubscribers.has(ref.from));
  }

  private async targetChanged(contributionId: string): Promise<void> {
    // The subscribed view itself changed (made private, deleted): re-authorise its subscribers.
    if (this.viewSubscribers.has(contributionId)) {
      for (const client of [...(this.viewSubscribers.get(contributionId) ?? [])]) {
        if (!client.user) continue;
        try {
          await this.deps.reader.viewAccess(client.user, contributionId);
        } catch (error) {
          this.leave(client, contributionId);
          this.error(client, error, contributionId);
        }
      }
    }
    const refs = await this.subscribedRefsTo([contributionId]);
    const byView = new Map<string, LinkDocument[]>();
    for (const ref of refs) byView.set(ref.from, [...(byView.get(ref.from) ?? []), ref]);
    for (const [viewId, viewRefs] of byView) await this.pushRefs(viewId, viewRefs, 'target');
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
