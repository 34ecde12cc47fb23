/**
 * LDAP sign-in's settings (issue 18 §2: the original's `/auth/idul`, bound to
 * one university's directory, made a setting), read from the environment by
 * main.ts and handed to buildApp. Off unless the URL and the search base are
 * set. The service account (bind DN and password) searches for the person;
 * without one the search is anonymous. The filter names the typed user name
 * `{username}`, escaped before it is put there (RFC 4515).
 */
export type LdapSettings = {
  /** `ldap://` or `ldaps://` (with `ldap://`, passwords cross the network in clear: on a school's own network only). */
  url: string;
  bindDn: string;
  bindPassword: string;
  searchBase: string;
  /** e.g. `(uid={username})`, `(&(objectClass=person)(sAMAccountName={username}))`. */
  searchFilter: string;
  /** The institutional login's button text. */
  label: string;
  /**
   * Whether an entry's `mail` counts as verified, so that a first sign-in joins the local account
   * with that address (BUILDON_LDAP_MAIL_VERIFIED, default true: a school's directory is the school's
   * own). A directory where people may change their own `mail` must say false: an entry then always
   * gets an account of its own.
   */
  mailVerified: boolean;
};

const yesOrNo = (value: string | undefined, name: string, otherwise: boolean): boolean => {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return otherwise;
  if (['true', '1', 'yes'].includes(text)) return true;
  if (['false', '0', 'no'].includes(text)) return false;
  throw new Error(`${name} must be true or false`);
};

export const ldapSettings = (env: NodeJS.ProcessEnv): LdapSettings | null => {
  const url = (env.BUILDON_LDAP_URL ?? '').trim();
  const searchBase = (env.BUILDON_LDAP_SEARCH_BASE ?? '').trim();
  if (!url && !searchBase) return null;
  if (!url || !searchBase) throw new Error('LDAP sign-in needs BUILDON_LDAP_URL and BUILDON_LDAP_SEARCH_BASE together');
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== 'ldap:' && parsed.protocol !== 'ldaps:')) {
    throw new Error('BUILDON_LDAP_URL must be an ldap:// or ldaps:// address, e.g. ldaps://ldap.school.example');
  }
  const searchFilter = (env.BUILDON_LDAP_SEARCH_FILTER ?? '').trim() || '(uid={username})';
  if (!searchFilter.includes('{username}') || !searchFilter.startsWith('(')) {
    throw new Error('BUILDON_LDAP_SEARCH_FILTER must be an LDAP filter naming {username}, e.g. (uid={username})');
  }
  const bindDn = (env.BUILDON_LDAP_BIND_DN ?? '').trim();
  return {
    url,
    bindDn,
    bindPassword: bindDn ? (env.BUILDON_LDAP_BIND_PASSWORD ?? '') : '',
    searchBase,
    searchFilter,
    label: (env.BUILDON_LDAP_LABEL ?? '').trim().slice(0, 80),
    mailVerified: yesOrNo(env.BUILDON_LDAP_MAIL_VERIFIED, 'BUILDON_LDAP_MAIL_VERIFIED', true),
  };
};

/**
 * A value put into an LDAP filter (RFC 4515 §3): `*`, `(`, `)`, `\` and NUL
 * escaped, so that a typed user name can never change the filter (LDAP
 * injection: `*)(uid=*` matches nobody instead of everybody).
 */
export const escapeFilterValue = (value: string): string =>
  value
    .replace(/[*()\\]/g, (character) => `\\${character.charCodeAt(0).toString(16)}`)
    .split(String.fromCharCode(0))
    .join('\\00');

/** The search filter for one typed user name. */
export const filterFor = (settings: Pick<LdapSettings, 'searchFilter'>, userName: string): string =>
  settings.searchFilter.split('{username}').join(escapeFilterValue(userName));
