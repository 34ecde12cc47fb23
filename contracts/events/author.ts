import type { Event } from './event.ts';

/**
 * An author is a user's membership of one community. Its id is derived from
 * the (community, user) pair (see `authorIdFor` in services/domain/author), so
 * a second join meets an existing stream and is refused.
 */
export const authorStreamName = (authorId: string): string => `author-${authorId}`;

/** `researcher` (issue 24 §5): reads what a manager reads, writes nothing, is shown to no pupil. */
export type CommunityRole = 'manager' | 'writer' | 'researcher';

export type AuthorJoined = Event<
  'AuthorJoined',
  {
    authorId: string;
    communityId: string;
    userId: string;
    role: CommunityRole;
    /** Copied from the user at join time; renames in a community change only these. */
    userName: string;
    firstName: string;
    lastName: string;
    email: string;
    /** How the membership began. */
    via: 'registrationKey' | 'managerKey' | 'creator' | 'csv' | 'admin';
  }
>;

export type AuthorRoleChanged = Event<'AuthorRoleChanged', { authorId: string; role: CommunityRole }>;
export type AuthorLoginBlocked = Event<'AuthorLoginBlocked', { authorId: string }>;
export type AuthorLoginUnblocked = Event<'AuthorLoginUnblocked', { authorId: string }>;
/** A rename inside one community (CSV rename); the user's own profile is unchanged. */
export type AuthorRenamed = Event<'AuthorRenamed', { authorId: string; firstName: string; lastName: string }>;
/** Position of this community in the member's own list ("save order"). */
export type AuthorOrderChanged = Event<'AuthorOrderChanged', { authorId: string; order: number }>;
/** The author's personal workspace view (created on first use). */
export type AuthorWorkspaceSet = Event<'AuthorWorkspaceSet', { authorId: string; viewId: string }>;

export type AuthorEvent =
  AuthorJoined | AuthorRoleChanged | AuthorLoginBlocked | AuthorLoginUnblocked | AuthorRenamed | AuthorOrderChanged | AuthorWorkspaceSet;
