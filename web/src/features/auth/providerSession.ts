/**
 * Whether this browser's session came from the school's OpenID provider
 * (issue 18 §1). Buildon's logout then also sends the browser to the
 * provider's sign-out page (`/auth/oidc/logout`): on a classroom's shared
 * computer, the next pupil's "Continuer avec …" must not sign them in as the
 * last one. Kept beside the token, in localStorage (every tab logs out alike).
 */
const key = 'buildon.providerSession';

export const rememberProviderSession = (fromProvider: boolean): void => {
  try {
    if (fromProvider) localStorage.setItem(key, 'oidc');
    else localStorage.removeItem(key);
  } catch {
    // No storage (private mode): the provider's session is left as it is.
  }
};

/** Whether the session that is ending came from the provider; forgets it either way. */
export const takeProviderSession = (): boolean => {
  try {
    const fromProvider = localStorage.getItem(key) === 'oidc';
    localStorage.removeItem(key);
    return fromProvider;
  } catch {
    return false;
  }
};
