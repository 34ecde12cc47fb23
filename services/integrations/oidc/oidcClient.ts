import type * as OpenidModule from 'openid-client';

type Openid = typeof OpenidModule;
let openidModule: Promise<Openid> | null = null;
/** openid-client, loaded on the first sign-in: a school without OpenID Connect never pays for it at start. */
const loadOpenid = (): Promise<Openid> => (openidModule ??= import('openid-client'));
import { LastError } from '../integrationStatus.ts';
import type { OidcSettings } from './oidcSettings.ts';

const timeoutMs = 10_000;

/** What Buildon keeps of a provider's answer about the person who signed in. */
export type OidcIdentity = {
  issuer: string;
  subject: string;
  /** Lower-cased, or null when the provider gave none. */
  email: string | null;
  /** True only when the provider says so (`email_verified: true`). */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  /** A user name the provider suggests (`preferred_username`), or ''. */
  preferredUserName: string;
};

/** The secrets of one authorization request, kept by the browser (sealed) until the provider sends it back. */
export type OidcRequestSecrets = { state: string; nonce: string; codeVerifier: string };

/**
 * Why a sign-in did not complete: `denied` (the provider answered an error, e.g. the person
 * cancelled), `rejected` (a check failed: state, nonce, PKCE, signature, audience),
 * `unavailable` (the provider did not answer as it should).
 */
export class OidcError extends Error {
  constructor(
    readonly kind: 'denied' | 'rejected' | 'unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The adapter of an OpenID Provider, with openid-client (v6): discovery (once,
 * again after a failure), the authorization URL with PKCE (S256), state and
 * nonce, and the code exchange, whose checks are openid-client's (state,
 * nonce, PKCE, the ID token's signature, issuer, audience and times). The
 * claims come from the ID token and the UserInfo endpoint (for the same
 * subject). Failures are recorded for the Admin tools probe, never a secret.
 */
export class OidcClient {
  readonly lastError = new LastError();
  private configuration: Promise<OpenidModule.Configuration> | null = null;

  constructor(readonly settings: OidcSettings) {}

  private insecure(): boolean {
    return new URL(this.settings.issuer).protocol === 'http:';
  }

  private config(): Promise<OpenidModule.Configuration> {
    this.configuration ??= loadOpenid()
      .then((openid) =>
        openid.discovery(new URL(this.settings.issuer), this.settings.clientId, this.settings.clientSecret, undefined, {
          // http only for a provider on this machine (oidcSettings refuses any other).
          ...(this.insecure() ? { execute: [openid.allowInsecureRequests] } : {}),
          [openid.customFetch]: (url, options) => fetch(url, { ...(options as RequestInit), signal: AbortSignal.timeout(timeoutMs) }),
        }),
      )
      .catch((error: unknown) => {
        this.configuration = null;
        throw new OidcError('unavailable', 'the OpenID provider did not answer its discovery document', { cause: error });
      });
    return this.configuration;
  }

  /** New secrets and the provider's authorization page for them, coming back to `redirectUri`. */
  async start(redirectUri: string): Promise<{ url: string; secrets: OidcRequestSecrets }> {
    try {
      const [openid, config] = await Promise.all([loadOpenid(), this.config()]);
      const secrets = { state: openid.randomState(), nonce: openid.randomNonce(), codeVerifier: openid.randomPKCECodeVerifier() };
      const url = openid.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await openid.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
        state: secrets.state,
        nonce: secrets.nonce,
      });
      return { url: url.href, secrets };
    } catch (error) {
      this.lastError.record(error);
      throw error;
    }
  }

  /** The provider's redirect (`callbackUrl`, with its code and state) checked and exchanged. */
  async complete(callbackUrl: URL, redirectUri: string, secrets: OidcRequestSecrets): Promise<OidcIdentity> {
    try {
      return await this.exchange(callbackUrl, redirectUri, secrets);
    } catch (error) {
      const failure = error instanceof OidcError ? error : classify(await loadOpenid(), error);
      if (failure.kind !== 'denied') this.lastError.record(failure);
      throw failure;
    }
  }

  private async exchange(callbackUrl: URL, redirectUri: string, secrets: OidcRequestSecrets): Promise<OidcIdentity> {
    const [openid, config] = await Promise.all([loadOpenid(), this.config()]);
    // openid-client compares the redirect URI it sends with the one of the request: the callback's own address.
    const current = new URL(redirectUri);
    current.search = callbackUrl.search;
    const tokens = await openid.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: secrets.codeVerifier,
      expectedState: secrets.state,
      expectedNonce: secrets.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new OidcError('rejected', 'the OpenID provider sent no ID token');
    let info: Record<string, unknown> = {};
    if (config.serverMetadata().userinfo_endpoint) {
      info = await openid.fetchUserInfo(config, tokens.access_token, claims.sub);
    }
    const merged: Record<string, unknown> = { ...claims, ...info };
    const email = text(merged.email).toLowerCase();
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: email || null,
      // Only a JSON true: a string "true" or an absent claim is not a verification.
      emailVerified: email !== '' && merged.email_verified === true,
      firstName: text(merged.given_name),
      lastName: text(merged.family_name),
      preferredUserName: text(merged.preferred_username),
    };
  }

  /**
   * The provider's end-session page (RP-initiated logout) coming back to `postLogoutRedirectUri`, or
   * null when the provider has none (Google) or does not answer: on a classroom's shared computer the
   * next pupil must not find the provider still signed in as the last one.
   */
  async endSessionUrl(postLogoutRedirectUri: string): Promise<string | null> {
    try {
      const [openid, config] = await Promise.all([loadOpenid(), this.config()]);
      if (!config.serverMetadata().end_session_endpoint) return null;
      return openid.buildEndSessionUrl(config, { post_logout_redirect_uri: postLogoutRedirectUri }).href;
    } catch (error) {
      this.lastError.record(error);
      return null;
    }
  }

  /** Whether the discovery document answers (any HTTP status counts): for the probe. */
  async reachable(): Promise<boolean> {
    try {
      const url = `${this.settings.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
      const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
      await response.body?.cancel();
      return true;
    } catch {
      return false;
    }
  }
}

const classify = (openid: Openid, error: unknown): OidcError => {
  if (error instanceof openid.AuthorizationResponseError) {
    return new OidcError('denied', `the OpenID provider answered ${error.error}`, { cause: error });
  }
  // The token endpoint's 4xx (invalid_grant: a code used twice, a wrong PKCE verifier) is a refusal, not an outage.
  const message = error instanceof Error ? error.message : String(error);
  const outage = error instanceof openid.ResponseBodyError ? error.status >= 500 : error instanceof TypeError && /fetch/i.test(message);
  if (outage) return new OidcError('unavailable', `the OpenID provider failed: ${message}`, { cause: error });
  return new OidcError('rejected', `the OpenID provider's answer was refused: ${message}`, { cause: error });
};
