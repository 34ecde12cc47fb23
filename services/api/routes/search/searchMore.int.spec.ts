import { beforeAll, describe, expect, it } from 'vitest';
import type { FavouritesReply, ObjectReply } from '../../../../contracts/api/objects.ts';
import type { ViewSummary } from '../../../../contracts/api/communities.ts';
import type { Link } from '../../../../contracts/api/canvas.ts';
import type { SearchReply, StudentSearchReply } from '../../../../contracts/api/search.ts';
import { contributionStreamName } from '../../../../contracts/events/contribution.ts';
import { handleCommand } from '../../../core/decider.ts';
import { contributionDecider } from '../../../domain/contribution/contribution.decide.ts';
import {
  auth,
  buildObjectsTestApp,
  classRoom,
  createContribution,
  shiftableClock,
  textDoc,
  type ClassRoom,
  type Member,
} from '../../../../tests/support/objects.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

/**
 * Issue 14 §2 (the rest) and §4: managers' comments (PUT …/savecomments, an
 * event on the contribution's stream, shown in the search table), the
 * "students" type, the editors and readers columns, "place in view" without a
 * position, and the favourites list.
 */

const clock = shiftableClock();
let room: ClassRoom;
let other: ClassRoom;
let welcomeViewId: string;
const t = useTestApp(() => buildObjectsTestApp({ clock }));

type Who = { token: string } | null;
const headers = (who: Who) => (who ? auth(who.token) : {});

const note = async (who: Member, title: string, text: string, permission: 'private' | 'protected' | 'public' = 'protected') => {
  const id = await createContribution(t, {
    communityId: room.communityId,
    type: 'Note',
    authors: [who.authorId],
    actorId: who.userId,
    permission,
    group: null,
  });
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/objects/${room.communityId}/${id}`,
    headers: headers(who),
    payload: { revision: 0, title, body: textDoc(text) },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
};

const search = async (who: Member, query: Record<string, unknown>): Promise<SearchReply> => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/contributions/${room.communityId}/search`,
    headers: headers(who),
    payload: { query },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchReply>();
};

const saveComments = (who: Who, id: string, payload: unknown, communityId = room.communityId) =>
  t.app.inject({ method: 'PUT', url: `/api/objects/${communityId}/${id}/savecomments`, headers: headers(who), payload: payload as object });

beforeAll(async () => {
  room = await classRoom(t);
  other = await classRoom(t);
  const views = await t.app.inject({ method: 'GET', url: `/api/communities/${room.communityId}/views`, headers: auth(room.a.token) });
  welcomeViewId = (views.json<ViewSummary[]>()[0] as ViewSummary)._id;
});

describe('PUT /api/objects/:communityId/:id/savecomments', () => {
  it('stores a manager’s comment as an event on the note’s stream and shows it in the search table, read-only to pupils', async () => {
    const id = await note(room.a, 'Why do magnets attract?', 'Magnetism puzzles me.');
    const saved = await saveComments(room.manager, id, { comments: '  Bonne question : pense aux pôles.  ', authors: [room.a.authorId] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ _id: id, comments: 'Bonne question : pense aux pôles.' });

    const { events } = await t.infra.commandDeps.eventStore.readStream(contributionStreamName(id));
    expect(events.at(-1)).toMatchObject({
      type: 'CommentsSaved',
      data: { contributionId: id, comments: 'Bonne question : pense aux pôles.' },
    });

    const asManager = await search(room.manager, { words: 'magnets' });
    expect(asManager.canComment).toBe(true);
    expect(asManager.results[0]?.comments).toBe('Bonne question : pense aux pôles.');
    const asPupil = await search(room.b, { words: 'magnets' });
    expect(asPupil.canComment).toBe(false);
    expect(asPupil.results[0]?.comments).toBe('Bonne question : pense aux pôles.');

    // The same text again changes nothing; '' removes it. A comment is not an edit: `modified` stays.
    const before = (await t.app.inject({ method: 'GET', url: `/api/objects/${id}`, headers: headers(room.a) })).json<ObjectReply>();
    expect((await saveComments(room.manager, id, { comments: 'Bonne question : pense aux pôles.' })).statusCode).toBe(200);
    expect((await t.infra.commandDeps.eventStore.readStream(contributionStreamName(id))).events.length).toBe(events.length);
    expect((await saveComments(room.manager, id, { comments: '' })).json()).toEqual({ _id: id, comments: '' });
    const after = (await t.app.inject({ method: 'GET', url: `/api/objects/${id}`, headers: headers(room.a) })).json<ObjectReply>();
    expect(after.modified).toBe(before.modified);
  });

  it('refuses the author, a classmate, a manager of another class, a stranger and an anonymous caller', async () => {
    const id = await note(room.a, 'Friction', 'It slows things down.');
    expect((await saveComments(room.a, id, { comments: 'Mine' })).statusCode).toBe(403);
    expect((await saveComments(room.b, id, { comments: 'Mate' })).statusCode).toBe(403);
    expect((await saveComments(other.manager, id, { comments: 'Other class' })).statusCode).toBe(403);
    expect((await saveComments(other.manager, id, { comments: 'Other class' }, other.communityId)).statusCode).toBe(404);
    expect((await saveComments(room.outsider, id, { comments: 'Stranger' })).statusCode).toBe(403);
    expect((await saveComments(null, id, { comments: 'Anonymous' })).statusCode).toBe(401);
    expect((await search(room.manager, { words: 'friction' })).results[0]?.comments).toBe('');
  });

  it('answers bad bodies with a 400 naming the field', async () => {
    const id = await note(room.a, 'Gravity', 'Things fall.');
    const tooLong = await saveComments(room.manager, id, { comments: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('comments');
    const missing = await saveComments(room.manager, id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('comments');
    const badAuthors = await saveComments(room.manager, id, { comments: 'ok', authors: ['nope'] });
    expect(badAuthors.statusCode).toBe(400);
    expect(badAuthors.body).toContain('authors');
    expect((await saveComments(room.manager, 'f'.repeat(24), { comments: 'ok' })).statusCode).toBe(404);
  });
});

describe('POST /api/contributions/:communityId/search/students', () => {
  const students = async (who: Who, words: string, communityId = room.communityId) =>
    t.app.inject({ method: 'POST', url: `/api/contributions/${communityId}/search/students`, headers: headers(who), payload: { words } });

  it('lists the members with their readable notes; a manager sees names and finds them by name', async () => {
    await note(room.c, 'Carol’s public idea', 'An idea.', 'public');
    await note(room.c, 'Carol’s private idea', 'A secret.', 'private');
    // The three pupils, the teacher and the admin who founded the class.
    const all = (await students(room.manager, '')).json<StudentSearchReply>();
    expect(all.total).toBe(5);
    expect(all.students.length).toBe(5);
    const carol = (await students(room.manager, room.c.userName.toUpperCase())).json<StudentSearchReply>();
    expect(carol.total).toBe(1);
    expect(carol.students[0]).toMatchObject({ key: room.c.authorId, me: false, notes: 2 });
  });

  it('shows a pupil their own name and letters for the others, and matches only what the pupil sees', async () => {
    const reply = await students(room.b, '');
    expect(reply.statusCode).toBe(200);
    const list = reply.json<StudentSearchReply>();
    expect(list.students[0]).toMatchObject({ key: room.b.authorId, me: true });
    const others = list.students.filter((s) => !s.me);
    expect(others.length).toBe(4);
    for (const s of others) expect(s.label).toMatch(/^[A-Z]+$/);
    expect(reply.body).not.toContain(room.c.userName);
    expect(reply.body).not.toContain(room.c.authorId);
    // Carol's private note is not counted for Bob; her name finds nobody.
    expect(others.some((s) => s.notes === 1)).toBe(true);
    expect((await students(room.b, room.c.userName)).json<StudentSearchReply>().total).toBe(0);
    expect((await students(room.b, room.b.userName)).json<StudentSearchReply>().students.map((s) => s.me)).toEqual([true]);
  });

  it('refuses non-members and anonymous callers; 400 names the field', async () => {
    expect((await students(other.manager, '')).statusCode).toBe(403);
    expect((await students(room.outsider, '')).statusCode).toBe(403);
    expect((await students(null, '')).statusCode).toBe(401);
    const bad = await students(room.a, 'x'.repeat(501));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('words');
  });
});

describe('the extra-info table: editors and readers', () => {
  it('names who wrote a version and who read the note, from the read models', async () => {
    const id = await note(room.a, 'Shared volcano note', 'Lava is hot.', 'public');
    const current = (await t.app.inject({ method: 'GET', url: `/api/objects/${id}`, headers: headers(room.b) })).json<ObjectReply>();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/objects/${room.communityId}/${id}`,
      headers: headers(room.b),
      payload: { revision: current.revision, title: 'Shared volcano note', body: textDoc('Lava is very hot.') },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const read = await t.app.inject({ method: 'POST', url: `/api/records/read/${room.communityId}/${id}`, headers: headers(room.c) });
    expect(read.statusCode, read.body).toBeLessThan(300);
    // A manager's comment is no edit.
    expect((await saveComments(room.manager, id, { comments: 'Bien.' })).statusCode).toBe(200);

    const [result] = (await search(room.c, { words: 'volcano', extraInfo: true })).results;
    const name = (m: Member) => new RegExp(m.userName, 'i');
    expect(result?.extra?.editors).toHaveLength(2);
    expect(result?.extra?.editors.some((n) => name(room.a).test(n))).toBe(true);
    expect(result?.extra?.editors.some((n) => name(room.b).test(n))).toBe(true);
    expect(result?.extra?.editors.some((n) => name(room.manager).test(n))).toBe(false);
    expect(result?.extra?.readers.some((n) => name(room.c).test(n))).toBe(true);
    expect(result?.extra?.readers.some((n) => name(room.manager).test(n))).toBe(false);
  });
});

describe('POST /api/links without a position (search’s "place in view")', () => {
  it('puts the ref on a free spot of the view, off the refs already there', async () => {
    const first = await note(room.a, 'Placed first', 'One.');
    const second = await note(room.a, 'Placed second', 'Two.');
    const place = (to: string, data?: Record<string, number>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: headers(room.a),
        payload: { from: welcomeViewId, to, type: 'contains', ...(data ? { data } : {}) },
      });
    const a = (await place(first, { x: 100, y: 100 })).json<Link>();
    expect(a.data).toMatchObject({ x: 100, y: 100 });
    const b = await place(second);
    expect(b.statusCode, b.body).toBe(201);
    const spot = b.json<Link>().data as { x: number; y: number };
    expect(Number.isFinite(spot.x) && Number.isFinite(spot.y)).toBe(true);
    // A data without x and y is still refused, each named.
    const half = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: headers(room.a),
      payload: { from: welcomeViewId, to: second, type: 'contains', data: { width: 100 } },
    });
    expect(half.statusCode).toBe(400);
    expect(half.body).toContain('data.x');
    // Not on the first ref's 80×40 icon box.
    expect(spot.x >= 180 || spot.y >= 140 || spot.x + 80 <= 100 || spot.y + 40 <= 100).toBe(true);
  });
});

describe('GET /api/objects/favourites/:communityId', () => {
  const setFavourites = async (on: boolean) => {
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/communities/${room.communityId}/settings`,
      headers: headers(room.manager),
    });
    const data = settings.json<{ data: { plugins: Record<string, boolean> } }>().data;
    const { eventStore, projections, clock: c } = t.infra.commandDeps;
    const result = await handleCommand(
      eventStore,
      contributionStreamName(room.rootContextId),
      contributionDecider,
      { type: 'ChangeContextSettings', data: { data: { ...data, plugins: { ...data.plugins, enableFavourites: on } } } },
      { metadata: { actorId: room.manager.userId, at: c.now().toISOString() } },
    );
    await projections.waitFor(result.lastPosition);
  };
  const star = async (who: Member, id: string) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/objects/addTofav/${room.communityId}/${id}`, headers: headers(who) });
    expect(response.statusCode, response.body).toBe(200);
  };
  const list = (who: Who, communityId = room.communityId) =>
    t.app.inject({ method: 'GET', url: `/api/objects/favourites/${communityId}`, headers: headers(who) });

  it('lists the notes the caller starred and may still read; one made private by its author drops out, title included', async () => {
    await setFavourites(true);
    const kept = await note(room.a, 'Favourite about rain', 'Rain.', 'public');
    const hidden = await note(room.a, 'Favourite about snow', 'Snow.', 'public');
    await star(room.b, kept);
    await star(room.b, hidden);
    await star(room.c, kept);
    const before = (await list(room.b)).json<FavouritesReply>();
    expect(before.enabled).toBe(true);
    expect(before.favourites.map((f) => f._id).sort()).toEqual([kept, hidden].sort());

    const made = await t.app.inject({
      method: 'PUT',
      url: `/api/objects/${room.communityId}/${hidden}/permission`,
      headers: headers(room.a),
      payload: { permission: 'private', group: null },
    });
    expect(made.statusCode, made.body).toBe(200);
    const after = await list(room.b);
    expect(after.json<FavouritesReply>().favourites.map((f) => f._id)).toEqual([kept]);
    expect(after.body).not.toContain('snow');
    // Only one's own: Carol's list holds only what Carol starred; the author (who starred nothing) has none.
    expect((await list(room.c)).json<FavouritesReply>().favourites.map((f) => f._id)).toEqual([kept]);
    expect((await list(room.a)).json<FavouritesReply>().favourites).toEqual([]);
  });

  it('refuses non-members and anonymous callers, and lists nothing when the plugin is off', async () => {
    expect((await list(other.manager)).statusCode).toBe(403);
    expect((await list(room.outsider)).statusCode).toBe(403);
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(room.b, 'nope')).statusCode).toBe(400);
    await setFavourites(false);
    expect((await list(room.b)).json<FavouritesReply>()).toEqual({ enabled: false, favourites: [] });
  });
});
