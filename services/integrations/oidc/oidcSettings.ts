/**
 * OpenID Connect sign-in's settings (issue 18 §1), read from the environment
 * by main.ts and handed to buildApp (which reads no environment). Off unless
 * the issuer, the client id and the client secret are all set. The issuer must
 * be https, except on this machine (a provider a test or a developer runs on
 * 127.0.0.1). The secret is sent to the provider's token endpoint only.
 */
export type OidcSettings = {
  /** The issuer identifier (discovery at `{issuer}/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's text on the login page ("Continuer avec {label}"). */
  label: string;
  /**
   * Buildon's public address (`BUILDON_PUBLIC_URL`): the redirect URI registered at the
   * provider is `{publicUrl}/auth/oidc/callback`. Empty: taken from each request's host.
   */
  publicUrl: string;
};

export const oidcCallbackPath = '/auth/oidc/callback';

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const oidcSettings = (env: NodeJS.ProcessEnv, publicUrl = ''): OidcSettings | null => {
  const issuer = (env.BUILDON_OIDC_ISSUER ?? '').trim();
  const clientId = (env.BUILDON_OIDC_CLIENT_ID ?? '').trim();
  const clientSecret = env.BUILDON_OIDC_CLIENT_SECRET ?? '';
  if (!issuer && !clientId && !clientSecret) return null;
  if (!issuer || !clientId || !clientSecret) {
    throw new Error('OpenID Connect needs BUILDON_OIDC_ISSUER, BUILDON_OIDC_CLIENT_ID and BUILDON_OIDC_CLIENT_SECRET together');
  }
  const parsed = URL.canParse(issuer) ? new URL(issuer) : null;
  if (!parsed || !(parsed.protocol === 'https:' || (parsed.protocol === 'http:' && loopback.has(parsed.hostname)))) {
    throw new Error('BUILDON_OIDC_ISSUER must be an https address, e.g. https://accounts.google.com');
  }
  const label = (env.BUILDON_OIDC_LABEL ?? '').trim().slice(0, 80) || parsed.host;
  return { issuer, clientId, clientSecret, label, publicUrl: publicUrl.replace(/\/+$/, '') };
};
