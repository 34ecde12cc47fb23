import { describe, expect, it } from 'vitest';
import type { Link, RiseAboveReply } from '../../contracts/api/canvas.ts';
import { activate, call, createContribution, placedNote, useCanvasWorld, viewWith } from '../support/canvas.ts';

/**
 * The original's link writes and gone calls (issue 15 §2), sent as its client
 * sends them: PUT with the whole link it holds, DELETE ?userAction=true,
 * createGNoteLink, and KF6's notifications/notify (now the real notify route, issue 18 §5).
 */
type Kf6Link = Link & { _from?: { title: string; type: string }; _to?: { title: string; type: string } };
type Problem = { message: string; messageCode: string; errors?: { field: string }[] };

describe('KF6 link writes', () => {
  const { t, w } = useCanvasWorld();

  it('PUT /api/links/{id} with the whole link moves the ref, takes no cache, end or type from the client, answers the caches', async () => {
    const { noteId, ref } = await placedNote(w, w.writer, w.welcomeViewId, 100, 100, 'Plants need light');
    const held = (await call<Kf6Link>(t, w.writer.token, 'GET', `/api/links/${ref._id}`)).body;
    expect(held._to?.title).toBe('Plants need light');
    const whole = {
      ...held,
      to: w.welcomeViewId,
      type: 'buildson',
      data: { ...held.data, x: 321, y: 222, someClientField: 'kept out' },
      _to: { ...held._to, title: 'Forged title', permission: 'public', authors: [] },
      __v: 0,
    };
    const moved = await call<Kf6Link>(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, whole);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ _id: ref._id, from: w.welcomeViewId, to: noteId, type: 'contains', data: { x: 321, y: 222 } });
    expect(moved.body.data).not.toHaveProperty('someClientField');
    expect(moved.body._to).toMatchObject({ _id: noteId, title: 'Plants need light', type: 'Note' });
    const again = (await call<Kf6Link>(t, w.manager.token, 'GET', `/api/links/${ref._id}`)).body;
    expect(again._to?.title).toBe('Plants need light');
    expect(again.data).toMatchObject({ x: 321, y: 222 });
    // Buildon's own body still works, and a bad position in a KF6 body is a 400 naming the field.
    expect((await call(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, { data: { x: 50, y: 60 } })).status).toBe(200);
    const bad = await call<Problem>(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, { ...held, data: { x: 'left', y: 1 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('data.x');
  });

  it('PUT with the whole link is refused to a classmate in a view he may not edit (French message), to an outsider', async () => {
    const viewId = await viewWith(w, w.writer, 'protected');
    const { ref } = await placedNote(w, w.writer, viewId, 300, 100);
    const held = (await call<Kf6Link>(t, w.writer.token, 'GET', `/api/links/${ref._id}`)).body;
    const classmate = await call<Problem>(t, w.writer2.token, 'PUT', `/api/links/${ref._id}`, { ...held, data: { x: 5, y: 5 } });
    expect(classmate.status).toBe(403);
    const { default: fr } = await import('../../web/src/i18n/locales/server/fr.json', { with: { type: 'json' } });
    const [catalog, key] = classmate.body.messageCode.split('.') as [string, string];
    expect((fr as unknown as { server: Record<string, Record<string, string>> }).server[catalog]?.[key]).toMatch(/[a-zé]/);
    const outsider = await call<Problem>(t, w.outsider.token, 'PUT', `/api/links/${ref._id}`, { ...held, data: { x: 5, y: 5 } });
    expect(outsider.status).toBe(403);
    expect((await call(t, null, 'PUT', `/api/links/${ref._id}`, { ...held, data: { x: 5, y: 5 } })).status).toBe(401);
    // DELETE ?userAction=true is refused alike, and the ref stays.
    const deleted = await call<Problem>(t, w.writer2.token, 'DELETE', `/api/links/${ref._id}?userAction=true`);
    expect(deleted.status).toBe(403);
    expect((await call(t, w.outsider.token, 'DELETE', `/api/links/${ref._id}?userAction=true`)).status).toBe(403);
    expect((await call(t, w.writer.token, 'GET', `/api/links/${ref._id}`)).status).toBe(200);
  });

  it('DELETE ?userAction=true answers 204, or 201 with the refs of a removed rise-above’s inner view', async () => {
    const { ref } = await placedNote(w, w.writer, w.welcomeViewId, 500, 100, 'To remove');
    const plain = await t.app.inject({
      method: 'DELETE',
      url: `/api/links/${ref._id}?userAction=true`,
      headers: { authorization: `Bearer ${w.writer.token}` },
    });
    expect(plain.statusCode).toBe(204);
    expect((await call(t, w.writer.token, 'GET', `/api/links/${ref._id}`)).status).toBe(404);

    const inside = await placedNote(w, w.manager, w.welcomeViewId, 600, 300, 'Inside the rise-above');
    const rise = await call<RiseAboveReply>(t, w.manager.token, 'POST', `/api/views/${w.welcomeViewId}/riseabove`, {
      title: 'What we now think',
      linkIds: [inside.ref._id],
    });
    expect(rise.status).toBe(201);
    const removed = await call<Kf6Link[]>(t, w.manager.token, 'DELETE', `/api/links/${rise.body.ref._id}?userAction=true`);
    expect(removed.status).toBe(201);
    expect(removed.body.map((link) => [link.from, link.to, link.type, link._to?.title])).toEqual([
      [rise.body.viewId, inside.noteId, 'contains', 'Inside the rise-above'],
    ]);
    // Buildon's own DELETE is unchanged: the removed link.
    const own = await placedNote(w, w.writer, w.welcomeViewId, 700, 100);
    const buildon = await call<Link>(t, w.writer.token, 'DELETE', `/api/links/${own.ref._id}`);
    expect(buildon.status).toBe(200);
    expect(buildon.body._id).toBe(own.ref._id);
  });

  it('POST /api/links/createGNoteLink places a note as the original’s client does, with caches; refused to others', async () => {
    const note = await createContribution(w, w.writer, { type: 'Note', title: 'A G note' });
    await activate(t, note.contribution._id);
    const seed = { from: w.welcomeViewId, to: note.contribution._id, type: 'contains', data: { x: 80, y: 90, extra: 1 } };
    const refused = await call<Problem>(t, w.outsider.token, 'POST', '/api/links/createGNoteLink', seed);
    expect(refused.status).toBe(403);
    const created = await call<Kf6Link>(t, w.writer.token, 'POST', '/api/links/createGNoteLink', { ...seed, communityId: w.communityId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ from: w.welcomeViewId, to: note.contribution._id, type: 'contains', data: { x: 80, y: 90 } });
    expect(created.body.data).not.toHaveProperty('extra');
    expect(created.body._to?.title).toBe('A G note');
    expect(created.body._from?.type).toBe('View');
  });

  it('POST /api/notifications/notify/{communityId} tells the authors linked to the contribution (no longer 410); members only', async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 400, 400, 'Told about');
    await createContribution(w, w.writer2, { type: 'Note', title: 'An answer', buildsOn: noteId });
    const body = { author: w.writer.authorId, contribution: noteId, contextId: w.welcomeViewId };
    const told = await call<{ notified: number }>(t, w.writer.token, 'POST', `/api/notifications/notify/${w.communityId}`, body);
    expect(told.status, JSON.stringify(told.body)).toBe(200);
    expect(told.body.notified).toBeGreaterThanOrEqual(0);
    const wrong = await call<Problem>(t, w.writer.token, 'POST', `/api/notifications/notify/${w.communityId}`, {
      ...body,
      contribution: 'x',
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('contribution');
    expect((await call(t, w.outsider.token, 'POST', `/api/notifications/notify/${w.communityId}`, body)).status).toBe(403);
  });
});
