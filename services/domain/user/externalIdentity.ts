import type { ExternalIdentityEvent, ExternalIdentityLinked } from '../../../contracts/events/externalIdentity.ts';
import { UserRules } from '../../../contracts/messages.ts';
import type { Decider } from '../../core/decider.ts';

/**
 * An outside identity (an OpenID subject, a directory entry) names one user at
 * most: the first link wins, later ones change nothing (issue 18 §1–2).
 */
export type ExternalIdentityState = { userId: string | null };

export type LinkExternalIdentity = { type: 'LinkExternalIdentity'; data: ExternalIdentityLinked['data'] };

export const decideExternalIdentity = ({ data }: LinkExternalIdentity, state: ExternalIdentityState): ExternalIdentityEvent[] =>
  state.userId === null ? [{ type: 'ExternalIdentityLinked', data }] : [];

export const externalIdentityDecider: Decider<ExternalIdentityState, LinkExternalIdentity, ExternalIdentityEvent> = {
  initialState: () => ({ userId: null }),
  evolve: (state, event) => (state.userId === null ? { userId: event.data.userId } : state),
  decide: decideExternalIdentity,
};

/**
 * Whether a first sign-in may join the existing account with this e-mail: only
 * when the provider verified the address, and only when exactly one account
 * has it (never a guess between two). An unverified address is never linked.
 */
export const mayLinkByEmail = (identity: { email: string | null; emailVerified: boolean }, accountsWithEmail: number): boolean =>
  identity.email !== null && identity.emailVerified && accountsWithEmail === 1;

/**
 * The user name a new account made at a first sign-in starts from: the
 * provider's suggestion, else the e-mail's local part, reduced to what a user
 * name may hold (a letter first; letters, digits, `.`, `_`, `@`, `-`).
 */
export const userNameBase = (identity: { preferredUserName: string; email: string | null }): string => {
  const source = identity.preferredUserName || (identity.email ?? '').split('@')[0] || '';
  let name = source
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._@-]/g, '');
  if (!/^[A-Za-z]/.test(name)) name = `u${name}`;
  if (name.length < UserRules.userNameMin) name = `${name}user`;
  return name.slice(0, UserRules.userNameMax - 4);
};

/** The n-th try of a user name (`marie`, `marie2`, `marie3` …). */
export const userNameCandidate = (base: string, attempt: number): string => (attempt === 0 ? base : `${base}${attempt + 1}`);
