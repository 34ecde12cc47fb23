import { beforeAll, describe, expect, it } from 'vitest';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import type { ViewSummary } from '../../../../contracts/api/communities.ts';
import type { SearchCountReply, SearchReply } from '../../../../contracts/api/search.ts';
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
 * Search on the full-text index (issue 14 §1, §2): accents folded, prefixes,
 * phrases, ranking, snippets from the index that carry no markup, a
 * classmate's private note never counted nor shown on any page, the tokens
 * typed among the words, the index following edits and rebuilds, and who is
 * refused. Runs on the embedded SQLite read store (FTS5), the default.
 */

const clock = shiftableClock();
let room: ClassRoom;
let other: ClassRoom;

type Who = { token: string } | null;

const post = (who: Who, path: string, payload: unknown, communityId = room.communityId) =>
  t.app.inject({
    method: 'POST',
    url: `/api/contributions/${communityId}/search${path}`,
    headers: who ? auth(who.token) : {},
    payload: payload as object,
  });
const search = async (who: Member, query: Record<string, unknown>, searchType?: string): Promise<SearchReply> => {
  const response = await post(who, '', { query, ...(searchType ? { searchType } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchReply>();
};
const count = async (who: Member, query: Record<string, unknown>): Promise<SearchCountReply> => {
  const response = await post(who, '/count', { query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchCountReply>();
};
const idsOf = (reply: SearchReply) => reply.results.map((r) => r._id);

const save = async (who: Member, id: string, revision: number, title: string, text: string) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/objects/${room.communityId}/${id}`,
    headers: auth(who.token),
    payload: { revision, title, body: textDoc(text) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ObjectReply>();
};

const note = async (who: Member, title: string, text: string, permission: 'private' | 'protected' | 'public' = 'protected') => {
  clock.advance(1000);
  const id = await createContribution(t, {
    communityId: room.communityId,
    type: 'Note',
    authors: [who.authorId],
    actorId: who.userId,
    permission,
    group: null,
  });
  expect((await save(who, id, 0, title, text)).status).toBe('active');
  return id;
};

const t = useTestApp(() => buildObjectsTestApp({ clock }));

let emergence: string;
let electricity: string;
let leavesStore: string;
let storeLeaves: string;
let markup: string;

beforeAll(async () => {
  room = await classRoom(t);
  other = await classRoom(t);
  emergence = await note(room.a, 'Émergence des idées', 'Les idées émergent quand on construit ensemble.', 'public');
  electricity = await note(room.b, 'Courant', "L'Électricité circule dans les fils de cuivre.");
  leavesStore = await note(room.a, 'Leaves', 'Leaves store sugar for the winter.');
  storeLeaves = await note(room.b, 'Shop', 'The store sells leaves of tea and sugar.');
  markup = await note(room.b, 'Markup <b>title</b>', 'A claim <img src=x onerror=alert(1)> about quartz crystals.');
});

describe('search on the full-text index', () => {
  it('folds accents: "emergence" finds "Émergence", "electricite" finds "Électricité"', async () => {
    expect(idsOf(await search(room.c, { words: 'emergence' }))).toEqual([emergence]);
    expect(idsOf(await search(room.c, { words: 'ELECTRICITE' }))).toEqual([electricity]);
    expect(idsOf(await search(room.c, { words: 'électricité cuivre' }))).toEqual([electricity]);
  });

  it('finds the words a word begins (prefix), and a quoted word as typed', async () => {
    expect(idsOf(await search(room.c, { words: 'electr' }))).toEqual([electricity]);
    expect(idsOf(await search(room.c, { words: 'emerg' }))).toEqual([emergence]);
    expect(idsOf(await search(room.c, { words: '"electr"' }))).toEqual([]);
    expect(idsOf(await search(room.c, { words: '"electricite"' }))).toEqual([electricity]);
  });

  it('matches phrases in quotes as consecutive words only', async () => {
    expect(idsOf(await search(room.c, { words: '"leaves store"' }))).toEqual([leavesStore]);
    expect(idsOf(await search(room.c, { words: '"store sells leaves"' }))).toEqual([storeLeaves]);
    expect(idsOf(await search(room.c, { words: 'leaves store' })).sort()).toEqual([leavesStore, storeLeaves].sort());
    expect(idsOf(await search(room.c, { words: '"sugar leaves"' }))).toEqual([]);
  });

  it('ranks a word of the title first, and answers each match with its score', async () => {
    const reply = await search(room.c, { words: 'leaves' });
    expect(idsOf(reply)).toEqual([leavesStore, storeLeaves]);
    const [first, second] = reply.results;
    expect(first?.score).toBeGreaterThan(second?.score ?? Infinity);
  });

  it('gives snippets from the index with the matched words marked, markup kept as plain text', async () => {
    const [hit] = (await search(room.c, { words: 'quartz' })).results;
    expect(hit?._id).toBe(markup);
    expect(hit?.snippet?.filter((p) => p.hit).map((p) => p.text)).toEqual(['quartz']);
    // The text is given as text: the web shows it as such, so `<img …>` stays characters, never an element.
    expect(hit?.snippet?.map((p) => p.text).join('')).toContain('<img src=x onerror=alert(1)>');
    expect(hit?.title).toBe('Markup <b>title</b>');
    const [folded] = (await search(room.c, { words: 'electricite' })).results;
    expect(folded?.snippet?.filter((p) => p.hit).map((p) => p.text)).toEqual(['Électricité']);
  });

  it('follows edits: a word removed by a save is no longer found, a new one is', async () => {
    const id = await createContribution(t, {
      communityId: room.communityId,
      type: 'Note',
      authors: [room.a.authorId],
      actorId: room.a.userId,
      permission: 'protected',
      group: null,
    });
    const first = await save(room.a, id, 0, 'Volcano', 'Magma rises slowly.');
    expect(idsOf(await search(room.c, { words: 'magma' }))).toEqual([id]);
    await save(room.a, id, first.revision, 'Volcano', 'Lava flows downhill.');
    expect(idsOf(await search(room.c, { words: 'magma' }))).toEqual([]);
    expect(idsOf(await search(room.c, { words: 'lava' }))).toEqual([id]);
  });

  it('answers the same after the index is rebuilt (kf rebuild)', async () => {
    const before = idsOf(await search(room.c, { words: 'leaves' }));
    await t.infra.runner.rebuild(['search']);
    expect(idsOf(await search(room.c, { words: 'leaves' }))).toEqual(before);
    expect(idsOf(await search(room.c, { words: 'emergence' }))).toEqual([emergence]);
  });
});

describe('private notes and pages', () => {
  it("never counts nor shows a classmate's private note, on any page", async () => {
    const open: string[] = [];
    const hidden: string[] = [];
    for (let i = 0; i < 5; i++) open.push(await note(room.a, `Ocelot ${i}`, 'ocelot facts'));
    for (let i = 0; i < 3; i++) hidden.push(await note(room.a, `Ocelot secret ${i}`, 'ocelot secrets ocelot ocelot', 'private'));
    const pages = await Promise.all([1, 2, 3, 4].map((page) => search(room.c, { words: 'ocelot', pagesize: 2, page })));
    expect(pages.map((p) => p.results.length)).toEqual([2, 2, 1, 0]);
    expect(pages.flatMap(idsOf).sort()).toEqual([...open].sort());
    for (const page of pages) expect(page.pager.total).toBe(5);
    expect(JSON.stringify(pages)).not.toContain('secret');
    expect(await count(room.c, { words: 'ocelot' })).toEqual({ count: 5, filteredObjectIDs: expect.any(Array) as unknown });
    expect((await count(room.c, { words: 'secret' })).count).toBe(0);
    // Its author and the teacher find all eight; the private ones rank first for them (the word thrice).
    expect((await count(room.a, { words: 'ocelot' })).count).toBe(8);
    expect((await count(room.manager, { words: 'ocelot' })).count).toBe(8);
    expect(idsOf(await search(room.a, { words: 'ocelot', pagesize: 3 })).sort()).toEqual([...hidden].sort());
  });
});

describe('query tokens typed among the words', () => {
  it('-author, -type, -searchMode, -private and -view narrow the search', async () => {
    expect(idsOf(await search(room.c, { words: `leaves -author:${room.b.userName}` }))).toEqual([storeLeaves]);
    expect(idsOf(await search(room.c, { words: 'leaves -type:View' }))).toEqual([]);
    expect(idsOf(await search(room.c, { words: 'leaves -type:note' })).length).toBe(2);
    expect(idsOf(await search(room.c, { words: 'store -searchMode:title' }))).toEqual([]);
    expect(idsOf(await search(room.c, { words: 'shop -searchMode:title' }))).toEqual([storeLeaves]);
    expect(idsOf(await search(room.a, { words: 'leaves -private' }))).toEqual([leavesStore]);
    expect(idsOf(await search(room.c, { words: `leaves -view:${'c'.repeat(24)}` }))).toEqual([]);
    expect(idsOf(await search(room.c, { words: `leaves -from:2999-01-01` }))).toEqual([]);
  });

  it('refuses an unknown author as "author:{name} not found", and a bad token value naming its field', async () => {
    const ghost = await post(room.c, '', { query: { words: 'leaves -author:ghost' } });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json()).toMatchObject({ message: 'author:ghost not found', errors: [{ field: 'query.authors' }] });
    const cases: [string, string][] = [
      ['leaves -from:yesterday', 'query.from'],
      ['leaves -to:soon', 'query.to'],
      ['leaves -view:nope', 'query.viewIds'],
      ['leaves -type:Poem', 'query.type'],
      ['leaves -searchMode:regex', 'query.searchMode'],
    ];
    for (const [words, field] of cases) {
      for (const path of ['', '/count']) {
        const response = await post(room.c, path, { query: { words } });
        expect(response.statusCode, words).toBe(400);
        expect(
          response.json<{ errors: { field: string }[] }>().errors.map((e) => e.field),
          words,
        ).toContain(field);
      }
    }
  });

  it('treats regular-expression characters as plain text (no injection, no error)', async () => {
    for (const words of ['(a+)+$', '.*', '[', '"unclosed', '\\', 'NEAR(a b)', 'leaves OR sugar', '*']) {
      const response = await post(room.c, '', { query: { words } });
      expect(response.statusCode, words).toBe(200);
    }
    expect(idsOf(await search(room.c, { words: '.*' }))).toEqual([]);
    expect(idsOf(await search(room.c, { words: 'leaves OR sugar' }))).toEqual([]);
  });
});

describe('the detailed table (extra info)', () => {
  it('gives keywords, the views holding a result and what it builds on, leaving out what the caller may not read', async () => {
    const views = await t.app.inject({ method: 'GET', url: `/api/communities/${room.communityId}/views`, headers: auth(room.a.token) });
    const welcome = views.json<ViewSummary[]>()[0] as ViewSummary;
    const link = async (who: Member, from: string, to: string, type: string, data: Record<string, unknown> = {}) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: auth(who.token),
        payload: { from, to, type, data },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const secret = await note(room.a, 'Hidden basis', 'private thoughts', 'private');
    const id = await createContribution(t, {
      communityId: room.communityId,
      type: 'Note',
      authors: [room.a.authorId],
      actorId: room.a.userId,
      permission: 'protected',
      group: null,
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/objects/${room.communityId}/${id}`,
      headers: auth(room.a.token),
      payload: { revision: 0, title: 'Tapir detail', body: textDoc('tapirs swim'), keywords: 'animals; rivers' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await link(room.a, welcome._id, id, 'contains', { x: 10, y: 10 });
    await link(room.a, id, secret, 'buildson');
    await link(room.a, id, emergence, 'buildson');

    const [forCarol] = (await search(room.c, { words: 'tapir', extraInfo: true })).results;
    expect(forCarol?.extra).toEqual({
      keywords: ['animals', 'rivers'],
      scaffolds: [],
      views: [{ _id: welcome._id, title: welcome.title }],
      buildsOn: { _id: emergence, title: 'Émergence des idées' },
      // Alice wrote it (and her save marked it read for her).
      editors: [expect.stringContaining(room.a.userName)],
      readers: [expect.stringContaining(room.a.userName)],
    });
    const [forAlice] = (await search(room.a, { words: 'tapir', extraInfo: true })).results;
    expect(forAlice?.extra?.buildsOn).toEqual({ _id: secret, title: 'Hidden basis' });
    // Without the flag, no extra information is computed.
    expect((await search(room.c, { words: 'tapir' })).results[0]?.extra).toBeUndefined();
  });
});

describe('who may search', () => {
  it('refuses a pupil of another community, a manager of another class and a stranger', async () => {
    for (const path of ['', '/count']) {
      expect((await post(other.a, path, { query: { words: 'leaves' } })).statusCode).toBe(403);
      expect((await post(other.manager, path, { query: { words: 'leaves' } })).statusCode).toBe(403);
      expect((await post(room.outsider, path, { query: { words: 'leaves' } })).statusCode).toBe(403);
      expect((await post(null, path, { query: { words: 'leaves' } })).statusCode).toBe(401);
    }
    // Their own community's search never reaches this one's notes.
    const own = await post(other.manager, '', { query: { words: 'leaves' } }, other.communityId);
    expect(own.statusCode).toBe(200);
    expect(own.json<SearchReply>().results).toEqual([]);
  });
});
