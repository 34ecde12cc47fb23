import { createHash, randomBytes } from 'node:crypto';
import { externalIdentityStreamName, type ExternalIdentityKind } from '../../../../contracts/events/externalIdentity.ts';
import type { InterfaceLanguage } from '../../../../contracts/events/user.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { handleCommand } from '../../../core/decider.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../../../core/errors.ts';
import { externalIdentityDecider, mayLinkByEmail, userNameBase, userNameCandidate } from '../../../domain/user/externalIdentity.ts';
import { accountMetadata, getUser, runOnUser, usersOf, type AccountDeps } from '../accountContext.ts';
import { register } from './register.ts';

/** What an outside directory says about the person signing in (issue 18 §1–2). */
export type ExternalIdentity = {
  kind: ExternalIdentityKind;
  /** The OpenID issuer, or the directory's URL. */
  issuer: string;
  /** The OpenID `sub`, or the entry's DN: stable for the person within the issuer. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  preferredUserName: string;
};

export type ExternalSignInResult = { user: UserDocument; how: 'known' | 'email' | 'created' };

const identityKey = (identity: ExternalIdentity): string =>
  createHash('sha256').update(`${identity.kind}\n${identity.issuer}\n${identity.subject}`).digest('hex');

/**
 * Signs a person in through an outside directory. A known identity (issuer,
 * subject) is its linked user. A first sign-in joins the one account whose
 * e-mail the provider verified, or creates an account (UserRegistered with
 * provider `oidc`/`ldap`, an unusable random password) and links it; an
 * unverified e-mail never joins an existing account.
 * @throws ForbiddenError when the user's login is blocked
 */
export const signInExternal = async (
  deps: AccountDeps,
  identity: ExternalIdentity,
  options: { lang?: InterfaceLanguage } = {},
): Promise<ExternalSignInResult> => {
  const stream = externalIdentityStreamName(identityKey(identity));
  const { events } = await deps.eventStore.readStream<{ type: string; data: { userId: string } }>(stream);
  const linked = events[0]?.data.userId;
  if (linked) return { user: allowed(await getUser(deps, linked)), how: 'known' };

  let user: UserDocument | null = null;
  let how: ExternalSignInResult['how'] = 'created';
  if (identity.email !== null && identity.emailVerified) {
    const sameEmail = await usersOf(deps).find({ email: identity.email }, { limit: 2 });
    if (sameEmail.length > 1) throw new ConflictError(msg('sso.ambiguousEmail'));
    if (mayLinkByEmail(identity, sameEmail.length)) {
      user = sameEmail[0] ?? null;
      how = 'email';
    }
  }
  user ??= await createAccount(deps, identity, options.lang);
  const result = await handleCommand(
    deps.eventStore,
    stream,
    externalIdentityDecider,
    {
      type: 'LinkExternalIdentity',
      data: { kind: identity.kind, issuer: identity.issuer, subject: identity.subject, userId: user._id, how },
    },
    { metadata: accountMetadata(deps, user._id) },
  );
  // Two first sign-ins of one person at once: the first link wins, and both go on as its user.
  const owner = result.newState.userId;
  if (owner && owner !== user._id) return { user: allowed(await getUser(deps, owner)), how: 'known' };
  if (how === 'email') await closePasswordDoor(deps, user._id);
  return { user: allowed(user), how };
};

/**
 * An account joined by its e-mail signs in through its directory from then
 * on: its password is replaced by one nobody knows, which also ends every
 * session opened with it. Buildon never checked the e-mail a local account was
 * registered with, so whoever registered it first (with the teacher's address,
 * before the school turned sign-in on) keeps no way in (pre-account
 * hijacking). An admin may set a password again.
 */
const closePasswordDoor = async (deps: AccountDeps, userId: string): Promise<void> => {
  const passwordHash = await deps.passwords.hash(randomBytes(24).toString('base64url'));
  await runOnUser(deps, userId, { type: 'ChangePassword', data: { passwordHash, by: 'operator' } }, null);
};

const allowed = (user: UserDocument): UserDocument => {
  if (user.blockLogin) throw new ForbiddenError(msg('messages.loginBlocked'));
  return user;
};

const createAccount = async (deps: AccountDeps, identity: ExternalIdentity, lang: InterfaceLanguage | undefined) => {
  if (!identity.email) throw new ValidationError(msg('sso.noEmail'));
  const local = identity.email.split('@')[0] ?? '';
  const firstName = identity.firstName || identity.preferredUserName || local;
  const lastName = identity.lastName || firstName;
  // Nobody knows this password: the account signs in through its directory (an admin may set one later).
  const password = randomBytes(24).toString('base64url');
  const base = userNameBase(identity);
  for (let attempt = 0; attempt < 20; attempt++) {
    const userName = attempt < 10 ? userNameCandidate(base, attempt) : `${base}${randomBytes(3).toString('hex')}`;
    try {
      return await register(
        deps,
        { firstName, lastName, email: identity.email, userName, password },
        { provider: identity.kind, ...(lang ? { lang } : {}) },
      );
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  throw new ConflictError(msg('messages.userNameTaken'));
};
