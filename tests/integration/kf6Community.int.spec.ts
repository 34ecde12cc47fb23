import { describe, expect, it } from 'vitest';
import { call, canvasWorld, contributionWith, useCanvasWorld, type CanvasWorld, type Member } from '../support/canvas.ts';

/**
 * The original's community calls (issue 15 §2), sent as its client sends
 * them: the contexts of a community, and the community save with `views` and
 * `scaffolds` reordered (managers).
 */
type Problem = { messageCode: string; errors?: { field: string }[] };
type Community = { _id: string; views: string[]; scaffolds: string[]; rootContextId: string; registrationKey?: string };
type Kf6Context = { _id: string; communityId: string; type: string; title: string; data: Record<string, unknown>; authors: string[] };

/** A context of `owner` with any permission (the route makes only protected ones by managers): straight through the decider. */
const contextOf = (w: CanvasWorld, owner: Member, title: string, permission: 'private' | 'protected'): Promise<string> =>
  contributionWith(w, owner, 'Context', permission, title);

describe('KF6 community calls', () => {
  const { t, w } = useCanvasWorld();

  const community = async (token: string) => (await call<Community>(t, token, 'GET', `/api/communities/${w.communityId}`)).body;
  const newView = async (title: string) => {
    const reply = await call<{ _id: string }>(t, w.manager.token, 'POST', `/api/communities/${w.communityId}/views`, { title });
    expect(reply.status).toBe(201);
    return reply.body._id;
  };

  it("GET /api/contexts/{communityId}: the root context first, in the original's shape; a private context only to its author", async () => {
    const secret = await contextOf(w, w.writer, 'SECRETCONTEXT', 'private');
    const shared = await contextOf(w, w.manager, 'Community Setting: shared', 'protected');
    const contexts = await call<Kf6Context[]>(t, w.writer2.token, 'GET', `/api/contexts/${w.communityId}`);
    expect(contexts.status).toBe(200);
    const root = contexts.body[0];
    expect(root).toMatchObject({ _id: (await community(w.writer2.token)).rootContextId, communityId: w.communityId, type: 'Context' });
    expect(root).toHaveProperty('status');
    expect(root).toHaveProperty('permission');
    expect(root).toHaveProperty('created');
    expect(root).toHaveProperty('modified');
    expect(root?.data).toBeTypeOf('object');
    expect(Object.keys(root?.data ?? {}).length).toBeGreaterThan(0);
    expect(contexts.raw).not.toContain('SECRETCONTEXT');
    expect(contexts.body.find((context) => context._id === shared)).toMatchObject({
      title: 'Community Setting: shared',
      authors: [w.manager.authorId],
    });
    const own = await call<Kf6Context[]>(t, w.writer.token, 'GET', `/api/contexts/${w.communityId}`);
    expect(own.body.map((context) => context._id)).toContain(secret);
    expect((await call(t, w.outsider.token, 'GET', `/api/contexts/${w.communityId}`)).status).toBe(403);
    expect((await call(t, null, 'GET', `/api/contexts/${w.communityId}`)).status).toBe(401);
    const bad = await call<Problem>(t, w.writer.token, 'GET', '/api/contexts/not-an-id');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('communityId');
  });

  it("creates a context as the original's client does after creating a community, through either path; managers only", async () => {
    const body = {
      title: 'Community Setting: Classe 5e',
      type: 'Context',
      authors: [w.manager.authorId],
      permission: 'protected',
      data: {},
    };
    const made = await call<Kf6Context & { status: string; permission: string }>(
      t,
      w.manager.token,
      'POST',
      `/api/contexts/${w.communityId}`,
      body,
    );
    expect(made.status, made.raw).toBe(201);
    expect(made.body).toMatchObject({
      communityId: w.communityId,
      type: 'Context',
      title: 'Community Setting: Classe 5e',
      authors: [w.manager.authorId],
      status: 'active',
      permission: 'protected',
    });
    expect(made.body.data).toMatchObject({ plugins: { enableFavourites: false }, freemode: false });
    // A member lists it; the community's settings are still its root context's.
    const listed = await call<Kf6Context[]>(t, w.writer.token, 'GET', `/api/contexts/${w.communityId}`);
    expect(listed.body.map((context) => context._id)).toContain(made.body._id);
    expect(listed.body[0]?._id).toBe((await community(w.writer.token)).rootContextId);

    // The same through the original's contribution create.
    const viaContributions = await call<{ _id: string; type: string; contribution: { _id: string; type: string } }>(
      t,
      w.manager.token,
      'POST',
      `/api/contributions/${w.communityId}`,
      { ...body, title: 'Second context' },
    );
    expect(viaContributions.status, viaContributions.raw).toBe(201);
    expect(viaContributions.body).toMatchObject({ type: 'Context', contribution: { type: 'Context' } });
    expect(viaContributions.body.contribution._id).toBe(viaContributions.body._id);

    // Refused: a pupil, a manager of another class, a stranger, anonymous; a pupil named as an author; another community's id.
    const other = await canvasWorld(t);
    for (const [who, status] of [
      [w.writer, 403],
      [other.manager, 403],
      [w.outsider, 403],
    ] as const) {
      for (const url of [`/api/contexts/${w.communityId}`, `/api/contributions/${w.communityId}`]) {
        const refused = await call<Problem>(t, who.token, 'POST', url, {
          ...body,
          authors: [who === w.writer ? w.writer.authorId : w.manager.authorId],
        });
        expect(refused.status, `${url} ${refused.raw}`).toBe(status);
      }
    }
    const pupil = await call<Problem>(t, w.writer.token, 'POST', `/api/contexts/${w.communityId}`, body);
    expect(pupil.body.messageCode).toBe('community.managerOnly');
    expect((await call(t, null, 'POST', `/api/contexts/${w.communityId}`, body)).status).toBe(401);
    for (const [bad, field] of [
      [{ ...body, authors: [w.writer.authorId] }, 'authors'],
      [{ ...body, authors: [other.manager.authorId] }, 'authors'],
      [{ ...body, communityId: other.communityId }, 'communityId'],
      [{ ...body, permission: 'everyone' }, 'permission'],
    ] as const) {
      const refused = await call<Problem>(t, w.manager.token, 'POST', `/api/contexts/${w.communityId}`, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(field);
    }
  });

  it("PUT /api/communities/{id} with the original's whole community: a manager reorders views and scaffolds, every reader sees it", async () => {
    await newView('Second view');
    await newView('Third view');
    const held = await community(w.manager.token);
    expect(held.views.length).toBeGreaterThanOrEqual(3);
    const views = [...held.views].reverse();
    const scaffolds = [...held.scaffolds].reverse();
    // A manager may not change the title or a key: refused whole, nothing saved (never silently dropped).
    const renamed = await call<Problem>(t, w.manager.token, 'PUT', `/api/communities/${w.communityId}`, {
      ...held,
      title: 'New title',
      views,
      scaffolds,
    });
    expect(renamed.status).toBe(403);
    expect((await community(w.manager.token)).views).toEqual(held.views);
    const whole = { ...held, __v: 0, views, scaffolds, promisingcolorobjs: [] };
    const saved = await call<Community>(t, w.manager.token, 'PUT', `/api/communities/${w.communityId}`, whole);
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.views).toEqual(views);
    expect(saved.body.scaffolds).toEqual(scaffolds);
    expect(saved.body).not.toHaveProperty('registrationKey');
    // Both dialects' reads and Buildon's own view list follow the new order; nothing else changed.
    const read = await community(w.writer.token);
    expect(read.views).toEqual(views);
    expect(read.scaffolds).toEqual(scaffolds);
    expect((await call<Community>(t, w.writer.token, 'GET', `/api/communities/${w.communityId}?dialect=kf6`)).body.views).toEqual(views);
    const listed = await call<{ _id: string }[]>(t, w.writer.token, 'GET', `/api/communities/${w.communityId}/views`);
    expect(listed.body.map((view) => view._id)).toEqual(views);
    const admin = await community(w.admin.token);
    expect(admin.registrationKey).toBe('writer-key');
    expect((admin as unknown as { title: string }).title).not.toBe('New title');
    // An admin's whole save (the original's community editor) keeps its changed key along with the order.
    const byAdmin = await call<Community>(t, w.admin.token, 'PUT', `/api/communities/${w.communityId}`, {
      ...admin,
      registrationKey: 'writer-key-2',
      views: held.views,
    });
    expect(byAdmin.status, byAdmin.raw).toBe(200);
    expect(byAdmin.body).toMatchObject({ registrationKey: 'writer-key-2', views: held.views });
    expect((await call(t, w.admin.token, 'PUT', `/api/communities/${w.communityId}`, { registrationKey: 'writer-key' })).status).toBe(200);
    // The order is an event of the community's stream.
    const { events } = await t.infra.commandDeps.eventStore.readStream(`community-${w.communityId}`);
    expect(events.map((event) => event.type)).toContain('CommunityViewsReordered');
  });

  it('refuses a list that is not exactly the registered ids (400 naming the field), and anybody but a manager', async () => {
    const held = await community(w.manager.token);
    const [first, ...rest] = held.views;
    const cases: [unknown, string][] = [
      [{ ...held, views: rest }, 'views'],
      [{ ...held, views: [...held.views, first] }, 'views'],
      [{ ...held, views: [...rest, w.communityId] }, 'views'],
      [{ ...held, scaffolds: [...held.scaffolds, held.rootContextId] }, 'scaffolds'],
      [{ ...held, views: 'all' }, 'views'],
      [{ ...held, views: ['x'] }, 'views'],
    ];
    for (const [body, field] of cases) {
      const bad = await call<Problem>(t, w.manager.token, 'PUT', `/api/communities/${w.communityId}`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(bad.body.errors ?? bad.body)).toContain(field);
    }
    const body = { ...held, views: [...held.views].reverse() };
    for (const who of [w.writer, w.writer2]) {
      const refused = await call<Problem>(t, who.token, 'PUT', `/api/communities/${w.communityId}`, body);
      expect(refused.status).toBe(403);
    }
    expect((await call(t, w.outsider.token, 'PUT', `/api/communities/${w.communityId}`, body)).status).toBe(403);
    expect((await call(t, null, 'PUT', `/api/communities/${w.communityId}`, body)).status).toBe(401);
    expect((await community(w.manager.token)).views).toEqual(held.views);
    // Buildon's own editor save stays for admins only.
    expect((await call(t, w.manager.token, 'PUT', `/api/communities/${w.communityId}`, { archived: false })).status).toBe(403);
    expect((await call(t, w.admin.token, 'PUT', `/api/communities/${w.communityId}`, { archived: false })).status).toBe(200);
  });

  it('lists the three calls under the kf6 tag in /api/docs, the community save with both bodies', async () => {
    type Operation = { tags?: string[]; requestBody?: { content: Record<string, { schema: { anyOf?: unknown[] } }> } };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
    expect(doc.paths['/api/contexts/{communityId}']?.get?.tags).toContain('kf6');
    expect(doc.paths['/api/upload/newImage']?.post?.tags).toContain('kf6');
    const save = doc.paths['/api/communities/{communityId}']?.put;
    expect(save?.tags).toContain('kf6');
    expect(save?.requestBody?.content['application/json']?.schema.anyOf).toHaveLength(2);
  });
});
