import { createRequire } from 'node:module';
import { parseCorsOrigins } from '../../services/api/routes/kf6/cors.ts';
import { describe, expect, it } from 'vitest';
import { canvasWorld, type CanvasWorld } from '../support/canvas.ts';
import { createContribution as writeContribution } from '../support/objects.ts';
import { useTestApp } from '../support/suite.ts';
import { buildTestApp, type TestApp } from '../support/testApp.ts';

/**
 * The KF6 dialect (issue 15, issue 24 §2) played as the original's clients
 * play it: only the original's request shapes, asserting the reply fields
 * they read. An axios-style client: a base URL, a bearer token, JSON.
 */

/**
 * What the original's client reads: JSON taken on trust, any field of any
 * field (`registration._community.title`). Typed so that every access is
 * allowed and compares with text, without `any`.
 */
type Json = string &
  Json[] & {
    readonly [
      key in
        | '_id'
        | '_community'
        | '_from'
        | '_to'
        | 'authors'
        | 'body'
        | 'buildson'
        | 'communityId'
        | 'community'
        | 'contribution'
        | 'created'
        | 'data'
        | 'from'
        | 'permission'
        | 'status'
        | 'text4search'
        | 'title'
        | 'to'
        | 'type'
        | 'x'
        | 'targetId'
        | 'authorId'
        | 'dataId'
    ]: Json;
  };

/** The original's socket.io client library (2.x: Engine.IO 3, as socket.io 1.7 spoke it). */
type Kf6Socket = {
  on(event: string, listener: (...args: unknown[]) => void): void;
  emit(event: string, ...args: unknown[]): void;
  close(): void;
};
const io = createRequire(import.meta.url)('socket.io-client') as (url: string, options: Record<string, unknown>) => Kf6Socket;

const kf6Client = (t: TestApp, token: string | null, headers: Record<string, string> = {}) => {
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS', url: string, data?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(data === undefined ? {} : { payload: data as object }),
    });
    return {
      status: response.statusCode,
      data: response.body ? response.json<Json>() : (undefined as unknown as Json),
      headers: response.headers,
    };
  };
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, data: unknown) => send('POST', url, data),
    put: (url: string, data: unknown) => send('PUT', url, data),
    options: (url: string) => send('OPTIONS', url),
  };
};

const kf6Support = (id: string, title: string, words: string) =>
  `<span id="${id}" class="KFSupportStart mceNonEditable"><span class="kfSupportStartMark"> &nbsp; </span>` +
  `<span class="kfSupportStartLabel">${title}</span></span>${words}` +
  `<span id="${id}" class="KFSupportEnd mceNonEditable"><span class="kfSupportEndMark"> &nbsp; </span></span>`;

describe('KF6 dialect: a KF6 client and KBDeX against Buildon', () => {
  const t = useTestApp(() => buildTestApp({ config: {} }));
  let w: CanvasWorld;
  let other: CanvasWorld;
  let supportId: string;

  it('plays a KF6 client’s first screens: login, communities, a note in HTML with a support, the view’s links with _to', async () => {
    w = await canvasWorld(t);
    other = await canvasWorld(t);
    supportId = await writeContribution(t, {
      communityId: w.communityId,
      type: 'Support',
      authors: [w.manager.authorId],
      title: 'Ma théorie',
    });

    // Login as the original's client does, then its community list.
    const login = await t.app.inject({ method: 'POST', url: '/auth/local', payload: { userName: 'x', password: 'y' } });
    expect(login.statusCode).toBe(401);
    const pupil = kf6Client(t, w.writer.token);
    const registrations = await pupil.get('/api/users/myRegistrations');
    expect(registrations.status).toBe(200);
    const mine = registrations.data.find((registration) => registration.communityId === w.communityId);
    expect(mine?._community.title).toBeTypeOf('string');
    expect(mine?._community.title).toBe(mine?.community.title);
    const me = mine?._id as string;
    expect(me).toBe(w.writer.authorId);

    // A note, as the original's client creates it: the whole object, HTML body with a scaffold support and a script.
    const html = `<p>Je pense que ${kf6Support(supportId, 'Ma théorie', "l'eau s'évapore")}.</p><script>alert(1)</script><p><img src="x" onerror="alert(1)"><a href="javascript:alert(2)">lien</a></p>`;
    const created = await pupil.post(`/api/contributions/${w.communityId}`, {
      communityId: w.communityId,
      type: 'Note',
      title: 'Pourquoi il pleut',
      authors: [me],
      status: 'active',
      permission: 'public',
      data: { body: html },
    });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const note = created.data;
    expect(note).toMatchObject({ type: 'Note', title: 'Pourquoi il pleut', status: 'active', permission: 'public', authors: [me] });
    expect(note.contribution._id).toBe(note._id);
    expect(note.data.body).toContain('KFSupportStart');
    expect(note.data.body).toContain("l'eau s'évapore");
    for (const unsafe of ['<script', 'onerror', 'javascript:']) expect(note.data.body).not.toContain(unsafe);
    expect(note.text4search).toContain('Pourquoi il pleut');

    // Buildon's editor reads the same note: a ProseMirror document with a support node and a supports link.
    const object = await pupil.get(`/api/objects/${note._id}`);
    expect(JSON.stringify(object.data.data.body)).toContain('"type":"support"');
    const links = await pupil.get(`/api/links/from/${note._id}`);
    const supports = links.data.filter((link) => link.type === 'supports');
    expect(supports).toHaveLength(1);
    expect(supports[0]?._from).toMatchObject({ _id: note._id, title: 'Pourquoi il pleut' });
    expect(supports[0]?._to).toMatchObject({ _id: supportId, type: 'Support' });

    // Placed in the view (the original's POST /api/links), then the view's links carry _to.
    const placed = await pupil.post('/api/links', { from: w.welcomeViewId, to: note._id, type: 'contains', data: { x: 120, y: 80 } });
    expect(placed.status).toBe(201);
    const viewLinks = await pupil.get(`/api/links/from/${w.welcomeViewId}`);
    const ref = viewLinks.data.find((link) => link.to === note._id);
    expect(ref?._to).toMatchObject({ _id: note._id, type: 'Note', title: 'Pourquoi il pleut', status: 'active', authors: [me] });
    expect(ref?._from).toMatchObject({ _id: w.welcomeViewId, type: 'View' });
    const toNote = await pupil.get(`/api/links/to/${note._id}`);
    expect(toNote.data.find((link) => link.from === w.welcomeViewId)?._from.title).toBeTypeOf('string');

    // A classmate builds on it, the original's way (`buildson`).
    const classmate = kf6Client(t, w.writer2.token);
    const buildOn = await classmate.post(`/api/contributions/${w.communityId}`, {
      type: 'Note',
      title: 'Et la neige ?',
      authors: [w.writer2.authorId],
      status: 'active',
      permission: 'public',
      buildson: note._id,
      data: { body: '<p>Elle tombe aussi.</p>' },
    });
    expect(buildOn.status, JSON.stringify(buildOn.data)).toBe(201);
    expect(buildOn.data.buildson).toMatchObject({ from: buildOn.data._id, to: note._id, type: 'buildson' });
  });

  it('saves a note the original’s way (PUT of the whole object, no revision, HTML back with its supports) and answers its read calls', async () => {
    const pupil = kf6Client(t, w.writer.token);
    const search = await pupil.post(`/api/contributions/${w.communityId}/search`, { query: { pagesize: '100', words: ['pleut'] } });
    const note = search.data.find((item) => item.title === 'Pourquoi il pleut');
    /** The whole object, as the client holds it and sends it back. */
    const whole = JSON.parse(JSON.stringify(note)) as Record<string, unknown>;
    expect(note?._id).toBeTypeOf('string');
    const id = note?._id as string;

    // The body as the client got it (supports carry their link id now), edited, saved whole, twice without a revision.
    const edited = `${note?.data.body as string}<p>Et aussi les nuages.</p>`;
    const first = await pupil.put(`/api/objects/${w.communityId}/${id}`, {
      ...whole,
      title: 'Pourquoi il pleut (2)',
      data: { body: edited },
    });
    expect(first.status, JSON.stringify(first.data)).toBe(200);
    expect(first.data.title).toBe('Pourquoi il pleut (2)');
    expect(first.data.data.body).toContain('Et aussi les nuages.');
    expect(first.data.body).toBe(first.data.data.body);
    const second = await pupil.put(`/api/objects/${w.communityId}/${id}`, {
      ...whole,
      title: 'Pourquoi il pleut (3)',
      data: { body: edited },
    });
    expect(second.status).toBe(200);
    // The support is still one support, linked once, and Buildon's editor still reads a document.
    const links = await pupil.get(`/api/links/from/${id}`);
    expect(links.data.filter((link) => link.type === 'supports')).toHaveLength(1);
    const object = await pupil.get(`/api/objects/${id}`);
    expect(object.data.title).toBe('Pourquoi il pleut (3)');
    expect(JSON.stringify(object.data.data.body)).toContain('"type":"support"');
    // Buildon's own save keeps its 409 on a stale revision.
    const stale = await pupil.put(`/api/objects/${w.communityId}/${id}`, {
      revision: 1,
      title: 'x',
      body: { type: 'doc', content: [{ type: 'paragraph' }] },
    });
    expect(stale.status).toBe(409);

    // A classmate may not save a protected note (a public one is everyone's to edit, as in KF6), whatever the dialect.
    const classmate = kf6Client(t, w.writer2.token);
    const guarded = await pupil.post(`/api/contributions/${w.communityId}`, {
      type: 'Note',
      title: 'Protégée',
      authors: [w.writer.authorId],
      status: 'active',
      permission: 'protected',
      data: { body: '<p>à moi</p>' },
    });
    expect(guarded.status).toBe(201);
    const vandal = await classmate.put(`/api/objects/${w.communityId}/${guarded.data._id}`, {
      title: 'x',
      data: { body: '<p>vandale</p>' },
    });
    expect(vandal.status).toBe(403);
    expect((await pupil.get(`/api/objects/${guarded.data._id}`)).data.title).toBe('Protégée');

    // Read status: none, then the original's read mark, then a read link to the note.
    expect((await classmate.get(`/api/records/myreadstatus/${w.communityId}/${id}`)).data).toEqual([]);
    expect((await classmate.post(`/api/records/read/${w.communityId}/${id}`, {})).status).toBeLessThan(300);
    const status = await classmate.get(`/api/records/myreadstatus/${w.communityId}/${id}`);
    expect(status.data).toMatchObject([{ from: w.writer2.authorId, to: id, type: 'read' }]);
    const inView = await classmate.get(`/api/records/myreadstatusview/${w.communityId}/${w.welcomeViewId}`);
    expect(inView.data.map((link) => link.to)).toContain(id);

    // Links either way, and from one to the other.
    const either = await pupil.get(`/api/links/either/${id}`);
    expect(either.data.some((link) => link.type === 'contains' && link._from._id === w.welcomeViewId)).toBe(true);
    expect(either.data.some((link) => link.type === 'supports')).toBe(true);
    const fromTo = await pupil.get(`/api/links/from/${w.welcomeViewId}/to/${id}`);
    expect(fromTo.data).toMatchObject([{ type: 'contains', _to: { _id: id } }]);
    const one = await pupil.get(`/api/links/${fromTo.data[0]?._id ?? ''}`);
    expect(one.data).toMatchObject({ from: w.welcomeViewId, to: id, _from: { type: 'View' }, _to: { title: 'Pourquoi il pleut (3)' } });

    // Records: the note's creation by its author, and the classmate's own read.
    const records = await classmate.get(`/api/records/object/${id}`);
    expect(records.status).toBe(200);
    expect(records.data.find((record) => record.type === 'created')).toMatchObject({ targetId: id, authorId: w.writer.authorId });
    expect(records.data.filter((record) => record.type === 'read').map((record) => record.authorId)).toEqual([w.writer2.authorId]);
    // History: the note's versions (three saves), each readable as the original's historical object.
    const versions = await pupil.post(`/api/historicalobjects/${w.communityId}/search`, { query: { dataId: id } });
    expect(versions.status).toBe(200);
    expect(versions.data.length).toBeGreaterThanOrEqual(3);
    expect(versions.data.every((version) => version.dataId === id)).toBe(true);
    const version = await pupil.get(`/api/historicalobjects/${versions.data[versions.data.length - 1]?._id ?? ''}`);
    expect(version.status).toBe(200);
    expect(version.data.dataId).toBe(id);
  });

  it('follows the view live as the original’s client does: socket.io at /socket.io-client, a token, linkfrom:{viewId}, a move', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const pupil = kf6Client(t, w.writer.token);
    const viewLinks = await pupil.get(`/api/links/from/${w.welcomeViewId}`);
    const ref = viewLinks.data.find((link) => link.type === 'contains' && link._to.title === 'Pourquoi il pleut (3)');
    expect(ref?._id).toBeTypeOf('string');

    // The original's socket.io 2 client (Engine.IO 3), with the classmate's token in the query.
    const socket = io(base, {
      path: '/socket.io-client',
      query: { token: w.writer2.token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    const saves: Json[] = [];
    socket.on('link:save', (link) => saves.push(link as Json));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', (error) => reject(error instanceof Error ? error : new Error(String(error))));
    });
    const joined = await new Promise((resolve) => socket.emit('subscribe', `linkfrom:${w.welcomeViewId}`, resolve));
    expect(joined).toMatchObject({ ok: true });

    // The author moves the note the original's way: PUT of the whole link with new coordinates.
    const whole = JSON.parse(JSON.stringify(ref)) as { data: Record<string, unknown> };
    const moved = await pupil.put(`/api/links/${ref?._id as string}`, { ...whole, data: { ...whole.data, x: 432, y: 210 } });
    expect(moved.status, JSON.stringify(moved.data)).toBe(200);
    for (let i = 0; i < 100 && !saves.some((link) => link._id === ref?._id && String(link.data.x) === '432'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seen = saves.find((link) => link._id === ref?._id && String(link.data.x) === '432');
    expect(seen).toMatchObject({
      from: w.welcomeViewId,
      type: 'contains',
      data: { x: 432, y: 210 },
      _to: { title: 'Pourquoi il pleut (3)' },
      _from: { type: 'View' },
    });
    socket.close();
  });

  it('answers KBDeX’s “Import › From KF6”: _community, then the search with pagesize as text, as a list with body and text4search', async () => {
    const researcher = kf6Client(t, w.manager.token);
    const registrations = await researcher.get('/api/users/myRegistrations');
    const community = registrations.data.find((registration) => registration._community._id === w.communityId);
    expect(community?._community.title).toBeTypeOf('string');

    // A private note of a pupil: its author finds it; KBDeX run by a classmate must not.
    const secret = await kf6Client(t, w.writer2.token).post(`/api/contributions/${w.communityId}`, {
      type: 'Note',
      title: 'Mon secret',
      authors: [w.writer2.authorId],
      status: 'active',
      permission: 'private',
      data: { body: '<p>personne ne doit lire</p>' },
    });
    expect(secret.status, JSON.stringify(secret.data)).toBe(201);
    expect(secret.data.permission).toBe('private');

    const search = await kf6Client(t, w.writer.token).post(`/api/contributions/${w.communityId}/search`, {
      query: { communityId: w.communityId, pagesize: '10000' },
    });
    expect(search.status, JSON.stringify(search.data)).toBe(200);
    expect(Array.isArray(search.data)).toBe(true);
    const list = search.data;
    const rain = list.find((item) => item.title.startsWith('Pourquoi il pleut'));
    expect(rain?.body).toContain("l'eau s'évapore");
    expect(rain?.data.body).toBe(rain?.body);
    expect(rain?.text4search).toContain("l'eau s'évapore");
    expect(rain?.authors).toEqual([w.writer.authorId]);
    expect(Date.parse(rain?.created as string)).toBeGreaterThan(0);
    expect(list.some((item) => item.title === 'Mon secret')).toBe(false);
    expect(list.every((item) => item.communityId === w.communityId && item.status === 'active')).toBe(true);

    // Its author finds it; page and pagesize as text too.
    const own = await kf6Client(t, w.writer2.token).post(`/api/contributions/${w.communityId}/search`, {
      query: { pagesize: '1', page: '1', privateMode: true },
    });
    expect(own.status).toBe(200);
    expect(own.data.map((item) => item.title)).toHaveLength(1);

    // Buildon's own body keeps Buildon's reply.
    const buildon = await kf6Client(t, w.writer.token).post(`/api/contributions/${w.communityId}/search`, { query: { pagesize: 50 } });
    expect(buildon.data).toHaveProperty('pager');
  });

  it('refuses, as Buildon does, a stranger, an outsider, a manager of another class and a pupil naming others only', async () => {
    const url = `/api/contributions/${w.communityId}`;
    const note = { type: 'Note', title: 't', status: 'active', permission: 'public', data: { body: '<p>x</p>' } };
    const search = { query: { pagesize: '10000' } };

    expect((await kf6Client(t, null).post(url, { ...note, authors: [w.writer.authorId] })).status).toBe(401);
    expect((await kf6Client(t, null).post(`${url}/search`, search)).status).toBe(401);
    expect((await kf6Client(t, null).get('/api/users/myRegistrations')).status).toBe(401);

    const outsider = kf6Client(t, w.outsider.token);
    expect((await outsider.post(url, { ...note, authors: [w.writer.authorId] })).status).toBe(403);
    expect((await outsider.post(`${url}/search`, search)).status).toBe(403);
    const outsiderRegistrations = await outsider.get('/api/users/myRegistrations');
    expect(outsiderRegistrations.data).toEqual([]);

    const otherManager = kf6Client(t, other.manager.token);
    expect((await otherManager.post(url, { ...note, authors: [other.manager.authorId] })).status).toBe(403);
    expect((await otherManager.post(`${url}/search`, search)).status).toBe(403);
    const otherLinks = await otherManager.get(`/api/links/from/${w.welcomeViewId}`);
    expect(otherLinks.status).toBe(403);

    // A pupil may not write a note in a classmate's name alone.
    const forged = await kf6Client(t, w.writer.token).post(url, { ...note, authors: [w.writer2.authorId] });
    expect(forged.status).toBe(400);
    expect(JSON.stringify(forged.data)).toContain('authors');

    // A classmate's private note never shows through the view's link caches.
    const secret = await kf6Client(t, w.writer2.token).post(url, {
      ...note,
      title: 'Caché',
      permission: 'private',
      authors: [w.writer2.authorId],
    });
    await kf6Client(t, w.writer2.token).post('/api/links', {
      from: w.welcomeViewId,
      to: secret.data._id,
      type: 'contains',
      data: { x: 300, y: 300 },
    });
    const seenByClassmate = await kf6Client(t, w.writer.token).get(`/api/links/from/${w.welcomeViewId}`);
    expect(JSON.stringify(seenByClassmate.data)).not.toContain('Caché');
    const seenByAuthor = await kf6Client(t, w.writer2.token).get(`/api/links/from/${w.welcomeViewId}`);
    expect(seenByAuthor.data.find((link) => link.to === secret.data._id)?._to.title).toBe('Caché');
  });

  it('answers bad input with a 400 naming the field', async () => {
    const pupil = kf6Client(t, w.writer.token);
    const badPage = await pupil.post(`/api/contributions/${w.communityId}/search`, { query: { pagesize: 'beaucoup' } });
    expect(badPage.status).toBe(400);
    expect(JSON.stringify(badPage.data)).toContain('pagesize');
    const badAuthors = await pupil.post(`/api/contributions/${w.communityId}`, { type: 'Note', authors: ['nope'] });
    expect(badAuthors.status).toBe(400);
    expect(JSON.stringify(badAuthors.data)).toContain('authors');
    const badDate = await pupil.post(`/api/contributions/${w.communityId}/search`, { query: { pagesize: '5', from: 'hier' } });
    expect(badDate.status).toBe(400);
    expect(JSON.stringify(badDate.data)).toContain('query.from');
  });
});

describe('KF6 dialect: CORS by allow-list', () => {
  const allowed = 'https://kf6.ecole.example';
  const t = useTestApp(() => buildTestApp({ corsOrigins: parseCorsOrigins(`${allowed}, *, https://bad.example/path`) }));
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/contributions/0123456789abcdef01234567/search',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });

  it('answers a preflight from a listed origin with the methods and headers a bearer-token client needs', async () => {
    const reply = await preflight(allowed);
    expect(reply.statusCode).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe(allowed);
    expect(String(reply.headers['access-control-allow-headers'])).toMatch(/Authorization/i);
    expect(String(reply.headers['access-control-allow-methods'])).toContain('POST');
    expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
    const user = await t.register('corsuser');
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/users/myRegistrations',
      headers: { origin: allowed, authorization: `Bearer ${user.token}` },
    });
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBe(allowed);
  });

  it('refuses a preflight from any other origin (and "*" or a path in the list allows nothing) and never reflects it', async () => {
    for (const origin of ['https://evil.example', 'https://bad.example', 'null', `${allowed}.evil.example`]) {
      const reply = await preflight(origin);
      expect(reply.statusCode, origin).toBe(403);
      expect(reply.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    const get = await t.app.inject({ method: 'GET', url: '/api/version', headers: { origin: 'https://evil.example' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});
