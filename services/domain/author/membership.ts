import type { CommunityRole } from '../../../contracts/events/author.ts';
import { msg, type UserMessage } from '../../../contracts/messageCodes.ts';
import { ConflictError, ValidationError } from '../../core/errors.ts';

/**
 * The rules of memberships that the author manager applies (spec part 1 §2):
 * joining with a key, promoting and demoting, which accounts a manager may
 * reset, and what a writer sees of classmates.
 */

/** The role a registration key gives: writer with the writer key, else manager with the manager key, else none. */
export const roleForKey = (key: string, community: { registrationKey: string; managerRegistrationKey: string }): CommunityRole | null => {
  if (key && key === community.registrationKey) return 'writer';
  if (key && key === community.managerRegistrationKey) return 'manager';
  return null;
};

/** Why a change to the role the author already has is refused. */
export const sameRoleMessage = (role: CommunityRole): UserMessage =>
  role === 'manager'
    ? msg('community.alreadyManager')
    : role === 'researcher'
      ? msg('community.alreadyResearcher')
      : msg('community.notManager');

/**
 * Checks a role change: the role must change; nobody demotes themselves or
 * the community's owner; the community keeps at least one manager.
 */
export const checkRoleChange = (input: {
  target: { role: CommunityRole; userId: string };
  role: CommunityRole;
  callerUserId: string;
  ownerUserId: string;
  managerCount: number;
}): void => {
  const { target, role } = input;
  if (target.role === role) throw new ConflictError(sameRoleMessage(role));
  // Leaving the manager role (to writer or researcher, issue 24 §5) needs the checks below.
  if (role === 'manager' || target.role !== 'manager') return;
  if (target.userId === input.callerUserId || target.userId === input.ownerUserId) {
    throw new ValidationError(msg('community.cannotMakeYourselfWriter'));
  }
  if (input.managerCount <= 1) throw new ValidationError(msg('community.managersEmpty'));
};

/**
 * Issue 20 §1: a manager may reset only an account that is this community's
 * own pupil — a writer here, a member of no other community (so no other
 * teacher's pupil and no manager anywhere), not an admin, and not made by
 * another community's CSV or by the operator. Anything else would let one
 * teacher log in as someone another class or the school depends on.
 */
export const isOwnPupil = (input: {
  communityId: string;
  targetRole: CommunityRole;
  user: { role: string; provider?: string; createdInCommunity?: string };
  membershipCommunityIds: readonly string[];
}): boolean =>
  input.targetRole === 'writer' &&
  input.user.role !== 'admin' &&
  input.user.provider !== 'operator' &&
  (input.user.createdInCommunity === undefined || input.user.createdInCommunity === input.communityId) &&
  input.membershipCommunityIds.every((communityId) => communityId === input.communityId);

/** What is wrong with a new first and last name (both are required): none when both are given. */
export const nameProblems = (firstName: string, lastName: string): { firstName?: UserMessage; lastName?: UserMessage } => ({
  ...(firstName.trim() ? {} : { firstName: msg('csv.firstNameMissing') }),
  ...(lastName.trim() ? {} : { lastName: msg('csv.lastNameMissing') }),
});

/**
 * A member as another member sees them: managers see everyone's e-mail;
 * writers see their classmates' names but only their own address (a class
 * list is not a mailing list).
 */
export const memberAsSeenBy = <M extends { userId: string; email: string }>(
  member: M,
  viewer: { userId: string; isManager: boolean },
): M => (viewer.isManager || member.userId === viewer.userId ? member : { ...member, email: '' });
