import type { Locator, Page } from 'playwright-core';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import { registerUser, type ApiUser } from './harness.ts';

/** One JSON request to a browser test's server (no bearer token when `token` is empty). */
export const call = async <T>(
  url: string,
  path: string,
  token: string,
  method = 'GET',
  body?: unknown,
): Promise<{ status: number; json: T }> => {
  const response = await fetch(`${url}${path}`, {
    method,
    signal: AbortSignal.timeout(30_000),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
};

/** `call` for setup steps that must succeed: its JSON, or an error naming the request. */
export const ok = async <T>(url: string, path: string, token: string, method = 'GET', body?: unknown): Promise<T> => {
  const { status, json } = await call<T>(url, path, token, method, body);
  if (status >= 300) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(json)}`);
  return json;
};

/** A user who has joined a community: the user and its author id there. */
export type Member = ApiUser & { authorId: string };

/** Joins a registered user to a community with one of its registration keys (POST /api/authors, must succeed). */
export const joinCommunity = async (url: string, user: ApiUser, communityId: string, registrationKey: string): Promise<Member> => {
  const author = await ok<{ _id: string }>(url, '/api/authors', user.token, 'POST', { userId: user.id, communityId, registrationKey });
  return { ...user, authorId: author._id };
};

/** Registers a user through the API and joins them to a community: the set-up most browser tests start from. */
export const registerAuthor = async (
  url: string,
  userName: string,
  password: string,
  communityId: string,
  registrationKey: string,
): Promise<Member> => joinCommunity(url, await registerUser(url, userName, password), communityId, registrationKey);

/** A ref on the canvas, found by its title. */
export const refByTitle = (page: Page, title: string) => page.locator(`[data-testid="ref"][data-title="${title}"]`);

/** Signs the admin in through the API and creates a community with its two registration keys. */
export const createCommunity = async (
  url: string,
  admin: { userName: string; password: string },
  community: { title: string; registrationKey: string; managerRegistrationKey: string },
): Promise<CommunityAdmin> => {
  const { token } = await ok<{ token: string }>(url, '/auth/local', '', 'POST', admin);
  return ok<CommunityAdmin>(url, '/api/communities', token, 'POST', community);
};

/**
 * Waits until the view page (or a view window, given as its locator) has its live channel subscribed,
 * so a change made after this is pushed to it. Wait for this before an action whose result must arrive live.
 */
export const waitForLive = async (page: Page | Locator): Promise<void> => {
  // The page's own canvas comes first: windows are drawn after it.
  await page.locator('[data-testid="view-page"][data-live="subscribed"]').first().waitFor({ state: 'attached' });
};

/**
 * A note written and contributed through the API, placed at x, y in a view (or beside its parent when it builds on one):
 * the set-up most browser tests start from. Returns the note's id.
 */
export const writtenNote = async (
  url: string,
  token: string,
  communityId: string,
  note: { title: string; viewId: string; x: number; y: number; buildsOn?: string; text?: string },
): Promise<string> => {
  const created = await ok<{ contribution: { _id: string } }>(url, `/api/contributions/${communityId}`, token, 'POST', {
    type: 'Note',
    ...(note.buildsOn
      ? { buildsOn: note.buildsOn, workingViewId: note.viewId }
      : { placement: { viewId: note.viewId, x: note.x, y: note.y } }),
  });
  const id = created.contribution._id;
  const { revision } = await ok<{ revision: number }>(url, `/api/objects/${id}`, token);
  await ok(url, `/api/objects/${communityId}/${id}`, token, 'PUT', {
    revision,
    title: note.title,
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: note.text ?? `${note.title} : une idée.` }] }] },
    status: 'active',
  });
  return id;
};
