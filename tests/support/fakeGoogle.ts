import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A protocol fake of Google for the Google Docs / Drive integration (issue 18
 * §6): a real HTTP server speaking the subset of Google's OAuth 2.0
 * authorization and token endpoints, Drive v3 (files.list with q, orderBy,
 * pageSize, pageToken and a fields mask; files.get with fields or alt=media;
 * files.export of Docs, Sheets, Slides and Drawings to the formats Google
 * offers; permissions.create) and Docs v1 (documents.create,
 * documents.batchUpdate insertText) that Buildon calls. Requests are checked
 * as Google checks them (client credentials, a code used once for its
 * redirect URI, bearer access tokens); Buildon's code is not touched. The
 * consent page "agrees" at once: it redirects to the client's redirect URI
 * with a code and the state it was given. As with the drive.file scope, a
 * file added with an owner (a grant) is seen through that grant alone:
 * another user's listing, get or export does not find it.
 */
export type FakeFile = {
  id: string;
  name: string;
  mimeType: string;
  bytes: Uint8Array;
  text: string;
  /** The refresh token of the grant that created it; null: every grant sees it. */
  owner: string | null;
  modifiedTime: string;
};
export type FakePermission = { fileId: string; type: string; role: string; emailAddress: string };

export type FakeGoogle = {
  url: string;
  clientId: string;
  clientSecret: string;
  files: Map<string, FakeFile>;
  permissions: FakePermission[];
  /** Every request's method, path, query string and body as received (to check that no secret travels where it should not). */
  requests: { method: string; path: string; search: string; body: string }[];
  /** Refresh tokens issued, in order. */
  refreshTokens: string[];
  /**
   * A file in Drive (for imports), seen by every grant or, with `owner` (a
   * refresh token), by that grant alone. A Google-native file
   * (`application/vnd.google-apps.*`) has no content: `bytes` is what its
   * export answers (a generated PDF or PNG when empty).
   */
  addFile(name: string, mimeType: string, bytes: Uint8Array, owner?: string): string;
  /** Forgets a refresh token, as when the user revokes access at Google. */
  revoke(refreshToken: string): void;
  close(): Promise<void>;
};

/** What files.export offers for each Google-native type (the subset of Google's table Buildon may ask for). */
const exportFormats: Record<string, string[]> = {
  'application/vnd.google-apps.document': ['text/plain', 'application/pdf'],
  'application/vnd.google-apps.spreadsheet': ['application/pdf'],
  'application/vnd.google-apps.presentation': ['application/pdf'],
  'application/vnd.google-apps.drawing': ['image/png', 'application/pdf'],
};

/** A one-page PDF naming the file: what an export of a Doc, Sheet or Slides deck starts like. */
const minimalPdf = (title: string): Uint8Array =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${title}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

/** A real PNG (a blue disc on white): what an export of a Google Drawing looks like, so the canvas has something to show. */
export const solidPng = (width: number, height: number): Uint8Array => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])));
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height, 255);
  const radius = Math.min(width, height) / 3;
  for (let y = 0; y < height; y++) {
    rows[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      if ((x - width / 2) ** 2 + (y - height / 2) ** 2 > radius ** 2) continue;
      rows.set([30, 90, 200], y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
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
  const access = new Map<string, string>(); // access token → the refresh token it came from
  let clock = Date.parse('2026-01-05T08:00:00Z');
  const modified = () => new Date((clock += 60_000)).toISOString();
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
      access.set(accessToken, refreshToken);
      return send(res, 200, { access_token: accessToken, refresh_token: refreshToken, expires_in: 3599, token_type: 'Bearer' });
    }
    if (form.get('grant_type') === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      if (!refresh.has(refreshToken)) return oauthError(res, 'invalid_grant');
      access.set(accessToken, refreshToken);
      return send(res, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
    }
    return oauthError(res, 'unsupported_grant_type');
  };

  /**
   * files.list: the grant's files, `q`'s `mimeType != '…'` and `trashed = false` terms honoured (no trash here),
   * `orderBy=modifiedTime desc`, pages of `pageSize` (Google's default 100) and an opaque `nextPageToken`; with
   * a `fields` mask, only the listed file fields.
   */
  const listFiles = (url: URL, grant: string) => {
    const q = url.searchParams.get('q') ?? '';
    const excluded = new Set([...q.matchAll(/mimeType != '([^']+)'/g)].map((match) => match[1]));
    let list = [...files.values()].filter((file) => (file.owner === null || file.owner === grant) && !excluded.has(file.mimeType));
    if (url.searchParams.get('orderBy') === 'modifiedTime desc') list = list.sort((a, b) => b.modifiedTime.localeCompare(a.modifiedTime));
    const size = Math.min(1000, Number(url.searchParams.get('pageSize') ?? 100) || 100);
    const pageToken = url.searchParams.get('pageToken');
    const start = pageToken ? Number(Buffer.from(pageToken, 'base64url').toString('utf8').replace('page:', '')) : 0;
    const page = list.slice(start, start + size);
    const next = start + size < list.length ? Buffer.from(`page:${start + size}`).toString('base64url') : undefined;
    const mask = /files\(([^)]*)\)/.exec(url.searchParams.get('fields') ?? '')?.[1]?.split(',');
    const full = (file: FakeFile) => ({
      kind: 'drive#file',
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      modifiedTime: file.modifiedTime,
      size: String(file.bytes.byteLength),
      owners: [{ emailAddress: 'owner@example.org' }],
    });
    const shown = page.map((file) =>
      mask ? Object.fromEntries(Object.entries(full(file)).filter(([key]) => mask.includes(key))) : full(file),
    );
    return { kind: 'drive#fileList', files: shown, ...(next ? { nextPageToken: next } : {}) };
  };

  const api = (req: IncomingMessage, res: ServerResponse, url: URL, body: string) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = bearer ? access.get(bearer) : undefined;
    if (!bearer || !grant) return send(res, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
    /** A file this grant may see (drive.file: its own, or one every grant sees). */
    const visible = (id: string | undefined) => {
      const file = files.get(id ?? '');
      return file && (file.owner === null || file.owner === grant) ? file : undefined;
    };
    const path = url.pathname;
    if (req.method === 'POST' && path === '/v1/documents') {
      const { title } = JSON.parse(body) as { title: string };
      const id = token('doc').replace(/[^A-Za-z0-9_-]/g, '');
      const mimeType = 'application/vnd.google-apps.document';
      // Seen by every grant: it is shared with the note's co-authors, whose e-mails the fake does not tie to grants.
      files.set(id, { id, name: title, mimeType, bytes: new Uint8Array(), text: '', owner: null, modifiedTime: modified() });
      return send(res, 200, { documentId: id, title });
    }
    if (req.method === 'GET' && path === '/drive/v3/files') return send(res, 200, listFiles(url, grant));
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
      const doc = visible(exported[1]);
      if (!doc) return send(res, 404, { error: { code: 404 } });
      const to = url.searchParams.get('mimeType') ?? '';
      // Only Google-native files export, each to its own formats (anything else: 400 as Google answers).
      if (!(exportFormats[doc.mimeType] ?? []).includes(to)) return send(res, 400, { error: { code: 400, reason: 'badRequest' } });
      // Google's text export starts with a byte-order mark.
      if (to === 'text/plain') return send(res, 200, `\uFEFF${doc.text}`, 'text/plain; charset=utf-8');
      if (doc.bytes.byteLength > 0) return send(res, 200, doc.bytes, to);
      return send(res, 200, to === 'image/png' ? solidPng(160, 120) : minimalPdf(doc.name), to);
    }
    const get = /^\/drive\/v3\/files\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const file = visible(get[1]);
      if (!file) return send(res, 404, { error: { code: 404 } });
      const native = file.mimeType.startsWith('application/vnd.google-apps.');
      if (url.searchParams.get('alt') === 'media') {
        // A Google-native file has no content to download: Google answers 403 fileNotDownloadable.
        if (native) return send(res, 403, { error: { code: 403, reason: 'fileNotDownloadable' } });
        return send(res, 200, file.bytes, file.mimeType);
      }
      // Native files have no size.
      return send(res, 200, {
        id: file.id,
        name: file.name,
        mimeType: file.mimeType,
        ...(native ? {} : { size: String(file.bytes.byteLength) }),
      });
    }
    return send(res, 404, { error: { code: 404, message: `no ${req.method} ${path}` } });
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      requests.push({ method: req.method ?? '', path: url.pathname, search: url.search, body });
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
    addFile(name, mimeType, bytes, owner) {
      const id = token('file').replace(/[^A-Za-z0-9_-]/g, '');
      files.set(id, { id, name, mimeType, bytes, text: '', owner: owner ?? null, modifiedTime: modified() });
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
