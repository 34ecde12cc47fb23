import type { GlobalRole, InterfaceLanguage } from '../../../contracts/events/user.ts';
import { UserRules } from '../../../contracts/messages.ts';
import { countUsers, getUserByUserName, searchUsers, type UserDocument } from '../../../projections/users/index.ts';
import { getUser, runOnUser, usersOf, type AccountDeps } from './accountContext.ts';
import { authenticate, changeOwnPassword, resetPassword, resetPasswordByManager } from './commands/passwords.ts';
import {
  endAllSessions,
  endOwnSession,
  endSession,
  listSessions,
  refreshSession,
  startSession,
  type NewSession,
} from './commands/sessions.ts';
import type { SessionDocument } from '../../../projections/sessions/index.ts';
import { register } from './commands/register.ts';
import { signInExternal, type ExternalIdentity, type ExternalSignInResult } from './commands/externalSignIn.ts';
import { createOrPromoteAdmin, updateUser } from './commands/updateUser.ts';

export { toProfile, type AccountDeps, type Projected } from './accountContext.ts';

/**
 * Use cases of accounts: registration, login, passwords, language, admin
 * changes, one module each under commands/. Routes and the operator CLI
 * both call these; every change is a command on the user's stream, and
 * each method returns only once the read models show it. This facade only
 * binds the dependencies.
 */
export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  getUser(userId: string): Promise<UserDocument> {
    return getUser(this.deps, userId);
  }

  findByUserName(userName: string): Promise<UserDocument | null> {
    return getUserByUserName(usersOf(this.deps), userName);
  }

  search(query: { filter?: string; role?: GlobalRole }, page: number, pageSize: number): Promise<UserDocument[]> {
    return searchUsers(usersOf(this.deps), query, { page, pageSize: Math.min(pageSize, UserRules.adminPageSize) });
  }

  count(query: { filter?: string; role?: GlobalRole }): Promise<number> {
    return countUsers(usersOf(this.deps), query);
  }

  register(input: Parameters<typeof register>[1], options?: Parameters<typeof register>[2]): Promise<UserDocument> {
    return register(this.deps, input, options);
  }

  authenticate(userName: string, password: string): Promise<UserDocument> {
    return authenticate(this.deps, userName, password);
  }

  /** A sign-in through OpenID Connect or LDAP (issue 18 §1–2): the linked user, or one joined by verified e-mail, or a new one. */
  signInExternal(identity: ExternalIdentity): Promise<ExternalSignInResult> {
    return signInExternal(this.deps, identity);
  }

  changeOwnPassword(userId: string, oldPassword: string, newPassword: string): Promise<UserDocument> {
    return changeOwnPassword(this.deps, userId, oldPassword, newPassword);
  }

  resetPassword(userId: string, newPassword: string, actorId: string | null): Promise<UserDocument> {
    return resetPassword(this.deps, userId, newPassword, actorId);
  }

  resetPasswordByManager(userId: string, newPassword: string, actorId: string, by: 'manager' | 'admin'): Promise<UserDocument> {
    return resetPasswordByManager(this.deps, userId, newPassword, actorId, by);
  }

  endSession(userId: string, tokenId: string, expiresAt: string): Promise<void> {
    return endSession(this.deps, userId, tokenId, expiresAt);
  }

  startSession(userId: string, session: NewSession): Promise<void> {
    return startSession(this.deps, userId, session);
  }

  refreshSession(userId: string, ended: { tokenId: string; expiresAt: string }, started: NewSession): Promise<void> {
    return refreshSession(this.deps, userId, ended, started);
  }

  listSessions(userId: string): Promise<SessionDocument[]> {
    return listSessions(this.deps, userId);
  }

  endOwnSession(userId: string, sessionId: string): Promise<void> {
    return endOwnSession(this.deps, userId, sessionId);
  }

  endAllSessions(userId: string, actorId: string): Promise<void> {
    return endAllSessions(this.deps, userId, actorId);
  }

  changeLanguage(userId: string, lang: InterfaceLanguage, actorId: string): Promise<UserDocument> {
    return runOnUser(this.deps, userId, { type: 'ChangeLanguage', data: { lang } }, actorId);
  }

  updateUser(userId: string, changes: Parameters<typeof updateUser>[2], actorId: string | null): Promise<UserDocument> {
    return updateUser(this.deps, userId, changes, actorId);
  }

  createOrPromoteAdmin(input: { userName: string; password: string; email?: string }): Promise<{ user: UserDocument; created: boolean }> {
    return createOrPromoteAdmin(this.deps, input);
  }
}
