import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { oidcCallbackPath, type OidcSettings } from '../../services/integrations/oidc/oidcSettings.ts';

/**
 * A real OpenID provider for the sign-in tests (issue 18 §1): the
 * `oidc-provider` package (certified OpenID Connect implementation) on a free
 * port of 127.0.0.1, with its development sign-in pages (any password; the
 * login names an account of `accounts`) and one confidential client. PKCE is
 * required. Buildon's code is not touched; it speaks to this server over HTTP.
 */
export type TestAccount = {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
};

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by login (the `sub` is the login). */
  accounts: Map<string, TestAccount>;
  /** Registers the client with Buildon's redirect URI (Buildon's address + /auth/oidc/callback); call once Buildon's address is known. */
  register(buildonUrl: string): void;
  /** The settings Buildon is configured with (`BUILDON_OIDC_*`). */
  settings(label?: string, publicUrl?: string): OidcSettings;
  env(label?: string): Record<string, string>;
  close(): Promise<void>;
};

export const startOidcProvider = async (): Promise<TestOidcProvider> => {
  const accounts = new Map<string, TestAccount>();
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handler) return handler(req, res);
    res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'buildon-test';
  const clientSecret = 'test-client-secret-0123456789abcdef';

  const provider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    register(buildonUrl: string) {
      const instance = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [`${buildonUrl.replace(/\/+$/, '')}${oidcCallbackPath}`],
            post_logout_redirect_uris: [`${buildonUrl.replace(/\/+$/, '')}/`],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        findAccount: async (_ctx: unknown, id: string) => {
          const account = accounts.get(id);
          return account ? { accountId: id, claims: async () => ({ sub: id, ...account }) } : undefined;
        },
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['given_name', 'family_name', 'preferred_username'],
        },
        cookies: { keys: ['oidc-test-cookie-key'] },
        pkce: { required: () => true },
      });
      handler = instance.callback();
    },
    settings: (label = 'École Test', publicUrl = ''): OidcSettings => ({ issuer, clientId, clientSecret, label, publicUrl }),
    env: (label = 'École Test'): Record<string, string> => ({
      BUILDON_OIDC_ISSUER: issuer,
      BUILDON_OIDC_CLIENT_ID: clientId,
      BUILDON_OIDC_CLIENT_SECRET: clientSecret,
      BUILDON_OIDC_LABEL: label,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return provider;
};

/**
 * The person's part at the provider without a browser: follows the redirects
 * from `authorizationUrl`, signs in as `login` on the development login form and
 * agrees on its consent form, until the provider redirects to Buildon's
 * callback; answers that address (with its code and state).
 */
export const signInAtProvider = async (authorizationUrl: string, login: string): Promise<URL> => {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const origin = new URL(authorizationUrl).origin;
  let request: { url: string; body?: string } = { url: authorizationUrl };
  for (let step = 0; step < 20; step++) {
    const response = await fetch(request.url, {
      method: request.body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(request.body ? { body: request.body } : {}),
    });
    keep(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, request.url);
      if (next.origin !== origin) return next;
      request = { url: next.href };
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`provider page without a form (${response.status}): ${html.slice(0, 300)}`);
    const fields = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
    request = { url: new URL(action.replace(/&amp;/g, '&'), request.url).href, body: fields.toString() };
  }
  throw new Error('the provider never sent the browser back');
};
