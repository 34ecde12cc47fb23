import type { NotificationListQuery, NotificationListReply, NotifyBody } from '../../../contracts/api/notifications.ts';
import { notificationsStreamName, type NotificationsRead } from '../../../contracts/events/notification.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import type { LinkDocument } from '../../../projections/contributions/index.ts';
import { linksCollectionName } from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { NotFoundError, ValidationError } from '../../core/errors.ts';
import type { CanvasReader } from '../canvas/canvasReader.ts';
import { authorIn, readable } from '../canvas/commands/shared.ts';
import { MyNotifications, shown } from './myNotifications.ts';
import { authorsOf, candidatesOf, nameOf, raise, type NotificationDeps } from './raise.ts';

/**
 * In-app notifications (issue 18 §5): the caller's list and unread count,
 * marking read, and KF6's notify call. Every query and command is scoped to
 * the caller: nobody reads or marks another's notifications.
 */
export class NotificationService {
  private readonly my: MyNotifications;

  constructor(private readonly deps: NotificationDeps & { reader: CanvasReader }) {
    this.my = new MyNotifications(deps.readStore);
  }

  private get notifications() {
    return this.my.collection;
  }

  unreadCount(userId: string): Promise<number> {
    return this.my.unreadCount(userId);
  }

  /** GET /api/notifications: newest first. */
  async list(user: UserDocument, query: NotificationListQuery): Promise<NotificationListReply> {
    const filter = query.unreadOnly ? { userId: user._id, readAt: null } : { userId: user._id };
    const [docs, total, unread] = await Promise.all([
      this.notifications.find(filter, { sort: { at: -1, _id: -1 }, skip: query.skip ?? 0, limit: query.limit ?? 20 }),
      this.notifications.count(filter),
      this.unreadCount(user._id),
    ]);
    return { notifications: docs.map(shown), total, unread };
  }

  /** POST /api/notifications/{notificationId}/read: one of mine (404 for anyone else's: nothing leaks). */
  async markRead(user: UserDocument, notificationId: string): Promise<{ unread: number }> {
    const doc = await this.notifications.get(notificationId);
    if (!doc || doc.userId !== user._id) throw new NotFoundError(msg('errors.notFound'));
    if (doc.readAt === null) await this.append(user, { userId: user._id, notificationIds: [notificationId], all: false });
    return { unread: await this.unreadCount(user._id) };
  }

  /** POST /api/notifications/read: all of mine raised until now. */
  async markAllRead(user: UserDocument): Promise<{ unread: number }> {
    if ((await this.unreadCount(user._id)) > 0) await this.append(user, { userId: user._id, notificationIds: [], all: true });
    return { unread: await this.unreadCount(user._id) };
  }

  private async append(user: UserDocument, data: NotificationsRead['data']): Promise<void> {
    const metadata = { actorId: user._id, at: this.deps.clock.now().toISOString() };
    const result = await this.deps.eventStore.append(notificationsStreamName(user._id), [{ type: 'NotificationsRead', data, metadata }], {
      expectedRevision: 'any',
    });
    await this.deps.projections.waitFor(result.lastPosition);
  }

  /**
   * KF6's POST /api/notifications/notify/{communityId}: the caller, a member
   * naming their own membership as `author`, tells the authors of the notes
   * linked to `contribution` (and its co-authors) that it changed. The
   * contribution must be in the community and readable by the caller; each
   * recipient must be able to read it too. The count of notified users.
   */
  async notify(user: UserDocument, communityId: string, body: NotifyBody): Promise<{ notified: number }> {
    const deps = { ...this.deps, reader: this.deps.reader };
    const me = await authorIn(deps, user, communityId);
    if (body.author !== me.authorIdStrict) throw ValidationError.field('author', msg('errors.fieldInvalid', { field: 'author' }));
    const doc = await readable(deps, me, body.contribution, 'contribution');
    if (doc.status !== 'active') throw ValidationError.field('contribution', msg('canvasService.inactive'));
    const links = this.deps.readStore.collection<LinkDocument>(linksCollectionName);
    const arrows = [...(await links.find({ from: doc._id })), ...(await links.find({ to: doc._id }))].filter(
      (link) => link.type === 'buildson' || link.type === 'references',
    );
    const cause = this.deps.ids.next();
    const metadata = { actorId: null, at: this.deps.clock.now().toISOString() };
    const actorName = nameOf((await authorsOf(this.deps, [me.authorIdStrict]))[0] ?? null, user.userName);
    const common = {
      kind: 'edited' as const,
      cause,
      communityId,
      opened: doc,
      excludeUserIds: [],
      actorId: user._id,
      actorName,
      contextId: body.contextId ?? null,
      metadata,
    };
    let notified = 0;
    let position = 0;
    const told = new Set<string>();
    const tell = async (noteId: string, authorIds: readonly string[]) => {
      const candidates = (await candidatesOf(this.deps, authorIds)).filter((c) => !told.has(c.userId));
      const result = await raise(this.deps, { ...common, noteId, candidates });
      for (const c of candidates) told.add(c.userId);
      notified += result.count;
      position = Math.max(position, result.position);
    };
    await tell(doc._id, doc.authors);
    for (const link of arrows) {
      const other = await this.deps.reader.contributions.get(link.from === doc._id ? link.to : link.from);
      if (other && other.communityId === communityId && other.status !== 'inactive') await tell(other._id, other.authors);
    }
    if (position > 0) await this.deps.projections.waitFor(position);
    return { notified };
  }
}
