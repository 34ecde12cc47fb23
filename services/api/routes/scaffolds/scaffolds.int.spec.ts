import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunitySettings } from '../../../../contracts/api/communities.ts';
import type { ScaffoldManagerReply, TrackerReply } from '../../../../contracts/api/scaffolds.ts';
import { communityStreamName } from '../../../../contracts/events/community.ts';
import { contributionStreamName } from '../../../../contracts/events/contribution.ts';
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
 * The scaffold manager and the scaffold support tracker (issue 13 §5–§6) through the real API:
 * what a manager changes (add, delete, save-order, supports added, renamed, reordered, removed),
 * what the pupil, a classmate, a manager of another class and a stranger cannot do, 400s naming
 * the field, and the tracker's counts, pseudonyms and filters.
 */

let t: TestApp;
let room: ClassRoom;
let other: ClassRoom;

type Who = { token: string } | null;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? auth(who.token) : {}, ...(payload ? { payload } : {}) });
const must = async (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await call(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
};
const base = () => `/api/communities/${room.communityId}`;
const page = async (who: Who = room.manager) => (await must(who, 'GET', `${base()}/scaffoldmanager`)).json<ScaffoldManagerReply>();
const codeOf = (response: { json: <T>() => T }) => response.json<{ messageCode?: string }>().messageCode;

const write = async (who: Member, title: string, body: object): Promise<string> => {
  const viewId = (await must(who, 'GET', base())).json<{ views: string[] }>().views[0] ?? '';
  const created = await must(who, 'POST', `/api/contributions/${room.communityId}`, {
    type: 'Note',
    title,
    placement: { viewId, x: 100, y: 100 },
  });
  const id = created.json<{ contribution: { _id: string } }>().contribution._id;
  const loaded = (await must(who, 'GET', `/api/objects/${id}`)).json<{ revision: number }>();
  await must(who, 'PUT', `/api/objects/${room.communityId}/${id}`, { revision: loaded.revision, title, body });
  return id;
};

beforeAll(async () => {
  t = await buildObjectsTestApp();
  room = await classRoom(t);
  other = await classRoom(t);
}, 120_000);
afterAll(async () => t?.close());

describe('scaffold manager', () => {
  it('lists the registered scaffolds with their supports to every member; only managers may manage', async () => {
    const byManager = await page();
    expect(byManager.mayManage).toBe(true);
    expect(byManager.rootContextId).toBe(room.rootContextId);
    expect(byManager.scaffolds.length).toBeGreaterThanOrEqual(1);
    // The default scaffolds are offered by the root context's `uses` links: used.
    expect(byManager.scaffolds.every((s) => s.used)).toBe(true);
    expect(byManager.scaffolds[0]?.supports.map((s) => s.title)).toContain('Mon idée');
    const byPupil = await page(room.a);
    expect(byPupil.mayManage).toBe(false);
    expect(byPupil.scaffolds).toEqual(byManager.scaffolds);
    expect((await call(other.manager, 'GET', `${base()}/scaffoldmanager`)).statusCode).toBe(403);
    expect((await call(room.outsider, 'GET', `${base()}/scaffoldmanager`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `${base()}/scaffoldmanager`)).statusCode).toBe(401);
  });

  it('adds a scaffold by title (registered last, as events on the scaffold and community streams), refused to the others', async () => {
    const before = await page();
    const added = await call(room.manager, 'POST', `${base()}/scaffolds`, { title: '  Questions  ' });
    expect(added.statusCode, added.body).toBe(201);
    const reply = added.json<ScaffoldManagerReply>();
    expect(reply.scaffolds.map((s) => s.title)).toEqual([...before.scaffolds.map((s) => s.title), 'Questions']);
    const created = reply.scaffolds.at(-1);
    expect(created).toMatchObject({ used: false, supports: [] });
    const { events } = await t.infra.commandDeps.eventStore.readStream(communityStreamName(room.communityId));
    expect(events.map((e) => e.type)).toContain('CommunityScaffoldRegistered');

    for (const who of [room.a, room.b, other.manager, room.outsider]) {
      const refused = await call(who, 'POST', `${base()}/scaffolds`, { title: 'Sneaky' });
      expect(refused.statusCode, refused.body).toBe(403);
    }
    expect((await call(null, 'POST', `${base()}/scaffolds`, { title: 'Sneaky' })).statusCode).toBe(401);
    expect((await page()).scaffolds.some((s) => s.title === 'Sneaky')).toBe(false);
  });

  it('answers 400 naming the field on bad input, never 500', async () => {
    for (const [url, method, payload, field] of [
      [`${base()}/scaffolds`, 'POST', { title: '' }, 'title'],
      [`${base()}/scaffolds`, 'POST', { title: '   ' }, 'title'],
      [`${base()}/scaffolds`, 'POST', {}, 'title'],
      [`${base()}/scaffolds/order`, 'PUT', { scaffoldIds: ['nope'] }, 'scaffoldIds'],
      [`${base()}/scaffolds/order`, 'PUT', { scaffoldIds: 'x' }, 'scaffoldIds'],
    ] as const) {
      const response = await call(room.manager, method, url, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(field);
    }
    const badId = await call(room.manager, 'DELETE', `${base()}/scaffolds/not-an-id`);
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('scaffoldId');
  });

  it('saves the order of all the scaffolds; a stale list is refused (409) and nothing changes', async () => {
    const current = (await page()).scaffolds.map((s) => s._id);
    const reversed = [...current].reverse();
    const saved = (await must(room.manager, 'PUT', `${base()}/scaffolds/order`, { scaffoldIds: reversed })).json<ScaffoldManagerReply>();
    expect(saved.scaffolds.map((s) => s._id)).toEqual(reversed);
    expect((await page(room.a)).scaffolds.map((s) => s._id)).toEqual(reversed);
    const stale = await call(room.manager, 'PUT', `${base()}/scaffolds/order`, { scaffoldIds: reversed.slice(1) });
    expect(stale.statusCode).toBe(409);
    expect(codeOf(stale)).toBe('community.scaffoldOrderStale');
    for (const who of [room.a, other.manager, room.outsider]) {
      expect((await call(who, 'PUT', `${base()}/scaffolds/order`, { scaffoldIds: current })).statusCode).toBe(403);
    }
    expect((await page()).scaffolds.map((s) => s._id)).toEqual(reversed);
    await must(room.manager, 'PUT', `${base()}/scaffolds/order`, { scaffoldIds: current });
  });

  it('edits the supports of a scaffold: add, rename, reorder, remove — managers only', async () => {
    const scaffold = (await page()).scaffolds.find((s) => s.title === 'Questions');
    if (!scaffold) throw new Error('the scaffold added above is missing');
    const supports = `${base()}/scaffolds/${scaffold._id}/supports`;
    await must(room.manager, 'POST', supports, { title: 'Pourquoi ?' });
    await must(room.manager, 'POST', supports, { title: 'Comment ?' });
    let reply = (await must(room.manager, 'POST', supports, { title: 'Et si ?' })).json<ScaffoldManagerReply>();
    let mine = reply.scaffolds.find((s) => s._id === scaffold._id);
    expect(mine?.supports.map((s) => [s.title, s.order])).toEqual([
      ['Pourquoi ?', 0],
      ['Comment ?', 1],
      ['Et si ?', 2],
    ]);
    const [why, how, whatIf] = (mine?.supports ?? []).map((s) => s._id) as [string, string, string];

    reply = (await must(room.manager, 'PUT', `${supports}/${how}`, { title: 'Comment cela marche-t-il ?' })).json<ScaffoldManagerReply>();
    expect(reply.scaffolds.find((s) => s._id === scaffold._id)?.supports[1]?.title).toBe('Comment cela marche-t-il ?');

    reply = (await must(room.manager, 'PUT', `${supports}/order`, { supportIds: [whatIf, why, how] })).json<ScaffoldManagerReply>();
    mine = reply.scaffolds.find((s) => s._id === scaffold._id);
    expect(mine?.supports.map((s) => s._id)).toEqual([whatIf, why, how]);
    const stale = await call(room.manager, 'PUT', `${supports}/order`, { supportIds: [why, how] });
    expect(stale.statusCode).toBe(409);

    reply = (await must(room.manager, 'DELETE', `${supports}/${why}`)).json<ScaffoldManagerReply>();
    expect(reply.scaffolds.find((s) => s._id === scaffold._id)?.supports.map((s) => s._id)).toEqual([whatIf, how]);
    expect((await call(room.manager, 'DELETE', `${supports}/${why}`)).statusCode).toBe(404);
    expect((await call(room.manager, 'POST', supports, { title: ' ' })).body).toContain('title');

    for (const who of [room.a, room.b, other.manager, room.outsider]) {
      expect((await call(who, 'POST', supports, { title: 'x' })).statusCode).toBe(403);
      expect((await call(who, 'PUT', `${supports}/${how}`, { title: 'x' })).statusCode).toBe(403);
      expect((await call(who, 'PUT', `${supports}/order`, { supportIds: [how, whatIf] })).statusCode).toBe(403);
      expect((await call(who, 'DELETE', `${supports}/${how}`)).statusCode).toBe(403);
    }
    // A manager of another class cannot reach this scaffold through his own community either.
    const foreign = await call(other.manager, 'POST', `/api/communities/${other.communityId}/scaffolds/${scaffold._id}/supports`, {
      title: 'x',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await page()).scaffolds.find((s) => s._id === scaffold._id)?.supports.map((s) => s.title)).toEqual([
      'Et si ?',
      'Comment cela marche-t-il ?',
    ]);
  });

  it('refuses to delete a scaffold the settings use; deletes an unused one', async () => {
    const { scaffolds } = await page();
    const used = scaffolds.find((s) => s.used);
    const unused = scaffolds.find((s) => !s.used);
    if (!used || !unused) throw new Error('expected a used and an unused scaffold');
    const refused = await call(room.manager, 'DELETE', `${base()}/scaffolds/${used._id}`);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('community.scaffoldUsed');
    expect((await call(room.a, 'DELETE', `${base()}/scaffolds/${unused._id}`)).statusCode).toBe(403);
    expect((await call(other.manager, 'DELETE', `/api/communities/${other.communityId}/scaffolds/${unused._id}`)).statusCode).toBe(404);
    const reply = (await must(room.manager, 'DELETE', `${base()}/scaffolds/${unused._id}`)).json<ScaffoldManagerReply>();
    expect(reply.scaffolds.map((s) => s._id)).not.toContain(unused._id);

    // Once the settings stop offering it, the used one can go too.
    const settings = (await must(room.manager, 'GET', `${base()}/settings`)).json<CommunitySettings>();
    await must(room.manager, 'PUT', `${base()}/settings`, {
      data: settings.data,
      scaffoldIds: settings.scaffoldIds.filter((id) => id !== used._id),
    });
    await must(room.manager, 'DELETE', `${base()}/scaffolds/${used._id}`);
    expect((await page()).scaffolds.map((s) => s._id)).not.toContain(used._id);
  });
});

describe('scaffold manager: each change is one atomic append (issue 22 §4)', () => {
  /** Records each write's streams; writes after the first `allowed` are refused, as a crash between two appends would stop them. */
  const watchWrites = (allowed = Infinity) => {
    const store = t.infra.commandDeps.eventStore;
    const append = store.append.bind(store);
    const appendMany = store.appendMany.bind(store);
    const writes: string[][] = [];
    const crashed = () => writes.length > allowed;
    store.append = (streamName, events, options) => {
      writes.push([streamName]);
      return crashed() ? Promise.reject(new Error('injected crash')) : append(streamName, events, options);
    };
    store.appendMany = (appends) => {
      writes.push(appends.map((part) => part.streamName));
      return crashed() ? Promise.reject(new Error('injected crash')) : appendMany(appends);
    };
    return {
      writes,
      restore: () => {
        store.append = append;
        store.appendMany = appendMany;
      },
    };
  };

  it('adds a scaffold with its registration, and a support with its link, each in one write', async () => {
    const watch = watchWrites();
    try {
      const reply = (await must(room.manager, 'POST', `${base()}/scaffolds`, { title: 'Atomique' })).json<ScaffoldManagerReply>();
      const scaffoldId = reply.scaffolds.at(-1)?._id ?? '';
      await must(room.manager, 'POST', `${base()}/scaffolds/${scaffoldId}/supports`, { title: 'Une seule fois' });
      expect(watch.writes).toHaveLength(2);
      expect(watch.writes[0]).toEqual(expect.arrayContaining([communityStreamName(room.communityId), contributionStreamName(scaffoldId)]));
      expect(watch.writes[1]).toHaveLength(2);
      expect(watch.writes[1]).toContain(contributionStreamName(scaffoldId));
    } finally {
      watch.restore();
    }
  });

  it('leaves no half-done change when the process stops after its first write', async () => {
    const head = () => t.infra.commandDeps.eventStore.headPosition();
    const scaffoldId = (await page()).scaffolds[0]?._id ?? '';
    for (const [url, title] of [
      [`${base()}/scaffolds`, 'Moitié'],
      [`${base()}/scaffolds/${scaffoldId}/supports`, 'Moitié'],
    ] as const) {
      const before = await page();
      const position = await head();
      const watch = watchWrites(1);
      let status: number;
      try {
        status = (await call(room.manager, 'POST', url, { title })).statusCode;
      } finally {
        watch.restore();
      }
      // Either the whole change is stored (one write), or nothing is.
      if (status === 201) {
        expect(watch.writes).toHaveLength(1);
        expect(JSON.stringify(await page())).toContain(title);
      } else {
        expect(await head(), `${url} wrote part of its change`).toBe(position);
        expect(await page()).toEqual(before);
      }
    }
  });
});

describe('scaffold manager: everything is events', () => {
  it('gives the same page after the communities and contributions read models are rebuilt from the log', async () => {
    const before = await page();
    expect(before.scaffolds.length).toBeGreaterThan(0);
    const rebuilt = await t.infra.runner.rebuild(['communities', 'contributions']);
    expect(rebuilt.events).toBeGreaterThan(0);
    expect(await page()).toEqual(before);
  });
});

describe('scaffold support tracker', () => {
  let myIdea = '';
  let understand = '';
  const notes: Record<string, string> = {};
  let first: ClassRoom;
  const tracker = (who: Who, query: string) => call(who, 'GET', `/api/analytics/${room.communityId}/scaffoldsupporttracker?${query}`);

  beforeAll(async () => {
    const list = (await must(other.manager, 'GET', `/api/communities/${other.communityId}/scaffoldmanager`)).json<ScaffoldManagerReply>();
    const supports = list.scaffolds[0]?.supports ?? [];
    myIdea = supports.find((s) => s.title === 'Mon idée')?._id ?? '';
    understand = supports.find((s) => s.title === "J'ai besoin de comprendre")?._id ?? '';
    first = room;
    room = other;
    notes.n1 = await write(
      room.a,
      'Leaves',
      docOf(supportNode(myIdea, 'light'), supportNode(myIdea, 'cold'), supportNode(understand, 'why')),
    );
    notes.n2 = await write(room.b, 'Winter', docOf(supportNode(myIdea, 'rest')));
    notes.n3 = await write(room.c, 'Plain', textDoc('No support here.'));
    notes.secret = await write(room.a, 'Secret thought', docOf(supportNode(understand, 'hidden')));
    await must(room.a, 'PUT', `/api/objects/${room.communityId}/${notes.secret}/permission`, { permission: 'private', group: null });
  }, 60_000);

  it('counts each chosen support, most used first, with the notes that use them', async () => {
    const reply = (
      await must(room.manager, 'GET', `/api/analytics/${room.communityId}/scaffoldsupporttracker?supports=${myIdea},${understand}`)
    ).json<TrackerReply>();
    expect(reply.seesNames).toBe(true);
    expect(reply.supports.map((s) => [s.supportId, s.total, s.notes])).toEqual([
      [myIdea, 3, 2],
      [understand, 2, 2],
    ]);
    expect(reply.notes.map((n) => n._id).sort()).toEqual([notes.n1, notes.n2, notes.secret].sort());
    expect(reply.notes.find((n) => n._id === notes.n1)).toMatchObject({ title: 'Leaves', usage: { [myIdea]: 2, [understand]: 1 } });
    expect(reply.searched).toBe(4);
  });

  it("gives a classmate letters for the others and never the pupil's private note", async () => {
    const response = await tracker(room.b, `supports=${myIdea},${understand}`);
    expect(response.statusCode).toBe(200);
    const reply = response.json<TrackerReply>();
    expect(reply.seesNames).toBe(false);
    expect(reply.notes.map((n) => n._id)).not.toContain(notes.secret);
    expect(response.body).not.toContain('Secret thought');
    expect(response.body).not.toContain(room.a.userName);
    expect(reply.supports.find((s) => s.supportId === understand)?.total).toBe(1);
    expect(reply.notes.find((n) => n._id === notes.n2)?.author.me).toBe(true);
  });

  it('filters by words and dates; authors only for managers', async () => {
    const words = (
      await must(room.manager, 'GET', `/api/analytics/${room.communityId}/scaffoldsupporttracker?supports=${myIdea}&words=winter`)
    ).json<TrackerReply>();
    expect(words.notes.map((n) => n._id)).toEqual([notes.n2]);
    const past = (
      await must(room.manager, 'GET', `/api/analytics/${room.communityId}/scaffoldsupporttracker?supports=${myIdea}&to=2001-01-01`)
    ).json<TrackerReply>();
    expect(past.notes).toEqual([]);
    const byAuthor = (
      await must(
        room.manager,
        'GET',
        `/api/analytics/${room.communityId}/scaffoldsupporttracker?supports=${myIdea}&authors=${room.b.authorId}`,
      )
    ).json<TrackerReply>();
    expect(byAuthor.notes.map((n) => n._id)).toEqual([notes.n2]);
    expect((await tracker(room.b, `supports=${myIdea}&authors=${room.a.authorId}`)).statusCode).toBe(403);
  });

  it('is refused to a manager of another class and a stranger, and answers 400 naming the field', async () => {
    const query = `supports=${myIdea}`;
    const foreign = await tracker(first.manager, query);
    expect(foreign.statusCode).toBe(403);
    expect(codeOf(foreign)).toBe('community.notMember');
    const stranger = await tracker(room.outsider, query);
    expect(stranger.statusCode).toBe(403);
    expect(codeOf(stranger)).toBe('community.notMember');
    expect((await tracker(null, query)).statusCode).toBe(401);
    for (const [bad, field] of [
      ['', 'supports'],
      ['supports=nope', 'supports'],
      [`supports=${myIdea}&from=2025-13-45`, 'from'],
      [`supports=${'a'.repeat(24)}`, 'supports'],
    ] as const) {
      const response = await tracker(room.manager, bad);
      expect(response.statusCode, `${bad}: ${response.body}`).toBe(400);
      expect(response.body).toContain(field);
    }
  });
});
