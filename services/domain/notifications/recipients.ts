import type { NotificationKind } from '../../../contracts/events/notification.ts';
import { canRead, type AccessObject } from '../access/permissions.ts';
import { seesAsManager } from '../access/researcher.ts';
import type { RoleInCommunity } from '../access/researcher.ts';

/**
 * Who is notified of something that happened to a note (issue 18 §5): the
 * note's authors (or the one co-author added), each once, never the one who
 * did it, and only those who may read what the notification opens — a pupil
 * is never told of a classmate's private note, even one that builds on theirs.
 */

/** A member who might be told: their membership and account. */
export type Candidate = { authorId: string; userId: string; role: RoleInCommunity; blockLogin?: boolean };

export const recipientsOf = (candidates: readonly Candidate[], actorUserId: string | null, opened: AccessObject): Candidate[] => {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const candidate of candidates) {
    if (candidate.userId === actorUserId || seen.has(candidate.userId) || candidate.blockLogin) continue;
    if (!canRead({ authorId: candidate.authorId, isManager: seesAsManager(candidate.role) }, opened)) continue;
    seen.add(candidate.userId);
    out.push(candidate);
  }
  return out;
};

/**
 * One notification per cause and recipient: raising it again (a second
 * trigger of the same cause, a replay) leaves one. `cause` is what makes it
 * unique: the contribution opened, plus an event id for causes that repeat
 * (each comment, each KF6 notify call).
 */
export const notificationId = (kind: NotificationKind, cause: string, noteId: string, userId: string): string =>
  `${kind}:${cause}:${noteId}:${userId}`;

/** Which kind a link from a new contribution to someone's note raises (null: none). */
export const kindOfLink = (linkType: string, fromType: string): NotificationKind | null => {
  if (linkType === 'buildson') return 'buildon';
  if (linkType === 'references') return 'reference';
  if (linkType === 'annotates' && fromType === 'Annotation') return 'annotation';
  return null;
};
