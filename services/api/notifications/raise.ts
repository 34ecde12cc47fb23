import type { EventMetadata } from '../../../contracts/events/event.ts';
import { notificationsStreamName, type NotificationKind, type NotificationRaised } from '../../../contracts/events/notification.ts';
import { personName } from '../../../contracts/personName.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import type { ContributionDocument } from '../../../projections/contributions/index.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import type { StreamAppend } from '../../core/eventStore.ts';
import type { OnceStore } from '../../core/onceStore.ts';
import { accessObject, membersOfGroup } from '../../domain/access/permissions.ts';
import { notificationId, recipientsOf, type Candidate } from '../../domain/notifications/recipients.ts';
import { authorIdFor } from '../communities/authorId.ts';
import { contributionsCollectionName } from '../../../projections/contributions/index.ts';

/** What raising needs: the command ports, and once keys so that two nodes (or two triggers) raise once. */
export type NotificationDeps = CommandDeps & { once: OnceStore | null };

/** How long a raised cause is remembered (a replay within it raises nothing). */
const onceTtlMs = 30 * 24 * 3600 * 1000;

export const authorsOf = async (deps: NotificationDeps, authorIds: readonly string[]): Promise<AuthorDocument[]> => {
  const authors = deps.readStore.collection<AuthorDocument>(authorsCollectionName);
  const docs = await Promise.all([...new Set(authorIds)].map((id) => authors.get(id)));
  return docs.filter((doc): doc is AuthorDocument => doc !== null);
};

export const candidatesOf = async (deps: NotificationDeps, authorIds: readonly string[]): Promise<Candidate[]> =>
  (await authorsOf(deps, authorIds)).map((a) => ({ authorId: a._id, userId: a.userId, role: a.role, blockLogin: a.blockLogin }));

/** Who `userId` is in the community: their membership (null for an admin who is not a member). */
export const membershipOf = async (deps: NotificationDeps, communityId: string, userId: string | null): Promise<AuthorDocument | null> =>
  userId ? deps.readStore.collection<AuthorDocument>(authorsCollectionName).get(authorIdFor(communityId, userId)) : null;

export const contribution = (deps: NotificationDeps, id: string): Promise<ContributionDocument | null> =>
  deps.readStore.collection<ContributionDocument>(contributionsCollectionName).get(id);

/** The group members who may read `doc` besides its authors. */
export const openedAs = async (deps: NotificationDeps, doc: ContributionDocument) =>
  accessObject(doc, doc.group ? membersOfGroup(await contribution(deps, doc.group)) : []);

export type Raise = {
  kind: NotificationKind;
  /** What makes the notification unique besides kind, note and recipient. */
  cause: string;
  communityId: string;
  /** Opened by the notification: each recipient must be able to read it. */
  opened: ContributionDocument;
  /** What the notification links to when not `opened` itself (an annotation's note). */
  link?: ContributionDocument;
  /** The recipients' note concerned. */
  noteId: string;
  candidates: readonly Candidate[];
  /** Never told: the one who did it (and, for a build-on, the new note's own authors). */
  excludeUserIds: readonly string[];
  actorId: string;
  actorName: string;
  contextId: string | null;
  metadata: EventMetadata;
};

/** Appends one NotificationRaised per recipient (one atomic append); how many were raised. */
export const raise = async (deps: NotificationDeps, r: Raise): Promise<{ count: number; position: number }> => {
  const excluded = new Set(r.excludeUserIds);
  const recipients = recipientsOf(
    r.candidates.filter((c) => !excluded.has(c.userId)),
    r.actorId,
    await openedAs(deps, r.opened),
  );
  const appends: StreamAppend[] = [];
  for (const recipient of recipients) {
    const id = notificationId(r.kind, r.cause, r.noteId, recipient.userId);
    if (deps.once && !(await deps.once.claim(`notification:${id}`, onceTtlMs))) continue;
    const event: NotificationRaised = {
      type: 'NotificationRaised',
      data: {
        notificationId: id,
        userId: recipient.userId,
        communityId: r.communityId,
        kind: r.kind,
        contributionId: (r.link ?? r.opened)._id,
        title: (r.link ?? r.opened).title,
        noteId: r.noteId,
        actorId: r.actorId,
        actorName: r.actorName,
        contextId: r.contextId,
      },
    };
    appends.push({ streamName: notificationsStreamName(recipient.userId), events: [{ ...event, metadata: r.metadata }] });
  }
  if (appends.length === 0) return { count: 0, position: 0 };
  const result = await deps.eventStore.appendMany(appends);
  return { count: appends.length, position: result.lastPosition };
};

/** The name the community shows for a member (their user name when they have none). */
export const nameOf = (author: AuthorDocument | null, fallback = ''): string => (author ? personName(author) : fallback);
