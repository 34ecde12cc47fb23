import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A protocol fake of Google for the Google Docs / Drive integration (issue 18
 * §6): a real HTTP server speaking the subset of Google's OAuth 2.0
 * authorization and token endpoints, Drive v3 (files.get with fields or
 * alt=media, files.export as text/plain, permissions.create) and Docs v1
 * (documents.create, documents.batchUpdate insertText) that Buildon calls.
 * Requests are checked as Google checks them (client credentials, a code used
 * once for its redirect URI, bearer access tokens); Buildon's code is not
 * touched. The consent page "agrees" at once: it redirects to the client's
 * redirect URI with a code and the state it was given.
 */
export type FakeFile = { id: string; name: string; mimeType: string; bytes: Uint8Array; text: string };
export type FakePermission = { fileId: string; type: string; role: string; emailAddress: string };

export type FakeGoogle = {
  url: string;
  clientId: string;
  clientSecret: string;
  files: Map<string, FakeFile>;
  permissions: FakePermission[];
  /** Every request's method, path and body as received (to check that no secret travels where it should not). */
  requests: { method: string; path: string; body: string }[];
  /** Refresh tokens issued, in order. */
  refreshTokens: string[];
  /** A file in the user's Drive (for imports). */
  addFile(name: string, mimeType: string, bytes: Uint8Array): string;
  /** Forgets a refresh token, as when the user revokes access at Google. */
  revoke(refreshToken: string): void;
  close(): Promise<void>;
};

const token = (prefix: string) => `${prefix}-${randomBytes(18).toString('base64url')}`;

const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body));
};

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const startFakeGoogle = async (): Promise<FakeGoogle> => {
  const clientId = 'buildon-test.apps.googleusercontent.com';
  const clientSecret = token('secret');
  const codes = new Map<string, string>(); // code → redirect_uri
  const refresh = new Set<string>();
  const access = new Set<string>();
  const files = new Map<string, FakeFile>();
  const permissions: FakePermission[] = [];
  const requests: FakeGoogle['requests'] = [];
  const refreshTokens: string[] = [];

  const oauthError = (res: ServerResponse, error: string) => send(res, 400, { error });

  const tokenEndpoint = (res: ServerResponse, form: URLSearchParams) => {
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return send(res, 401, { error: 'invalid_client' });
    }
    const accessToken = token('ya29');
    if (form.get('grant_type') === 'authorization_code') {
      const code = form.get('code') ?? '';
      const redirect = codes.get(code);
      codes.delete(code);
      if (!redirect || redirect !== form.get('redirect_uri')) return oauthError(res, 'invalid_grant');
      const refreshToken = token('1//refresh');
      refresh.add(refreshToken);
      refreshTokens.push(refreshToken);
      access.add(accessToken);
      return send(res, 200, { access_token: accessToken, refresh_token: refreshToken, expires_in: 3599, token_type: 'Bearer' });
    }
    if (form.get('grant_type') === 'refresh_token') {
      if (!refresh.has(form.get('refresh_token') ?? '')) return oauthError(res, 'invalid_grant');
      access.add(accessToken);
      return send(res, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
    }
    return oauthError(res, 'unsupported_grant_type');
  };

  const api = (req: IncomingMessage, res: ServerResponse, url: URL, body: string) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !access.has(bearer)) return send(res, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
    const path = url.pathname;
    if (req.method === 'POST' && path === '/v1/documents') {
      const { title } = JSON.parse(body) as { title: string };
      const id = token('doc').replace(/[^A-Za-z0-9_-]/g, '');
      files.set(id, { id, name: title, mimeType: 'application/vnd.google-apps.document', bytes: new Uint8Array(), text: '' });
      return send(res, 200, { documentId: id, title });
    }
    const batch = /^\/v1\/documents\/([^/:]+):batchUpdate$/.exec(path);
    if (req.method === 'POST' && batch) {
      const doc = files.get(batch[1] ?? '');
      if (!doc) return send(res, 404, { error: { code: 404 } });
      const { requests: edits } = JSON.parse(body) as { requests: { insertText?: { location: { index: number }; text: string } }[] };
      for (const edit of edits) if (edit.insertText) doc.text = `${edit.insertText.text}${doc.text}`;
      return send(res, 200, { documentId: doc.id, replies: edits.map(() => ({})) });
    }
    const permission = /^\/drive\/v3\/files\/([^/]+)\/permissions$/.exec(path);
    if (req.method === 'POST' && permission) {
      if (!files.has(permission[1] ?? '')) return send(res, 404, { error: { code: 404 } });
      const { type, role, emailAddress } = JSON.parse(body) as Omit<FakePermission, 'fileId'>;
      permissions.push({ fileId: permission[1] ?? '', type, role, emailAddress });
      return send(res, 200, { id: token('perm'), type, role });
    }
    const exported = /^\/drive\/v3\/files\/([^/]+)\/export$/.exec(path);
    if (req.method === 'GET' && exported) {
      const doc = files.get(exported[1] ?? '');
      if (!doc || doc.mimeType !== 'application/vnd.google-apps.document') return send(res, 404, { error: { code: 404 } });
      if (url.searchParams.get('mimeType') !== 'text/plain') return send(res, 400, { error: { code: 400 } });
      // Google's text export starts with a byte-order mark.
      return send(res, 200, `\uFEFF${doc.text}`, 'text/plain; charset=utf-8');
    }
    const get = /^\/drive\/v3\/files\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const file = files.get(get[1] ?? '');
      if (!file) return send(res, 404, { error: { code: 404 } });
      if (url.searchParams.get('alt') === 'media') return send(res, 200, file.bytes, file.mimeType);
      return send(res, 200, { id: file.id, name: file.name, mimeType: file.mimeType, size: String(file.bytes.byteLength) });
    }
    return send(res, 404, { error: { code: 404, message: `no ${req.method} ${path}` } });
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      requests.push({ method: req.method ?? '', path: url.pathname, body });
      if (url.pathname === '/o/oauth2/v2/auth') {
        const redirect = url.searchParams.get('redirect_uri') ?? '';
        if (url.searchParams.get('client_id') !== clientId || !redirect) return send(res, 400, 'invalid_request', 'text/plain');
        const code = token('4/code');
        codes.set(code, redirect);
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (url.pathname === '/token') {
        if (req.method === 'HEAD') return send(res, 405, '');
        return tokenEndpoint(res, new URLSearchParams(body));
      }
      return api(req, res, url, body);
    })().catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    clientSecret,
    files,
    permissions,
    requests,
    refreshTokens,
    addFile(name, mimeType, bytes) {
      const id = token('file').replace(/[^A-Za-z0-9_-]/g, '');
      files.set(id, { id, name, mimeType, bytes, text: '' });
      return id;
    },
    revoke: (refreshToken) => void refresh.delete(refreshToken),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The environment that points Buildon at the fake (what `googleSettings` reads). */
export const fakeGoogleEnv = (fake: FakeGoogle): NodeJS.ProcessEnv => ({
  BUILDON_GOOGLE_CLIENT_ID: fake.clientId,
  BUILDON_GOOGLE_CLIENT_SECRET: fake.clientSecret,
  BUILDON_GOOGLE_AUTH_URL: `${fake.url}/o/oauth2/v2/auth`,
  BUILDON_GOOGLE_TOKEN_URL: `${fake.url}/token`,
  BUILDON_GOOGLE_API_URL: fake.url,
});
