import type { GlobalRole, InterfaceLanguage } from '../../../../contracts/events/user.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { getUserByUserName, type UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError } from '../../../core/errors.ts';
import { isSelfLockout, operatorAdminEmail } from '../../../domain/user/account.ts';
import { getUser, runOnUser, usersOf, type AccountDeps } from '../accountContext.ts';
import { resetPassword } from './passwords.ts';
import { register } from './register.ts';

/** An admin edits a user: profile, role, login block, language, password. */
export const updateUser = async (
  deps: AccountDeps,
  userId: string,
  changes: {
    firstName?: string;
    lastName?: string;
    email?: string;
    role?: GlobalRole;
    blockLogin?: boolean;
    lang?: InterfaceLanguage;
    password?: string;
  },
  actorId: string | null,
): Promise<UserDocument> => {
  let user = await getUser(deps, userId);
  if (isSelfLockout(actorId, userId, changes)) throw new ForbiddenError(msg('errors.cannotDemoteSelf'));
  const { firstName, lastName, email } = changes;
  if (firstName !== undefined || lastName !== undefined || email !== undefined) {
    user = await runOnUser(deps, userId, { type: 'UpdateProfile', data: { firstName, lastName, email } }, actorId);
  }
  if (changes.role) user = await runOnUser(deps, userId, { type: 'ChangeRole', data: { role: changes.role } }, actorId);
  if (changes.blockLogin !== undefined) {
    user = await runOnUser(deps, userId, { type: 'SetLoginBlocked', data: { blocked: changes.blockLogin } }, actorId);
  }
  if (changes.lang) user = await runOnUser(deps, userId, { type: 'ChangeLanguage', data: { lang: changes.lang } }, actorId);
  if (changes.password !== undefined) user = await resetPassword(deps, userId, changes.password, actorId);
  return user;
};

/**
 * Operator command: creates an admin, or promotes (and re-passwords) an
 * existing user. Works while the server runs: it only appends events.
 */
export const createOrPromoteAdmin = async (
  deps: AccountDeps,
  input: { userName: string; password: string; email?: string },
): Promise<{ user: UserDocument; created: boolean }> => {
  const existing = await getUserByUserName(usersOf(deps), input.userName);
  if (existing) {
    let user = await runOnUser(deps, existing._id, { type: 'ChangeRole', data: { role: 'admin' } }, null);
    user = await resetPassword(deps, existing._id, input.password, null);
    if (user.blockLogin) user = await runOnUser(deps, existing._id, { type: 'SetLoginBlocked', data: { blocked: false } }, null);
    return { user, created: false };
  }
  const user = await register(
    deps,
    {
      userName: input.userName,
      password: input.password,
      email: input.email ?? operatorAdminEmail(input.userName),
      firstName: input.userName,
      lastName: 'Admin',
    },
    { role: 'admin', provider: 'operator', actorId: null },
  );
  return { user, created: true };
};
