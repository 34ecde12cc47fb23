/** Institutional sign-in through OpenID Connect or an LDAP directory (issue 18 §1–2). */
export const SsoMessages = {
  notConfigured: 'This sign-in method is not configured on this server.',
  badState: 'This sign-in has expired or was already used: start again.',
  denied: 'The sign-in was cancelled or refused by the identity provider.',
  rejected: "The identity provider's answer could not be verified: start again.",
  unavailable: 'The identity provider did not answer: try again later.',
  ambiguousEmail: 'Several accounts use this e-mail address: ask an administrator to link your account.',
  noEmail: 'Your institutional account gives no e-mail address: ask an administrator.',
  ldapLoginFailed: 'Wrong institutional user name or password.',
} as const;
