import { describe, expect, it } from 'vitest';
import { readOnlyPostRoutes } from '../../services/api/app.ts';
import { bearer } from '../support/testApp.ts';
import { matrix, must, note, registeredRoutes, setPermission, type World } from './contentAuthorization.world.ts';

/**
 * The read-only researcher role and the research API (issue 24 §5), and one visibility rule for the
 * past through `?at=` (§6). The matrices (contentAuthorization*.int.spec.ts) check each route's
 * callers; this file checks what a researcher sees, what they can never do, and the replies' contents.
 */

const { t, world } = await matrix('researcher');

const get = (w: World, who: { token: string } | null, url: string) =>
  w.t.app.inject({ method: 'GET', url, ...(who ? { headers: bearer(who.token) } : {}) });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Write routes a researcher legitimately uses: their own session and account, nothing of a class. */
const ownAccountRoutes = new Set([
  'POST /auth/logout',
  // Rotating one's own token and ending one's own sessions (issue 17 §4): the researcher's own account.
  'POST /auth/refresh',
  'DELETE /api/users/me/sessions/:id',
  'POST /auth/local',
  'POST /auth/idul',
  'POST /api/users',
  'PATCH /api/users/:id',
  'PUT /api/users/:id/password',
  'PUT /api/users/:id/lang',
  'PUT /api/users/myRegistrations/order',
  'POST /api/recaptcha',
  // Marking one's own notifications read (issue 18 §5): the researcher's own, like any user's.
  'POST /api/notifications/read',
  'POST /api/notifications/:notificationId/read',
  'PUT /api/notifications/digest',
]);

/** Fills a registered route's parameters with the world's ids (the class's own, so only the role can refuse). */
const urlOf = (w: World, path: string, ids: Record<string, string>): string =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name] ?? ids.id ?? '');

describe('a researcher of the class', () => {
  it('is made by a manager through the change-role route, and made a writer again', async () => {
    const w = await world('manager');
    const mate = w.classmate;
    const url = `/api/authors/${w.communityId}/${mate.authorId}/role`;
    const made = await w.t.app.inject({ method: 'PUT', url, headers: bearer(w.manager.token), payload: { role: 'researcher' } });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<{ role: string }>().role).toBe('researcher');
    const again = await w.t.app.inject({ method: 'PUT', url, headers: bearer(w.manager.token), payload: { role: 'researcher' } });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ messageCode: string }>().messageCode).toBe('community.alreadyResearcher');
    // A pupil cannot make anyone a researcher, not even himself.
    const bySelf = await w.t.app.inject({
      method: 'PUT',
      url: `/api/authors/${w.communityId}/${w.pupil.authorId}/role`,
      headers: bearer(w.pupil.token),
      payload: { role: 'researcher' },
    });
    expect(bySelf.statusCode).toBe(403);
    const back = await w.t.app.inject({ method: 'PUT', url, headers: bearer(w.manager.token), payload: { role: 'writer' } });
    expect(back.json<{ role: string }>().role).toBe('writer');
  });

  it('reads what a manager reads (a private note) and is refused a save with a translated code', async () => {
    const w = await world('researcher');
    const { id } = await note(w, { permission: 'private' });
    const read = await get(w, w.researcher, `/api/objects/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.body).toContain(w.secret);
    const revision = read.json<{ revision: number }>().revision;
    const saved = await w.t.app.inject({
      method: 'PUT',
      url: `/api/objects/${w.communityId}/${id}`,
      headers: bearer(w.researcher.token),
      payload: { revision, title: 'Changed by a researcher' },
    });
    expect(saved.statusCode).toBe(403);
    expect(saved.json<{ messageCode: string }>().messageCode).toBe('community.researcherReadOnly');
    // A search sent as POST only reads: allowed.
    const search = await w.t.app.inject({
      method: 'POST',
      url: `/api/contributions/${w.communityId}/search`,
      headers: bearer(w.researcher.token),
      payload: { query: {} },
    });
    expect(search.statusCode, search.body).toBeLessThan(300);
  });

  it('appears in no list a pupil sees, but managers see them', async () => {
    const w = await world('researcher');
    const names = async (who: { id: string; token: string }) =>
      (await must(w, who, 'GET', `/api/communities/${w.communityId}/authors`)).json<{ _id: string }[]>().map((a) => a._id);
    expect(await names(w.pupil)).not.toContain(w.researcher.authorId);
    expect(await names(w.pupil)).toContain(w.classmate.authorId);
    expect(await names(w.manager)).toContain(w.researcher.authorId);
    expect(await names(w.researcher)).toContain(w.researcher.authorId);
    // Names for the researcher, but no one else's e-mail address.
    const seen = (await must(w, w.researcher, 'GET', `/api/communities/${w.communityId}/authors`)).json<{ _id: string; email: string }[]>();
    expect(seen.filter((m) => m._id !== w.researcher.authorId && m.email !== '')).toEqual([]);
    const managerSees = (await must(w, w.manager, 'GET', `/api/communities/${w.communityId}/authors`)).json<
      { _id: string; email: string }[]
    >();
    expect(managerSees.find((m) => m._id === w.pupil.authorId)?.email).not.toBe('');
  });

  it('is no row, letter or name on the analytics pages, for pupils or managers', async () => {
    const w = await world('researcher');
    await note(w);
    const researcher = (await must(w, w.manager, 'GET', `/api/communities/${w.communityId}/authors`))
      .json<{ _id: string; userName: string }[]>()
      .find((m) => m._id === w.researcher.authorId);
    expect(researcher?.userName).toBe(`research${w.tag}`);
    for (const page of ['stats', 'dashboard', 'dashboard2', 'authornetwork', 's2viz']) {
      for (const who of [w.pupil, w.manager]) {
        const body = (await must(w, who, 'GET', `/api/analytics/${w.communityId}/${page}`)).body;
        expect(body).not.toContain(w.researcher.authorId);
        expect(body).not.toContain(`research${w.tag}`);
      }
    }
  });

  it('is refused every write route of the API: never a 2xx, never a 401 or a 5xx', async () => {
    const w = await world('researcher');
    const { id: noteId } = await note(w);
    const group = (await must(w, w.admin, 'POST', `/api/groups/${w.communityId}`, { title: 'Team' })).json<{ _id: string }>()._id;
    const { id: linkedId, refId } = await note(w);
    const passage = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'A passage to annotate.' }] }] };
    const current = (await must(w, w.pupil, 'GET', `/api/objects/${linkedId}`)).json<{ revision: number }>().revision;
    await must(w, w.pupil, 'PUT', `/api/objects/${w.communityId}/${linkedId}`, { revision: current, title: 'Annotated', body: passage });
    const annotation = (
      await must(w, w.pupil, 'POST', `/api/objects/${w.communityId}/${linkedId}/annotations`, {
        ranges: [{ start: 2, end: 9 }],
        quote: 'passage',
        text: 'A remark',
      })
    ).json<{ _id: string }>()._id;
    const settings = (await must(w, w.admin, 'GET', `/api/communities/${w.communityId}/settings`)).json<{
      data: unknown;
      scaffoldIds: string[];
    }>();
    const scaffoldId = settings.scaffoldIds[0] ?? '';
    const targetView = (await must(w, w.admin, 'POST', `/api/communities/${w.communityId}/views`, { title: 'Target' })).json<{
      _id: string;
    }>()._id;
    // Requests a manager of the class could make (as in authorization-matrix.int.spec.ts): only the role refuses them.
    const validPayloads: Record<string, (ids: Record<string, string>) => unknown> = {
      'PUT /api/communities/:communityId/settings': () => ({ data: settings.data, scaffoldIds: settings.scaffoldIds }),
      'POST /api/groups/:communityId': () => ({ title: 'Another team' }),
      'POST /api/groups/:communityId/:groupId/members': () => ({ authorId: w.pupil.authorId }),
      'PUT /api/authors/:communityId/:authorId/role': () => ({ role: 'manager' }),
      'PUT /api/authors/:communityId/:authorId/password': () => ({ password: 'new-pass-99' }),
      'POST /api/communities/:communityId/blockWriters': () => ({ registrationKey: 'writer-key', block: true }),
      'POST /api/users/renameAllUser/:communityId': () => ({ userData: { [w.pupil.authorId]: { FirstName: 'New', LastName: 'Name' } } }),
      'POST /api/objects/:communityId/:id/annotations': () => ({ ranges: [{ start: 2, end: 9 }], quote: 'passage', text: 'Mine' }),
      'PUT /api/annotations/:annotationId': () => ({ text: 'Changed' }),
      'PUT /api/scaffolds/:scaffoldId/template': () => ({ isTemplate: true }),
      'PUT /api/views/:viewId/viewsetting': () => ({
        viewSetting: { buildson: true, references: true, showGroup: false, showAuthor: true, showTime: true, language: false },
      }),
      'POST /api/views/:viewId/refs/move': () => ({ linkIds: [refId], toViewId: targetView, x: 50, y: 50 }),
      'POST /api/views/:viewId/refs/update': () => ({ changes: [{ linkId: refId, data: { x: 400, y: 400 } }] }),
      'POST /api/communities/:communityId/views': () => ({ title: 'A view of mine' }),
      'POST /api/contributions/:communityId': () => ({ type: 'Note', title: 'Mine' }),
      'PUT /api/objects/:communityId/:id/permission': () => ({ permission: 'public', group: null }),
      'POST /api/objects/:communityId/:id/authors': () => ({ authorId: w.researcher.authorId }),
    };
    const ids: Record<string, string> = {
      communityId: w.communityId,
      id: linkedId,
      contributionId: noteId,
      attachmentId: noteId,
      viewId: w.welcomeViewId,
      authorId: w.pupil.authorId,
      groupId: group,
      annotationId: annotation,
      scaffoldId,
      userId: w.researcher.id,
      jobId: 'none',
    };
    await t.app.ready();
    const writes = registeredRoutes(t).filter((route) => /^(POST|PUT|PATCH|DELETE) /.test(route));
    expect(writes.length).toBeGreaterThan(40);
    const outcomes: Record<string, number> = {};
    for (const route of writes) {
      const [method, path] = route.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      if (ownAccountRoutes.has(route) || readOnlyPostRoutes.has(path)) continue;
      const payload = validPayloads[route]?.(ids) ?? {};
      const response = await w.t.app.inject({
        method,
        url: urlOf(w, path, ids),
        headers: bearer(w.researcher.token),
        ...(method === 'DELETE' ? {} : { payload }),
      });
      outcomes[route] = response.statusCode;
      if (validPayloads[route]) {
        expect([route, response.json<{ messageCode?: string }>().messageCode]).toEqual([route, 'community.researcherReadOnly']);
      }
    }
    const accepted = Object.entries(outcomes).filter(([, status]) => (status >= 200 && status < 300) || status === 401 || status >= 500);
    expect(accepted).toEqual([]);
    // The rest are refused before the role is even looked at (an empty body, an id of another kind): 400, 404, 409 or 415.
    // With valid requests, every write row of the matrices answers a researcher 403 (contentAuthorization.world.ts).
    const elsewhere = Object.entries(outcomes).filter(([, status]) => status !== 403 && ![400, 404, 409, 415].includes(status));
    expect(elsewhere).toEqual([]);
    expect(Object.values(outcomes).filter((status) => status === 403).length).toBeGreaterThanOrEqual(10);
    // And the researcher's session still works: nothing above logged them out.
    expect((await get(w, w.researcher, `/api/objects/${noteId}`)).statusCode).toBe(200);
  });
});

describe('the research API', () => {
  it('snapshot ?at= shows views, positions and notes as they were, with stable pseudonyms for a researcher', async () => {
    const w = await world('researcher');
    const { id } = await note(w, { permission: 'private' });
    await pause(20);
    const middle = new Date().toISOString();
    await pause(20);
    const revision = (await must(w, w.pupil, 'GET', `/api/objects/${id}`)).json<{ revision: number }>().revision;
    await must(w, w.pupil, 'PUT', `/api/objects/${w.communityId}/${id}`, {
      revision,
      title: 'Renamed later',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Later.' }] }] },
    });
    type Snapshot = {
      pseudonymised: boolean;
      views: { viewId: string; refs: { to: string; x: number | null; y: number | null }[] }[];
      contributions: { id: string; title: string; authors: string[]; permission: string }[];
    };
    const url = `/api/research/${w.communityId}/snapshot?at=${encodeURIComponent(middle)}`;
    const first = (await must(w, w.researcher, 'GET', url)).json<Snapshot>();
    const second = (await must(w, w.researcher, 'GET', url)).json<Snapshot>();
    const then = first.contributions.find((c) => c.id === id);
    expect(then?.title).toBe(`${w.secret} note`);
    expect(then?.permission).toBe('private');
    expect(first.pseudonymised).toBe(true);
    expect(then?.authors[0]).toMatch(/^P-[0-9a-f]{12}$/);
    expect(JSON.stringify(first)).not.toContain(w.pupil.authorId);
    expect(second).toEqual(first);
    const welcome = first.views.find((v) => v.viewId === w.welcomeViewId);
    // Placed where the canvas put it (the world's first private note already sits at 100, 100).
    const ref = welcome?.refs.find((r) => r.to === id);
    expect(ref?.x).toBe(100);
    expect(typeof ref?.y).toBe('number');
    // Now: the later title. A manager gets ids as they are.
    const now = (await must(w, w.manager, 'GET', `/api/research/${w.communityId}/snapshot`)).json<Snapshot>();
    expect(now.pseudonymised).toBe(false);
    const current = now.contributions.find((c) => c.id === id);
    expect(current?.title).toBe('Renamed later');
    expect(current?.authors).toEqual([w.pupil.authorId]);
    // Bad input names the field.
    const bad = await get(w, w.researcher, `/api/research/${w.communityId}/snapshot?at=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('at');
  });

  it('reads: who read which note when, in the window, paged', async () => {
    const w = await world('researcher');
    const { id } = await note(w);
    const before = new Date().toISOString();
    await pause(5);
    await must(w, w.classmate, 'POST', `/api/records/read/${w.communityId}/${id}`);
    await must(w, w.pupil, 'POST', `/api/records/read/${w.communityId}/${id}`);
    type Reads = { reads: { reader: string; contributionId: string; position: number }[]; next: number; done: boolean };
    const all = (
      await must(w, w.researcher, 'GET', `/api/research/${w.communityId}/reads?from=${encodeURIComponent(before)}`)
    ).json<Reads>();
    expect(all.reads.map((r) => r.contributionId)).toEqual([id, id]);
    expect(all.reads.every((r) => /^P-[0-9a-f]{12}$/.test(r.reader))).toBe(true);
    expect(new Set(all.reads.map((r) => r.reader)).size).toBe(2);
    expect(all.done).toBe(true);
    const page = (
      await must(w, w.researcher, 'GET', `/api/research/${w.communityId}/reads?from=${encodeURIComponent(before)}&limit=1`)
    ).json<Reads>();
    expect(page.reads).toHaveLength(1);
    expect(page.done).toBe(false);
    const rest = (
      await must(w, w.researcher, 'GET', `/api/research/${w.communityId}/reads?from=${encodeURIComponent(before)}&after=${page.next}`)
    ).json<Reads>();
    expect(rest.reads.map((r) => r.position)).toEqual([all.reads[1]?.position]);
    // A window before the reads: none. Manager: real author ids.
    const early = (
      await must(w, w.researcher, 'GET', `/api/research/${w.communityId}/reads?to=${encodeURIComponent(before)}`)
    ).json<Reads>();
    expect(early.reads).toEqual([]);
    const managers = (
      await must(w, w.manager, 'GET', `/api/research/${w.communityId}/reads?from=${encodeURIComponent(before)}`)
    ).json<Reads>();
    expect(managers.reads.map((r) => r.reader)).toEqual([w.classmate.authorId, w.pupil.authorId]);
    const inverted = await get(w, w.manager, `/api/research/${w.communityId}/reads?from=2030-01-01T00:00:00Z&to=2020-01-01T00:00:00Z`);
    expect(inverted.statusCode).toBe(400);
    expect(inverted.body).toContain('from');
  });

  it("events: the class's own events after a position, without credentials or names for a researcher", async () => {
    const w = await world('researcher');
    await note(w);
    type Events = {
      events: { position: number; type: string; actor: string | null; data: Record<string, unknown> }[];
      next: number;
      done: boolean;
    };
    const pages: Events['events'] = [];
    let after = 0;
    for (let i = 0; i < 100; i++) {
      const page = (await must(w, w.researcher, 'GET', `/api/research/${w.communityId}/events?after=${after}&limit=7`)).json<Events>();
      pages.push(...page.events);
      after = page.next;
      if (page.done) break;
    }
    const types = new Set(pages.map((e) => e.type));
    expect(types).toContain('AuthorJoined');
    expect(types).toContain('ContributionCreated');
    expect(types).not.toContain('UserRegistered');
    const text = JSON.stringify(pages);
    for (const forbidden of ['passwordHash', 'writer-key', 'manager-key', '@', `pupil${w.tag}`, w.pupil.authorId, w.pupil.id]) {
      expect(text).not.toContain(forbidden);
    }
    expect(pages.map((e) => e.position)).toEqual([...pages.map((e) => e.position)].sort((a, b) => a - b));
    // Nothing of another class: the other class's manager never appears.
    expect(text).not.toContain(w.otherManager.id);
    // A manager sees ids (still no credentials).
    const managers = (await must(w, w.manager, 'GET', `/api/research/${w.communityId}/events?limit=5000`)).json<Events>();
    const managerText = JSON.stringify(managers.events);
    expect(managerText).toContain(w.pupil.authorId);
    for (const forbidden of ['passwordHash', 'writer-key', 'manager-key']) expect(managerText).not.toContain(forbidden);
    const bad = await get(w, w.manager, `/api/research/${w.communityId}/events?after=-1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('after');
  });
});

describe('?at= shows a past state only to a reader who could read it then and can read it now (issue 24 §6)', () => {
  it('refuses a classmate a note that was private at T, even though it is protected now', async () => {
    const w = await world('classmate');
    const { id } = await note(w, { permission: 'private' });
    await pause(20);
    const privateThen = new Date().toISOString();
    await pause(20);
    await setPermission(w, id, 'protected');
    expect((await get(w, w.classmate, `/api/objects/${id}`)).statusCode).toBe(200);
    const past = await get(w, w.classmate, `/api/objects/${id}?at=${encodeURIComponent(privateThen)}`);
    expect(past.statusCode).toBeGreaterThanOrEqual(400);
    expect(past.body).not.toContain(w.secret);
    // The author may, and a manager (and a researcher) may.
    expect((await get(w, w.pupil, `/api/objects/${id}?at=${encodeURIComponent(privateThen)}`)).body).toContain(w.secret);
    expect((await get(w, w.researcher, `/api/objects/${id}?at=${encodeURIComponent(privateThen)}`)).body).toContain(w.secret);
  });

  it('refuses a classmate a note that was protected at T but is private now', async () => {
    const w = await world('classmate');
    const { id } = await note(w);
    await pause(20);
    const protectedThen = new Date().toISOString();
    await pause(20);
    await setPermission(w, id, 'private');
    const past = await get(w, w.classmate, `/api/objects/${id}?at=${encodeURIComponent(protectedThen)}`);
    expect(past.statusCode).toBeGreaterThanOrEqual(400);
  });
});
