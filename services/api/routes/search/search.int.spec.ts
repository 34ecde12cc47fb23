import { beforeAll, describe, expect, it } from 'vitest';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import type { SearchCountReply, SearchReply } from '../../../../contracts/api/search.ts';
import type { ViewSummary } from '../../../../contracts/api/communities.ts';
import {
  auth,
  buildObjectsTestApp,
  classRoom,
  createContribution,
  createGroup,
  shiftableClock,
  textDoc,
  type ClassRoom,
  type Member,
} from '../../../../tests/support/objects.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

/**
 * Search (spec part 2 §Search; fact sheet §5 and §12): only active
 * contributions of the caller's community that the caller may read, in
 * results and in counts; members only; unknown authors refused with the
 * spec's message; paging; case-insensitive words.
 */

const clock = shiftableClock();
let room: ClassRoom;
let welcomeViewId: string;

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
const count = async (who: Member, query: Record<string, unknown>, searchType?: string): Promise<SearchCountReply> => {
  const response = await post(who, '/count', { query, ...(searchType ? { searchType } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchCountReply>();
};
const titles = (reply: SearchReply) => reply.results.map((r) => r.title).sort();

/** A note by `who`, contributed through the editor's save (the server computes its search text). */
const note = async (
  who: Member,
  title: string,
  text: string,
  options: { permission?: 'private' | 'protected' | 'public'; group?: string | null } = {},
) => {
  const id = await createContribution(t, {
    communityId: room.communityId,
    type: 'Note',
    authors: [who.authorId],
    actorId: who.userId,
    permission: options.permission ?? 'protected',
    group: options.group ?? null,
  });
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/objects/${room.communityId}/${id}`,
    headers: auth(who.token),
    payload: { revision: 0, title, body: textDoc(text) },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<ObjectReply>().status).toBe('active');
  return id;
};

let privateId: string;
let publicId: string;

const t = useTestApp(() => buildObjectsTestApp({ clock }));
beforeAll(async () => {
  room = await classRoom(t);
  const views = await t.app.inject({ method: 'GET', url: `/api/communities/${room.communityId}/views`, headers: auth(room.a.token) });
  welcomeViewId = (views.json<ViewSummary[]>()[0] as ViewSummary)._id;
  privateId = await note(room.a, 'Secret chlorophyll diary', 'Leaves store CHLOROPHYLL in the dark.', { permission: 'private' });
  publicId = await note(room.a, 'Why are leaves green?', 'Because of chlorophyll, I think.', { permission: 'public' });
});

describe('POST /api/contributions/:communityId/search — permissions', () => {
  it("never shows a third student another's private note, nor its title, in results or counts", async () => {
    const results = await search(room.c, { words: 'chlorophyll' });
    expect(results.results.map((r) => r._id)).toEqual([publicId]);
    expect(results.pager.total).toBe(1);
    const counted = await count(room.c, { words: 'chlorophyll' }, 'main_search');
    expect(counted).toEqual({ count: 1, filteredObjectIDs: [publicId] });

    // A word only in the private note's title or body finds nothing; the title never leaves the server.
    for (const words of ['diary', 'secret', 'dark']) {
      const response = await post(room.c, '', { query: { words } });
      expect(response.json<SearchReply>().pager.total, words).toBe(0);
      expect(response.body).not.toContain('Secret chlorophyll');
      expect((await count(room.c, { words })).count, words).toBe(0);
    }
    // Asking for its id (the original's rangeOfID) gives nothing either.
    const byId = await post(room.c, '', { query: { rangeOfID: [privateId, publicId] } });
    expect(byId.json<SearchReply>().results.map((r) => r._id)).toEqual([publicId]);
    expect(byId.body).not.toContain('Secret');
  });

  it('shows the author both notes, and a manager too', async () => {
    expect(titles(await search(room.a, { words: 'chlorophyll' }))).toEqual(['Secret chlorophyll diary', 'Why are leaves green?']);
    expect((await count(room.a, { words: 'chlorophyll' })).count).toBe(2);
    expect((await count(room.manager, { words: 'chlorophyll' })).count).toBe(2);
  });

  it('shows a private note to the members of its group', async () => {
    const group = await createGroup(t, room.communityId, room.manager.authorId, [room.b.authorId]);
    const id = await note(room.a, 'Team photosynthesis plan', 'Our plan.', { permission: 'private', group });
    expect((await search(room.b, { words: 'photosynthesis plan' })).results.map((r) => r._id)).toEqual([id]);
    expect((await search(room.c, { words: 'photosynthesis plan' })).results).toEqual([]);
  });

  it('private mode restricts to the caller’s own contributions', async () => {
    expect(titles(await search(room.a, { words: 'chlorophyll', privateMode: true }))).toEqual([
      'Secret chlorophyll diary',
      'Why are leaves green?',
    ]);
    expect((await search(room.c, { words: 'chlorophyll', privateMode: true })).results).toEqual([]);
    expect((await search(room.manager, { words: 'chlorophyll', privateMode: true })).results).toEqual([]);
  });

  it('refuses outsiders (403), anonymous callers (401) and unknown communities (404)', async () => {
    for (const path of ['', '/count']) {
      expect((await post(room.outsider, path, { query: { words: 'chlorophyll' } })).statusCode).toBe(403);
      expect((await post(null, path, { query: { words: 'chlorophyll' } })).statusCode).toBe(401);
      expect((await post(room.a, path, { query: {} }, 'aaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(404);
    }
  });
});

describe('search query', () => {
  it('matches words case-insensitively, all of them, in any order', async () => {
    expect((await search(room.c, { words: 'CHLOROPHYLL' })).results.map((r) => r._id)).toEqual([publicId]);
    expect((await search(room.c, { words: 'think chlorophyll' })).results.map((r) => r._id)).toEqual([publicId]);
    expect((await search(room.c, { words: ['Leaves', 'green'] })).results.map((r) => r._id)).toEqual([publicId]);
    expect((await search(room.c, { words: 'chlorophyll banana' })).results).toEqual([]);
    // Title mode looks at titles only.
    expect((await search(room.c, { words: 'think', searchMode: 'title' })).results).toEqual([]);
    expect((await search(room.c, { words: 'green', searchMode: 'title' })).results.map((r) => r._id)).toEqual([publicId]);
  });

  it('answers title, author names, dates, type and an excerpt — never the body', async () => {
    const response = await post(room.c, '', { query: { words: 'chlorophyll' } });
    const [result] = response.json<SearchReply>().results;
    expect(result).toMatchObject({
      _id: publicId,
      type: 'Note',
      title: 'Why are leaves green?',
      authors: [room.a.authorId],
      authorNames: [`Test ${room.a.userName}`],
      excerpt: 'Because of chlorophyll, I think.',
      byMe: false,
    });
    expect(response.body).not.toContain('"body"');
  });

  it('refuses an unknown author with "author:{name} not found" naming the field', async () => {
    const response = await post(room.c, '', { query: { words: 'chlorophyll', authors: ['nobody'] } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'author:nobody not found',
      errors: [{ field: 'query.authors', message: 'author:nobody not found' }],
    });
    const counted = await post(room.c, '/count', { query: { authors: [room.a.userName, 'ghost'] } });
    expect(counted.statusCode).toBe(400);
    expect(counted.json<{ message: string }>().message).toBe('author:ghost not found');
  });

  it('filters by author user name (any case)', async () => {
    await note(room.b, 'Bob on chlorophyll', 'Chlorophyll absorbs red light.');
    expect(titles(await search(room.c, { words: 'chlorophyll', authors: [room.b.userName.toUpperCase()] }))).toEqual([
      'Bob on chlorophyll',
    ]);
    expect(titles(await search(room.c, { words: 'chlorophyll', authors: [room.a.userName] }))).toEqual(['Why are leaves green?']);
  });

  it('pages results newest first (50 by default, capped)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      clock.advance(1000);
      ids.push(await note(room.b, `Paging note ${i}`, 'zebrafish'));
    }
    const newestFirst = [...ids].reverse();
    const pages = await Promise.all([1, 2, 3, 4].map((page) => search(room.c, { words: 'zebrafish', pagesize: 3, page })));
    expect(pages.map((p) => p.results.map((r) => r._id))).toEqual([
      newestFirst.slice(0, 3),
      newestFirst.slice(3, 6),
      newestFirst.slice(6),
      [],
    ]);
    expect(pages[0]?.pager).toEqual({ page: 1, pagesize: 3, total: 7 });
    expect((await search(room.c, { words: 'zebrafish' })).pager).toEqual({ page: 1, pagesize: 50, total: 7 });
    expect((await search(room.c, { words: 'zebrafish', pagesize: 50000 })).pager.pagesize).toBe(1000);
  });

  it('searches by type: Everything is notes and views, Views by title, unsaved notes never', async () => {
    const unsaved = await createContribution(t, {
      communityId: room.communityId,
      type: 'Note',
      authors: [room.a.authorId],
      title: 'Unsaved walrus',
      permission: 'public',
    });
    const view = await createContribution(t, {
      communityId: room.communityId,
      type: 'View',
      authors: [room.a.authorId],
      title: 'Walrus view',
      permission: 'public',
    });
    expect((await search(room.c, { words: 'walrus' }, 'main_search')).results.map((r) => r._id)).toEqual([view]);
    expect((await search(room.c, { words: 'walrus' }, 'view')).results.map((r) => r._id)).toEqual([view]);
    expect((await search(room.c, { words: 'walrus' }, 'notes')).results).toEqual([]);
    expect((await search(room.c, { words: 'walrus', type: 'Note' })).results.map((r) => r._id)).not.toContain(unsaved);
  });

  it('searches annotations by their text, hiding those on notes the caller may not read', async () => {
    const onPublic = await createContribution(t, {
      communityId: room.communityId,
      type: 'Annotation',
      authors: [room.b.authorId],
      title: '',
      status: 'active',
      permission: 'protected',
      data: { text: 'A comment about Axolotls', noteId: publicId },
    });
    await createContribution(t, {
      communityId: room.communityId,
      type: 'Annotation',
      authors: [room.a.authorId],
      title: '',
      status: 'active',
      permission: 'protected',
      data: { text: 'axolotl remark on the secret', noteId: privateId },
    });
    expect((await search(room.c, { words: 'axolotl' }, 'annotation')).results.map((r) => r._id)).toEqual([onPublic]);
    expect((await count(room.a, { words: 'axolotl' }, 'annotation')).count).toBe(2);
    expect((await search(room.c, { words: 'axolotl' }, 'main_search')).results).toEqual([]);
  });

  it('finds annotations made through the annotations API, private ones for their author only', async () => {
    const annotate = async (who: Member, noteId: string, text: string, permission: 'private' | 'protected') => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/objects/${room.communityId}/${noteId}/annotations`,
        headers: auth(who.token),
        payload: { ranges: [{ start: 0, end: 7 }], quote: 'Because', text, permission },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ _id: string }>()._id;
    };
    const open = await annotate(room.b, publicId, 'Narwhal idea, shared', 'protected');
    const mine = await annotate(room.b, publicId, 'Narwhal idea, for me', 'private');
    expect((await search(room.c, { words: 'NARWHAL' }, 'annotation')).results.map((r) => r._id)).toEqual([open]);
    expect((await search(room.b, { words: 'narwhal' }, 'annotation')).results.map((r) => r._id).sort()).toEqual([open, mine].sort());
  });

  it('filters by view, by creation dates (inclusive) and by the community of the query', async () => {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: auth(room.a.token),
      payload: { from: welcomeViewId, to: publicId, type: 'contains', data: { x: 50, y: 50 } },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await search(room.a, { words: 'chlorophyll', viewIds: [welcomeViewId] })).results.map((r) => r._id)).toEqual([publicId]);

    clock.advance(60_000);
    const before = clock.now().toISOString();
    clock.advance(1000);
    const late = await note(room.c, 'Late chlorophyll', 'late');
    const [lateResult] = (await search(room.c, { words: 'late chlorophyll' })).results;
    expect((await search(room.c, { words: 'chlorophyll', from: before })).results.map((r) => r._id)).toEqual([late]);
    expect((await search(room.c, { words: 'chlorophyll', from: lateResult?.created })).results.map((r) => r._id)).toEqual([late]);
    expect((await search(room.c, { words: 'chlorophyll', to: before })).results.map((r) => r._id)).not.toContain(late);

    const other = await post(room.c, '', { query: { communityId: 'bbbbbbbbbbbbbbbbbbbbbbbb' } });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ errors: [{ field: 'query.communityId' }] });
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [unknown, string][] = [
      [{ query: { from: 'yesterday' } }, 'query.from'],
      [{ query: { pagesize: 0 } }, 'query.pagesize'],
      [{ query: { page: 'two' } }, 'query.page'],
      [{ query: { viewIds: ['nope'] } }, 'query.viewIds.0'],
      [{ query: {}, searchType: 'everything' }, 'searchType'],
    ];
    for (const [payload, field] of cases) {
      const response = await post(room.c, '', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        response.json<{ errors: { field: string }[] }>().errors.map((e) => e.field),
        JSON.stringify(payload),
      ).toContain(field);
    }
    const extra = await post(room.c, '/count', { query: { $where: '1' } });
    expect(extra.statusCode).toBe(400);
    expect((await post(room.c, '/count', {})).statusCode).toBe(400);
  });
});
