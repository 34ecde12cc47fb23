import type { UserProfile } from '../../../contracts/api/users.ts';
import type { EventMetadata } from '../../../contracts/events/event.ts';
import { userStreamName } from '../../../contracts/events/user.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { usersCollectionName, type UserDocument } from '../../../projections/users/index.ts';
import type { Clock, IdGenerator } from '../../core/clock.ts';
import { handleCommand, loadAggregate } from '../../core/decider.ts';
import { NotFoundError, ValidationError } from '../../core/errors.ts';
import type { EventStore } from '../../core/eventStore.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { userDecider, type UserCommand } from '../../domain/user/user.decide.ts';
import type { UserState } from '../../domain/user/user.ts';
import { checkPassword } from './passwordPolicy.ts';
import type { PasswordHasher } from './passwords.ts';

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

export const usersOf = (deps: Pick<AccountDeps, 'readStore'>) => deps.readStore.collection<UserDocument>(usersCollectionName);

export const accountMetadata = (deps: Pick<AccountDeps, 'clock'>, actorId: string | null): EventMetadata => ({
  actorId,
  at: deps.clock.now().toISOString(),
});

/** A user by id, or 404. */
export const getUser = async (deps: Pick<AccountDeps, 'readStore'>, userId: string): Promise<UserDocument> => {
  const user = await usersOf(deps).get(userId);
  if (!user) throw new NotFoundError(msg('errors.userNotFound'));
  return user;
};

/** Runs one command on a user's stream and returns the user as the read models then show them. */
export const runOnUser = async (deps: AccountDeps, userId: string, command: UserCommand, actorId: string | null): Promise<UserDocument> => {
  const result = await appendOnUser(deps, userId, command, actorId);
  if (result.newEvents.length > 0) await deps.projections.waitFor(result.lastPosition);
  return getUser(deps, userId);
};

/** Runs one command on a user's stream without waiting for the read models (for facts nobody reads back at once). */
export const appendOnUser = (
  deps: Pick<AccountDeps, 'eventStore' | 'clock'>,
  userId: string,
  command: UserCommand,
  actorId: string | null,
) => handleCommand(deps.eventStore, userStreamName(userId), userDecider, command, { metadata: accountMetadata(deps, actorId) });

/** The user's state folded from their stream (it holds the password hash, which no read model does). */
export const loadUser = async (deps: AccountDeps, userId: string): Promise<UserState> =>
  (await loadAggregate(deps.eventStore, userStreamName(userId), userDecider)).state;

/** The password policy (issue 20 §6) on `field`: 400 with its message. */
export const requirePolicy = (field: string, password: string, userName: string): void => {
  const message = checkPassword(password, userName);
  if (message) throw ValidationError.field(field, message);
};
