import { LastError } from '../integrationStatus.ts';
import type { ItmSettings } from './itmSettings.ts';

const timeoutMs = 10_000;

/** An ITM call that failed: the server did not answer, answered an HTTP error, or `code: "failure"`. */
export class ItmError extends Error {
  constructor(
    readonly path: string,
    reason: string,
    /** ITM answered, with `code: "failure"` (a note in no thread, say), rather than failing to answer. */
    readonly refused = false,
  ) {
    super(`ITM ${path}: ${reason}`);
    this.name = 'ItmError';
  }
}

/** ITM's reply to every call (spec part 1 §7): a code, a description and the object asked for. */
export type ItmReply<T = unknown> = { code: 'success' | 'failure'; desc?: string; obj?: T };

/** What `/IIUSs/kf/user/token` gives: the token and database the `/WSG/*` calls name. */
type ItmSession = { token: string; database: unknown; until: number };

/**
 * The adapter of an ITM server: JSON posts answering `{code, desc, obj}`. The
 * configured key goes in the `token` field only; no error message carries it
 * (they name the path and the HTTP status or ITM's `desc`). Each failure is
 * recorded for the Admin tools probe.
 */
export class ItmClient {
  readonly lastError = new LastError();
  private readonly sessions = new Map<string, ItmSession>();

  constructor(readonly settings: ItmSettings) {}

  /** POSTs `body` to `{server}{path}` and answers the reply's `obj`; throws ItmError on any failure. */
  async call<T = unknown>(server: string, path: string, body: Record<string, unknown>): Promise<T | undefined> {
    try {
      return await this.post<T>(server, path, body);
    } catch (error) {
      this.lastError.record(error);
      throw error;
    }
  }

  /** The `/IIUSs/*` calls carry the community, the key as `token` and what the call is about. */
  iius<T = unknown>(server: string, path: string, communityId: string, fields: Record<string, unknown>): Promise<T | undefined> {
    return this.call<T>(server, path, { community_id: communityId, token: this.settings.key, ...fields });
  }

  /** A `/WSG/*` call: asks ITM for the community's token and database first (kept ten minutes). */
  async wsg(server: string, path: string, communityId: string, fields: Record<string, unknown>): Promise<void> {
    const session = await this.session(server, communityId);
    try {
      await this.call(server, path, { token: session.token, database: session.database, ...fields });
    } catch (error) {
      // A token ITM no longer takes is asked for again on the next try.
      this.sessions.delete(`${server} ${communityId}`);
      throw error;
    }
  }

  /** Whether the server answers at all (any HTTP status counts): for the probe. */
  async reachable(): Promise<boolean> {
    try {
      const response = await fetch(this.settings.url, { signal: AbortSignal.timeout(3_000), redirect: 'manual' });
      await response.body?.cancel();
      return true;
    } catch {
      return false;
    }
  }

  private async session(server: string, communityId: string): Promise<ItmSession> {
    const key = `${server} ${communityId}`;
    const known = this.sessions.get(key);
    if (known && known.until > Date.now()) return known;
    const obj = await this.call<{ token?: unknown; localDatabases?: unknown }>(server, '/IIUSs/kf/user/token', {
      community_url: this.settings.publicUrl,
      community_id: communityId,
      token: this.settings.key,
    });
    if (typeof obj?.token !== 'string') throw new ItmError('/IIUSs/kf/user/token', 'no token in the reply');
    const session = { token: obj.token, database: obj.localDatabases ?? null, until: Date.now() + 10 * 60_000 };
    this.sessions.set(key, session);
    return session;
  }

  private async post<T>(server: string, path: string, body: Record<string, unknown>): Promise<T | undefined> {
    let response: Response;
    try {
      response = await fetch(`${server}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ItmError(path, error instanceof Error && error.name === 'TimeoutError' ? 'no answer in 10 s' : 'unreachable');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ItmError(path, `HTTP ${response.status}`);
    }
    const reply = (await response.json().catch(() => null)) as ItmReply<T> | null;
    if (reply?.code !== 'success') {
      throw new ItmError(path, typeof reply?.desc === 'string' ? reply.desc.slice(0, 200) : 'no success code', reply?.code === 'failure');
    }
    return reply.obj;
  }
}
