/**
 * Pure rules of accounts that the use cases apply before writing: which admin
 * edits lock their author out, how long a user-name claim is held, and the
 * address an operator-made admin gets.
 */

/** A claim this recent may belong to a registration still in flight. */
export const claimGraceMs = 60_000;

/**
 * Whether a user-name claim still holds the name: its owner registered, or
 * the claim is recent enough to belong to a registration still in flight. A
 * claim left by a registration that never completed (a crash between the two
 * appends) may be taken over after the grace period.
 */
export const claimStillHeld = (input: { ownerRegistered: boolean; claimedAt: string; now: Date }): boolean =>
  input.ownerRegistered || input.now.getTime() - Date.parse(input.claimedAt) < claimGraceMs;

/** An admin may not demote or block themselves: the last admin would lock everyone out. */
export const isSelfLockout = (actorId: string | null, userId: string, changes: { role?: string; blockLogin?: boolean }): boolean =>
  actorId === userId && (changes.role === 'user' || changes.blockLogin === true);

/** The address of an admin the operator creates without one: the user name's safe characters at localhost. */
export const operatorAdminEmail = (userName: string): string =>
  `${userName.toLowerCase().replace(/[^a-z0-9._-]/g, '')}@localhost.localdomain`;
