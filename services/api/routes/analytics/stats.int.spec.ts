import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsReply } from '../../../../contracts/api/analytics.ts';
import {
  analyticsBuildOnGraphCollectionName,
  analyticsProjection,
  analyticsReadGraphCollectionName,
  type AnalyticsEdgeDocument,
} from '../../../../projections/analytics/index.ts';
import type { Scaffold } from '../../../../contracts/api/communities.ts';
import {
  auth,
  buildObjectsTestApp,
  classRoom,
  docOf,
  supportNode,
  textDoc,
  type ClassRoom,
  type Member,
} from '../../../../tests/support/objects.ts';
import type { TestApp } from '../../../../tests/support/testApp.ts';

/**
 * GET /api/analytics/{communityId}/stats (issue 12): a small class plays a week through the real
 * API — notes placed in the welcome view, a build-on, reads, scaffold supports, a private note —
 * and the statistics page is checked figure by figure, as a writer (letters for the others) and
 * as the class's manager (names), and again after the analytics read models are rebuilt from the log.
 */

let now = Date.parse('2025-10-06T09:00:00.000Z');
const clock = { now: () => new Date(now) };
const at = (instant: string) => void (now = Date.parse(instant));

let t: TestApp;
let room: ClassRoom;
let welcomeViewId = '';
let myIdea = '';
let needToUnderstand = '';
const notes: Record<string, string> = {};

const call = (who: { token: string } | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? auth(who.token) : {}, ...(payload ? { payload } : {}) });

const must = async (who: { token: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await call(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
};

/** A note written and contributed by `who` in the welcome view (building on `buildsOn`), at the clock's time. */
const write = async (who: Member, title: string, body: object, buildsOn?: string): Promise<string> => {
  const created = await must(who, 'POST', `/api/contributions/${room.communityId}`, {
    type: 'Note',
    title,
    placement: { viewId: welcomeViewId, x: 100, y: 100 },
    ...(buildsOn ? { buildsOn } : {}),
  });
  const id = created.json<{ contribution: { _id: string } }>().contribution._id;
  const loaded = (await must(who, 'GET', `/api/objects/${id}`)).json<{ revision: number }>();
  await must(who, 'PUT', `/api/objects/${room.communityId}/${id}`, { revision: loaded.revision, title, body });
  return id;
};

const read = (who: Member, id: string) => must(who, 'POST', `/api/records/read/${room.communityId}/${id}`);

const stats = async (who: { token: string }, query = 'from=2025-10-06&to=2025-10-12') =>
  (await must(who, 'GET', `/api/analytics/${room.communityId}/stats?${query}`)).json<StatsReply>();

const nameOf = (who: Member) => `Test ${who.userName}`;

const playTheWeek = async (readStore: 'sqlite' | 'memory') => {
  now = Date.parse('2025-10-06T09:00:00.000Z');
  t = await buildObjectsTestApp({ clock, config: { embeddedReadStore: readStore } });
  room = await classRoom(t);
  welcomeViewId = (await must(room.manager, 'GET', `/api/communities/${room.communityId}`)).json<{ views: string[] }>().views[0] ?? '';
  const scaffolds = (await must(room.a, 'GET', `/api/communities/${room.communityId}/scaffolds`)).json<Scaffold[]>();
  const supports = scaffolds[0]?.supports ?? [];
  myIdea = supports.find((s) => s.title === 'Mon idée')?._id ?? '';
  needToUnderstand = supports.find((s) => s.title === "J'ai besoin de comprendre")?._id ?? '';
  expect([welcomeViewId, myIdea, needToUnderstand].every((id) => /^[0-9a-f]{24}$/.test(id))).toBe(true);

  // Monday 6 October 2025: Alice writes with two supports (one twice), Bob builds on her note.
  at('2025-10-06T09:00:00.000Z');
  notes.n1 = await write(
    room.a,
    'Why do leaves fall?',
    docOf(supportNode(myIdea, 'light'), supportNode(myIdea, 'cold'), supportNode(needToUnderstand, 'why')),
  );
  at('2025-10-06T10:00:00.000Z');
  notes.n2 = await write(room.b, 'Because of winter', textDoc('Winter comes.'), notes.n1);
  // Tuesday: Carol writes with one support; Bob reads Alice's note, Carol reads both.
  at('2025-10-07T14:00:00.000Z');
  notes.n3 = await write(room.c, 'Trees sleep', docOf(supportNode(myIdea, 'they rest')));
  await read(room.b, notes.n1);
  await read(room.c, notes.n1);
  await read(room.c, notes.n2);
  // Wednesday: a private note of Alice's (Bob may not count it; the manager does).
  at('2025-10-08T08:00:00.000Z');
  notes.n4 = await write(room.a, 'My secret thought', textDoc('secret'));
  await must(room.a, 'PUT', `/api/objects/${room.communityId}/${notes.n4}/permission`, { permission: 'private', group: null });
  // Sunday 12 October, late: one more of Alice's; Monday 13 is outside the range asked.
  at('2025-10-12T23:59:00.000Z');
  notes.n5 = await write(room.a, 'Sunday idea', textDoc('Sunday.'));
  at('2025-10-13T00:00:00.000Z');
  notes.n6 = await write(room.b, 'Too late', textDoc('Monday.'));
};

const expectedPerDay = (me: (day: string) => number, community: (day: string) => number) =>
  ['2025-10-06', '2025-10-07', '2025-10-08', '2025-10-09', '2025-10-10', '2025-10-11', '2025-10-12'].map((day) => ({
    day,
    community: community(day),
    me: me(day),
  }));

describe.each(['sqlite', 'memory'] as const)('GET /api/analytics/:communityId/stats (%s read store)', (readStore) => {
  beforeAll(() => playTheWeek(readStore), 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('gives a writer the week figure by figure, the others as letters in first-seen order, never their names', async () => {
    const reply = await stats(room.b);
    const communityPerDay: Record<string, number> = { '2025-10-06': 2, '2025-10-07': 1, '2025-10-12': 1 };
    expect(reply).toMatchObject({
      range: { from: '2025-10-06', to: '2025-10-12' },
      defaultRange: false,
      seesNames: false,
      total: { community: 4, me: 1 },
      perDay: expectedPerDay(
        (day) => (day === '2025-10-06' ? 1 : 0),
        (day) => communityPerDay[day] ?? 0,
      ),
      weekdays: { community: [1, 2, 1, 0, 0, 0, 0], me: [0, 1, 0, 0, 0, 0, 0] },
      perYear: [{ year: '2025', community: 4, me: 1 }],
      perWeek: [{ week: '2025-W41', community: 4, me: 1 }],
    });
    expect(reply.byAuthor).toEqual([
      { author: { key: 'A', label: 'A', me: false }, count: 2 },
      { author: { key: room.b.authorId, label: nameOf(room.b), me: true }, count: 1 },
      { author: { key: 'B', label: 'B', me: false }, count: 1 },
    ]);
    const pie = reply.scaffolds.find((s) => s.supports.some((support) => support.supportId === myIdea));
    expect(pie?.supports.find((s) => s.supportId === myIdea)).toMatchObject({ community: 3, me: 0 });
    expect(pie?.supports.find((s) => s.supportId === needToUnderstand)).toMatchObject({ community: 1, me: 0 });
    // Every other pie counts only its own supports: nothing of this class's uses leaks into them.
    const others = reply.scaffolds.filter((s) => s !== pie).flatMap((s) => s.supports);
    expect(others.every((s) => s.community === 0)).toBe(true);

    const body = JSON.stringify(reply);
    for (const other of [room.a, room.c, room.manager]) {
      expect(body).not.toContain(other.userName);
      expect(body).not.toContain(other.authorId);
    }
    expect(body).not.toContain(notes.n4);
  });

  it('gives Alice her own figures and her name, with Bob and Carol as letters', async () => {
    const reply = await stats(room.a);
    // Her private note is hers: she counts it.
    expect(reply.total).toEqual({ community: 5, me: 3 });
    expect(reply.byAuthor.map((entry) => [entry.author.label, entry.count])).toEqual([
      [nameOf(room.a), 3],
      ['A', 1],
      ['B', 1],
    ]);
    const pie = reply.scaffolds.find((s) => s.supports.some((support) => support.supportId === myIdea));
    expect(pie?.supports.find((s) => s.supportId === myIdea)).toMatchObject({ community: 3, me: 2 });
  });

  it('gives the manager every name and every note, and lets them filter by author and by view', async () => {
    const reply = await stats(room.manager);
    expect(reply.seesNames).toBe(true);
    expect(reply.total).toEqual({ community: 5, me: 0 });
    expect(reply.byAuthor).toEqual([
      { author: { key: room.a.authorId, label: nameOf(room.a), me: false }, count: 3 },
      { author: { key: room.b.authorId, label: nameOf(room.b), me: false }, count: 1 },
      { author: { key: room.c.authorId, label: nameOf(room.c), me: false }, count: 1 },
    ]);
    expect((await stats(room.manager, `from=2025-10-06&to=2025-10-12&authors=${room.c.authorId}`)).total).toEqual({ community: 1, me: 0 });
    expect((await stats(room.manager, `from=2025-10-06&to=2025-10-13&views=${welcomeViewId}`)).total).toEqual({ community: 6, me: 0 });
    const otherView = (await must(room.manager, 'POST', `/api/communities/${room.communityId}/views`, { title: 'Empty' })).json<{
      _id: string;
    }>()._id;
    expect((await stats(room.manager, `from=2025-10-06&to=2025-10-13&views=${otherView}`)).total).toEqual({ community: 0, me: 0 });
  });

  it('keeps only contributions holding every query word (title, text or keywords; case-insensitive)', async () => {
    expect((await stats(room.b, 'from=2025-10-06&to=2025-10-12&words=LEAVES')).total).toEqual({ community: 1, me: 0 });
    expect((await stats(room.b, 'from=2025-10-06&to=2025-10-12&words=winter')).total).toEqual({ community: 1, me: 1 });
    expect((await stats(room.b, 'from=2025-10-06&to=2025-10-12&words=winter%20leaves')).total).toEqual({ community: 0, me: 0 });
    // Letters do not move with the filter: Alice stays A even where only Carol is counted.
    const carol = await stats(room.b, 'from=2025-10-06&to=2025-10-12&words=sleep');
    expect(carol.byAuthor).toEqual([{ author: { key: 'B', label: 'B', me: false }, count: 1 }]);
  });

  it('defaults to the school year of the server clock (15 August – 30 June)', async () => {
    const reply = await stats(room.b, '');
    expect(reply.defaultRange).toBe(true);
    expect(reply.range).toEqual({ from: '2025-08-15', to: '2026-06-30' });
    expect(reply.perDay).toHaveLength(320);
    expect(reply.total).toEqual({ community: 5, me: 2 });
  });

  it('answers 400 naming the field for a bad range or filter, 403 to a writer filtering by author', async () => {
    const bad = async (query: string, field: string) => {
      const response = await call(room.b, 'GET', `/api/analytics/${room.communityId}/stats?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(response.json<{ errors?: { field: string }[] }>().errors ?? response.json())).toContain(field);
    };
    await bad('from=2025-02-30', 'from');
    await bad('from=2025-10-12&to=2025-10-06', 'to');
    await bad('from=2020-01-01&to=2025-01-01', 'to');
    await bad('to=yesterday', 'to');
    await bad('views=not-an-id', 'views');
    await bad('colour=blue', 'colour');
    const refused = await call(room.b, 'GET', `/api/analytics/${room.communityId}/stats?authors=${room.a.authorId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(room.a.userName);
  });

  it('refuses anonymous callers (401) and non-members (403)', async () => {
    expect((await call(null, 'GET', `/api/analytics/${room.communityId}/stats`)).statusCode).toBe(401);
    expect((await call(room.outsider, 'GET', `/api/analytics/${room.communityId}/stats`)).statusCode).toBe(403);
  });

  it('keeps the reads graph and the build-on graph of the class (the read models the next pages draw)', async () => {
    const graph = async (name: string) =>
      (await t.infra.readStore.collection<AnalyticsEdgeDocument>(name).find({ communityId: room.communityId }))
        .map((edge) => `${who(edge.from)}→${who(edge.to)} ${edge.count}`)
        .sort();
    const who = (authorId: string) => (['a', 'b', 'c'] as const).find((k) => room[k].authorId === authorId) ?? authorId;
    expect(await graph(analyticsBuildOnGraphCollectionName)).toEqual(['b→a 1']);
    // Every save marks the note read by its writer (as KF6 does): a saved three notes, b two, c one.
    expect(await graph(analyticsReadGraphCollectionName)).toEqual(['a→a 3', 'b→a 1', 'b→b 2', 'c→a 1', 'c→b 1', 'c→c 1']);
  });

  it('gives the same answer after the analytics read models are rebuilt from the event log (kf rebuild)', async () => {
    const models = () =>
      Promise.all(
        analyticsProjection.collections.map(({ name }) =>
          t.infra.readStore.collection(name).find({ communityId: room.communityId }, { sort: { _id: 1 } }),
        ),
      );
    const before = await Promise.all([stats(room.b), stats(room.manager), stats(room.a)]);
    const modelsBefore = await models();
    expect(modelsBefore.every((docs) => docs.length > 0)).toBe(true);
    const result = await t.infra.runner.rebuild(['analytics']);
    expect(result.events).toBeGreaterThan(0);
    const after = await Promise.all([stats(room.b), stats(room.manager), stats(room.a)]);
    expect(after).toEqual(before);
    expect(await models()).toEqual(modelsBefore);
  });
});
