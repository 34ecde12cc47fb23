import type { ContributionEvent } from '../../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import type { ContributionDocument, LinkDocument } from '../../../projections/contributions/index.ts';
import { linksCollectionName } from '../../../projections/contributions/index.ts';
import type { Subscription } from '../../core/eventStore.ts';
import { seesAsManager, type RoleInCommunity } from '../../domain/access/researcher.ts';
import { usersCollectionName, type UserDocument } from '../../../projections/users/index.ts';
import { kindOfLink } from '../../domain/notifications/recipients.ts';
import { authorsOf, candidatesOf, contribution, membershipOf, nameOf, raise, type NotificationDeps } from './raise.ts';

/**
 * The notifier (issue 18 §5): follows the event log and, once the read models
 * show an event, raises notifications for what it did to someone's note:
 *
 * - a contribution that builds on or references a note, once both the link
 *   exists and the new contribution is active (a draft tells nobody);
 * - a manager's annotation of a note, or a manager's comment on it;
 * - a member added as co-author.
 *
 * Notification ids are stable per cause and recipient and claimed in the once
 * store, so two API nodes following the same log (or the link and the
 * activation of one build-on) raise each notification once.
 */
export type NotifierDeps = NotificationDeps & {
  log?: { error(obj: object, msg: string): void };
  /** Names the saved position in `_notifier` (one per notifier; tests keep their own). */
  checkpointId?: string;
};

const activating = (event: RecordedEvent<ContributionEvent>): boolean =>
  (event.type === 'ContributionStatusChanged' && event.data.status === 'active') ||
  event.type === 'NoteContributed' ||
  ((event.type === 'DrawingSaved' || event.type === 'AttachmentUploaded') && event.data.contributed);

const arrowTypes = ['buildson', 'references', 'annotates'];

/** Where the notifier keeps the position it reached in the log. */
export const notifierCollection = '_notifier';
type NotifierCheckpoint = { _id: string; position: number };
const saveEveryMs = 1_000;
const newsWindowMs = 24 * 3600_000;

export class Notifier {
  private subscription: Subscription | null = null;
  private stopped = false;
  /** The last event seen, and the last position written to `_notifier`. */
  private position = 0;
  private saved = 0;
  private saveTimer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly deps: NotifierDeps) {}

  /**
   * Follows the log from where it stopped (`_notifier`'s saved position), so
   * that what was written while it did not run (a restart's last moments, the
   * CLI) is told too; the first time, from the log's head.
   */
  async start(): Promise<void> {
    if (this.subscription || this.stopped) return;
    await this.deps.readStore.ensureCollection({ name: notifierCollection });
    const head = await this.deps.eventStore.headPosition();
    const saved = await this.checkpoint().get(this.checkpointId);
    // A saved position past the head belongs to another log (a data folder replaced): from the head then.
    this.position = saved && saved.position <= head ? saved.position : head;
    if (this.position !== saved?.position) await this.checkpoint().put({ _id: this.checkpointId, position: this.position });
    this.saved = this.position;
    this.follow(this.position);
    this.saveTimer = setInterval(() => void this.save(), saveEveryMs);
    this.saveTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.saveTimer) clearInterval(this.saveTimer);
    this.saveTimer = null;
    await this.subscription?.close();
    this.subscription = null;
    await this.save();
  }

  private get checkpointId(): string {
    return this.deps.checkpointId ?? 'position';
  }

  private checkpoint() {
    return this.deps.readStore.collection<NotifierCheckpoint>(notifierCollection);
  }

  /** Writes the position reached, if it moved (two nodes may both write: a restart then replays a little, which the once store absorbs). */
  private async save(): Promise<void> {
    const position = this.position;
    if (position <= this.saved) return;
    try {
      await this.checkpoint().put({ _id: this.checkpointId, position });
      this.saved = position;
    } catch (error) {
      this.deps.log?.error({ err: error }, 'notifier position not saved; a restart replays from the last one');
    }
  }

  private follow(after: number): void {
    this.subscription = this.deps.eventStore.subscribeToAll({
      after,
      onEvent: async (event) => {
        if (event.streamName.startsWith('contribution-') && this.isNews(event)) {
          try {
            await this.handle(event as RecordedEvent<ContributionEvent>);
          } catch (error) {
            this.deps.log?.error({ err: error, event: event.type, position: event.globalPosition }, 'notifier failed on event');
          }
        }
        this.position = event.globalPosition;
      },
      onError: (error) => {
        this.subscription = null;
        if (this.stopped) return;
        this.deps.log?.error({ err: error }, 'notifier subscription failed; resubscribing');
        setTimeout(() => this.follow(this.position), 500).unref();
      },
    });
  }

  /** An event older than a day when reached (an archive imported, a long outage) is history, not news. */
  private isNews(event: RecordedEvent): boolean {
    const at = Date.parse(event.metadata.at);
    return Number.isNaN(at) || this.deps.clock.now().getTime() - at <= newsWindowMs;
  }

  /** Raises what one event calls for (exported for the tests through `handle`). */
  async handle(event: RecordedEvent<ContributionEvent>): Promise<void> {
    const relevant =
      event.type === 'LinkCreated'
        ? arrowTypes.includes(event.data.type)
        : event.type === 'CoauthorAdded' || event.type === 'CommentsSaved' || activating(event);
    if (!relevant) return;
    await this.deps.projections.waitFor(event.globalPosition);
    if (event.type === 'LinkCreated') {
      const link = await this.deps.readStore.collection<LinkDocument>(linksCollectionName).get(event.data.linkId);
      if (link) await this.linked(event, link);
      return;
    }
    if (event.type === 'CoauthorAdded') return this.coauthorAdded(event, event.data.contributionId, event.data.authorId);
    if (event.type === 'CommentsSaved') return this.commented(event, event.data.contributionId, event.data.comments);
    // Activated: what it builds on or references is news now.
    const id = (event.data as { contributionId: string }).contributionId;
    const links = await this.deps.readStore.collection<LinkDocument>(linksCollectionName).find({ from: id });
    for (const link of links) if (link.type === 'buildson' || link.type === 'references') await this.linked(event, link);
  }

  /** Who did it: the event's actor, else (an operator's change) the first author of what they made. */
  private async actor(event: RecordedEvent, doc: ContributionDocument) {
    const member = event.metadata.actorId
      ? await membershipOf(this.deps, doc.communityId, event.metadata.actorId)
      : ((await authorsOf(this.deps, doc.authors.slice(0, 1)))[0] ?? null);
    return { userId: event.metadata.actorId ?? member?.userId ?? '', member };
  }

  private async userName(userId: string): Promise<string> {
    const user = userId ? await this.deps.readStore.collection<UserDocument>(usersCollectionName).get(userId) : null;
    return user ? nameOf(null, [user.firstName, user.lastName].join(' ').trim() || user.userName) : '';
  }

  /** A manager of the community, or an admin (who may be no member). */
  private async managerActs(actor: { userId: string; member: { role: RoleInCommunity } | null }): Promise<boolean> {
    if (actor.member && seesAsManager(actor.member.role)) return true;
    const user = actor.userId ? await this.deps.readStore.collection<UserDocument>(usersCollectionName).get(actor.userId) : null;
    return user?.role === 'admin';
  }

  private async linked(event: RecordedEvent, link: LinkDocument): Promise<void> {
    const [from, to] = await Promise.all([contribution(this.deps, link.from), contribution(this.deps, link.to)]);
    if (!from || !to || from.status !== 'active' || to.status === 'inactive') return;
    const kind = kindOfLink(link.type, from.type);
    if (!kind) return;
    const actor = await this.actor(event, from);
    // An annotation tells the note's authors only when a manager made it (a pupil's annotations are their own notes).
    if (kind === 'annotation' && !(await this.managerActs(actor))) return;
    const fromAuthors = kind === 'annotation' ? [] : (await authorsOf(this.deps, from.authors)).map((a) => a.userId);
    await raise(this.deps, {
      kind,
      cause: from._id,
      communityId: to.communityId,
      opened: from,
      ...(kind === 'annotation' ? { link: to } : {}),
      noteId: to._id,
      candidates: await candidatesOf(this.deps, to.authors),
      excludeUserIds: fromAuthors,
      actorId: actor.userId,
      actorName: nameOf(actor.member, await this.userName(actor.userId)),
      contextId: null,
      metadata: { actorId: null, at: event.metadata.at, correlationId: event.eventId },
    });
  }

  private async coauthorAdded(event: RecordedEvent, contributionId: string, authorId: string): Promise<void> {
    const doc = await contribution(this.deps, contributionId);
    if (!doc || doc.status === 'inactive') return;
    const actor = await this.actor(event, doc);
    await raise(this.deps, {
      kind: 'coauthor',
      cause: doc._id,
      communityId: doc.communityId,
      opened: doc,
      noteId: doc._id,
      candidates: await candidatesOf(this.deps, [authorId]),
      excludeUserIds: [],
      actorId: actor.userId,
      actorName: nameOf(actor.member, await this.userName(actor.userId)),
      contextId: null,
      metadata: { actorId: null, at: event.metadata.at, correlationId: event.eventId },
    });
  }

  private async commented(event: RecordedEvent, contributionId: string, comments: string): Promise<void> {
    const doc = await contribution(this.deps, contributionId);
    if (!doc || doc.status !== 'active' || comments.trim() === '') return;
    const actor = await this.actor(event, doc);
    if (!(await this.managerActs(actor))) return;
    await raise(this.deps, {
      kind: 'comment',
      cause: event.eventId,
      communityId: doc.communityId,
      opened: doc,
      noteId: doc._id,
      candidates: await candidatesOf(this.deps, doc.authors),
      excludeUserIds: [],
      actorId: actor.userId,
      actorName: nameOf(actor.member, await this.userName(actor.userId)),
      contextId: null,
      metadata: { actorId: null, at: event.metadata.at, correlationId: event.eventId },
    });
  }
}
