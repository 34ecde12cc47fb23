import { describe, expect, it } from 'vitest';
import { canvasWorld, placedNote } from '../support/canvas.ts';
import { joinCommunity } from '../support/communities.ts';
import { useTestApp } from '../support/suite.ts';
import { buildTestApp, type TestApp } from '../support/testApp.ts';

/**
 * KBDeX's "Import › From KF6" (issue 24 §2), request for request as KBDeX 1.10
 * sends them: `KF6Service.java` of its KF6 connector (repository
 * macc704/KBDeX, `info.matsuzawalab.kf.kf6connector`) and `KKF6Importer.java`,
 * which reads the replies with Gson:
 *
 * 1. `POST /auth/local` `{"email": <user name>, "password"}` → 200 `{token}`;
 * 2. `GET /api/users/myRegistrations` → a list of authors with `_id`, `communityId`, `_community.title`;
 * 3. `GET /api/communities/{id}/views` → a list of views with `_id`, `title`;
 * 4. `GET /api/communities/{id}/authors` → a list of authors with `_id`, `userName`;
 * 5. `POST /api/contributions/{id}/search` `{"query": {"communityId", "viewIds", "pagesize": "10000"}}`
 *    → a list of notes with `type`, `title`, `authors` (author ids), `text4search`, `data.body`
 *    and `created` as `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`.
 *
 * Each reply is checked the way KBDeX reads it: it keeps the notes of type
 * Note, names their authors by `userName` through the authors' `_id`, and
 * orders them by `created`.
 */
const gsonDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

type KbdexAuthor = { _id: string; communityId: string; userName: string; _community: { title: string } };
type KbdexNote = {
  _id: string;
  type: string;
  title: string;
  authors: string[];
  text4search: string;
  data: { body: string };
  created: string;
};

const kbdex = (t: TestApp) => {
  let token = '';
  const send = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body, json: () => response.json<T>() };
  };
  return {
    login: async (userName: string, password: string) => {
      const response = await send<{ token: string }>('POST', '/auth/local', { email: userName, password });
      if (response.status === 200) token = response.json().token;
      return response;
    },
    get: <T>(url: string) => send<T>('GET', url),
    post: <T>(url: string, payload: object) => send<T>('POST', url, payload),
  };
};

describe('KBDeX 1.10 “Import › From KF6” against Buildon', () => {
  const t = useTestApp(() => buildTestApp());

  it('logs in, lists the communities, views and authors, and imports the chosen views’ notes with their authors', async () => {
    const w = await canvasWorld(t);
    const researcher = await t.register('kbdex-chercheuse', 'kbdex-pass-2026');
    await joinCommunity(t, researcher.token, researcher.id, w.communityId, 'manager-key');
    const { ref: rain } = await placedNote(w, w.writer, w.welcomeViewId, 100, 100, 'Pourquoi il pleut');
    await placedNote(w, w.writer2, w.welcomeViewId, 300, 100, 'La mer et le soleil');

    const client = kbdex(t);
    expect((await client.login('kbdex-chercheuse', 'wrong-password')).status).toBe(401);
    const login = await client.login('kbdex-chercheuse', 'kbdex-pass-2026');
    expect(login.status, login.body).toBe(200);

    const registrations = await client.get<KbdexAuthor[]>('/api/users/myRegistrations');
    expect(registrations.status, registrations.body).toBe(200);
    const registration = registrations.json().find((author) => author.communityId === w.communityId);
    expect(registration?._community.title).toEqual(expect.any(String));

    const views = await client.get<{ _id: string; title: string }[]>(`/api/communities/${w.communityId}/views`);
    expect(views.status, views.body).toBe(200);
    expect(Array.isArray(views.json())).toBe(true);
    expect(views.json().map((view) => view._id)).toContain(w.welcomeViewId);
    expect(views.json().every((view) => typeof view.title === 'string')).toBe(true);

    const authors = await client.get<KbdexAuthor[]>(`/api/communities/${w.communityId}/authors`);
    expect(authors.status, authors.body).toBe(200);
    const userNames = new Map(authors.json().map((author) => [author._id, author.userName]));
    expect(userNames.get(w.writer.authorId)).toEqual(expect.any(String));

    const search = await client.post<KbdexNote[]>(`/api/contributions/${w.communityId}/search`, {
      query: { communityId: w.communityId, viewIds: [w.welcomeViewId], pagesize: '10000' },
    });
    expect(search.status, search.body).toBe(200);
    const notes = search.json().filter((note) => note.type === 'Note');
    const titles = notes.map((note) => note.title);
    expect(titles).toEqual(expect.arrayContaining(['Pourquoi il pleut', 'La mer et le soleil']));
    for (const note of notes) {
      expect(note.created, note.title).toMatch(gsonDate);
      expect(typeof note.text4search).toBe('string');
      expect(typeof note.data.body).toBe('string');
      // KBDeX writes "author-not-detected" when no author id matches the authors list.
      expect(note.authors.map((id) => userNames.get(id)).filter(Boolean).length, note.title).toBeGreaterThan(0);
    }
    expect(notes.find((note) => note._id === rain.to)?.authors).toEqual([w.writer.authorId]);
  });

  it('imports only the chosen views: a note in another view is not in the list', async () => {
    const w = await canvasWorld(t);
    const researcher = await t.register('kbdex-vues', 'kbdex-pass-2026');
    await joinCommunity(t, researcher.token, researcher.id, w.communityId, 'manager-key');
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/contributions/${w.communityId}`,
      headers: { authorization: `Bearer ${w.manager.token}` },
      payload: { type: 'View', title: 'Autre vue' },
    });
    expect(other.statusCode, other.body).toBe(201);
    const otherViewId = other.json<{ contribution: { _id: string } }>().contribution._id;
    await placedNote(w, w.writer, w.welcomeViewId, 100, 100, 'Dans la vue choisie');
    await placedNote(w, w.writer, otherViewId, 100, 100, 'Dans une autre vue');

    const client = kbdex(t);
    expect((await client.login('kbdex-vues', 'kbdex-pass-2026')).status).toBe(200);
    const search = await client.post<KbdexNote[]>(`/api/contributions/${w.communityId}/search`, {
      query: { communityId: w.communityId, viewIds: [w.welcomeViewId], pagesize: '10000' },
    });
    expect(search.status, search.body).toBe(200);
    const titles = search.json().map((note) => note.title);
    expect(titles).toContain('Dans la vue choisie');
    expect(titles).not.toContain('Dans une autre vue');
  });
});
