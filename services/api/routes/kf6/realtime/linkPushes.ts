import type { ContributionEvent } from '../../../../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../../../../contracts/events/event.ts';
import type { ReadEvent } from '../../../../../contracts/events/read.ts';
import type { LinkDocument } from '../../../../../projections/contributions/documents.ts';
import type { UserDocument } from '../../../../../projections/users/index.ts';
import type { AppServices } from '../../../../app/appServices.ts';
import type { Reader } from '../../../canvas/canvasReader.ts';
import { kf6Links } from '../readFilter.ts';
import { kf6ReadLinks } from '../readLinks.ts';
import type { Kf6Client, Kf6Rooms } from './rooms.ts';

/** User events that may end sessions (as the hub's own sockets: issue 20 §5). */
const sessionEndingEvents = new Set(['UserPasswordChanged', 'UserLoginBlocked', 'UserSessionEnded']);

type Deps = {
  services: AppServices;
  rooms: Kf6Rooms;
  /** The session rule of HTTP requests: why this token may not go on, or null. */
  sessionProblem(user: UserDocument, session: Kf6Client['session']): string | null;
};

/**
 * The hub's events → the original's socket messages (fact sheet §8), each
 * shaped per reader by the KF6 dialect's own link shaping (`kf6Links`: both
 * ends readable by that reader under Buildon's one reading rule, with the
 * `_from`/`_to` caches) — a reader who may not read a link's ends gets nothing.
 *
 * - `link:save` (the whole link) to `linkfrom:{viewId}` when a ref of the view is
 *   created or moved, or when its contribution changes (the original refreshed
 *   the caches then); to `linkfrom:{noteId}` when a link from that note (a
 *   build-on, a reference) is created or changed;
 * - `link:remove` (the whole link as it was) when such a link is deleted;
 * - `noteCount:update {viewId, count: {notesCount, riseaboveCount}}` to
 *   `noteCount:{viewId}`, counting the active notes of the view this reader sees.
 */
export class Kf6LinkPushes {
  constructor(private readonly deps: Deps) {}

  async handle(event: RecordedEvent): Promise<void> {
    if (sessionEndingEvents.has(event.type)) return this.sessionsChanged(event);
    if (event.type === 'ReadMarked') return this.readMarked(event as RecordedEvent<ReadEvent>);
    if (!event.streamName.startsWith('contribution-')) return;
    const e = event as RecordedEvent<ContributionEvent>;
    if (e.type === 'LinkCreated' || e.type === 'LinkUpdated') {
      const link = await this.deps.services.canvasReader.links.get(e.data.linkId);
      if (!link) return;
      await this.push(`linkfrom:${link.from}`, 'link:save', [link]);
      if (link.type === 'contains' && e.type === 'LinkCreated') await this.noteCount(link.from);
      return;
    }
    if (e.type === 'LinkDeleted') {
      const { from, linkId } = e.data;
      if (!this.deps.rooms.has(`linkfrom:${from}`) && !this.deps.rooms.has(`noteCount:${from}`)) return;
      const link = await this.deletedLink(event.streamName, linkId, event.globalPosition);
      if (!link) return;
      // Any link from the room's contribution: a view's refs, a note's build-ons and references.
      await this.push(`linkfrom:${from}`, 'link:remove', [link]);
      if (link.type === 'contains') await this.noteCount(from);
      return;
    }
    const contributionId = (e.data as { contributionId?: unknown }).contributionId;
    if (typeof contributionId === 'string') await this.targetChanged(contributionId);
  }

  /** A contribution changed: the refs placing it in watched views, with fresh caches. */
  private async targetChanged(contributionId: string): Promise<void> {
    const refs = (await this.deps.services.canvasReader.links.find({ to: contributionId, type: 'contains' })).filter(
      (ref) => this.deps.rooms.has(`linkfrom:${ref.from}`) || this.deps.rooms.has(`noteCount:${ref.from}`),
    );
    for (const ref of refs) {
      await this.push(`linkfrom:${ref.from}`, 'link:save', [ref]);
      await this.noteCount(ref.from);
    }
  }

  /**
   * A deleted link as it was: rebuilt from its own stream (its creation and
   * later data changes), since the read model no longer has it.
   */
  private async deletedLink(streamName: string, linkId: string, before: number): Promise<LinkDocument | null> {
    const { events } = await this.deps.services.eventStore.readStream<ContributionEvent>(streamName);
    const found: { link: LinkDocument | null } = { link: null };
    for (const event of events) {
      if (event.globalPosition >= before) break;
      const at = event.metadata.at;
      if (event.type === 'LinkCreated' && event.data.linkId === linkId) {
        const { communityId, from, to, type, data } = event.data;
        found.link = { _id: linkId, communityId, from, to, type, data: { ...data }, created: at, modified: at } as LinkDocument;
      } else if (found.link && event.type === 'LinkUpdated' && event.data.linkId === linkId) {
        const changes: Record<string, unknown> = event.data.data;
        found.link = { ...found.link, data: { ...found.link.data, ...changes }, modified: at };
      }
    }
    return found.link;
  }

  /** The readers of a room, one per user (a user's several sockets share it); those who lost access leave it. */
  private async readersOf(room: string): Promise<{ client: Kf6Client; reader: Reader }[]> {
    const clients = this.deps.rooms.of(room);
    const communityId = clients[0]?.rooms.get(room);
    if (!communityId) return [];
    const users = [...new Map(clients.map((client) => [client.user._id, client.user])).values()];
    const answers = await this.deps.services.canvasReader.readers(users, communityId);
    const byUser = new Map(users.map((user, index) => [user._id, answers[index]]));
    const out: { client: Kf6Client; reader: Reader }[] = [];
    for (const client of clients) {
      const answer = byUser.get(client.user._id);
      if (answer?.status === 'fulfilled') out.push({ client, reader: answer.value });
      else this.deps.rooms.leave(client, room);
    }
    return out;
  }

  /** Sends each reader of the room the links they may read, in the original's shape. */
  private async push(room: string, event: 'link:save' | 'link:remove', links: LinkDocument[]): Promise<void> {
    if (!this.deps.rooms.has(room)) return;
    const readers = await this.readersOf(room);
    const shaped = new Map<Reader, unknown[]>();
    // Only refs of active contributions, as the canvas shows them (a draft is on nobody's canvas yet).
    for (const reader of new Set(readers.map((r) => r.reader))) {
      shaped.set(reader, await kf6Links(this.deps.services, reader, links, { activeEnds: true }));
    }
    for (const { client, reader } of readers) for (const link of shaped.get(reader) ?? []) client.emit(event, link);
  }

  /** The active notes (and rise-aboves) of a view, as each watcher may see them. */
  private async noteCount(viewId: string): Promise<void> {
    const room = `noteCount:${viewId}`;
    if (!this.deps.rooms.has(room)) return;
    const readers = await this.readersOf(room);
    const refs = await this.deps.services.canvasReader.refsOfView(viewId);
    const counts = new Map<Reader, { notesCount: number; riseaboveCount: number }>();
    for (const reader of new Set(readers.map((r) => r.reader))) {
      const notes = (await kf6Links(this.deps.services, reader, refs, { activeEnds: true })).filter((ref) => ref._to.type === 'Note');
      const riseaboveCount = notes.filter((ref) => ref._to.data?.riseabove === 'riseabove').length;
      counts.set(reader, { notesCount: notes.length, riseaboveCount });
    }
    for (const { client, reader } of readers) client.emit('noteCount:update', { viewId, count: counts.get(reader) });
  }

  /** My read of a contribution, as the original's read link, to my own author room (only I may join it). */
  private async readMarked(event: RecordedEvent<ReadEvent>): Promise<void> {
    const { authorId, communityId, contributionId } = event.data;
    const room = `linkfrom:${authorId}`;
    if (!this.deps.rooms.has(room)) return;
    const readers = await this.readersOf(room);
    if (readers.length === 0) return;
    const links = await kf6ReadLinks(this.deps.services.canvasReader, authorId, communityId, [contributionId]);
    for (const { client } of readers) for (const link of links) client.emit('link:save', link);
  }

  /** A session ended (password change, block, logout): that user's KF6 sockets whose token no longer passes are cut. */
  private async sessionsChanged(event: RecordedEvent): Promise<void> {
    const userId = (event.data as { userId?: unknown }).userId;
    const sockets = [...this.deps.rooms.clients].filter((client) => client.user._id === userId);
    if (typeof userId !== 'string' || sockets.length === 0) return;
    const user = await this.deps.services.accounts.getUser(userId).catch(() => null);
    for (const client of sockets) {
      if (user && !this.deps.sessionProblem(user, client.session)) continue;
      this.deps.rooms.remove(client);
      client.disconnect();
    }
  }
}
