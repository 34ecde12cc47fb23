import type { TimeMachineDeltaStep } from '../../../contracts/api/timemachine.ts';
import type { RefTarget, ViewLink, ViewRef } from '../../../contracts/api/views.ts';
import type { AccessObject, AccessSubject } from '../../domain/access/permissions.ts';
import type { NamedPerson } from '../../../contracts/personName.ts';

/** The types the time machine's replay (replay.ts) shares with its world (replayWorld.ts) and captions. */

export type ReplayReader = {
  /** The reader's membership id (derived for an admin who is not a member). */
  authorId: string;
  userId: string;
  /** Admins read everything, like managers. */
  isAdmin: boolean;
};

export type ReplayOptions = {
  viewId: string;
  communityId: string;
  reader: ReplayReader;
  /** Names of actors who are not members (admins), by user id. */
  userNames?: ReadonlyMap<string, string>;
  /** Names show last name first (the community's `flipname` today). */
  lastNameFirst?: boolean;
  /** authorIdFor(communityId, userId) — injected so this module stays pure. */
  authorIdOf: (userId: string) => string;
  /**
   * The reader and the contributions (placed ones and the view) as they are
   * now (issue 20 §4, `mayReadPast`): the past shows a state only to a reader
   * who could read it then and can read it now. A contribution missing from
   * `states` is hidden. Without `now` (unit tests) the reader then is also the
   * reader now.
   */
  now?: { reader: AccessSubject; states: ReadonlyMap<string, AccessObject> };
  checkpointEvery?: number;
  /**
   * The community's promising-ideas plugin is on (today's setting): notes
   * holding an active idea then are marked, as the live canvas marks them.
   */
  promisingOn?: boolean;
};

/** A step as stored (the API shape without `index`). */
export type ReplayStep = Omit<TimeMachineDeltaStep, 'index'>;

/** A shown ref and the two halves of its visible signature (placement, target). */
export type FrameEntry = { ref: ViewRef; dataSig: string; targetSig: string };

/** A `contains` link of the replayed view, as it is at the replayed instant. */
export type ContainsLink = { _id: string; to: string; data: Record<string, unknown>; created: string; modified: string };

/** A member as the replay knows them: their name (in the community's order), role and name parts. */
export type AuthorState = { name: string; role: string; person: NamedPerson };

/** A placed contribution as the reader sees it, with its signature (null: hidden). */
export type ShownTarget = { target: RefTarget; sig: string } | null;

export type LinkDelta = { added: ViewLink[]; removed: ViewLink[] };
