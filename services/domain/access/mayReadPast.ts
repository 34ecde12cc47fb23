import { canRead, type AccessObject, type AccessSubject } from '../../../contracts/permissions.ts';

/**
 * The one rule for every view of the past (issue 20 §4): the time machine,
 * `GET /api/objects/{id}?at=`, the history tab, historical objects and the
 * bytes of earlier attachment versions.
 *
 * A past state is shown only to a reader who could read it then AND can read
 * it now:
 *
 * - `canRead(then, stateThen)`: with the reader's role and membership then
 *   (a writer promoted later does not see private work from before; someone
 *   who was not a member then sees nothing of that time);
 * - `canRead(now, stateThen)`: with the reader's role now, so a demoted
 *   manager no longer sees what only managers could see then, even of a note
 *   public today;
 * - `canRead(now, stateNow)`: the contribution as it is now, so a note made
 *   private later disappears from the whole past of those it was hidden from.
 *
 * A contribution that no longer exists (`stateNow` null) has no past to show.
 * Someone who was not a member yet is `{ authorId: null, isManager: false }`
 * then: of that time they see only what was open to the whole community.
 */

export type PastReader = {
  /** Who the reader was at that instant (admins count as managers then too). */
  then: AccessSubject;
  /** Who the reader is now. */
  now: AccessSubject;
};

export const mayReadPast = (reader: PastReader, stateThen: AccessObject | null, stateNow: AccessObject | null): boolean =>
  stateThen !== null &&
  stateNow !== null &&
  canRead(reader.then, stateThen) &&
  canRead(reader.now, stateThen) &&
  canRead(reader.now, stateNow);
