import { msg } from '../../../../contracts/messageCodes.ts';
import { getUserByUserName, type UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../../core/errors.ts';
import { getUser, loadUser, requirePolicy, runOnUser, usersOf, type AccountDeps } from '../accountContext.ts';
import { dummyHash } from '../passwords.ts';

/**
 * Checks a userName/password pair.
 * @throws UnauthorizedError with one message for unknown users and wrong
 *   passwords alike, so the answer does not reveal who has an account
 * @throws ForbiddenError when the user's login is blocked
 */
export const authenticate = async (deps: AccountDeps, userName: string, password: string): Promise<UserDocument> => {
  const user = await getUserByUserName(usersOf(deps), userName);
  const state = user ? await loadUser(deps, user._id) : null;
  const hash = state?.status === 'registered' ? state.passwordHash : dummyHash;
  const valid = await deps.passwords.verify(hash, password);
  if (!user || !valid) throw new UnauthorizedError(msg('messages.loginFailed'));
  if (user.blockLogin) throw new ForbiddenError(msg('messages.loginBlocked'));
  return user;
};

/** The user changes their own password, giving the old one. */
export const changeOwnPassword = async (
  deps: AccountDeps,
  userId: string,
  oldPassword: string,
  newPassword: string,
): Promise<UserDocument> => {
  const state = await loadUser(deps, userId);
  if (state.status !== 'registered') throw new NotFoundError(msg('errors.userNotFound'));
  if (!(await deps.passwords.verify(state.passwordHash, oldPassword))) {
    throw new ForbiddenError(msg('messages.incorrectPassword'));
  }
  requirePolicy('newPassword', newPassword, state.userName);
  const passwordHash = await deps.passwords.hash(newPassword);
  return runOnUser(deps, userId, { type: 'ChangePassword', data: { passwordHash, by: 'self' } }, userId);
};

/** An admin (or the operator, `actorId` null) sets someone's password. */
export const resetPassword = async (
  deps: AccountDeps,
  userId: string,
  newPassword: string,
  actorId: string | null,
): Promise<UserDocument> => {
  requirePolicy('password', newPassword, (await getUser(deps, userId)).userName);
  const passwordHash = await deps.passwords.hash(newPassword);
  return runOnUser(deps, userId, { type: 'ChangePassword', data: { passwordHash, by: actorId === null ? 'operator' : 'admin' } }, actorId);
};

/**
 * A community manager (or an admin from the author manager) sets a member's
 * password: the password policy applies. Ends the user's sessions; the
 * event's metadata names who did it. Who may reset whose password is the
 * caller's check (the authors' resetPassword).
 */
export const resetPasswordByManager = async (
  deps: AccountDeps,
  userId: string,
  newPassword: string,
  actorId: string,
  by: 'manager' | 'admin',
): Promise<UserDocument> => {
  requirePolicy('password', newPassword, (await getUser(deps, userId)).userName);
  const passwordHash = await deps.passwords.hash(newPassword);
  return runOnUser(deps, userId, { type: 'ChangePassword', data: { passwordHash, by } }, actorId);
};
