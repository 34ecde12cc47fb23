import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorNetworkReply, DashboardReply, NoteDashboardReply, S2vizReply } from '../../../../contracts/api/analytics.ts';
import { analyticsProjection } from '../../../../projections/analytics/index.ts';
import { buildObjectsTestApp, classRoom, textDoc, type ClassRoom, type Member } from '../../../../tests/support/objects.ts';
import type { TestApp } from '../../../../tests/support/testApp.ts';
import { analyticsClassActions } from '../../../../tests/support/analytics.ts';

/**
 * The s2viz, activity dashboard (+ CSV) and author network pages (issue 12 items 2–5): a small
 * class plays two days through the real API — notes in the welcome view, build-ons, reads — and
 * each page is checked figure by figure, as a writer (letters for the others, never their names
 * or ids) and as the class's manager (names), and again after a rebuild of the analytics models.
 */

let now = Date.parse('2025-10-06T09:00:00.000Z');
const clock = { now: () => new Date(now) };
const at = (instant: string) => void (now = Date.parse(instant));

let t: TestApp;
let room: ClassRoom;
let welcomeViewId = '';
let communityTitle = '';
let emptyViewId = '';
let welcomeTitle = '';
let privateViewId = '';
let groupId = '';
const notes: Record<string, string> = {};

const { call, must, write, read } = analyticsClassActions(() => ({ t, communityId: room.communityId, viewId: welcomeViewId }));
/** A page's answer without its freshness stamp (`asOf`, `stale`: analyticsJobs.int.spec.ts checks those). */
const page = async <T>(who: { token: string }, name: string, query = 'from=2025-10-06&to=2025-10-08'): Promise<T> => {
  const reply = (await must(who, 'GET', `/api/analytics/${room.communityId}/${name}?${query}`)).json<
    T & { asOf?: unknown; stale?: unknown }
  >();
  expect(typeof (reply.asOf as { position?: unknown } | undefined)?.position, `${name} is stamped`).toBe('number');
  const { asOf: _asOf, stale: _stale, ...rest } = reply;
  return rest as T;
};
const nameOf = (who: Member) => `Test ${who.userName}`;
/** The record table's rows as text: day, user, action, title ('-': no longer active), count. */
const recordLines = (reply: DashboardReply) =>
  reply.records.map((r) => `${r.day} ${r.author.label} ${r.action} ${r.contribution?.title ?? '-'} ${r.count}`);

const playTwoDays = async (readStore: 'sqlite' | 'memory') => {
  now = Date.parse('2025-10-06T09:00:00.000Z');
  t = await buildObjectsTestApp({ clock, config: { embeddedReadStore: readStore } });
  room = await classRoom(t);
  const community = (await must(room.manager, 'GET', `/api/communities/${room.communityId}`)).json<{ views: string[]; title: string }>();
  welcomeViewId = community.views[0] ?? '';
  welcomeTitle = (await must(room.manager, 'GET', `/api/objects/${welcomeViewId}`)).json<{ title: string }>().title;
  communityTitle = community.title;
  // Monday 6 October: Alice writes, Bob builds on her note, Alice builds on Bob's.
  at('2025-10-06T09:00:00.000Z');
  notes.n1 = await write(room.a, 'Why do leaves fall?');
  at('2025-10-06T10:00:00.000Z');
  notes.n2 = await write(room.b, 'Because of winter', notes.n1);
  at('2025-10-06T11:00:00.000Z');
  notes.n3 = await write(room.a, 'And in spring?', notes.n2);
  // Tuesday: Carol writes; Bob reads Alice's first note twice, Carol reads n1 and n2.
  at('2025-10-07T14:00:00.000Z');
  notes.n4 = await write(room.c, 'Trees sleep');
  await read(room.b, notes.n1);
  await read(room.b, notes.n1);
  await read(room.c, notes.n1);
  await read(room.c, notes.n2);
  // Wednesday: Alice saves her first note again and writes a private note (Bob may not count it).
  at('2025-10-08T09:00:00.000Z');
  const loaded = (await must(room.a, 'GET', `/api/objects/${notes.n1}`)).json<{ revision: number }>();
  await must(room.a, 'PUT', `/api/objects/${room.communityId}/${notes.n1}`, {
    revision: loaded.revision,
    title: 'Why do leaves fall?',
    body: textDoc('Why do leaves fall in autumn?'),
  });
  at('2025-10-08T10:00:00.000Z');
  notes.n5 = await write(room.a, 'My secret thought');
  await must(room.a, 'PUT', `/api/objects/${room.communityId}/${notes.n5}/permission`, { permission: 'private', group: null });
  // Thursday, outside the range asked: the manager makes an empty view and a group of Bob and Carol.
  at('2025-10-09T08:00:00.000Z');
  emptyViewId = (await must(room.manager, 'POST', `/api/communities/${room.communityId}/views`, { title: 'Empty' })).json<{ _id: string }>()
    ._id;
  groupId = (await must(room.manager, 'POST', `/api/groups/${room.communityId}`, { title: 'Pair' })).json<{ _id: string }>()._id;
  // Alice's private view holding a read of hers: Bob sees neither its title nor its id.
  privateViewId = (await must(room.a, 'POST', `/api/communities/${room.communityId}/views`, { title: 'Alice only' })).json<{
    _id: string;
  }>()._id;
  await must(room.a, 'PUT', `/api/objects/${room.communityId}/${privateViewId}/permission`, { permission: 'private', group: null });
  await must(room.a, 'POST', '/api/links', { from: privateViewId, to: notes.n3, type: 'contains', data: { x: 10, y: 10 } });
  await read(room.a, notes.n3);
  for (const who of [room.b, room.c]) {
    await must(room.manager, 'POST', `/api/groups/${room.communityId}/${groupId}/members`, { authorId: who.authorId });
  }
};

/** A writer's reply names nobody else and holds no other member's id. */
const expectNoOtherNames = (body: string, me: Member) => {
  for (const other of [room.a, room.b, room.c, room.manager].filter((m) => m !== me)) {
    expect(body).not.toContain(other.userName);
    expect(body).not.toContain(other.authorId);
  }
};

describe.each(['sqlite', 'memory'] as const)('analytics pages: s2viz, dashboard, author network (%s read store)', (readStore) => {
  beforeAll(() => playTwoDays(readStore), 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('s2viz: gives a writer reads per day, both chords and the network, the others as letters', async () => {
    const reply = await page<S2vizReply>(room.b, 's2viz');
    const [A, me, B] = [
      { key: 'A', label: 'A', me: false },
      { key: room.b.authorId, label: nameOf(room.b), me: true },
      { key: 'B', label: 'B', me: false },
    ];
    expect(reply).toEqual({
      communityId: room.communityId,
      range: { from: '2025-10-06', to: '2025-10-08' },
      defaultRange: false,
      seesNames: false,
      // Every save marks the note read by its writer: Monday 3 saves; Tuesday 1 save and 4 reads; Wednesday 2 saves.
      readsPerDay: [
        { day: '2025-10-06', reads: 3 },
        { day: '2025-10-07', reads: 5 },
        { day: '2025-10-08', reads: 2 },
      ],
      nodes: [A, me, B],
      // Reads (all time: the graph keeps no dates): Alice of her own 5 (one on Thursday), Bob of Alice 2 and of his own 1, Carol of Alice 1, of Bob 1, of her own 1.
      chords: {
        reading: [
          [5.5, 2, 1],
          [0.2, 1.1, 1],
          [0.1, 0.1, 1.1],
        ],
        beingRead: [
          [5.5, 0.2, 0.1],
          [2, 1.1, 0.1],
          [1, 1, 1.1],
        ],
      },
      network: {
        edges: [
          { from: me.key, to: 'A', weight: 2 },
          { from: 'B', to: 'A', weight: 1 },
          { from: 'B', to: me.key, weight: 1 },
        ],
        undirected: [
          { a: 'A', b: me.key, weight: 2 },
          { a: 'A', b: 'B', weight: 1 },
          { a: me.key, b: 'B', weight: 1 },
        ],
        undirectedCount: 3,
      },
    });
    expectNoOtherNames(JSON.stringify(reply), room.b);
  });

  it('s2viz: gives the manager names, and reads per day over the school year by default', async () => {
    const reply = await page<S2vizReply>(room.manager, 's2viz');
    expect(reply.seesNames).toBe(true);
    expect(reply.nodes.map((node) => node.label)).toEqual([nameOf(room.a), nameOf(room.b), nameOf(room.c)]);
    expect(reply.network.edges[0]).toEqual({ from: room.b.authorId, to: room.a.authorId, weight: 2 });
    const year = await page<S2vizReply>(room.c, 's2viz', '');
    expect(year.range).toEqual({ from: '2025-08-15', to: '2026-06-30' });
    expect(year.readsPerDay).toHaveLength(320);
    expect(year.readsPerDay.reduce((sum, day) => sum + day.reads, 0)).toBe(11);
    expect(year.nodes.map((node) => node.label)).toEqual(['A', 'B', nameOf(room.c)]);
  });

  it('dashboard: gives the manager actions, actors, Modify + Read per day and the per-user table with totals and averages', async () => {
    const reply = await page<DashboardReply>(room.manager, 'dashboard');
    const [a, b, c] = [room.a, room.b, room.c].map((who) => ({ key: who.authorId, label: nameOf(who), me: false }));
    expect(reply).toMatchObject({
      seesNames: true,
      view: null,
      views: [{ id: welcomeViewId, title: welcomeTitle, count: 16 }],
      // Alice: 3 notes, 1 save again, 4 self-reads (making a note private is not counted: nothing done on a private note is); Bob and Carol: 1 note, 3 reads each.
      actions: { read: 10, modified: 1, created: 5 },
      actors: [
        { author: a, count: 8 },
        { author: b, count: 4 },
        { author: c, count: 4 },
      ],
      perDay: [
        { day: '2025-10-06', modified: 0, read: 3 },
        { day: '2025-10-07', modified: 0, read: 5 },
        { day: '2025-10-08', modified: 1, read: 2 },
      ],
      users: [
        { author: a, counts: { read: 4, modified: 1, created: 3, total: 8 } },
        { author: b, counts: { read: 3, modified: 0, created: 1, total: 4 } },
        { author: c, counts: { read: 3, modified: 0, created: 1, total: 4 } },
      ],
      totals: { read: 10, modified: 1, created: 5, total: 16 },
      averages: { read: 3.33, modified: 0.33, created: 1.67, total: 5.33 },
      recordsTruncated: false,
    });
    // The record table: one row per day, author, contribution and action, titled; newest day first.
    expect(reply.records.map((r) => r.day)).toEqual([...reply.records.map((r) => r.day)].sort().reverse());
    expect(recordLines(reply).sort()).toEqual(
      [
        `2025-10-08 ${nameOf(room.a)} read My secret thought 1`,
        `2025-10-08 ${nameOf(room.a)} created My secret thought 1`,
        `2025-10-08 ${nameOf(room.a)} read Why do leaves fall? 1`,
        `2025-10-08 ${nameOf(room.a)} modified Why do leaves fall? 1`,
        // Bob read Alice's first note twice: one row, count 2.
        `2025-10-07 ${nameOf(room.b)} read Why do leaves fall? 2`,
        `2025-10-07 ${nameOf(room.c)} read Why do leaves fall? 1`,
        `2025-10-07 ${nameOf(room.c)} read Because of winter 1`,
        `2025-10-07 ${nameOf(room.c)} read Trees sleep 1`,
        `2025-10-07 ${nameOf(room.c)} created Trees sleep 1`,
        `2025-10-06 ${nameOf(room.a)} read Why do leaves fall? 1`,
        `2025-10-06 ${nameOf(room.a)} created Why do leaves fall? 1`,
        `2025-10-06 ${nameOf(room.b)} read Because of winter 1`,
        `2025-10-06 ${nameOf(room.b)} created Because of winter 1`,
        `2025-10-06 ${nameOf(room.a)} read And in spring? 1`,
        `2025-10-06 ${nameOf(room.a)} created And in spring? 1`,
      ].sort(),
    );
    // Within a day, the latest action first: Alice's private note (10:00) before her save of n1 (09:00).
    expect(recordLines(reply).slice(0, 4)).toEqual([
      `2025-10-08 ${nameOf(room.a)} read My secret thought 1`,
      `2025-10-08 ${nameOf(room.a)} created My secret thought 1`,
      `2025-10-08 ${nameOf(room.a)} read Why do leaves fall? 1`,
      `2025-10-08 ${nameOf(room.a)} modified Why do leaves fall? 1`,
    ]);
    expect(reply.records[0]?.contribution).toEqual({ id: notes.n5, title: 'My secret thought', type: 'Note' });
  });

  it('dashboard: the record table gives a writer the titles of what they may read, and nothing of the rest', async () => {
    const reply = await page<DashboardReply>(room.b, 'dashboard');
    const lines = recordLines(reply);
    // Alice's note, private since Wednesday, is left out (its writing and her read of it are still counted above).
    expect(lines).toHaveLength(13);
    expect(lines).toContain('2025-10-08 A modified Why do leaves fall? 1');
    expect(lines).toContain(`2025-10-07 ${nameOf(room.b)} read Why do leaves fall? 2`);
    expect(reply.actions).toEqual({ read: 10, modified: 1, created: 5 });
    const body = JSON.stringify(reply);
    expect(body).not.toContain('My secret thought');
    expect(body).not.toContain(notes.n5);
    expectNoOtherNames(body, room.b);
    // Thursday: Alice's read of her note (public, also placed in her private view) is listed; her private view is not.
    const thursday = await page<DashboardReply>(room.b, 'dashboard', 'from=2025-10-09&to=2025-10-09');
    expect(recordLines(thursday)).toContain('2025-10-09 A read And in spring? 1');
    expect(JSON.stringify(thursday)).not.toContain(privateViewId);
    const managers = await page<DashboardReply>(room.manager, 'dashboard', 'from=2025-10-09&to=2025-10-09');
    expect(managers.records.map((r) => r.contribution)).toContainEqual({ id: privateViewId, title: 'Alice only', type: 'View' });
    // One view: only what was done in it.
    const welcome = await page<DashboardReply>(room.b, 'dashboard', `from=2025-10-06&to=2025-10-08&view=${welcomeViewId}`);
    expect(recordLines(welcome)).toEqual(lines);
    const empty = await page<DashboardReply>(room.manager, 'dashboard', `from=2025-10-06&to=2025-10-09&view=${emptyViewId}`);
    expect(empty.records).toEqual([]);
  });

  it('dashboard: gives a writer the same figures with letters, and filters by view', async () => {
    const reply = await page<DashboardReply>(room.b, 'dashboard');
    expect(reply.seesNames).toBe(false);
    expect(reply.users.map((u) => [u.author.label, u.counts.total])).toEqual([
      ['A', 8],
      [nameOf(room.b), 4],
      ['B', 4],
    ]);
    expectNoOtherNames(JSON.stringify(reply), room.b);
    const welcome = await page<DashboardReply>(room.manager, 'dashboard', `from=2025-10-06&to=2025-10-08&view=${welcomeViewId}`);
    expect(welcome.totals).toEqual({ read: 10, modified: 1, created: 5, total: 16 });
    const empty = await page<DashboardReply>(room.manager, 'dashboard', `from=2025-10-06&to=2025-10-09&view=${emptyViewId}`);
    expect(empty.view).toEqual({ id: emptyViewId, title: 'Empty' });
    expect(empty.totals).toEqual({ read: 0, modified: 0, created: 0, total: 0 });
    expect(empty.users).toEqual([]);
    // Thursday: Alice's read in her private view; Bob's view chart leaves that view out, the manager's lists it.
    const thursday = 'from=2025-10-09&to=2025-10-09';
    const bobs = await page<DashboardReply>(room.b, 'dashboard', thursday);
    expect(bobs.views.map((v) => v.id)).not.toContain(privateViewId);
    expect(JSON.stringify(bobs)).not.toContain('Alice only');
    const managers = await page<DashboardReply>(room.manager, 'dashboard', thursday);
    expect(managers.views).toContainEqual({ id: privateViewId, title: 'Alice only', count: 1 });
  });

  it("dashboard.csv: the original's columns and file name, labels as the viewer sees them", async () => {
    const response = await must(room.b, 'GET', `/api/analytics/${room.communityId}/dashboard.csv?from=2025-10-06&to=2025-10-08`);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`Activity_Dashboard_Statics_${communityTitle}.csv`)}`,
    );
    const rows = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows).toEqual([
      ['User Name', '# of Reads', '# of Modified', '# of created', 'Total'],
      ['A', '4', '1', '3', '8'],
      [nameOf(room.b), '3', '0', '1', '4'],
      ['B', '3', '0', '1', '4'],
    ]);
    expectNoOtherNames(response.body, room.b);
    const managers = await must(room.manager, 'GET', `/api/analytics/${room.communityId}/dashboard.csv?from=2025-10-06&to=2025-10-08`);
    expect(managers.body).toContain(`${nameOf(room.a)},4,1,3,8`);
  });

  it('dashboard2: contributions the viewer may read by first author, by type in % and per day', async () => {
    expect(await page<NoteDashboardReply>(room.b, 'dashboard2')).toEqual({
      communityId: room.communityId,
      range: { from: '2025-10-06', to: '2025-10-08' },
      defaultRange: false,
      seesNames: false,
      total: 4,
      byAuthor: [
        { author: { key: 'A', label: 'A', me: false }, count: 2 },
        { author: { key: room.b.authorId, label: nameOf(room.b), me: true }, count: 1 },
        { author: { key: 'B', label: 'B', me: false }, count: 1 },
      ],
      types: [{ type: 'Note', count: 4, percent: 100 }],
      perDay: [
        { day: '2025-10-06', count: 3 },
        { day: '2025-10-07', count: 1 },
        { day: '2025-10-08', count: 0 },
      ],
    });
    const manager = await page<NoteDashboardReply>(room.manager, 'dashboard2');
    expect(manager.total).toBe(5);
    expect(manager.byAuthor.map((entry) => [entry.author.label, entry.count])).toEqual([
      [nameOf(room.a), 3],
      [nameOf(room.b), 1],
      [nameOf(room.c), 1],
    ]);
    expect(manager.perDay.map((day) => day.count)).toEqual([3, 1, 1]);
  });

  it('authornetwork: sizes authors by what the viewer may read, build-on edges by author pairs, letters for a writer', async () => {
    const bob = await page<AuthorNetworkReply>(room.b, 'authornetwork', '');
    expect(bob).toEqual({
      communityId: room.communityId,
      seesNames: false,
      // Alice's private note is not Bob's to count: Alice 2, Bob 1, Carol 1.
      nodes: [
        { author: { key: 'A', label: 'A', me: false }, size: 2, radius: 18 },
        { author: { key: room.b.authorId, label: nameOf(room.b), me: true }, size: 1, radius: 8 },
        { author: { key: 'B', label: 'B', me: false }, size: 1, radius: 8 },
      ],
      edges: [
        { from: 'A', to: room.b.authorId, weight: 1, stroke: 2 },
        { from: room.b.authorId, to: 'A', weight: 1, stroke: 2 },
      ],
    });
    expectNoOtherNames(JSON.stringify(bob), room.b);
    const manager = await page<AuthorNetworkReply>(room.manager, 'authornetwork', '');
    expect(manager.nodes.map((n) => [n.author.label, n.size, n.radius])).toEqual([
      [nameOf(room.a), 3, (2 / 3) * 20 + 8],
      [nameOf(room.b), 1, 8],
      [nameOf(room.c), 1, 8],
    ]);
  });

  it('authornetwork: filters by date range, group and view', async () => {
    const sizes = async (query: string) =>
      (await page<AuthorNetworkReply>(room.manager, 'authornetwork', query)).nodes.map((n) => [n.author.label, n.size]);
    expect(await sizes('from=2025-10-07&to=2025-10-08')).toEqual([
      [nameOf(room.a), 1],
      [nameOf(room.c), 1],
    ]);
    const pair = await page<AuthorNetworkReply>(room.manager, 'authornetwork', `group=${groupId}`);
    expect(pair.nodes.map((n) => n.author.label)).toEqual([nameOf(room.b), nameOf(room.c)]);
    expect(pair.edges).toEqual([]);
    expect(await sizes(`view=${emptyViewId}`)).toEqual([]);
    expect(await sizes(`view=${welcomeViewId}`)).toEqual([
      [nameOf(room.a), 3],
      [nameOf(room.b), 1],
      [nameOf(room.c), 1],
    ]);
  });

  it('answers 400 naming the field for bad input, 404 for a view or group that is not one', async () => {
    const status = async (name: string, query: string) => {
      const response = await call(room.b, 'GET', `/api/analytics/${room.communityId}/${name}?${query}`);
      return { code: response.statusCode, body: response.body };
    };
    const bad = async (name: string, query: string, field: string) => {
      const { code, body } = await status(name, query);
      expect(code, body).toBe(400);
      expect(body).toContain(field);
    };
    await bad('s2viz', 'from=2025-02-30', 'from');
    await bad('s2viz', 'from=2025-10-12&to=2025-10-06', 'to');
    await bad('dashboard', 'view=not-an-id', 'view');
    await bad('dashboard.csv', 'colour=blue', 'colour');
    await bad('dashboard2', 'to=2025-10-32', 'to');
    await bad('authornetwork', 'group=nope', 'group');
    await bad('authornetwork', 'from=2025-13-01', 'from');
    expect((await status('dashboard', `view=${notes.n1}`)).code).toBe(404);
    expect((await status('dashboard', `view=${privateViewId}`)).code).toBe(404);
    expect((await status('authornetwork', `view=${privateViewId}`)).code).toBe(404);
    expect((await status('authornetwork', `group=${welcomeViewId}`)).code).toBe(404);
  });

  it('refuses anonymous callers (401) and non-members (403) on every page', async () => {
    for (const name of ['s2viz', 'dashboard', 'dashboard.csv', 'dashboard2', 'authornetwork']) {
      expect((await call(null, 'GET', `/api/analytics/${room.communityId}/${name}`)).statusCode).toBe(401);
      const refused = await call(room.outsider, 'GET', `/api/analytics/${room.communityId}/${name}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain(room.a.userName);
    }
  });

  it('gives the same pages after the analytics read models are rebuilt from the event log', async () => {
    const pages = () =>
      Promise.all([
        page(room.b, 's2viz'),
        page(room.manager, 'dashboard'),
        page(room.b, 'dashboard2'),
        page(room.b, 'authornetwork', ''),
        page(room.manager, 'authornetwork', `group=${groupId}`),
      ]);
    const before = await pages();
    expect((await t.infra.runner.rebuild([analyticsProjection.name])).events).toBeGreaterThan(0);
    expect(await pages()).toEqual(before);
  });

  // Last: it adds activity (Friday) that the figures above do not expect.
  it("dashboard: a note private to a group is titled for the group's members only, never for another pupil", async () => {
    at('2025-10-10T09:00:00.000Z');
    const n6 = await write(room.c, 'Our pair plan');
    await must(room.c, 'PUT', `/api/objects/${room.communityId}/${n6}/permission`, { permission: 'private', group: groupId });
    const friday = 'from=2025-10-10&to=2025-10-10';
    // Carol wrote it (and so read it) while it was shared: counted, and Bob, in her group, sees its title.
    expect(recordLines(await page<DashboardReply>(room.b, 'dashboard', friday)).sort()).toEqual(
      ['2025-10-10 B created Our pair plan 1', '2025-10-10 B read Our pair plan 1'].sort(),
    );
    const alices = await page<DashboardReply>(room.a, 'dashboard', friday);
    expect(alices.records).toEqual([]);
    expect(JSON.stringify(alices)).not.toContain('Our pair plan');
    expect(JSON.stringify(alices)).not.toContain(n6);
    expect(recordLines(await page<DashboardReply>(room.manager, 'dashboard', friday))).toHaveLength(2);
  });
});
