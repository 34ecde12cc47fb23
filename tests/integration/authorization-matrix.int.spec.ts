import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunityAdmin, CommunitySettings, Group } from '../../contracts/api/communities.ts';
import { authorIdFor } from '../../services/api/communities/authorId.ts';
import { multipartBody } from '../support/authors.ts';
import { createCommunity, joinCommunity } from '../support/communities.ts';
import { samplePng, uploadBody } from '../support/objects.ts';
import { bearer, buildTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Issue 4, item 10: every route of the issue × five callers — an admin, a
 * manager of the community, a writer of it, a member of another community
 * and an anonymous caller — gets exactly what spec part 1 §6 says. Each case
 * runs on a community of its own, so no case sees another's changes. Every
 * 2xx answer to a non-admin is checked for both registration keys.
 */

type Caller = 'admin' | 'manager' | 'writer' | 'outsider' | 'anonymous';
const callers: Caller[] = ['admin', 'manager', 'writer', 'outsider', 'anonymous'];

/** Who may call a route (api-issue4 notes): any logged-in user, admins, members in good standing, managers (or admins). */
type Access = 'user' | 'admin' | 'member' | 'manager' | 'self';

/** 'ok' is any 2xx; numbers are exact statuses. */
type Expected = 'ok' | 401 | 403;
const expectations: Record<Access, Record<Caller, Expected>> = {
  user: { admin: 'ok', manager: 'ok', writer: 'ok', outsider: 'ok', anonymous: 401 },
  self: { admin: 'ok', manager: 'ok', writer: 'ok', outsider: 'ok', anonymous: 401 },
  admin: { admin: 'ok', manager: 403, writer: 403, outsider: 403, anonymous: 401 },
  member: { admin: 'ok', manager: 'ok', writer: 'ok', outsider: 403, anonymous: 401 },
  manager: { admin: 'ok', manager: 'ok', writer: 403, outsider: 403, anonymous: 401 },
};

type User = { id: string; token: string };
const writerKey = 'writer-key';
const managerKey = 'manager-key';

/** What a case's request may use: its own community, a writer to act on, and a group. */
type Context = {
  community: CommunityAdmin;
  target: { userId: string; authorId: string };
  group: Group;
  caller: Caller;
  callerUser: User | null;
  /** Unique per case (user names, titles). */
  tag: string;
};

type Row = {
  /** Method and path as registered (Fastify syntax). */
  route: string;
  access: Access;
  owner: 'A' | 'B';
  request: (
    ctx: Context,
  ) => Promise<Omit<InjectOptions, 'method' | 'url'> & { url: string }> | (Omit<InjectOptions, 'method' | 'url'> & { url: string });
};

const csv = (content: string, communityId: string) => {
  const body = multipartBody({ name: 'users.csv', content }, { communityId });
  return { payload: body.payload, headers: body.headers };
};

// The app is built before the cases are declared, so rows whose route is not registered yet become todos.
const t: TestApp = await buildTestApp();
let admin: User;
const users = {} as Record<'manager' | 'writer' | 'outsider' | 'target' | 'joinOwner', User>;

const adminGet = async <T>(url: string): Promise<T> => (await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) })).json<T>();

/** A contributed note of the case's community, written by the admin (its creator and manager). */
const matrixNote = async (ctx: Context): Promise<string> => {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/contributions/${ctx.community._id}`,
    headers: bearer(admin.token),
    payload: { type: 'Note' },
  });
  const noteId = created.json<{ contribution: { _id: string } }>().contribution._id;
  const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'A passage to annotate.' }] }] };
  await t.app.inject({
    method: 'PUT',
    url: `/api/objects/${ctx.community._id}/${noteId}`,
    headers: bearer(admin.token),
    payload: { revision: 0, title: 'Annotated', body },
  });
  return noteId;
};
const matrixAnnotationBody = { ranges: [{ start: 2, end: 9 }], quote: 'passage', text: 'A remark' };
/** An annotation of a new note, by the caller when a member (by the admin otherwise). */
const matrixAnnotation = async (ctx: Context): Promise<string> => {
  const noteId = await matrixNote(ctx);
  const by = ctx.caller === 'outsider' || !ctx.callerUser ? admin : ctx.callerUser;
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/objects/${ctx.community._id}/${noteId}/annotations`,
    headers: bearer(by.token),
    payload: matrixAnnotationBody,
  });
  return created.json<{ _id: string }>()._id;
};

/** A note placed on `viewId` by the caller (by the admin for callers who cannot place one), and its ref's id. */
const callersRef = async (ctx: Context, viewId: string): Promise<string> => {
  const by = ctx.caller === 'outsider' || !ctx.callerUser ? admin : ctx.callerUser;
  const note = await t.app.inject({
    method: 'POST',
    url: `/api/contributions/${ctx.community._id}`,
    headers: bearer(by.token),
    payload: { type: 'Note', placement: { viewId, x: 300, y: 300 } },
  });
  return note.json<{ refs: { _id: string }[] }>().refs[0]?._id ?? '';
};

const rows: Row[] = [
  // ---- Server A: communities, settings, views, groups, help ----
  { route: 'GET /api/communities', access: 'user', owner: 'A', request: () => ({ url: '/api/communities' }) },
  {
    route: 'POST /api/communities',
    access: 'admin',
    owner: 'A',
    request: (ctx) => ({
      url: '/api/communities',
      payload: { title: `Matrix ${ctx.tag}`, registrationKey: 'key-one', managerRegistrationKey: 'key-two' },
    }),
  },
  {
    route: 'GET /api/communities/:communityId',
    access: 'member',
    owner: 'A',
    request: (ctx) => ({ url: `/api/communities/${ctx.community._id}` }),
  },
  {
    route: 'PUT /api/communities/:communityId',
    access: 'admin',
    owner: 'A',
    request: (ctx) => ({ url: `/api/communities/${ctx.community._id}`, payload: { title: `Renamed ${ctx.tag}` } }),
  },
  {
    route: 'GET /api/communities/:communityId/title',
    access: 'member',
    owner: 'A',
    request: (ctx) => ({ url: `/api/communities/${ctx.community._id}/title` }),
  },
  {
    route: 'GET /api/communities/:communityId/views',
    access: 'member',
    owner: 'A',
    request: (ctx) => ({ url: `/api/communities/${ctx.community._id}/views` }),
  },
  {
    route: 'GET /api/communities/:communityId/settings',
    access: 'member',
    owner: 'A',
    request: (ctx) => ({ url: `/api/communities/${ctx.community._id}/settings` }),
  },
  {
    route: 'PUT /api/communities/:communityId/settings',
    access: 'manager',
    owner: 'A',
    request: async (ctx) => {
      const settings = await adminGet<CommunitySettings>(`/api/communities/${ctx.community._id}/settings`);
      return { url: `/api/communities/${ctx.community._id}/settings`, payload: { data: settings.data, scaffoldIds: settings.scaffoldIds } };
    },
  },
  {
    route: 'GET /api/communities/:communityId/scaffolds',
    access: 'member',
    owner: 'A',
    request: (ctx) => ({ url: `/api/communities/${ctx.community._id}/scaffolds` }),
  },
  {
    route: 'GET /api/links/updateallcache/:communityId',
    access: 'admin',
    owner: 'A',
    request: (ctx) => ({ url: `/api/links/updateallcache/${ctx.community._id}` }),
  },
  {
    route: 'GET /api/views/:viewId',
    access: 'member',
    owner: 'A',
    request: (ctx) => ({ url: `/api/views/${ctx.community.views[0] ?? ''}` }),
  },
  {
    route: 'GET /api/communities/:communityId/groups',
    access: 'member',
    owner: 'A',
    request: (ctx) => ({ url: `/api/communities/${ctx.community._id}/groups` }),
  },
  {
    route: 'POST /api/groups/:communityId',
    access: 'manager',
    owner: 'A',
    request: (ctx) => ({ url: `/api/groups/${ctx.community._id}`, payload: { title: 'Team' } }),
  },
  {
    route: 'DELETE /api/groups/:communityId/:groupId',
    access: 'manager',
    owner: 'A',
    request: (ctx) => ({ url: `/api/groups/${ctx.community._id}/${ctx.group._id}` }),
  },
  {
    route: 'POST /api/groups/:communityId/:groupId/members',
    access: 'manager',
    owner: 'A',
    request: (ctx) => ({ url: `/api/groups/${ctx.community._id}/${ctx.group._id}/members`, payload: { authorId: ctx.target.authorId } }),
  },
  {
    route: 'DELETE /api/groups/:communityId/:groupId/members/:authorId',
    access: 'manager',
    owner: 'A',
    request: (ctx) => ({ url: `/api/groups/${ctx.community._id}/${ctx.group._id}/members/${ctx.target.authorId}` }),
  },
  {
    route: 'POST /api/help/send',
    access: 'user',
    owner: 'A',
    request: () => ({ url: '/api/help/send', payload: { email: 'me@school.example', subject: 'Hello', content: 'It works.' } }),
  },
  { route: 'GET /api/help/feedback', access: 'admin', owner: 'A', request: () => ({ url: '/api/help/feedback' }) },

  // ---- Server B: memberships, authors, CSV ----
  {
    route: 'POST /api/authors',
    access: 'self',
    owner: 'B',
    // A community the caller is not yet in (created by another admin).
    request: async (ctx) => {
      const second = await t.admin('matrixAdmin2', 'admin-pass-2');
      const fresh = await createCommunity(t, second.token, `Join ${ctx.tag}`);
      return {
        url: '/api/authors',
        payload: { userId: ctx.callerUser?.id ?? users.target.id, communityId: fresh._id, registrationKey: writerKey },
      };
    },
  },
  {
    route: 'POST /api/authors',
    access: 'admin',
    owner: 'B',
    // Joining someone else: admins only.
    request: async (ctx) => {
      const second = await t.admin('matrixAdmin2', 'admin-pass-2');
      const fresh = await createCommunity(t, second.token, `Join for ${ctx.tag}`);
      return { url: '/api/authors', payload: { userId: users.target.id, communityId: fresh._id, registrationKey: writerKey } };
    },
  },
  { route: 'GET /api/users/myRegistrations', access: 'user', owner: 'B', request: () => ({ url: '/api/users/myRegistrations' }) },
  {
    route: 'PUT /api/users/myRegistrations/order',
    access: 'admin',
    owner: 'B',
    request: () => ({ url: '/api/users/myRegistrations/order', payload: { orders: [] } }),
  },
  {
    route: 'GET /api/authors/:communityId/me',
    access: 'member',
    owner: 'B',
    request: (ctx) => ({ url: `/api/authors/${ctx.community._id}/me` }),
  },
  {
    route: 'GET /api/communities/:communityId/authors',
    access: 'member',
    owner: 'B',
    request: (ctx) => ({ url: `/api/communities/${ctx.community._id}/authors` }),
  },
  {
    route: 'GET /api/authors/:communityId/managers',
    access: 'manager',
    owner: 'B',
    request: (ctx) => ({ url: `/api/authors/${ctx.community._id}/managers` }),
  },
  {
    route: 'POST /api/authors/search/count/:communityId',
    access: 'manager',
    owner: 'B',
    request: (ctx) => ({ url: `/api/authors/search/count/${ctx.community._id}`, payload: { query: { filter: 'm' } } }),
  },
  {
    route: 'POST /api/authors/search/writer/:communityId',
    access: 'manager',
    owner: 'B',
    request: (ctx) => ({ url: `/api/authors/search/writer/${ctx.community._id}`, payload: { page: 1, pagesize: 50 } }),
  },
  {
    route: 'PUT /api/authors/:communityId/:authorId/role',
    access: 'manager',
    owner: 'B',
    request: (ctx) => ({ url: `/api/authors/${ctx.community._id}/${ctx.target.authorId}/role`, payload: { role: 'manager' } }),
  },
  {
    route: 'PUT /api/authors/:communityId/:authorId/password',
    access: 'manager',
    owner: 'B',
    request: (ctx) => ({ url: `/api/authors/${ctx.community._id}/${ctx.target.authorId}/password`, payload: { password: 'new-pass-99' } }),
  },
  {
    route: 'POST /api/communities/:communityId/blockWriters',
    access: 'manager',
    owner: 'B',
    request: (ctx) => ({ url: `/api/communities/${ctx.community._id}/blockWriters`, payload: { registrationKey: writerKey, block: true } }),
  },
  {
    route: 'POST /api/users/validate',
    access: 'manager',
    owner: 'B',
    request: (ctx) => ({
      url: '/api/users/validate',
      ...csv(`firstName,lastName,email,username,password\nA,B,a@b.example,v${ctx.tag},class-pass-1\n`, ctx.community._id),
    }),
  },
  {
    route: 'POST /api/users/users',
    access: 'manager',
    owner: 'B',
    request: (ctx) => ({
      url: '/api/users/users',
      ...csv(`firstName,lastName,email,username,password\nA,B,a@b.example,u${ctx.tag},class-pass-1\n`, ctx.community._id),
    }),
  },
  {
    route: 'POST /api/users/rename',
    access: 'manager',
    owner: 'B',
    request: (ctx) => ({ url: '/api/users/rename', ...csv('firstName,lastName,userName\nNew,Name,matrixTarget\n', ctx.community._id) }),
  },
  {
    route: 'POST /api/users/renameAllUser/:communityId',
    access: 'manager',
    owner: 'B',
    request: (ctx) => ({
      url: `/api/users/renameAllUser/${ctx.community._id}`,
      payload: { userData: { [ctx.target.authorId]: { FirstName: 'New', LastName: 'Name' } } },
    }),
  },

  // ---- Search (issue 6 / spec part 2 §Search): members only ----
  {
    route: 'POST /api/contributions/:communityId/search/count',
    access: 'member',
    owner: 'A',
    request: (ctx) => ({
      url: `/api/contributions/${ctx.community._id}/search/count`,
      payload: { query: { words: 'matrix' }, searchType: 'main_search' },
    }),
  },
  {
    route: 'POST /api/contributions/:communityId/search',
    access: 'member',
    owner: 'A',
    request: (ctx) => ({
      url: `/api/contributions/${ctx.community._id}/search`,
      payload: { query: { words: 'matrix', pagesize: 50, page: 1 } },
    }),
  },

  // ---- Annotations (issue 6 item 8): members who may read the note; changes by the annotation's authors (managers: any) ----
  {
    route: 'GET /api/objects/:id/annotations',
    access: 'member',
    owner: 'A',
    request: async (ctx) => ({ url: `/api/objects/${await matrixNote(ctx)}/annotations` }),
  },
  {
    route: 'POST /api/objects/:communityId/:id/annotations',
    access: 'member',
    owner: 'A',
    request: async (ctx) => ({
      url: `/api/objects/${ctx.community._id}/${await matrixNote(ctx)}/annotations`,
      payload: matrixAnnotationBody,
    }),
  },
  {
    route: 'PUT /api/annotations/:annotationId',
    access: 'member',
    owner: 'A',
    request: async (ctx) => ({ url: `/api/annotations/${await matrixAnnotation(ctx)}`, payload: { text: 'Changed' } }),
  },
  {
    route: 'DELETE /api/annotations/:annotationId',
    access: 'member',
    owner: 'A',
    request: async (ctx) => ({ url: `/api/annotations/${await matrixAnnotation(ctx)}` }),
  },

  // ---- Note templates (issue 6 item 4) ----
  {
    route: 'GET /api/communities/:communityId/templates',
    access: 'member',
    owner: 'A',
    request: (ctx) => ({ url: `/api/communities/${ctx.community._id}/templates` }),
  },
  {
    route: 'PUT /api/scaffolds/:scaffoldId/template',
    access: 'manager',
    owner: 'A',
    request: (ctx) => ({ url: `/api/scaffolds/${ctx.community.scaffolds[0] ?? ''}/template`, payload: { isTemplate: true } }),
  },
  {
    route: 'POST /api/contributions/:communityId/fromtemplate',
    access: 'member',
    owner: 'A',
    request: async (ctx) => {
      const templateId = ctx.community.scaffolds[0] ?? '';
      await t.app.inject({
        method: 'PUT',
        url: `/api/scaffolds/${templateId}/template`,
        headers: bearer(admin.token),
        payload: { isTemplate: true },
      });
      return { url: `/api/contributions/${ctx.community._id}/fromtemplate`, payload: { templateId, viewId: ctx.community.views[0] ?? '' } };
    },
  },
  // ---- View canvas (issue 5): the view's setting (managers and the view's authors), moving refs between views (members) ----
  {
    route: 'PUT /api/views/:viewId/viewsetting',
    access: 'manager',
    owner: 'A',
    request: (ctx) => ({
      url: `/api/views/${ctx.community.views[0] ?? ''}/viewsetting`,
      payload: { viewSetting: { buildson: true, references: true, showGroup: false, showAuthor: true, showTime: true, language: false } },
    }),
  },
  {
    route: 'POST /api/views/:viewId/refs/move',
    access: 'member',
    owner: 'A',
    request: async (ctx) => {
      const viewId = ctx.community.views[0] ?? '';
      const target = await t.app.inject({
        method: 'POST',
        url: `/api/communities/${ctx.community._id}/views`,
        headers: bearer(admin.token),
        payload: { title: `Target ${ctx.tag}` },
      });
      const linkId = await callersRef(ctx, viewId);
      return {
        url: `/api/views/${viewId}/refs/move`,
        payload: { linkIds: [linkId], toViewId: target.json<{ _id: string }>()._id, x: 50, y: 50 },
      };
    },
  },
  {
    route: 'POST /api/views/:viewId/refs/update',
    access: 'member',
    owner: 'A',
    request: async (ctx) => {
      const viewId = ctx.community.views[0] ?? '';
      const linkId = await callersRef(ctx, viewId);
      return { url: `/api/views/${viewId}/refs/update`, payload: { changes: [{ linkId, data: { x: 400, y: 400 } }] } };
    },
  },
  // ---- Attachments of a note: removing an attach link (those who may edit the note; the caller's own note when a member) ----
  {
    route: 'DELETE /api/links/:id',
    access: 'member',
    owner: 'A',
    request: async (ctx) => {
      const by = ctx.caller === 'outsider' || !ctx.callerUser ? admin : ctx.callerUser;
      const create = async (type: string) =>
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/contributions/${ctx.community._id}`,
            headers: bearer(by.token),
            payload: { type },
          })
        ).json<{ contribution: { _id: string } }>().contribution._id;
      const [noteId, attachmentId] = [await create('Note'), await create('Attachment')];
      const file = uploadBody(samplePng(4, 4), { filename: 'matrix.png' });
      await t.app.inject({
        method: 'POST',
        url: `/api/upload/${ctx.community._id}/${attachmentId}?noteId=${noteId}`,
        headers: { ...bearer(by.token), ...file.headers },
        payload: file.payload,
      });
      const links = await t.app.inject({ method: 'GET', url: `/api/links/from/${noteId}`, headers: bearer(by.token) });
      return { url: `/api/links/${links.json<{ _id: string; type: string }[]>().find((link) => link.type === 'attach')?._id ?? ''}` };
    },
  },
];

const registered = (route: string): boolean => {
  const [method, url] = route.split(' ') as [InjectOptions['method'], string];
  return t.app.hasRoute({ method: method ?? 'GET', url });
};

let caseNumber = 0;

/** A fresh community with the manager, the writer and the target writer in it, and a group holding the target. */
const setUp = async (caller: Caller): Promise<Context> => {
  const tag = `${process.pid.toString(36)}x${++caseNumber}`;
  const community = await createCommunity(t, admin.token, `Matrix community ${tag}`);
  await joinCommunity(t, users.manager.token, users.manager.id, community._id, managerKey);
  await joinCommunity(t, users.writer.token, users.writer.id, community._id, writerKey);
  // The target's password is reset by some cases (its sessions end), and a manager may reset only
  // a pupil of this community alone (issue 20 §1): a fresh target per case, enrolled by an admin.
  const target = await t.register(`target${tag}`);
  await joinCommunity(t, admin.token, target.id, community._id, writerKey);
  const targetAuthorId = authorIdFor(community._id, target.id);
  let group = { _id: '000000000000000000000000' } as Group;
  if (registered('POST /api/groups/:communityId')) {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/groups/${community._id}`,
      headers: bearer(admin.token),
      payload: { title: 'Existing' },
    });
    group = created.json<Group>();
    await t.app.inject({
      method: 'POST',
      url: `/api/groups/${community._id}/${group._id}/members`,
      headers: bearer(admin.token),
      payload: { authorId: targetAuthorId },
    });
  }
  const callerUser = caller === 'anonymous' ? null : caller === 'admin' ? admin : users[caller];
  return { community, target: { userId: target.id, authorId: targetAuthorId }, group, caller, callerUser, tag };
};

beforeAll(async () => {
  admin = await t.admin('matrixAdmin', 'admin-pass');
  users.manager = await t.register('matrixManager');
  users.writer = await t.register('matrixWriter');
  users.outsider = await t.register('matrixOutsider');
  users.target = await t.register('matrixTarget');
  const elsewhere = await createCommunity(t, admin.token, 'Matrix elsewhere');
  await joinCommunity(t, users.outsider.token, users.outsider.id, elsewhere._id, writerKey);
});
afterAll(async () => t.close());

describe('authorization matrix (spec part 1 §6)', () => {
  for (const row of rows) {
    const label = `${row.route}${row.access === 'self' ? ' (own userId)' : row.route === 'POST /api/authors' ? " (another user's id)" : ''}`;
    describe(label, () => {
      it('is a registered route', () => {
        expect(registered(row.route), row.route).toBe(true);
      });
      for (const caller of callers) {
        const expected = expectations[row.access][caller];
        it(`${caller} → ${expected === 'ok' ? '2xx' : expected}`, async () => {
          const ctx = await setUp(caller);
          const { url, ...options } = await row.request(ctx);
          const [method] = row.route.split(' ') as [InjectOptions['method']];
          const headers = {
            ...(options.headers as Record<string, string> | undefined),
            ...(ctx.callerUser ? bearer(ctx.callerUser.token) : {}),
          };
          const response = await t.app.inject({ ...options, method, url, headers });
          if (expected === 'ok') {
            expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
            expect(response.statusCode, response.body).toBeLessThan(300);
            if (caller !== 'admin') {
              expect(response.body).not.toContain(writerKey);
              expect(response.body).not.toContain(managerKey);
            }
          } else {
            expect(response.statusCode, response.body).toBe(expected);
          }
        });
      }
    });
  }
});

describe('the matrix itself', () => {
  it('covers every route of issue 4 (both servers) exactly once per access kind', () => {
    const routes = new Set(rows.map((row) => row.route));
    expect(routes.size).toBe(35 + 3 + 4 + 3 + 1); // + 3 note-template routes, + 4 annotation routes, + 3 canvas routes, + removing an attach link
    expect(
      rows
        .filter((row) => row.route === 'POST /api/authors')
        .map((row) => row.access)
        .sort(),
    ).toEqual(['admin', 'self']);
  });

  it('fails when a route answers more than the spec allows (sanity check of the expectations)', () => {
    expect(expectations.manager.writer).toBe(403);
    expect(expectations.admin.manager).toBe(403);
    expect(expectations.member.outsider).toBe(403);
    for (const access of Object.keys(expectations) as Access[]) expect(expectations[access].anonymous).toBe(401);
  });
});
