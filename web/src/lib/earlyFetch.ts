/**
 * GETs sent before the app has evaluated its code (issue 16 §2: a view's
 * canvas request and the profile request that every signed-in page waits for
 * used to leave only after the app's first chunk had run, a second or more on
 * a busy machine). The API client takes each answer for the first request of
 * the same path with the same token, instead of sending it again; after
 * `freshForMs` an answer not taken is dropped.
 */
type Early = { path: string; authorization: string; sentAt: number; response: Promise<Response> };

const early = new Map<string, Early>();
const freshForMs = 10_000;

export const sendEarly = (path: string, authorization: string): void => {
  const response = globalThis.fetch(path, { headers: { accept: 'application/json', authorization } });
  // Not taken (the user left the page first): its failure must not show as an unhandled rejection.
  response.catch(() => undefined);
  early.set(path, { path, authorization, sentAt: Date.now(), response });
};

const authorizationOf = (init: RequestInit | undefined): string | null => {
  const headers = init?.headers;
  if (!headers || headers instanceof Headers || Array.isArray(headers)) return null;
  return headers.authorization ?? null;
};

/** The early answer to this request, once, if it is the same GET with the same token and still fresh; else null. */
export const takeEarly = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> | null => {
  const mine = typeof input === 'string' ? early.get(input) : undefined;
  if (!mine) return null;
  early.delete(mine.path);
  const method = init?.method ?? 'GET';
  if (method !== 'GET' || init?.body != null || authorizationOf(init) !== mine.authorization) return null;
  return Date.now() - mine.sentAt <= freshForMs ? mine.response : null;
};
