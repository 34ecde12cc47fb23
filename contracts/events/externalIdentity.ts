import type { Event } from './event.ts';

/**
 * The link between an account of an outside directory and a Buildon user
 * (issue 18 §1–2): one stream per identity, named by a hex digest of its kind,
 * issuer and subject, so that an identity names one user at most (the first
 * append with `no_stream` wins) and a sign-in finds its user by reading it.
 */
export const externalIdentityStreamName = (key: string): string => `externalidentity-${key}`;

/** `oidc`: an OpenID provider (issuer URL, `sub`); `ldap`: a directory (its URL, the entry's DN). */
export type ExternalIdentityKind = 'oidc' | 'ldap';

/**
 * `how`: `created` when the sign-in created the account, `email` when it joined an
 * existing account whose e-mail the provider verified.
 */
export type ExternalIdentityLinked = Event<
  'ExternalIdentityLinked',
  { kind: ExternalIdentityKind; issuer: string; subject: string; userId: string; how: 'created' | 'email' }
>;

export type ExternalIdentityEvent = ExternalIdentityLinked;
