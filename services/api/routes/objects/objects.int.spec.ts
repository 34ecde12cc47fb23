import { dataOf, noteBodyOf } from '../../../../contracts/contributionData.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Connection, HistoricalObject, HistoryEntry, ObjectReply } from '../../../../contracts/api/objects.ts';
import { contributionStreamName } from '../../../../contracts/events/contribution.ts';
import { handleCommand } from '../../../core/decider.ts';
import { contributionDecider } from '../../../domain/contribution/contribution.decide.ts';
import {
  auth,
  buildObjectsTestApp,
  classRoom,
  createContribution,
  createGroup,
  docOf,
  referenceNode,
  shiftableClock,
  supportNode,
  textDoc,
  type ClassRoom,
  type Member,
} from '../../../../tests/support/objects.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

const clock = shiftableClock();
let room: ClassRoom;

const t = useTestApp(() => buildObjectsTestApp({ clock }));
beforeAll(async () => {
  room = await classRoom(t);
});

const getObject = (who: { token: string } | null, id: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/objects/${id}${query}`, headers: who ? auth(who.token) : {} });

const save = (who: { token: string }, id: string, payload: Record<string, unknown>, communityId = room.communityId) =>
  t.app.inject({ method: 'PUT', url: `/api/objects/${communityId}/${id}`, headers: auth(who.token), payload });

const note = (author: Member, overrides: Parameters<typeof createContribution>[1] extends infer I ? Partial<I> : never = {}) =>
  createContribution(t, { communityId: room.communityId, type: 'Note', authors: [author.authorId], actorId: author.userId, ...overrides });

/** Loads, then saves a note with a title and plain paragraphs; expects 200. */
const contribute = async (who: Member, id: string, title: string, text: string, keywords?: string) => {
  const loaded = (await getObject(who, id)).json<ObjectReply>();
  const response = await save(who, id, {
    revision: loaded.revision,
    title,
    body: textDoc(text),
    ...(keywords !== undefined ? { keywords } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ObjectReply>();
};

describe('GET /api/objects/:id', () => {
  it('gives readers the contribution with its revision and its authors’ names', async () => {
    const id = await note(room.a, { title: 'Hello' });
    const response = await getObject(room.b, id);
    expect(response.statusCode).toBe(200);
    const body = response.json<ObjectReply>();
    expect(body).toMatchObject({
      _id: id,
      type: 'Note',
      title: 'Hello',
      status: 'unsaved',
      authors: [room.a.authorId],
      revision: 0,
      editable: false,
    });
    expect(body.authorNames).toEqual([{ _id: room.a.authorId, name: `Test ${room.a.userName}`, userName: room.a.userName }]);
  });

  it('answers 401 without a token, 404 for an unknown id, 400 for a malformed one', async () => {
    const id = await note(room.a, { title: 'x' });
    expect((await getObject(null, id)).statusCode).toBe(401);
    expect((await getObject(room.a, 'aaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(404);
    const bad = await getObject(room.a, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('id');
  });

  it('refuses non-members and non-readers of a private note with 403, never leaking the title', async () => {
    const id = await note(room.a, { title: 'Secret plans', permission: 'private' });
    for (const who of [room.outsider, room.b]) {
      const response = await getObject(who, id);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('Secret plans');
    }
  });
});

describe('permission table (private / protected / public × author / group member / other)', () => {
  const table = [
    { permission: 'private', author: [true, true], member: [true, true], other: [false, false] },
    { permission: 'protected', author: [true, true], member: [true, true], other: [true, false] },
    { permission: 'public', author: [true, true], member: [true, true], other: [true, true] },
  ] as const;

  it.each(table)('$permission: read and write as the spec says', async ({ permission, author, member, other }) => {
    const group = await createGroup(t, room.communityId, room.manager.authorId, [room.b.authorId]);
    const id = await note(room.a, { title: 'Start', permission, group, status: 'active' });
    const cases: [Member, readonly [boolean, boolean]][] = [
      [room.a, author],
      [room.b, member],
      [room.c, other],
    ];
    for (const [who, [read, write]] of cases) {
      const got = await getObject(who, id);
      expect(got.statusCode, `${who.userName} read ${permission}`).toBe(read ? 200 : 403);
      const current = (await getObject(room.manager, id)).json<ObjectReply>();
      const saved = await save(who, id, { revision: current.revision, title: `By ${who.userName}`, body: textDoc('text') });
      expect(saved.statusCode, `${who.userName} write ${permission}: ${saved.body}`).toBe(write ? 200 : 403);
    }
    // Managers read and write everything.
    expect((await getObject(room.manager, id)).statusCode).toBe(200);
  });
});

describe('PUT /api/objects/:communityId/:id (notes)', () => {
  it('contributes an unsaved note: active, word count and search text computed on the server, keywords split', async () => {
    const id = await note(room.a);
    const body = await contribute(room.a, id, '  Why is the sky blue? ', 'Light scatters in the air.', ' light ; ; air;  ');
    expect(body).toMatchObject({
      status: 'active',
      title: 'Why is the sky blue?',
      keywords: ['light', 'air'],
      wordCount: 5,
      text4search: '( Why is the sky blue? ) Light scatters in the air. ( light; air )',
    });
    expect(body.revision).toBe(1);
  });

  it('ignores a word count or search text sent by the client', async () => {
    const id = await note(room.a);
    const response = await save(room.a, id, {
      revision: 0,
      title: 'T',
      body: textDoc('one two three'),
      wordCount: 999,
      text4search: 'spam',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ObjectReply>()).toMatchObject({ wordCount: 3, text4search: '( T ) one two three (  )' });
  });

  it('refuses an empty title with title_required on the field title', async () => {
    const id = await note(room.a);
    const response = await save(room.a, id, { revision: 0, title: '   ', body: textDoc('x') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'title_required', errors: [{ field: 'title', message: 'title_required' }] });
    expect((await getObject(room.a, id)).json<ObjectReply>().status).toBe('unsaved');
  });

  it.each([
    ['a javascript: link', docOf({ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] })],
    ['an unknown node', { type: 'doc', content: [{ type: 'script', content: [] }] }],
    ['text outside a paragraph', { type: 'doc', content: [{ type: 'text', text: 'x' }] }],
    ['an image wider than 200 px', docOf({ type: 'image', attrs: { src: '/a.png', width: 800 } })],
    ['a bad attachment id', docOf({ type: 'attachmentRef', attrs: { attachmentId: '../../x' } })],
    ['not a document', { type: 'paragraph' }],
  ])('refuses a body with %s: 400 naming the field body', async (_name, body) => {
    const id = await note(room.a);
    const response = await save(room.a, id, { revision: 0, title: 'T', body });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('body');
  });

  it('refuses a missing title or revision naming the field', async () => {
    const id = await note(room.a);
    const response = await save(room.a, id, { body: textDoc('x') });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json<{ errors: { field: string }[] }>()
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(['revision', 'title']);
  });

  it('answers 404 when the note is not in the community of the path', async () => {
    const id = await note(room.a);
    const other = await t.admin(`otheradmin${Date.now()}`, 'admin-pass');
    const response = await save(other, id, { revision: 0, title: 'T', body: textDoc('x') }, 'bbbbbbbbbbbbbbbbbbbbbbbb');
    expect(response.statusCode).toBe(404);
  });

  describe('concurrent edits', () => {
    it('answers 409 with the current version when someone else saved since the editor loaded it; nothing is lost', async () => {
      const id = await note(room.a, { permission: 'public' });
      const first = await contribute(room.a, id, 'First', 'original text');
      // Both open revision `first.revision`; b saves first.
      const bSaved = await save(room.b, id, { revision: first.revision, title: 'Bob version', body: textDoc('bob text'), keywords: 'k1' });
      expect(bSaved.statusCode).toBe(200);
      const conflict = await save(room.a, id, { revision: first.revision, title: 'Alice version', body: textDoc('alice text') });
      expect(conflict.statusCode).toBe(409);
      const problem = conflict.json<{
        code: string;
        current: { title: string; body: unknown; keywords: string[]; revision: number; modifiedBy: { userId: string; name: string } };
      }>();
      expect(problem.current).toMatchObject({
        title: 'Bob version',
        body: textDoc('bob text'),
        keywords: ['k1'],
        modifiedBy: { userId: room.b.userId },
      });
      expect(problem.current.revision).toBe(bSaved.json<ObjectReply>().revision);
      // Bob's version is still there; Alice chooses hers and saves against the current revision.
      expect((await getObject(room.a, id)).json<ObjectReply>().title).toBe('Bob version');
      const resolved = await save(room.a, id, { revision: problem.current.revision, title: 'Alice version', body: textDoc('alice text') });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json<ObjectReply>().title).toBe('Alice version');
      // Both texts survive in the history.
      const history = (await t.app.inject({ method: 'GET', url: `/api/objects/${id}/history`, headers: auth(room.a.token) })).json<
        HistoryEntry[]
      >();
      const titles = await Promise.all(
        history.map(
          async (entry) =>
            (
              await t.app.inject({ method: 'GET', url: `/api/historicalobjects/${entry._id}`, headers: auth(room.a.token) })
            ).json<HistoricalObject>().data.title,
        ),
      );
      expect(titles).toEqual(expect.arrayContaining(['Bob version', 'Alice version']));
    });

    it('does not conflict on changes that are not content (a favourite, a permission change)', async () => {
      const id = await note(room.a);
      const first = await contribute(room.a, id, 'First', 'text');
      const permission = await t.app.inject({
        method: 'PUT',
        url: `/api/objects/${room.communityId}/${id}/permission`,
        headers: auth(room.a.token),
        payload: { permission: 'public', group: null },
      });
      expect(permission.statusCode).toBe(200);
      const saved = await save(room.a, id, { revision: first.revision, title: 'Second', body: textDoc('more') });
      expect(saved.statusCode, saved.body).toBe(200);
    });

    it('refuses a revision from the future naming the field revision', async () => {
      const id = await note(room.a);
      const response = await save(room.a, id, { revision: 40, title: 'T', body: textDoc('x') });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('revision');
    });
  });

  describe('supports and references become links from the note', () => {
    it('creates supports and references links on save, writes their ids into the body, and unlinks removed ones', async () => {
      const scaffold = await createContribution(t, {
        communityId: room.communityId,
        type: 'Scaffold',
        authors: [room.manager.authorId],
        title: 'Theory',
      });
      const support1 = await createContribution(t, {
        communityId: room.communityId,
        type: 'Support',
        authors: [room.manager.authorId],
        title: 'My theory',
      });
      const support2 = await createContribution(t, {
        communityId: room.communityId,
        type: 'Support',
        authors: [room.manager.authorId],
        title: 'I need to understand',
      });
      const cited = await note(room.b, { title: 'Cited note', status: 'active' });
      const id = await note(room.a);
      const response = await save(room.a, id, {
        revision: 0,
        title: 'With scaffolds',
        body: docOf(
          supportNode(support1, 'the sun heats'),
          { type: 'text', text: ' and ' },
          supportNode(support2, 'why'),
          referenceNode(cited, 'a quote'),
        ),
      });
      expect(response.statusCode, response.body).toBe(200);
      const saved = response.json<ObjectReply>();
      expect(saved.wordCount).toBe(7);
      const links = (await t.app.inject({ method: 'GET', url: `/api/links/from/${id}`, headers: auth(room.a.token) })).json<Connection[]>();
      const supports = links.filter((l) => l.type === 'supports');
      expect(supports.map((l) => l.to).sort()).toEqual([support1, support2].sort());
      expect(supports.every((l) => l.data.supportId === l.to)).toBe(true);
      const references = links.filter((l) => l.type === 'references');
      expect(references).toHaveLength(1);
      expect(references[0]).toMatchObject({ to: cited, data: { text: 'a quote' }, other: { title: 'Cited note', missing: false } });
      const content = JSON.stringify(noteBodyOf(saved));
      for (const link of [...supports, ...references]) expect(content).toContain(link._id);

      // The reverse view: the cited note sees the reference.
      const to = (await t.app.inject({ method: 'GET', url: `/api/links/to/${cited}`, headers: auth(room.b.token) })).json<Connection[]>();
      expect(to.map((l) => l.from)).toContain(id);

      // Remove support2 and the reference; keep support1 with its link id.
      const kept = supports.find((l) => l.to === support1);
      const second = await save(room.a, id, {
        revision: saved.revision,
        title: 'With scaffolds',
        body: docOf(supportNode(support1, 'the sun heats', kept?._id ?? null)),
      });
      expect(second.statusCode, second.body).toBe(200);
      const after = (await t.app.inject({ method: 'GET', url: `/api/links/from/${id}`, headers: auth(room.a.token) })).json<Connection[]>();
      expect(after.map((l) => l._id)).toEqual([kept?._id]);
      expect(scaffold).toBeTruthy();
    });

    it('refuses a support of another community or a reference to nothing (field body)', async () => {
      const id = await note(room.a);
      const notASupport = await note(room.b, { title: 'plain note' });
      for (const body of [docOf(supportNode(notASupport, 'x')), docOf(referenceNode('cccccccccccccccccccccccc', 'q'))]) {
        const response = await save(room.a, id, { revision: 0, title: 'T', body });
        expect(response.statusCode).toBe(400);
        expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('body');
      }
    });
  });
});

describe('GET /api/objects/:id?at= (time travel)', () => {
  it('folds the stream up to the instant; 404 before the note existed', async () => {
    const before = clock.now().toISOString();
    clock.advance(1000);
    const id = await note(room.a);
    await contribute(room.a, id, 'Version one', 'first');
    clock.advance(60_000);
    const middle = clock.now().toISOString();
    clock.advance(60_000);
    await contribute(room.a, id, 'Version two', 'second');
    const past = await getObject(room.a, id, `?at=${encodeURIComponent(middle)}`);
    expect(past.statusCode).toBe(200);
    expect(past.json<ObjectReply>()).toMatchObject({ title: 'Version one', status: 'active', revision: 1 });
    expect((await getObject(room.a, id)).json<ObjectReply>().title).toBe('Version two');
    expect((await getObject(room.a, id, `?at=${encodeURIComponent(before)}`)).statusCode).toBe(404);
    expect((await getObject(room.a, id, '?at=yesterday')).statusCode).toBe(400);
  });
});

describe('drawings', () => {
  it('sanitises the SVG on the server and becomes active on contribute', async () => {
    const id = await createContribution(t, {
      communityId: room.communityId,
      type: 'Drawing',
      authors: [room.a.authorId],
      title: 'Un dessin',
    });
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" onload="alert(1)"><script>alert(2)</script><g id="layer1"><path d="M1 1L5 5" stroke="#f00" onclick="alert(3)"/><image href="https://evil.example/x.png"/></g></svg>';
    const response = await save(room.a, id, { revision: 0, title: 'Sun', svg });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<ObjectReply>();
    expect(saved.status).toBe('active');
    const stored = String(dataOf(saved, 'Drawing')?.svg);
    expect(stored).toContain('<path d="M1 1L5 5" stroke="#f00" />');
    expect(stored).not.toMatch(/script|onload|onclick|alert|evil/);
  });

  it('refuses something that is not an SVG (field svg)', async () => {
    const id = await createContribution(t, {
      communityId: room.communityId,
      type: 'Drawing',
      authors: [room.a.authorId],
      title: 'Un dessin',
    });
    const response = await save(room.a, id, { revision: 0, title: 'Sun', svg: '<html><script>alert(1)</script></html>' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('svg');
  });
});

describe('PUT /api/objects/:communityId/:id/permission', () => {
  const change = (who: { token: string }, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/objects/${room.communityId}/${id}/permission`, headers: auth(who.token), payload });

  it('lets an author make a note private to a group; the group member still reads it, others do not', async () => {
    const group = await createGroup(t, room.communityId, room.manager.authorId, [room.b.authorId]);
    const id = await note(room.a, { status: 'active', title: 'Group work' });
    const response = await change(room.a, id, { permission: 'private', group });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ObjectReply>()).toMatchObject({ permission: 'private', group });
    expect((await getObject(room.b, id)).statusCode).toBe(200);
    expect((await getObject(room.c, id)).statusCode).toBe(403);
  });

  it('refuses writers who are not authors (even on a public note), and inactive or foreign groups', async () => {
    const id = await note(room.a, { status: 'active', permission: 'public' });
    expect((await change(room.c, id, { permission: 'private', group: null })).statusCode).toBe(403);
    const inactive = await createGroup(t, room.communityId, room.manager.authorId, [], 'inactive');
    const bad = await change(room.a, id, { permission: 'private', group: inactive });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('group');
    expect((await change(room.a, id, { permission: 'secret', group: null })).statusCode).toBe(400);
    expect((await change(room.manager, id, { permission: 'protected', group: null })).statusCode).toBe(200);
  });
});

describe('co-authors', () => {
  const add = (who: { token: string }, id: string, authorId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/objects/${room.communityId}/${id}/authors`,
      headers: auth(who.token),
      payload: { authorId },
    });
  const remove = (who: { token: string }, id: string, authorId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/objects/${room.communityId}/${id}/authors/${authorId}`, headers: auth(who.token) });

  it("adds a member once ('already included'), never removes the primary author ('cannot remove the Primary Author')", async () => {
    const id = await note(room.a, { status: 'active' });
    const added = await add(room.a, id, room.b.authorId);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<ObjectReply>().authors).toEqual([room.a.authorId, room.b.authorId]);
    const again = await add(room.a, id, room.b.authorId);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('already included');
    const primary = await remove(room.b, id, room.a.authorId);
    expect(primary.statusCode).toBe(400);
    expect(primary.json<{ message: string }>().message).toBe('cannot remove the Primary Author');
    const removed = await remove(room.a, id, room.b.authorId);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<ObjectReply>().authors).toEqual([room.a.authorId]);
  });

  it('refuses an author who is not a member, and writers who may not write the note', async () => {
    const id = await note(room.a, { status: 'active' });
    const stranger = await add(room.a, id, 'dddddddddddddddddddddddd');
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('authorId');
    expect((await add(room.c, id, room.c.authorId)).statusCode).toBe(403);
  });
});

describe('favourites', () => {
  const fav = (who: { token: string }, id: string, add = true) =>
    t.app.inject({
      method: 'POST',
      url: `/api/objects/${add ? 'addTofav' : 'remFromfav'}/${room.communityId}/${id}`,
      headers: auth(who.token),
    });

  const setFavourites = async (on: boolean) => {
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/communities/${room.communityId}/settings`,
      headers: auth(room.manager.token),
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

  it('needs the favourites plugin', async () => {
    await setFavourites(false);
    const id = await note(room.a, { status: 'active' });
    expect((await fav(room.b, id)).statusCode).toBe(403);
  });

  it('stores user ids in data.favAuthors without duplicates, active notes only, with the spec message', async () => {
    await setFavourites(true);
    const id = await note(room.a, { status: 'active' });
    expect((await fav(room.b, id)).json()).toEqual({ favourite: true, favAuthors: [room.b.userId] });
    expect((await fav(room.b, id)).json()).toEqual({ favourite: true, favAuthors: [room.b.userId] });
    expect((await getObject(room.b, id)).json<ObjectReply>().data.favAuthors).toEqual([room.b.userId]);
    expect((await fav(room.b, id, false)).json()).toEqual({ favourite: false, favAuthors: [] });
    const unsaved = await note(room.a);
    const refused = await fav(room.a, unsaved);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('Could not add note to your favourites, please try later');
    const private_ = await note(room.a, { status: 'active', permission: 'private' });
    expect((await fav(room.c, private_)).statusCode).toBe(403);
  });
});

describe('connections, history', () => {
  it("filters links whose other end the caller may not read and reports broken ones as '(missing link)'", async () => {
    const hidden = await note(room.c, { status: 'active', permission: 'private', title: 'Hidden title' });
    const open = await note(room.c, { status: 'active', title: 'Open' });
    const id = await note(room.a, { status: 'active', permission: 'public' });
    const { eventStore, projections, clock: c } = t.infra.commandDeps;
    const result = await handleCommand(
      eventStore,
      contributionStreamName(id),
      (await import('../../../domain/contribution/batch.ts')).batchDecider(contributionDecider),
      [
        { type: 'CreateLink', data: { linkId: 'e00000000000000000000001', to: hidden, type: 'references', data: {} } },
        { type: 'CreateLink', data: { linkId: 'e00000000000000000000002', to: open, type: 'references', data: {} } },
        { type: 'CreateLink', data: { linkId: 'e00000000000000000000003', to: 'ffffffffffffffffffffffff', type: 'buildson', data: {} } },
      ],
      { metadata: { actorId: room.a.userId, at: c.now().toISOString() } },
    );
    await projections.waitFor(result.lastPosition);
    const asB = await t.app.inject({ method: 'GET', url: `/api/links/from/${id}`, headers: auth(room.b.token) });
    expect(asB.statusCode).toBe(200);
    expect(asB.body).not.toContain('Hidden title');
    const links = asB.json<Connection[]>();
    expect(links.map((l) => l.to)).toEqual([open, 'ffffffffffffffffffffffff']);
    expect(links[1]?.other).toMatchObject({ title: '(missing link)', missing: true });
    const asC = (await t.app.inject({ method: 'GET', url: `/api/links/from/${id}`, headers: auth(room.c.token) })).json<Connection[]>();
    expect(asC).toHaveLength(3);
    // The read rule applies to the object itself.
    expect((await t.app.inject({ method: 'GET', url: `/api/links/to/${hidden}`, headers: auth(room.b.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/links/from/${id}`, headers: auth(room.outsider.token) })).statusCode).toBe(403);
  });

  it('lists every version with time, author name and operation; each version has its own data; readers only', async () => {
    const id = await note(room.a);
    await contribute(room.a, id, 'One', 'first');
    await contribute(room.a, id, 'Two', 'second');
    const response = await t.app.inject({ method: 'GET', url: `/api/objects/${id}/history`, headers: auth(room.b.token) });
    expect(response.statusCode).toBe(200);
    const history = response.json<HistoryEntry[]>();
    expect(history.map((h) => [h.operation, h.revision, h.authorName])).toEqual([
      ['created', 0, `Test ${room.a.userName}`],
      ['modified', 1, `Test ${room.a.userName}`],
      ['modified', 2, `Test ${room.a.userName}`],
    ]);
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/historicalobjects/${history[1]?._id ?? ''}`,
      headers: auth(room.b.token),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json<HistoricalObject>()).toMatchObject({
      type: 'Object',
      dataType: 'Note',
      dataId: id,
      data: { title: 'One', status: 'active' },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/historicalobjects/${history[1]?._id ?? ''}`, headers: auth(room.outsider.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/historicalobjects/aaaaaaaaaaaaaaaaaaaaaaaa', headers: auth(room.b.token) }))
        .statusCode,
    ).toBe(404);

    const privateNote = await note(room.a, { permission: 'private' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/objects/${privateNote}/history`, headers: auth(room.c.token) })).statusCode,
    ).toBe(403);
  });
});
