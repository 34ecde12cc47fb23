import type { FieldError, ProblemDetails } from '../../../contracts/errors.ts';
import type { MessageCode, MessageParams } from '../../../contracts/messageCodes.ts';
import { takeEarly } from './earlyFetch.ts';
import { messageText } from './messages.ts';
import { tokenStore as defaultTokenStore, type TokenStore } from './tokenStore.ts';

/**
 * A failed call: the HTTP status plus whatever problem details the server
 * sent. `message` and each field error's `message` are in the interface
 * language, translated from the server's `messageCode` (a generic message of
 * the failure's kind when the code is unknown); `serverText` keeps the
 * server's English text for logs.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly messageCode: MessageCode | undefined;
  readonly params: MessageParams | undefined;
  readonly serverText: string;
  readonly fieldErrors: FieldError[];
  /** The answer's body as sent (problem details and any extra member, e.g. a save conflict's `current`). */
  readonly problem: Readonly<Record<string, unknown>> | null;

  constructor(status: number, problem: Partial<ProblemDetails> | null, fallback: string) {
    const kind = problem?.code ?? kindOfStatus(status);
    super(messageText(problem?.messageCode && { messageCode: problem.messageCode, params: problem.params }, kind));
    this.name = 'ApiError';
    this.status = status;
    this.code = problem?.code;
    this.messageCode = problem?.messageCode;
    this.params = problem?.params;
    this.serverText = problem?.message ?? problem?.detail ?? fallback;
    this.problem = problem;
    this.fieldErrors = (problem?.errors ?? []).map((error) => ({
      ...error,
      message: messageText(error.messageCode && { messageCode: error.messageCode, params: error.params }, kind),
    }));
  }

  /** The first message for one form field, if any, in the interface language. */
  fieldMessage(field: string): string | undefined {
    return this.fieldErrors.find((error) => error.field === field)?.message;
  }
}

/** The kind of failure of an answer without problem details (a proxy's 502, a network error). */
const kindOfStatus = (status: number): string =>
  status === 401
    ? 'unauthorized'
    : status === 403
      ? 'forbidden'
      : status === 404
        ? 'not_found'
        : status === 409
          ? 'conflict'
          : status === 429
            ? 'rate_limited'
            : status === 503
              ? 'unavailable'
              : status === 507
                ? 'storage_full'
                : status >= 500
                  ? 'internal'
                  : status >= 400
                    ? 'validation'
                    : '';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData (a multipart upload) is sent as it is, the browser setting its boundary. */
  body?: unknown;
  /**
   * When false, a 401 still clears the token but does not navigate: the login
   * form itself shows the server's message instead.
   */
  redirectOnUnauthorized?: boolean;
  signal?: AbortSignal;
  /**
   * The user action this write belongs to (default: a fresh key per call).
   * Sent as `Idempotency-Key` on every attempt, so a retry never does it twice.
   */
  idempotencyKey?: string;
  /** Retries after a network failure or a 502/503/504 (default 2). */
  retries?: number;
};

export type ApiClientOptions = {
  fetch: typeof fetch;
  tokens: TokenStore;
  /** Called after a 401 cleared the token, with the server's reason in the interface language; the app navigates to /login?redirect=… */
  onUnauthorized: (message: string) => void;
  /** Pause between retries (tests pass a fake). */
  wait?: (ms: number) => Promise<void>;
  /** A fresh Idempotency-Key (default `freshKey`). */
  newKey?: () => string;
};

export type ApiClient = {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
};

const isProblem = (value: unknown): value is Partial<ProblemDetails> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Answers worth trying again: the server or a proxy says it is briefly unavailable. */
const retryableStatus = new Set([502, 503, 504]);

/** The pause before retry `attempt`: the server's Retry-After (at most 5 s), else 0.5 s, 1 s, 2 s… */
const retryDelay = (response: Response | null, attempt: number): number => {
  const header = Number(response?.headers.get('retry-after'));
  return Number.isFinite(header) && header > 0 ? Math.min(header, 5) * 1000 : 500 * 2 ** attempt;
};

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A random key for one user action. `crypto.randomUUID` exists only in secure
 * contexts (https, localhost); a school server reached over plain http on its
 * LAN address still has `getRandomValues`.
 */
export const freshKey = (): string => {
  if (typeof globalThis.crypto.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
};

/**
 * A fetch wrapper that sends the bearer token, parses JSON and turns error
 * answers into ApiError. A 401 to the current token clears it and calls onUnauthorized.
 *
 * Safe retries (issue 22 §5): every write carries an `Idempotency-Key`, one per
 * call (one user action), and a network failure or a 502/503/504 is retried a
 * couple of times with the SAME key, so the server runs the action once at most.
 * A 202 (saved, not yet visible) is an ApiError whose message says so: the
 * caller must not send it again.
 */
export const createApiClient = ({
  fetch: fetchImpl,
  tokens,
  onUnauthorized,
  wait = defaultWait,
  newKey = freshKey,
}: ApiClientOptions): ApiClient => ({
  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = tokens.get();
    if (token) headers.authorization = `Bearer ${token}`;
    const form = typeof FormData !== 'undefined' && options.body instanceof FormData ? options.body : null;
    if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    if (method !== 'GET') headers['idempotency-key'] = options.idempotencyKey ?? newKey();
    const retries = options.retries ?? 2;
    let response: Response | null = null;
    for (let attempt = 0; ; attempt++) {
      try {
        response = await fetchImpl(path, {
          method,
          headers,
          body: options.body === undefined ? undefined : (form ?? JSON.stringify(options.body)),
          signal: options.signal,
        });
      } catch (error) {
        // Offline or the connection dropped: the same key makes a second attempt safe.
        if (options.signal?.aborted || attempt >= retries) throw error;
        await wait(retryDelay(null, attempt));
        continue;
      }
      if (!retryableStatus.has(response.status) || attempt >= retries) break;
      await response.text().catch(() => '');
      await wait(retryDelay(response, attempt));
    }
    const text = await response.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text) as unknown;
      } catch {
        data = null;
      }
    }
    // Only the session this request was sent with has ended. A request sent without a token (one that
    // raced a logout, whose effects clear the session before the page's queries see it) or with a token
    // replaced since (a password change) leaves the current session and page alone.
    const failure = () => new ApiError(response.status, isProblem(data) ? data : null, response.statusText || `HTTP ${response.status}`);
    if (response.status === 401 && token && tokens.get() === token) {
      tokens.set(null);
      // The login page says why (the session was ended, the password changed, the account was blocked).
      if (options.redirectOnUnauthorized !== false) onUnauthorized(failure().message);
    }
    const accepted = response.status === 202 && isProblem(data) && (data as { accepted?: unknown }).accepted === true;
    if (!response.ok || accepted) throw failure();
    return data as T;
  },
});

let unauthorizedHandler: (message: string) => void = () => {
  const here = window.location.pathname + window.location.search;
  window.location.assign(loginHref(here));
};

/** The app installs router navigation here (lib cannot import app/). */
export const setUnauthorizedHandler = (handler: (message: string) => void): void => {
  unauthorizedHandler = handler;
};

/** `/login?redirect=<path>`, or plain `/login` for the home page and login pages. */
export const loginHref = (redirect: string): string => {
  if (!redirect || redirect === '/' || redirect.startsWith('/login') || redirect.startsWith('/logout')) return '/login';
  return `/login?redirect=${encodeURIComponent(redirect).replace(/%2F/gi, '/')}`;
};

/** Only same-site paths are valid redirect targets (no `//host` or `https:`). */
export const safeRedirect = (value: string | null | undefined): string => {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/login') || value.startsWith('/logout') || value.startsWith('/signup')) return '/';
  return value;
};

/** The application's client. */
export const api: ApiClient = createApiClient({
  // A request sent before the app's code ran (app/earlyView.ts) answers its first twin.
  fetch: (input, init) => takeEarly(input, init) ?? globalThis.fetch(input, init),
  tokens: defaultTokenStore,
  onUnauthorized: (message) => unauthorizedHandler(message),
});
