import { parseCorsOrigins } from '../../services/api/routes/kf6/cors.ts';
import { describe, expect, it } from 'vitest';
import { canvasWorld } from '../support/canvas.ts';
import { useTestApp } from '../support/suite.ts';
import { buildTestApp, type TestApp } from '../support/testApp.ts';

/**
 * The KF6 dialect's reads of a client's first screens (issue 15 §2, docs/kf6-dialect.md): the
 * original's paths and reply fields, and what a classmate's private note never shows through them.
 * (Who may call each route at all: contentAuthorization.kf6.ts.)
 */

type Link = { _id: string; from: string; to: string; type: string; _from: { title: string }; _to: { title: string; type: string } };
type Child = { id: string; title: string; linkId: string; child: number; nodes: unknown[]; data: { x?: number } };
type KRecord = { targetId: string; type: string; authorId: string | null; timestamp: string };

const client = (t: TestApp, token: string) => {
  const send = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body, data: response.json<T>() };
  };
  return {
    get: <T>(url: string) => send<T>('GET', url),
    post: <T>(url: string, payload: object) => send<T>('POST', url, payload),
    put: <T>(url: string, payload: object) => send<T>('PUT', url, payload),
  };
};

describe('KF6 dialect: the first screens’ reads', () => {
  const t = useTestApp(() => buildTestApp({ config: {} }));

  it('answers the view’s links, build-ons, child views, link search, studentNotes, records and history, never with a classmate’s private note', async () => {
    const w = await canvasWorld(t);
    const pupil = client(t, w.writer.token);
    const mate = client(t, w.writer2.token);
    const teacher = client(t, w.manager.token);
    const note = async (by: ReturnType<typeof client>, authorId: string, title: string, extra: object = {}) => {
      const created = await by.post<{ _id: string }>(`/api/contributions/${w.communityId}`, {
        type: 'Note',
        title,
        authors: [authorId],
        status: 'active',
        permission: 'protected',
        data: { body: `<p>${title} <strong>gras</strong></p>` },
        ...extra,
      });
      expect(created.status, created.body).toBe(201);
      return created.data._id;
    };
    const parent = await note(pupil, w.writer.authorId, 'Pourquoi il pleut');
    expect((await pupil.post('/api/links', { from: w.welcomeViewId, to: parent, type: 'contains', data: { x: 100, y: 100 } })).status).toBe(
      201,
    );
    const secret = await note(pupil, w.writer.authorId, 'SECRETNOTE', { permission: 'private', buildson: parent });
    const reply = await note(mate, w.writer2.authorId, 'Et la neige', { buildson: parent });

    // GET /api/links/view/{viewId}: links from or to what the view holds, with caches.
    const viewLinks = await mate.get<Link[]>(`/api/links/view/${w.welcomeViewId}`);
    expect(viewLinks.status).toBe(200);
    const replyLink = viewLinks.data.find((link) => link.from === reply && link.to === parent);
    expect(replyLink).toMatchObject({
      type: 'buildson',
      _from: { title: 'Et la neige' },
      _to: { title: 'Pourquoi il pleut', type: 'Note' },
    });
    expect(viewLinks.body).not.toContain('SECRETNOTE');
    expect(viewLinks.data.some((link) => link.from === secret || link.to === secret)).toBe(false);
    const ownView = await pupil.get<Link[]>(`/api/links/view/${w.welcomeViewId}`);
    expect(ownView.data.find((link) => link.from === secret)?._from.title).toBe('SECRETNOTE');

    // GET /api/links/buildson/{communityId}
    const buildsOn = await mate.get<Link[]>(`/api/links/buildson/${w.communityId}`);
    expect(buildsOn.data.map((link) => [link.from, link.to])).toEqual([[reply, parent]]);
    expect((await pupil.get<Link[]>(`/api/links/buildson/${w.communityId}`)).data).toHaveLength(2);

    // GET /api/links/from/{id}/child: child views with their own count.
    const child = (await pupil.post<{ _id: string }>(`/api/communities/${w.communityId}/views`, { title: 'Sous-vue' })).data._id;
    const grandChild = (await pupil.post<{ _id: string }>(`/api/communities/${w.communityId}/views`, { title: 'Sous-sous-vue' })).data._id;
    await pupil.post('/api/links', { from: w.welcomeViewId, to: child, type: 'contains', data: { x: 400, y: 40 } });
    await pupil.post('/api/links', { from: child, to: grandChild, type: 'contains', data: { x: 40, y: 40 } });
    const children = await mate.get<Child[]>(`/api/links/from/${w.welcomeViewId}/child`);
    expect(children.data).toHaveLength(1);
    expect(children.data[0]).toMatchObject({ id: child, title: 'Sous-vue', child: 1, nodes: [], data: { x: 400 } });
    expect(children.data[0]?.linkId).toMatch(/^[0-9a-f]{24}$/);

    // POST /api/links/{communityId}/search: the original's query fields; a field it does not know is a 400 naming it.
    const found = await mate.post<Link[]>(`/api/links/${w.communityId}/search`, {
      query: { type: 'buildson', to: parent },
      projection: {},
    });
    expect(found.data.map((link) => link.from)).toEqual([reply]);
    const foundByPupil = await pupil.post<Link[]>(`/api/links/${w.communityId}/search`, {
      query: { to: { $in: [parent] }, '_from.type': 'Note' },
    });
    expect(foundByPupil.data.map((link) => link.from).sort()).toEqual([reply, secret].sort());
    const bad = await mate.post(`/api/links/${w.communityId}/search`, { query: { 'data.x': 3 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('query');

    // GET /api/contributions/{communityId}/studentNotes: notes (data.body as HTML) and authors.
    const studentNotes = await mate.get<{
      authors: { _id: string; firstName: string }[];
      contributions: { _id: string; title: string; data: { body: string } }[];
    }>(`/api/contributions/${w.communityId}/studentNotes`);
    expect(studentNotes.body).not.toContain('SECRETNOTE');
    expect(studentNotes.body).not.toContain('"email"');
    expect(studentNotes.data.contributions.find((each) => each._id === parent)?.data.body).toContain('<strong>gras</strong>');
    expect(studentNotes.data.authors.map((author) => author._id)).toEqual(expect.arrayContaining([w.writer.authorId, w.writer2.authorId]));

    // GET /api/records/object/{id}: created (by the pupil's author id), then the caller's own read.
    expect((await mate.post(`/api/records/read/${w.communityId}/${parent}`, {})).status).toBeLessThan(300);
    const records = await mate.get<KRecord[]>(`/api/records/object/${parent}`);
    expect(records.data[0]).toMatchObject({ targetId: parent, type: 'created', authorId: w.writer.authorId });
    expect(records.data.filter((record) => record.type === 'read')).toEqual([expect.objectContaining({ authorId: w.writer2.authorId })]);
    // Another's read is not the pupil's to see.
    const pupilReads = (await pupil.get<KRecord[]>(`/api/records/object/${parent}`)).data.filter((record) => record.type === 'read');
    expect(pupilReads.every((record) => record.authorId === w.writer.authorId)).toBe(true);
    expect((await mate.get(`/api/records/object/${secret}`)).status).toBe(403);

    // POST /api/records/search/{communityId}
    const created = await mate.post<KRecord[]>(`/api/records/search/${w.communityId}`, { query: { type: 'created' } });
    const targets = created.data.map((record) => record.targetId);
    expect(targets).toEqual(expect.arrayContaining([parent, reply]));
    expect(targets).not.toContain(secret);
    expect(
      (await pupil.post<KRecord[]>(`/api/records/search/${w.communityId}`, { query: { targetId: secret } })).data.length,
    ).toBeGreaterThan(0);

    // POST /api/historicalobjects/{communityId}/search
    const versions = await mate.post<{ dataId: string; type: string }[]>(`/api/historicalobjects/${w.communityId}/search`, {
      query: { dataId: { $in: [parent, secret] } },
    });
    expect(versions.data.length).toBeGreaterThan(0);
    expect(versions.data.every((version) => version.dataId === parent)).toBe(true);
    expect(versions.body).not.toContain('SECRETNOTE');

    // GET /api/users/search/role: the site's administrators, for managers.
    expect((await pupil.get('/api/users/search/role')).status).toBe(403);
    const admins = await teacher.get<{ role: string }[]>('/api/users/search/role');
    expect(admins.status).toBe(200);
    expect(admins.data.every((admin) => admin.role === 'admin')).toBe(true);
    expect(admins.body).not.toContain('"email"');

    // PUT /api/objects/{communityId}/{id}/savecomments with the original's body ({authors, comments}).
    const comment = await teacher.put(`/api/objects/${w.communityId}/${parent}/savecomments`, {
      authors: [w.writer.authorId],
      comments: 'Bonne question',
    });
    expect(comment.status, comment.body).toBe(200);
    expect(
      (await pupil.put(`/api/objects/${w.communityId}/${parent}/savecomments`, { authors: [w.writer.authorId], comments: 'x' })).status,
    ).toBe(403);
  });
});

describe('KF6 dialect: GET /api/objects/{id} with data.body as HTML for KF6 readers', () => {
  const kf6Origin = 'https://kf6.ecole.example';
  const t = useTestApp(() => buildTestApp({ corsOrigins: parseCorsOrigins(kf6Origin) }));

  it('answers Buildon’s document to Buildon’s pages, HTML to a KF6 client (asked, or from a listed origin), and refuses non-readers alike', async () => {
    const w = await canvasWorld(t);
    const pupil = client(t, w.writer.token);
    const created = await pupil.post<{ _id: string }>(`/api/contributions/${w.communityId}`, {
      type: 'Note',
      title: 'Le cycle de l’eau',
      authors: [w.writer.authorId],
      status: 'active',
      permission: 'private',
      data: { body: '<p>Il pleut <em>souvent</em>.</p>' },
    });
    expect(created.status, created.body).toBe(201);
    const id = created.data._id;
    const read = (headers: Record<string, string>, query = '', token = w.writer.token) =>
      t.app.inject({ method: 'GET', url: `/api/objects/${id}${query}`, headers: { authorization: `Bearer ${token}`, ...headers } });

    const own = (await read({})).json<{ data: { body: unknown } }>();
    expect(own.data.body).toMatchObject({ type: 'doc' });
    for (const [headers, query] of [
      [{ 'x-kf-dialect': 'kf6' }, ''],
      [{}, '?dialect=kf6'],
      [{ origin: kf6Origin }, ''],
    ] as const) {
      const kf6 = await read(headers, query);
      expect(kf6.statusCode, kf6.body).toBe(200);
      const body = kf6.json<{ data: { body: string }; body: string }>();
      expect(body.data.body).toContain('<em>souvent</em>');
      expect(body.body).toBe(body.data.body);
    }
    // Another origin is not a KF6 client: Buildon's document.
    expect((await read({ origin: 'https://other.example' })).json<{ data: { body: unknown } }>().data.body).toMatchObject({ type: 'doc' });
    // The dialect changes the shape, never who may read: a classmate and an outsider are refused the private note.
    expect((await read({ 'x-kf-dialect': 'kf6' }, '', w.writer2.token)).statusCode).toBe(403);
    expect((await read({ origin: kf6Origin }, '', w.outsider.token)).statusCode).toBe(403);
    expect((await read({}, '?dialect=other')).statusCode).toBe(400);
  });
});
