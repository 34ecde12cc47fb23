import { createHash } from 'node:crypto';
import { checkPassword } from './passwordPolicy.ts';
import type { UserProfile } from '../../../contracts/api/users.ts';
import type { EventMetadata } from '../../../contracts/events/event.ts';
import {
  userNameClaimStreamName,
  userStreamName,
  type GlobalRole,
  type InterfaceLanguage,
  type UserNameClaimEvent,
} from '../../../contracts/events/user.ts';
import { UserRules, validateRegistration } from '../../../contracts/messages.ts';
import type { Clock, IdGenerator } from '../../core/clock.ts';
import { handleCommand, loadAggregate } from '../../core/decider.ts';
import {
  ConcurrencyError,
  ConflictError,
  fieldError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../core/errors.ts';
import type { EventStore } from '../../core/eventStore.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { userDecider, type UserCommand } from '../../domain/user/user.decide.ts';
import type { UserState } from '../../domain/user/user.ts';
import { userNameClaimDecider } from '../../domain/user/userNameClaim.ts';
import { countUsers, getUserByUserName, searchUsers, usersCollectionName, type UserDocument } from '../../../projections/users/index.ts';
import { dummyHash, type PasswordHasher } from './passwords.ts';
import { msg } from '../../../contracts/messageCodes.ts';

/** The projections' read-your-writes barrier (ProjectionRunner.waitFor). */
export type Projected = { waitFor(position: number): Promise<void> };

export type AccountDeps = {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: Projected;
  clock: Clock;
  ids: IdGenerator;
  passwords: PasswordHasher;
};

/** A claim this recent may belong to a registration still in flight. */
const claimGraceMs = 60_000;

export const toProfile = (user: UserDocument): UserProfile => ({
  _id: user._id,
  userName: user.userName,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  name: `${user.firstName} ${user.lastName}`.trim(),
  role: user.role,
  lang: user.lang,
  blockLogin: user.blockLogin,
  created: user.created,
});

/**
 * Use cases of accounts: registration, login, passwords, language, admin
 * changes. Routes and the operator CLI both call these; every change is a
 * command on the user's stream, and each method returns only once the read
 * models show it.
 */
export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  private get users() {
    return this.deps.readStore.collection<UserDocument>(usersCollectionName);
  }

  private metadata(actorId: string | null): EventMetadata {
    return { actorId, at: this.deps.clock.now().toISOString() };
  }

  async getUser(userId: string): Promise<UserDocument> {
    const user = await this.users.get(userId);
    if (!user) throw new NotFoundError(msg('errors.userNotFound'));
    return user;
  }

  findByUserName(userName: string): Promise<UserDocument | null> {
    return getUserByUserName(this.users, userName);
  }

  search(query: { filter?: string; role?: GlobalRole }, page: number, pageSize: number): Promise<UserDocument[]> {
    return searchUsers(this.users, query, { page, pageSize: Math.min(pageSize, UserRules.adminPageSize) });
  }

  count(query: { filter?: string; role?: GlobalRole }): Promise<number> {
    return countUsers(this.users, query);
  }

  /**
   * Registers a user. The robot check is the caller's job (the CLI has none).
   * @throws ValidationError listing every field that breaks a §5 rule
   * @throws ConflictError when the userName is taken (any case)
   */
  async register(
    input: { firstName: string; lastName: string; email: string; userName: string; password: string },
    options: {
      role?: GlobalRole;
      provider?: 'local' | 'operator' | 'csv';
      lang?: InterfaceLanguage;
      actorId?: string | null;
      createdInCommunity?: string;
    } = {},
  ): Promise<UserDocument> {
    const errors = validateRegistration(input);
    const common = errors.some((e) => e.field === 'password') ? null : checkPassword(input.password, input.userName);
    if (common) errors.push(fieldError('password', common));
    if (errors.length > 0) throw ValidationError.fields(errors);
    if (await this.findByUserName(input.userName)) {
      throw ConflictError.field('userName', msg('messages.userNameTaken'));
    }
    const userId = this.deps.ids.next();
    const passwordHash = await this.deps.passwords.hash(input.password);
    await this.claimUserName(input.userName, userId);
    const result = await handleCommand(
      this.deps.eventStore,
      userStreamName(userId),
      userDecider,
      {
        type: 'RegisterUser',
        data: {
          userId,
          userName: input.userName,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          role: options.role ?? 'user',
          lang: options.lang ?? 'fr',
          provider: options.provider ?? 'local',
          ...(options.createdInCommunity ? { createdInCommunity: options.createdInCommunity } : {}),
        },
      },
      { metadata: this.metadata(options.actorId ?? userId), expectedRevision: 'no_stream' },
    );
    await this.deps.projections.waitFor(result.lastPosition);
    return this.getUser(userId);
  }

  /**
   * Checks a userName/password pair.
   * @throws UnauthorizedError with one message for unknown users and wrong
   *   passwords alike, so the answer does not reveal who has an account
   * @throws ForbiddenError when the user's login is blocked
   */
  async authenticate(userName: string, password: string): Promise<UserDocument> {
    const user = await this.findByUserName(userName);
    const state = user ? await this.loadUser(user._id) : null;
    const hash = state?.status === 'registered' ? state.passwordHash : dummyHash;
    const valid = await this.deps.passwords.verify(hash, password);
    if (!user || !valid) throw new UnauthorizedError(msg('messages.loginFailed'));
    if (user.blockLogin) throw new ForbiddenError(msg('messages.loginBlocked'));
    return user;
  }

  async changeOwnPassword(userId: string, oldPassword: string, newPassword: string): Promise<UserDocument> {
    const state = await this.loadUser(userId);
    if (state.status !== 'registered') throw new NotFoundError(msg('errors.userNotFound'));
    if (!(await this.deps.passwords.verify(state.passwordHash, oldPassword))) {
      throw new ForbiddenError(msg('messages.incorrectPassword'));
    }
    this.requirePolicy('newPassword', newPassword, state.userName);
    const passwordHash = await this.deps.passwords.hash(newPassword);
    return this.execute(userId, { type: 'ChangePassword', data: { passwordHash, by: 'self' } }, userId);
  }

  /** An admin (or the operator) sets someone's password. */
  async resetPassword(userId: string, newPassword: string, actorId: string | null): Promise<UserDocument> {
    this.requirePolicy('password', newPassword, (await this.getUser(userId)).userName);
    const passwordHash = await this.deps.passwords.hash(newPassword);
    return this.execute(userId, { type: 'ChangePassword', data: { passwordHash, by: actorId === null ? 'operator' : 'admin' } }, actorId);
  }

  /**
   * A community manager (or an admin from the author manager) sets a member's
   * password: the password policy applies. Ends the user's sessions; the
   * event's metadata names who did it. Who may reset whose password is the
   * caller's check (AuthorService).
   */
  async resetPasswordByManager(userId: string, newPassword: string, actorId: string, by: 'manager' | 'admin'): Promise<UserDocument> {
    this.requirePolicy('password', newPassword, (await this.getUser(userId)).userName);
    const passwordHash = await this.deps.passwords.hash(newPassword);
    return this.execute(userId, { type: 'ChangePassword', data: { passwordHash, by } }, actorId);
  }

  /**
   * Logs one session out (issue 20 §5): the token `tokenId` is refused from now
   * on, by every API node and after a restart (it is an event); open sockets
   * with it are closed by the push hub.
   */
  async endSession(userId: string, tokenId: string, expiresAt: string): Promise<void> {
    await this.execute(userId, { type: 'EndSession', data: { tokenId, expiresAt } }, userId);
  }

  /** The password policy (issue 20 §6) on `field`: 400 with its message. */
  private requirePolicy(field: string, password: string, userName: string): void {
    const message = checkPassword(password, userName);
    if (message) throw ValidationError.field(field, message);
  }

  changeLanguage(userId: string, lang: InterfaceLanguage, actorId: string): Promise<UserDocument> {
    return this.execute(userId, { type: 'ChangeLanguage', data: { lang } }, actorId);
  }

  /** An admin edits a user: profile, role, login block, language, password. */
  async updateUser(
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
  ): Promise<UserDocument> {
    let user = await this.getUser(userId);
    if (actorId === userId && (changes.role === 'user' || changes.blockLogin === true)) {
      throw new ForbiddenError(msg('errors.cannotDemoteSelf'));
    }
    const { firstName, lastName, email } = changes;
    if (firstName !== undefined || lastName !== undefined || email !== undefined) {
      user = await this.execute(userId, { type: 'UpdateProfile', data: { firstName, lastName, email } }, actorId);
    }
    if (changes.role) user = await this.execute(userId, { type: 'ChangeRole', data: { role: changes.role } }, actorId);
    if (changes.blockLogin !== undefined) {
      user = await this.execute(userId, { type: 'SetLoginBlocked', data: { blocked: changes.blockLogin } }, actorId);
    }
    if (changes.lang) user = await this.execute(userId, { type: 'ChangeLanguage', data: { lang: changes.lang } }, actorId);
    if (changes.password !== undefined) user = await this.resetPassword(userId, changes.password, actorId);
    return user;
  }

  /**
   * Operator command: creates an admin, or promotes (and re-passwords) an
   * existing user. Works while the server runs: it only appends events.
   */
  async createOrPromoteAdmin(input: {
    userName: string;
    password: string;
    email?: string;
  }): Promise<{ user: UserDocument; created: boolean }> {
    const existing = await this.findByUserName(input.userName);
    if (existing) {
      let user = await this.execute(existing._id, { type: 'ChangeRole', data: { role: 'admin' } }, null);
      user = await this.resetPassword(existing._id, input.password, null);
      if (user.blockLogin) user = await this.execute(existing._id, { type: 'SetLoginBlocked', data: { blocked: false } }, null);
      return { user, created: false };
    }
    const user = await this.register(
      {
        userName: input.userName,
        password: input.password,
        email: input.email ?? `${input.userName.toLowerCase().replace(/[^a-z0-9._-]/g, '')}@localhost.localdomain`,
        firstName: input.userName,
        lastName: 'Admin',
      },
      { role: 'admin', provider: 'operator', actorId: null },
    );
    return { user, created: true };
  }

  private async execute(userId: string, command: UserCommand, actorId: string | null): Promise<UserDocument> {
    const result = await handleCommand(this.deps.eventStore, userStreamName(userId), userDecider, command, {
      metadata: this.metadata(actorId),
    });
    if (result.newEvents.length > 0) await this.deps.projections.waitFor(result.lastPosition);
    return this.getUser(userId);
  }

  private async loadUser(userId: string): Promise<UserState> {
    return (await loadAggregate(this.deps.eventStore, userStreamName(userId), userDecider)).state;
  }

  /**
   * Reserves the lower-cased name in its own stream; the append's expected
   * revision is the lock. A claim left by a registration that never completed
   * (crash between the two appends) is taken over after a grace period.
   */
  private async claimUserName(userName: string, userId: string): Promise<void> {
    const stream = userNameClaimStreamName(createHash('sha256').update(userName.toLowerCase()).digest('hex'));
    for (let attempt = 0; attempt < 5; attempt++) {
      const { events, currentRevision } = await this.deps.eventStore.readStream<UserNameClaimEvent>(stream);
      const last = events.at(-1);
      let ownerActive = false;
      if (last && last.data.userId !== userId) {
        const ownerStream = await this.deps.eventStore.readStream(userStreamName(last.data.userId), { maxCount: 1 });
        const age = this.deps.clock.now().getTime() - Date.parse(last.metadata.at);
        ownerActive = ownerStream.currentRevision !== null || age < claimGraceMs;
      }
      try {
        await handleCommand(
          this.deps.eventStore,
          stream,
          userNameClaimDecider,
          { type: 'ClaimUserName', data: { userName, userId, currentOwnerRegistered: ownerActive } },
          { metadata: this.metadata(userId), expectedRevision: currentRevision ?? 'no_stream' },
        );
        return;
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
      }
    }
    throw ConflictError.field('userName', msg('messages.userNameTaken'));
  }
}
