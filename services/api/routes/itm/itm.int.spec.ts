import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fr from '../../../../web/src/i18n/locales/server/fr.json' with { type: 'json' };
import type { CommunitySettings } from '../../../../contracts/api/communities.ts';
import type { ItmStatusReply, ItmThreadsReply } from '../../../../contracts/api/itm.ts';
import { call, canvasWorld, createContribution, type CanvasWorld, type Member } from '../../../../tests/support/canvas.ts';
import { startFakeItm, type FakeItm } from '../../../../tests/support/fakeItm.ts';
import { textDoc } from '../../../../tests/support/objects.ts';
import { buildTestApp, type TestApp } from '../../../../tests/support/testApp.ts';

/**
 * ITM (issue 18 §7) against a local server speaking ITM's routes
 * (tests/support/fakeItm.ts): a note's save, its views and build-ons reach ITM
 * through jobs with retries, never with a pupil's token; private notes and
 * communities without the plugin send nothing; the Thread tab's routes and
 * their refusals.
 */
let fake: FakeItm;
let t: TestApp;
let w: CanvasWorld;
let other: CanvasWorld;

beforeAll(async () => {
  fake = await startFakeItm();
  t = await buildTestApp({
    config: {
      itm: { url: fake.url, key: fake.key, allowedOrigins: [fake.url], attempts: 3, backoffMs: 30, publicUrl: 'http://buildon.test' },
    },
  });
  w = await canvasWorld(t);
  other = await canvasWorld(t);
  await plugins(w, { itm: true });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const plugins = async (world: CanvasWorld, flags: Record<string, boolean>, settings: Record<string, unknown> = {}) => {
  const url = `/api/communities/${world.communityId}/settings`;
  const current = (await call<CommunitySettings>(t, world.admin.token, 'GET', url)).body;
  Object.assign(current.data.plugins, flags);
  Object.assign((current.data as { settings?: Record<string, unknown> }).settings ?? {}, settings);
  if (!(current.data as { settings?: unknown }).settings) Object.assign(current.data, { settings });
  const saved = await call(t, world.admin.token, 'PUT', url, { data: current.data, scaffoldIds: current.scaffoldIds });
  expect(saved.status, saved.raw).toBe(200);
};

/** A note by `who` in the world's welcome view, contributed with `text` (optionally building on `parent`). */
const contributedNote = async (world: CanvasWorld, who: Member, title: string, text: string, parent?: string) => {
  const created = await createContribution(world, who, {
    type: 'Note',
    placement: { viewId: world.welcomeViewId, x: 40, y: 40 },
    ...(parent ? { buildsOn: parent } : {}),
  });
  const id = created.contribution._id;
  const saved = await call(t, who.token, 'PUT', `/api/objects/${world.communityId}/${id}`, { revision: 0, title, body: textDoc(text) });
  expect(saved.status, saved.raw).toBe(200);
  return id;
};

const settle = async () => {
  await t.infra.itmJobs?.idle();
};
const noteAdds = (noteId: string) => fake.callsTo('/IIUSs/note/add').filter((c) => c.body.note_id === noteId);

describe('ITM calls follow the community’s events (jobs with retries)', () => {
  it('a contributed note, its view and the note it builds on reach ITM; the pupil’s token never does', async () => {
    const parent = await contributedNote(w, w.writer, 'Le ciel', 'Il est bleu le jour.');
    const child = await contributedNote(w, w.writer2, 'Et la nuit ?', 'La nuit il est noir.', parent);
    await settle();
    // The build-on's own job and the note's job run side by side on the queue: either may reach ITM first.
    await vi.waitFor(
      () => {
        expect(fake.callsTo('/WSG/note_note/add').some((c) => c.body.fromnoteid === child)).toBe(true);
        expect(noteAdds(child)).not.toHaveLength(0);
      },
      { timeout: 5_000 },
    );
    const [add] = noteAdds(child);
    expect(add?.body).toMatchObject({
      community_id: w.communityId,
      token: fake.key,
      title: 'Et la nuit ?',
      kf_user_id: w.writer2.authorId,
    });
    expect(String(add?.body.content)).toContain('La nuit il est noir.');
    expect(fake.callsTo('/WSG/note_note/add').find((c) => c.body.fromnoteid === child)?.body).toMatchObject({
      tonoteid: parent,
      linktype: 'buildson',
    });
    expect(fake.callsTo('/WSG/view_note/add').map((c) => c.body)).toContainEqual(
      expect.objectContaining({ viewid: w.welcomeViewId, noteid: child }),
    );
    // The /WSG/ calls carry the token ITM issued for the community, never a session of Buildon.
    const wsg = fake.calls.filter((c) => c.path.startsWith('/WSG/'));
    expect(wsg.every((c) => typeof c.body.token === 'string' && String(c.body.token).startsWith('itm-session-'))).toBe(true);
    const everything = JSON.stringify(fake.calls);
    for (const token of [w.writer.token, w.writer2.token, w.admin.token]) expect(everything).not.toContain(token);
    expect(fake.callsTo('/IIUSs/kf/user/token')[0]?.body).toMatchObject({
      community_url: 'http://buildon.test',
      community_id: w.communityId,
    });
  });

  it('a later save is sent again; a new view is sent', async () => {
    const id = await contributedNote(w, w.writer, 'Brouillon', 'v1');
    const saved = await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${id}`, {
      revision: 1,
      title: 'Brouillon',
      body: textDoc('v2'),
    });
    expect(saved.status, saved.raw).toBe(200);
    const view = await createContribution(w, w.manager, { type: 'View', title: 'Vue des ombres' });
    await settle();
    await vi.waitFor(() =>
      expect(noteAdds(id).map((c) => String(c.body.content))).toEqual([expect.stringContaining('v1'), expect.stringContaining('v2')]),
    );
    await vi.waitFor(() =>
      expect(fake.callsTo('/WSG/view/add').map((c) => c.body)).toContainEqual(
        expect.objectContaining({ viewid: view.contribution._id, title: 'Vue des ombres' }),
      ),
    );
  });

  it('a private note and a community without the plugin send nothing', async () => {
    const created = await createContribution(w, w.writer, { type: 'Note', placement: { viewId: w.welcomeViewId, x: 1, y: 1 } });
    const id = created.contribution._id;
    expect(
      (await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${id}/permission`, { permission: 'private', group: null }))
        .status,
    ).toBe(200);
    expect(
      (
        await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${id}`, {
          revision: 1,
          title: 'Secret',
          body: textDoc('à moi'),
        })
      ).status,
    ).toBe(200);
    const elsewhere = await contributedNote(other, other.writer, 'Ailleurs', 'sans ITM');
    await settle();
    const marker = await contributedNote(w, w.writer, 'Repère', 'après');
    await settle();
    await vi.waitFor(() => expect(noteAdds(marker)).toHaveLength(1));
    expect(noteAdds(id)).toEqual([]);
    expect(noteAdds(elsewhere)).toEqual([]);
    expect(JSON.stringify(fake.calls)).not.toContain('à moi');
  });

  it('ITM down for a while: the save answers at once and the call lands on a later try', async () => {
    fake.failOnly = '/IIUSs/note/add';
    fake.failNext = 2;
    const started = Date.now();
    const id = await contributedNote(w, w.writer, 'Patience', 'ITM revient');
    expect(Date.now() - started).toBeLessThan(2_000);
    await settle();
    await vi.waitFor(() => expect(fake.callsTo('/IIUSs/note/add').filter((c) => c.body.note_id === id).length).toBeGreaterThanOrEqual(3), {
      timeout: 5_000,
    });
    expect(fake.failNext).toBe(0);
    fake.failOnly = null;
  });

  it('a community’s itmServer outside the allowed origins is ignored: the configured server gets the calls', async () => {
    await plugins(w, {}, { itmServer: 'http://127.0.0.1:9/steal' });
    const id = await contributedNote(w, w.writer, 'Détour', 'non');
    await settle();
    await vi.waitFor(() => expect(noteAdds(id)).toHaveLength(1));
    await plugins(w, {}, { itmServer: '' });
  });
});

describe('the Thread tab', () => {
  const threadsUrl = (world: CanvasWorld, noteId: string) => `/api/itm/${world.communityId}/contributions/${noteId}/threads`;

  it('lists the caller’s threads and adds the note to one; the thread is told to refresh', async () => {
    const status = await call<ItmStatusReply>(t, w.writer.token, 'GET', `/api/itm/${w.communityId}/status`);
    expect(status.body).toEqual({ configured: true, enabled: true });
    expect((await call<ItmStatusReply>(t, other.writer.token, 'GET', `/api/itm/${other.communityId}/status`)).body).toEqual({
      configured: true,
      enabled: false,
    });

    const id = await contributedNote(w, w.writer, 'Fil', 'pour le fil');
    const listed = await call<ItmThreadsReply>(t, w.writer.token, 'GET', threadsUrl(w, id));
    expect(listed.status, listed.raw).toBe(200);
    expect(listed.body.threads.map((th) => th.title)).toEqual(['Pourquoi le ciel est bleu', 'Les ombres']);
    expect(listed.body.noteThreads).toEqual([]);

    const added = await call<ItmThreadsReply>(t, w.writer.token, 'POST', threadsUrl(w, id), { threadId: 72 });
    expect(added.status, added.raw).toBe(200);
    expect(added.body.noteThreads).toEqual([72]);
    expect(fake.threads.get(72)?.has(id)).toBe(true);
    expect((await call<ItmThreadsReply>(t, w.writer2.token, 'GET', threadsUrl(w, id))).body.noteThreads).toEqual([72]);
    await vi.waitFor(() =>
      expect(fake.callsTo('/ITM3/msg/broadcast').map((c) => c.body)).toContainEqual(
        expect.objectContaining({ thread: 72, note_id: id, action: 'refresh' }),
      ),
    );
  });

  it('refuses a classmate who may not write, a manager of another class, a stranger, anonymous; bad input names the field', async () => {
    const id = await contributedNote(w, w.writer, 'À moi', 'protégé');
    const url = threadsUrl(w, id);
    // A classmate reads a protected note but may not add it to a thread.
    expect((await call(t, w.writer2.token, 'GET', url)).status).toBe(200);
    expect((await call(t, w.writer2.token, 'POST', url, { threadId: 71 })).status).toBe(403);
    expect((await call(t, other.manager.token, 'GET', url)).status).toBe(403);
    expect((await call(t, other.manager.token, 'POST', url, { threadId: 71 })).status).toBe(403);
    expect((await call(t, w.outsider.token, 'GET', url)).status).toBe(403);
    expect((await call(t, w.outsider.token, 'GET', `/api/itm/${w.communityId}/status`)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // The note's own community only: the other class's id with this note is a 404.
    expect((await call(t, other.manager.token, 'GET', threadsUrl(other, id))).status).toBe(404);
    expect(fake.threads.get(71)?.has(id)).toBe(false);

    const unknown = await call<{ errors: { field: string }[] }>(t, w.writer.token, 'POST', url, { threadId: 999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.map((e) => e.field)).toEqual(['threadId']);
    const bad = await call<{ errors: { field: string }[] }>(t, w.writer.token, 'POST', url, { threadId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]?.field).toBe('threadId');
    const view = await call<{ errors: { field: string }[] }>(t, w.writer.token, 'GET', threadsUrl(w, w.welcomeViewId));
    expect([view.status, view.body.errors[0]?.field]).toEqual([400, 'noteId']);
  });

  it('a private note’s threads are its authors’ only; the plugin off is a 403; ITM down is a 503 in French', async () => {
    const created = await createContribution(w, w.writer, { type: 'Note', placement: { viewId: w.welcomeViewId, x: 1, y: 1 } });
    const id = created.contribution._id;
    await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${id}/permission`, { permission: 'private', group: null });
    expect((await call(t, w.writer2.token, 'GET', threadsUrl(w, id))).status).toBe(403);
    expect((await call(t, w.writer.token, 'GET', threadsUrl(w, id))).status).toBe(200);

    const elsewhere = await contributedNote(other, other.writer, 'Sans ITM', 'x');
    const off = await call<{ messageCode: string }>(t, other.writer.token, 'GET', threadsUrl(other, elsewhere));
    expect([off.status, off.body.messageCode]).toEqual([403, 'itm.pluginOff']);

    fake.failNext = 2;
    const down = await t.app.inject({
      method: 'GET',
      url: threadsUrl(w, id),
      headers: { authorization: `Bearer ${w.writer.token}`, 'accept-language': 'fr' },
    });
    fake.failNext = 0;
    expect(down.statusCode).toBe(503);
    expect(down.json<{ message: string }>().message).toBe(fr.server.itm.failed);
  });
});

describe('without BUILDON_ITM_URL', () => {
  it('the status says not configured and the thread routes are 404; no probe error', async () => {
    const plain = await buildTestApp();
    try {
      const world = await canvasWorld(plain);
      const status = await call<ItmStatusReply>(plain, world.writer.token, 'GET', `/api/itm/${world.communityId}/status`);
      expect(status.body).toEqual({ configured: false, enabled: false });
      const threads = await call<{ messageCode: string }>(
        plain,
        world.writer.token,
        'GET',
        `/api/itm/${world.communityId}/contributions/${world.welcomeViewId}/threads`,
      );
      expect([threads.status, threads.body.messageCode]).toEqual([404, 'itm.notConfigured']);
      expect(plain.infra.itmJobs).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
