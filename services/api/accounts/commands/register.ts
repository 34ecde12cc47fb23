import { createHash } from 'node:crypto';
import {
  userNameClaimStreamName,
  userStreamName,
  type GlobalRole,
  type InterfaceLanguage,
  type UserNameClaimEvent,
} from '../../../../contracts/events/user.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { validateRegistration } from '../../../../contracts/messages.ts';
import { getUserByUserName, type UserDocument } from '../../../../projections/users/index.ts';
import { handleCommand } from '../../../core/decider.ts';
import { ConcurrencyError, ConflictError, fieldError, ValidationError } from '../../../core/errors.ts';
import { claimStillHeld } from '../../../domain/user/account.ts';
import { userDecider } from '../../../domain/user/user.decide.ts';
import { userNameClaimDecider } from '../../../domain/user/userNameClaim.ts';
import { accountMetadata, getUser, usersOf, type AccountDeps } from '../accountContext.ts';
import { checkPassword } from '../passwordPolicy.ts';

/**
 * Reserves the lower-cased name in its own stream; the append's expected
 * revision is the lock. A claim left by a registration that never completed
 * (crash between the two appends) is taken over after a grace period.
 */
const claimUserName = async (deps: AccountDeps, userName: string, userId: string): Promise<void> => {
  const stream = userNameClaimStreamName(createHash('sha256').update(userName.toLowerCase()).digest('hex'));
  for (let attempt = 0; attempt < 5; attempt++) {
    const { events, currentRevision } = await deps.eventStore.readStream<UserNameClaimEvent>(stream);
    const last = events.at(-1);
    let ownerActive = false;
    if (last && last.data.userId !== userId) {
      const ownerStream = await deps.eventStore.readStream(userStreamName(last.data.userId), { maxCount: 1 });
      ownerActive = claimStillHeld({
        ownerRegistered: ownerStream.currentRevision !== null,
        claimedAt: last.metadata.at,
        now: deps.clock.now(),
      });
    }
    try {
      await handleCommand(
        deps.eventStore,
        stream,
        userNameClaimDecider,
        { type: 'ClaimUserName', data: { userName, userId, currentOwnerRegistered: ownerActive } },
        { metadata: accountMetadata(deps, userId), expectedRevision: currentRevision ?? 'no_stream' },
      );
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }
  throw ConflictError.field('userName', msg('messages.userNameTaken'));
};

/**
 * Registers a user. The robot check is the caller's job (the CLI has none).
 * @throws ValidationError listing every field that breaks a §5 rule
 * @throws ConflictError when the userName is taken (any case)
 */
export const register = async (
  deps: AccountDeps,
  input: { firstName: string; lastName: string; email: string; userName: string; password: string },
  options: {
    role?: GlobalRole;
    provider?: 'local' | 'operator' | 'csv' | 'oidc' | 'ldap';
    lang?: InterfaceLanguage;
    actorId?: string | null;
    createdInCommunity?: string;
  } = {},
): Promise<UserDocument> => {
  const errors = validateRegistration(input);
  const common = errors.some((e) => e.field === 'password') ? null : checkPassword(input.password, input.userName);
  if (common) errors.push(fieldError('password', common));
  if (errors.length > 0) throw ValidationError.fields(errors);
  if (await getUserByUserName(usersOf(deps), input.userName)) {
    throw ConflictError.field('userName', msg('messages.userNameTaken'));
  }
  const userId = deps.ids.next();
  const passwordHash = await deps.passwords.hash(input.password);
  await claimUserName(deps, input.userName, userId);
  const result = await handleCommand(
    deps.eventStore,
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
    { metadata: accountMetadata(deps, options.actorId ?? userId), expectedRevision: 'no_stream' },
  );
  await deps.projections.waitFor(result.lastPosition);
  return getUser(deps, userId);
};
