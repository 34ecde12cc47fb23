/**
 * The Google Docs / Drive integration's settings (issue 18 §6), read from the
 * environment by main.ts and handed to buildApp (which reads no environment).
 * Off unless both the client id and secret are set. The three URLs default to
 * Google's own endpoints; tests and self-hosted setups point them elsewhere.
 */
export type GoogleSettings = {
  clientId: string;
  clientSecret: string;
  /** The consent page (authorization endpoint). */
  authUrl: string;
  /** The token endpoint (code exchange and refresh). */
  tokenUrl: string;
  /** Drive v3's root (`…/drive/v3/files`). */
  driveUrl: string;
  /** Docs v1's root (`…/v1/documents`). */
  docsUrl: string;
  /** Where Google sends the browser back: `{publicUrl}/auth/googleOAuth/getToken`. */
  redirectUri: string;
};

export const googleCallbackPath = '/auth/googleOAuth/getToken';

export const googleSettings = (env: NodeJS.ProcessEnv, publicUrl: string): GoogleSettings | null => {
  const clientId = env.BUILDON_GOOGLE_CLIENT_ID ?? '';
  const clientSecret = env.BUILDON_GOOGLE_CLIENT_SECRET ?? '';
  if (!clientId || !clientSecret) return null;
  // One override serves both APIs: a fake or a proxy answers Drive's and Docs' paths on one host.
  const api = env.BUILDON_GOOGLE_API_URL?.replace(/\/+$/, '') || '';
  const base = publicUrl.replace(/\/+$/, '') || `http://127.0.0.1:${env.PORT || '8080'}`;
  return {
    clientId,
    clientSecret,
    authUrl: env.BUILDON_GOOGLE_AUTH_URL || 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: env.BUILDON_GOOGLE_TOKEN_URL || 'https://oauth2.googleapis.com/token',
    driveUrl: api || 'https://www.googleapis.com',
    docsUrl: api || 'https://docs.googleapis.com',
    redirectUri: `${base}${googleCallbackPath}`,
  };
};
