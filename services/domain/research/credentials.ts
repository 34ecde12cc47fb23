/**
 * What a community archive without credentials (issue 24 §3) changes in the
 * events it carries. Names, roles and everything a class wrote are kept (an
 * archive moves a class); what lets someone log in or reach a person is not:
 *
 * - password hashes (`UserRegistered`, `UserPasswordChanged`) become
 *   `passwordResetMarker`, which no password matches: the imported user exists
 *   but cannot log in until an administrator or a manager sets a new password;
 * - e-mail addresses (`UserRegistered`, `UserProfileUpdated`, `AuthorJoined`,
 *   `FeedbackSent.from`) become empty;
 * - the community's registration keys become fresh random ones (the same
 *   original key always gets the same new key within one archive);
 * - ended sessions' token ids (`UserSessionEnded`) become random ids;
 * - started sessions (`UserSessionStarted`, issue 17 §4) get random token ids and lose their address.
 */

/** Stored instead of a password hash: not a PHC string, so no password verifies against it. */
export const passwordResetMarker = '!password-reset-required (removed by a community archive without credentials)';

export type CredentialStats = {
  passwordHashes: number;
  emails: number;
  registrationKeys: number;
  sessionTokens: number;
  /** Users whose last password event carried a hash that was removed. */
  usersWithoutPassword: number;
};

type Data = Record<string, unknown>;

/**
 * A stateful stripper for one archive: `strip(type, data)` returns the data to
 * write (a copy when something changed). `randomKey` makes the new keys and ids.
 */
export const credentialStripper = (randomKey: () => string) => {
  const keys = new Map<string, string>();
  const users = new Set<string>();
  const stats = { passwordHashes: 0, emails: 0, registrationKeys: 0, sessionTokens: 0 };
  const freshKey = (key: string) => {
    let fresh = keys.get(key);
    if (fresh === undefined) {
      fresh = randomKey();
      keys.set(key, fresh);
      stats.registrationKeys++;
    }
    return fresh;
  };
  const noEmail = (copy: Data, field: string) => {
    if (typeof copy[field] === 'string' && copy[field] !== '') {
      copy[field] = '';
      stats.emails++;
    }
  };
  const strip = (type: string, data: Data): Data => {
    const copy: Data = { ...data };
    switch (type) {
      case 'UserRegistered':
      case 'UserPasswordChanged':
        if (typeof copy.passwordHash === 'string') {
          copy.passwordHash = passwordResetMarker;
          stats.passwordHashes++;
          if (typeof copy.userId === 'string') users.add(copy.userId);
        }
        if (type === 'UserRegistered') noEmail(copy, 'email');
        return copy;
      case 'UserProfileUpdated':
      case 'AuthorJoined':
        noEmail(copy, 'email');
        return copy;
      case 'FeedbackSent':
        noEmail(copy, 'from');
        return copy;
      case 'CommunityCreated':
      case 'CommunityUpdated':
        for (const field of ['registrationKey', 'managerRegistrationKey']) {
          if (typeof copy[field] === 'string') copy[field] = freshKey(copy[field]);
        }
        return copy;
      case 'UserSessionEnded':
        copy.tokenId = randomKey();
        stats.sessionTokens++;
        return copy;
      case 'UserSessionStarted':
        copy.tokenId = randomKey();
        copy.address = '';
        stats.sessionTokens++;
        return copy;
      default:
        return data;
    }
  };
  return { strip, stats: (): CredentialStats => ({ ...stats, usersWithoutPassword: users.size }) };
};
