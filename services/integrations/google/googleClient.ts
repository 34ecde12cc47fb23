import { LastError } from '../integrationStatus.ts';
import type { GoogleSettings } from './googleSettings.ts';

/** A Google endpoint answered an error (or not at all); the message names the call, never a token. */
export class GoogleApiError extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
  ) {
    super(`Google ${call} failed${status ? ` (HTTP ${status})` : ''}`);
  }
}

const timeoutMs = 15_000;

/** Metadata of a Drive file, as files.get answers with `fields=id,name,mimeType,size`. */
export type DriveFile = { id: string; name: string; mimeType: string; size: number | null };

/** One page of files.list: the fields the import dialog shows, and the next page's token. */
export type DriveFilePage = {
  files: { id: string; name: string; mimeType: string; modifiedTime: string | null }[];
  nextPageToken: string | null;
};

/** What files.list asks for: no folders, nothing in the trash, newest first. */
const listQuery = "trashed = false and mimeType != 'application/vnd.google-apps.folder'";

/**
 * The HTTP adapter of Google's OAuth 2.0 token endpoint, Drive v3 and Docs
 * v1: only the calls Buildon makes, with fetch. Each call records its failure
 * for the Admin tools probe (googleProbe).
 */
export class GoogleClient {
  readonly lastError = new LastError();

  constructor(readonly settings: GoogleSettings) {}

  /** The consent page's address: offline access (a refresh token), Drive's file scope, our state. */
  authorizationUrl(state: string): string {
    const url = new URL(this.settings.authUrl);
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', this.settings.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'https://www.googleapis.com/auth/drive.file https://www.googleapis.com/auth/documents');
    url.searchParams.set('access_type', 'offline');
    url.searchParams.set('prompt', 'consent');
    url.searchParams.set('state', state);
    return url.toString();
  }

  /** Trades the authorization code for tokens; the refresh token is what Buildon keeps. */
  async exchangeCode(code: string): Promise<{ accessToken: string; refreshToken: string | null }> {
    const reply = await this.token('token exchange', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.settings.redirectUri,
    });
    return { accessToken: reply.access_token, refreshToken: reply.refresh_token ?? null };
  }

  /** A fresh access token from a stored refresh token. */
  async accessToken(refreshToken: string): Promise<string> {
    return (await this.token('token refresh', { grant_type: 'refresh_token', refresh_token: refreshToken })).access_token;
  }

  /** Docs v1 documents.create: an empty document with this title. */
  async createDocument(accessToken: string, title: string): Promise<string> {
    const reply = await this.json<{ documentId: string }>('documents.create', accessToken, `${this.settings.docsUrl}/v1/documents`, {
      method: 'POST',
      body: JSON.stringify({ title }),
    });
    return reply.documentId;
  }

  /** Docs v1 documents.batchUpdate: `text` inserted at the start of the body. */
  async insertText(accessToken: string, documentId: string, text: string): Promise<void> {
    const url = `${this.settings.docsUrl}/v1/documents/${encodeURIComponent(documentId)}:batchUpdate`;
    await this.json('documents.batchUpdate', accessToken, url, {
      method: 'POST',
      body: JSON.stringify({ requests: [{ insertText: { location: { index: 1 }, text } }] }),
    });
  }

  /** Drive v3 permissions.create: `email` may write the file (no notification e-mail). */
  async shareAsWriter(accessToken: string, fileId: string, email: string): Promise<void> {
    const url = `${this.files()}/${encodeURIComponent(fileId)}/permissions?sendNotificationEmail=false`;
    await this.json('permissions.create', accessToken, url, {
      method: 'POST',
      body: JSON.stringify({ type: 'user', role: 'writer', emailAddress: email }),
    });
  }

  /** Drive v3 files.export as text/plain, at most `maxBytes`. */
  async exportText(accessToken: string, fileId: string, maxBytes: number): Promise<string> {
    return new TextDecoder().decode(await this.exportAs(accessToken, fileId, 'text/plain', maxBytes));
  }

  /** Drive v3 files.export of a Google-native file (Docs, Sheets, Slides, Drawings) as `mimeType`, refused beyond `maxBytes`. */
  exportAs(accessToken: string, fileId: string, mimeType: string, maxBytes: number): Promise<Uint8Array> {
    const url = `${this.files()}/${encodeURIComponent(fileId)}/export?mimeType=${encodeURIComponent(mimeType)}`;
    return this.bytes('files.export', accessToken, url, maxBytes);
  }

  /**
   * Drive v3 files.list: one page of the files Buildon may see (with the
   * drive.file scope, those it created or the user opened with it), only the
   * fields shown, newest first.
   */
  async listFiles(accessToken: string, pageToken: string | null, pageSize: number): Promise<DriveFilePage> {
    const url = new URL(this.files());
    url.searchParams.set('q', listQuery);
    url.searchParams.set('orderBy', 'modifiedTime desc');
    url.searchParams.set('pageSize', String(pageSize));
    url.searchParams.set('fields', 'nextPageToken,files(id,name,mimeType,modifiedTime)');
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    const reply = await this.json<{ files?: Partial<DriveFilePage['files'][number]>[]; nextPageToken?: string }>(
      'files.list',
      accessToken,
      url.toString(),
      {},
    );
    const files = (reply.files ?? []).flatMap((file) =>
      typeof file.id === 'string' && typeof file.name === 'string' && typeof file.mimeType === 'string'
        ? [{ id: file.id, name: file.name, mimeType: file.mimeType, modifiedTime: file.modifiedTime ?? null }]
        : [],
    );
    return { files, nextPageToken: typeof reply.nextPageToken === 'string' ? reply.nextPageToken : null };
  }

  /** Drive v3 files.get: the file's name, type and size. */
  async file(accessToken: string, fileId: string): Promise<DriveFile> {
    const url = `${this.files()}/${encodeURIComponent(fileId)}?fields=id,name,mimeType,size`;
    const reply = await this.json<{ id: string; name: string; mimeType: string; size?: string }>('files.get', accessToken, url, {});
    return { id: reply.id, name: reply.name, mimeType: reply.mimeType, size: reply.size === undefined ? null : Number(reply.size) };
  }

  /** Drive v3 files.get with alt=media: the file's content, refused beyond `maxBytes`. */
  download(accessToken: string, fileId: string, maxBytes: number): Promise<Uint8Array> {
    return this.bytes('files.get media', accessToken, `${this.files()}/${encodeURIComponent(fileId)}?alt=media`, maxBytes);
  }

  /** Whether the token endpoint answers at all (any HTTP status counts): for the probe. */
  async reachable(): Promise<boolean> {
    try {
      await fetch(this.settings.tokenUrl, { method: 'HEAD', signal: AbortSignal.timeout(3_000) });
      return true;
    } catch {
      return false;
    }
  }

  private files(): string {
    return `${this.settings.driveUrl}/drive/v3/files`;
  }

  private async token(call: string, form: Record<string, string>) {
    const body = new URLSearchParams({ ...form, client_id: this.settings.clientId, client_secret: this.settings.clientSecret });
    const response = await this.send(call, this.settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const reply = (await response.json()) as { access_token?: unknown; refresh_token?: unknown };
    if (typeof reply.access_token !== 'string') throw this.failed(call, 0);
    return { access_token: reply.access_token, refresh_token: typeof reply.refresh_token === 'string' ? reply.refresh_token : undefined };
  }

  private async json<T>(call: string, accessToken: string, url: string, init: RequestInit): Promise<T> {
    const response = await this.send(call, url, {
      ...init,
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    });
    return (await response.json()) as T;
  }

  private async bytes(call: string, accessToken: string, url: string, maxBytes: number): Promise<Uint8Array> {
    const response = await this.send(call, url, { headers: { authorization: `Bearer ${accessToken}` } });
    const chunks: Uint8Array[] = [];
    let total = 0;
    const reader = response.body?.getReader();
    for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
      total += read.value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        throw new FileTooLargeError(maxBytes);
      }
      chunks.push(read.value);
    }
    return Buffer.concat(chunks);
  }

  private async send(call: string, url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw this.failed(call, 0);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw this.failed(call, response.status);
    }
    return response;
  }

  private failed(call: string, status: number): GoogleApiError {
    const error = new GoogleApiError(call, status);
    this.lastError.record(error);
    return error;
  }
}

/** A Drive file larger than the upload limit: refused before or while it is read. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}
