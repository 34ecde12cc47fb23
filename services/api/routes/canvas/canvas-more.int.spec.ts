import { beforeAll, describe, expect, it } from 'vitest';
import type { MoveRefsReply, RiseAboveReply, ViewSettingReply } from '../../../../contracts/api/canvas.ts';
import { CanvasMessages } from '../../../../contracts/catalogs/canvas.ts';
import { CanvasServiceMessages } from '../../../../contracts/catalogs/canvasService.ts';
import { defaultViewSetting, type Group, type ViewSetting } from '../../../../contracts/api/communities.ts';
import type { ViewCanvasReply } from '../../../../contracts/api/views.ts';
import { activate, call, createContribution, loadCanvas, placedNote, viewWith, useCanvasWorld } from '../../../../tests/support/canvas.ts';
import { multipartBody } from '../../../../tests/support/authors.ts';
import { forgedSignature } from '../../../../tests/support/objects.ts';
import { PushClient } from '../../../../tests/support/push.ts';
import { bearer } from '../../../../tests/support/testApp.ts';

/**
 * Issue 5, remaining items: the view setting saved on the server, the
 * supports each note uses (scaffold filter), unpacking a rise-above when its
 * ref is deleted, moving refs between views, and live group/role changes.
 */

let base: string;

const { t, w } = useCanvasWorld();
beforeAll(async () => {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
});

type Problem = { errors?: { field: string; message: string }[]; message?: string };
const allOff: ViewSetting = { buildson: false, references: false, showGroup: false, showAuthor: false, showTime: false, language: false };

describe('PUT /api/views/:viewId/viewsetting', () => {
  it("saves a view's setting for every reader; the canvas answers it over the community's; null goes back", async () => {
    const viewId = await viewWith(w, w.manager, 'public', 'Setting view');
    const before = await loadCanvas(w, w.writer, viewId);
    expect(before.viewSetting).toEqual(defaultViewSetting);
    expect(before.viewSettingSaved).toBeNull();
    expect(before.mayChangeViewSetting).toBe(false);
    expect((await loadCanvas(w, w.manager, viewId)).mayChangeViewSetting).toBe(true);

    const wanted = { ...defaultViewSetting, references: true, showAuthor: false };
    const saved = await call<ViewSettingReply>(t, w.manager.token, 'PUT', `/api/views/${viewId}/viewsetting`, { viewSetting: wanted });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ viewSetting: wanted, viewSettingSaved: wanted });
    const seen = await loadCanvas(w, w.writer, viewId);
    expect(seen.viewSetting).toEqual(wanted);
    expect(seen.viewSettingSaved).toEqual(wanted);

    // The event sits in the view's stream: the time machine replays past it.
    expect((await call(t, w.writer.token, 'GET', `/api/timemachine/${viewId}`)).status).toBe(200);
    const cleared = await call<ViewSettingReply>(t, w.manager.token, 'PUT', `/api/views/${viewId}/viewsetting`, { viewSetting: null });
    expect(cleared.body).toEqual({ viewSetting: defaultViewSetting, viewSettingSaved: null });
    expect((await loadCanvas(w, w.writer, viewId)).viewSetting).toEqual(defaultViewSetting);
  });

  it('lets the view’s author save it; refuses other writers (even of a public view), outsiders and anonymous callers', async () => {
    const viewId = await viewWith(w, w.writer, 'public', 'Writer view');
    expect((await call(t, w.writer.token, 'PUT', `/api/views/${viewId}/viewsetting`, { viewSetting: allOff })).status).toBe(200);
    const other = await call<Problem>(t, w.writer2.token, 'PUT', `/api/views/${viewId}/viewsetting`, { viewSetting: defaultViewSetting });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(CanvasServiceMessages.cannotChangeViewSetting);
    expect((await call(t, w.outsider.token, 'PUT', `/api/views/${viewId}/viewsetting`, { viewSetting: allOff })).status).toBe(403);
    expect((await call(t, null, 'PUT', `/api/views/${viewId}/viewsetting`, { viewSetting: allOff })).status).toBe(401);
    expect((await loadCanvas(w, w.writer2, viewId)).viewSetting).toEqual(allOff);
  });

  it('answers 400 naming the missing or wrong field, and 404 for an unknown view', async () => {
    const { showTime: _missing, ...partial } = defaultViewSetting;
    const missing = await call<Problem>(t, w.manager.token, 'PUT', `/api/views/${w.welcomeViewId}/viewsetting`, { viewSetting: partial });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.field)).toContain('showTime');
    const wrong = await call<Problem>(t, w.manager.token, 'PUT', `/api/views/${w.welcomeViewId}/viewsetting`, {
      viewSetting: { ...defaultViewSetting, buildson: 'yes' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.map((e) => e.field).join(' ')).toContain('viewSetting');
    const unknown = await call(t, w.manager.token, 'PUT', `/api/views/${'0'.repeat(24)}/viewsetting`, { viewSetting: allOff });
    expect(unknown.status).toBe(404);
  });
});

describe('supports on the canvas (scaffold filter)', () => {
  it('answers, per note, the supports its body uses', async () => {
    const scaffolds = await call<{ _id: string; supports: { _id: string }[] }[]>(
      t,
      w.writer.token,
      'GET',
      `/api/communities/${w.communityId}/scaffolds`,
    );
    const supportId = scaffolds.body[0]?.supports[0]?._id ?? '';
    expect(supportId).toMatch(/^[0-9a-f]{24}$/);
    const withSupport = await createContribution(w, w.writer, { type: 'Note', placement: { viewId: w.welcomeViewId, x: 900, y: 900 } });
    // Two support nodes of the same prompt: two links, one support listed once.
    const { ids } = t.infra.commandDeps;
    await activate(t, withSupport.contribution._id, [
      { type: 'CreateLink', data: { linkId: ids.next(), to: supportId, type: 'supports', data: { supportId } } },
      { type: 'CreateLink', data: { linkId: ids.next(), to: supportId, type: 'supports', data: { supportId } } },
    ]);
    const { noteId: plainId } = await placedNote(w, w.writer, w.welcomeViewId, 950, 950, 'Plain');
    const canvas = await loadCanvas(w, w.writer2, w.welcomeViewId);
    const scaffolded = canvas.refs.find((r) => r.to === withSupport.contribution._id);
    expect(scaffolded?._to.supports).toEqual([supportId]);
    expect(canvas.refs.find((r) => r.to === plainId)?._to.supports).toBeUndefined();
  });
});

describe('images shown in place', () => {
  it('carry a signed link that loads without a bearer token (an <img> cannot send one); other files do not', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAAKklEQVR4nO3NMQ0AAAgDsAmb/yALGXA06d9MeyJisVgsFovFYrFYLP4bL9HP3Ew1mJ9PAAAAAElFTkSuQmCC',
      'base64',
    );
    const upload = async (name: string, content: Buffer | string) => {
      const created = await createContribution(w, w.writer, {
        type: 'Attachment',
        title: name,
        placement: { viewId: w.welcomeViewId, x: 1400, y: 1400 },
      });
      const body = multipartBody({ name, content }, {});
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/upload/${w.communityId}/${created.contribution._id}`,
        headers: { ...bearer(w.writer.token), ...body.headers },
        payload: body.payload,
      });
      expect(reply.statusCode, reply.body).toBe(201);
      return created.contribution._id;
    };
    const imageId = await upload('plan.png', png);
    const textId = await upload('notes.txt', 'some notes');
    // Links expire at the end of a 5-minute window (now + 600 s, rounded up): the same window, the same link.
    const expiryWindow = () => Math.ceil((Math.floor(Date.now() / 1000) + 600) / 300) * 300;
    const windowBefore = expiryWindow();
    const canvas = await loadCanvas(w, w.writer2, w.welcomeViewId);
    const image = canvas.refs.find((r) => r.to === imageId)?._to.attachment;
    expect(image?.mime).toBe('image/png');
    expect(image?.url).toMatch(new RegExp(`^/api/attachments/${imageId}/1\\?expires=\\d+&sig=`));
    const loaded = await t.app.inject({ method: 'GET', url: image?.url ?? '' });
    expect(loaded.statusCode).toBe(200);
    expect(loaded.rawPayload.equals(png)).toBe(true);
    const forged = await t.app.inject({ method: 'GET', url: forgedSignature(image?.url ?? '') });
    expect(forged.statusCode).toBe(403);
    // The same link on the next load (the browser keeps the image).
    const again = (await loadCanvas(w, w.writer2, w.welcomeViewId)).refs.find((r) => r.to === imageId)?._to.attachment?.url;
    const windowAfter = expiryWindow();
    // (Once in a few thousand runs the window ends between the two loads: then the link is the next window's.)
    if (windowAfter === windowBefore) expect(again).toBe(image?.url);
    else expect(again).toContain(`?expires=${windowAfter}&sig=`);
    expect(canvas.refs.find((r) => r.to === textId)?._to.attachment?.url).toBe(`/api/attachments/${textId}/1`);
  });
});

describe('POST /api/links (contains): what may be placed', () => {
  it('refuses to place a scaffold (or any type a ref cannot show) on a view, naming `to`; a note is placed', async () => {
    const viewId = await viewWith(w, w.writer, 'public', 'Placement view');
    const scaffolds = await t.infra.readStore
      .collection<{ _id: string }>('contributions')
      .find({ communityId: w.communityId, type: 'Scaffold' });
    const scaffoldId = scaffolds[0]?._id;
    expect(scaffoldId).toBeDefined();
    const refused = await call<Problem>(t, w.writer.token, 'POST', '/api/links', {
      from: viewId,
      to: scaffoldId,
      type: 'contains',
      data: { x: 40, y: 40 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'to', message: CanvasServiceMessages.notPlaceable, messageCode: 'canvasService.notPlaceable' },
    ]);
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 300, 300, 'Placeable');
    expect(
      (await call(t, w.writer.token, 'POST', '/api/links', { from: viewId, to: noteId, type: 'contains', data: { x: 40, y: 40 } })).status,
    ).toBe(201);
    expect((await loadCanvas(w, w.writer, viewId)).refs.map((ref) => ref.to)).toEqual([noteId]);
  });
});

describe('deleting a rise-above ref unpacks it', () => {
  it('puts the inner items back at ref + item − 70; the rise-above note and its inner view stay', async () => {
    const viewId = await viewWith(w, w.manager, 'public', 'Unpack view');
    const a = await placedNote(w, w.writer, viewId, 300, 300, 'Inner A');
    const b = await placedNote(w, w.writer, viewId, 400, 360, 'Inner B');
    const rise = await call<RiseAboveReply>(t, w.writer.token, 'POST', `/api/views/${viewId}/riseabove`, {
      title: 'Rise',
      linkIds: [a.ref._id, b.ref._id],
    });
    expect(rise.status).toBe(201);
    const inside = await loadCanvas(w, w.writer, rise.body.viewId);
    expect(inside.refs).toHaveLength(2);
    const riseRef = (await loadCanvas(w, w.writer, viewId)).refs.find((r) => r.to === rise.body.noteId);
    expect(riseRef?.data).toMatchObject({ x: 350, y: 350 });

    const deleted = await call<{ count: number; unpacked: number }>(t, w.writer.token, 'POST', `/api/views/${viewId}/refs/delete`, {
      linkIds: [rise.body.ref._id],
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ count: 1, unpacked: 2 });
    const after = await loadCanvas(w, w.writer, viewId);
    expect(after.refs.some((r) => r.to === rise.body.noteId)).toBe(false);
    // Inner positions were (20, 20) and (120, 80): 350 + 20 − 70 = 300, …
    expect(after.refs.find((r) => r.to === a.noteId)?.data).toMatchObject({ x: 300, y: 300 });
    expect(after.refs.find((r) => r.to === b.noteId)?.data).toMatchObject({ x: 400, y: 360 });
    expect((await loadCanvas(w, w.writer, rise.body.viewId)).refs).toHaveLength(2);
    const note = await call<{ status: string }>(t, w.writer.token, 'GET', `/api/objects/${rise.body.noteId}`);
    expect(note.body.status).toBe('active');
  });

  it('unpacks through DELETE /api/links/:id too, without doubling items the view already holds', async () => {
    const viewId = await viewWith(w, w.manager, 'public', 'Unpack twice');
    const a = await placedNote(w, w.writer, viewId, 200, 200, 'Twice A');
    const rise = await call<RiseAboveReply>(t, w.writer.token, 'POST', `/api/views/${viewId}/riseabove`, {
      title: 'Rise 2',
      linkIds: [a.ref._id],
    });
    await call(t, w.writer.token, 'POST', '/api/links', { from: viewId, to: a.noteId, type: 'contains', data: { x: 700, y: 700 } });
    expect((await call(t, w.writer.token, 'DELETE', `/api/links/${rise.body.ref._id}`)).status).toBe(200);
    const after = await loadCanvas(w, w.writer, viewId);
    expect(after.refs.filter((r) => r.to === a.noteId)).toHaveLength(1);
  });
});

describe('POST /api/views/:viewId/refs/move', () => {
  it('moves refs into another view keeping their shape; the originals leave', async () => {
    const from = await viewWith(w, w.manager, 'public', 'Move from');
    const to = await viewWith(w, w.manager, 'public', 'Move to');
    const a = await placedNote(w, w.writer, from, 100, 100, 'Mover A');
    const b = await placedNote(w, w.writer, from, 160, 140, 'Mover B');
    const moved = await call<MoveRefsReply>(t, w.writer.token, 'POST', `/api/views/${from}/refs/move`, {
      linkIds: [a.ref._id, b.ref._id],
      toViewId: to,
      x: 500,
      y: 400,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.moved).toBe(2);
    const target = await loadCanvas(w, w.writer, to);
    expect(target.refs.find((r) => r.to === a.noteId)?.data).toMatchObject({ x: 500, y: 400 });
    expect(target.refs.find((r) => r.to === b.noteId)?.data).toMatchObject({ x: 560, y: 440 });
    expect((await loadCanvas(w, w.writer, from)).refs).toHaveLength(0);
  });

  it("refuses moving another's note (writer), into a view the caller cannot edit, and names bad fields", async () => {
    const from = await viewWith(w, w.manager, 'public', 'Move rules');
    const readOnly = await viewWith(w, w.manager, 'protected', 'Read only target');
    const editable = await viewWith(w, w.manager, 'public', 'Editable target');
    const teachers = await placedNote(w, w.manager, from, 100, 100, 'Teacher note');
    const mine = await placedNote(w, w.writer, from, 300, 100, 'My note');
    const notMine = await call<Problem>(t, w.writer.token, 'POST', `/api/views/${from}/refs/move`, {
      linkIds: [teachers.ref._id],
      toViewId: editable,
      x: 10,
      y: 10,
    });
    expect(notMine.status).toBe(403);
    const cannotEdit = await call<Problem>(t, w.writer.token, 'POST', `/api/views/${from}/refs/move`, {
      linkIds: [mine.ref._id],
      toViewId: readOnly,
      x: 10,
      y: 10,
    });
    expect(cannotEdit.status).toBe(403);
    expect(cannotEdit.body.message).toBe(CanvasMessages.cannotEditView);
    const same = await call<Problem>(t, w.writer.token, 'POST', `/api/views/${from}/refs/move`, {
      linkIds: [mine.ref._id],
      toViewId: from,
      x: 10,
      y: 10,
    });
    expect(same.status).toBe(400);
    expect(same.body.errors?.[0]?.field).toBe('toViewId');
    const missing = await call<Problem>(t, w.writer.token, 'POST', `/api/views/${from}/refs/move`, {
      linkIds: [mine.ref._id],
      x: 10,
      y: 10,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.field).toBe('toViewId');
    const elsewhere = await call<Problem>(t, w.writer.token, 'POST', `/api/views/${editable}/refs/move`, {
      linkIds: [mine.ref._id],
      toViewId: from,
      x: 10,
      y: 10,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors?.[0]?.field).toBe('linkIds');
    expect(
      (
        await call(t, w.outsider.token, 'POST', `/api/views/${from}/refs/move`, {
          linkIds: [mine.ref._id],
          toViewId: editable,
          x: 10,
          y: 10,
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(t, null, 'POST', `/api/views/${from}/refs/move`, { linkIds: [mine.ref._id], toViewId: editable, x: 10, y: 10 })).status,
    ).toBe(401);
    // Nothing moved by the refusals; the manager may move the teacher's note.
    expect((await loadCanvas(w, w.writer, from)).refs).toHaveLength(2);
    expect(
      (
        await call(t, w.manager.token, 'POST', `/api/views/${from}/refs/move`, {
          linkIds: [teachers.ref._id],
          toViewId: editable,
          x: 10,
          y: 10,
        })
      ).status,
    ).toBe(200);
  });
});

// ---- live: group and role changes ------------------------------------------------------

const Socket = {
  async as(token: string): Promise<PushClient> {
    const client = await PushClient.open(`${base}/api/socket`);
    client.send({ type: 'auth', token });
    await client.next((m) => m.type === 'ready');
    return client;
  },
};

describe('live: what a member may see changes', () => {
  it('tells a member added to or removed from a group to reload the canvas, and the canvas follows', async () => {
    const viewId = await viewWith(w, w.manager, 'public', 'Group live');
    const group = (await call<Group>(t, w.manager.token, 'POST', `/api/groups/${w.communityId}`, { title: 'Team live' })).body;
    const { noteId } = await placedNote(w, w.manager, viewId, 500, 500, 'Team secret');
    expect(
      (
        await call(t, w.manager.token, 'PUT', `/api/objects/${w.communityId}/${noteId}/permission`, {
          permission: 'private',
          group: group._id,
        })
      ).status,
    ).toBe(200);
    const seen = async (): Promise<boolean> => (await loadCanvas(w, w.writer2, viewId)).refs.some((r) => r.to === noteId);
    expect(await seen()).toBe(false);

    const member = await Socket.as(w.writer2.token);
    const bystander = await Socket.as(w.writer.token);
    await member.subscribe(viewId);
    await bystander.subscribe(viewId);
    expect(
      (await call(t, w.manager.token, 'POST', `/api/groups/${w.communityId}/${group._id}/members`, { authorId: w.writer2.authorId }))
        .status,
    ).toBeLessThan(300);
    expect(await member.next((m) => m.type === 'canvas.stale' && m.viewId === viewId)).toMatchObject({ reason: 'group' });
    expect(await seen()).toBe(true);
    expect(JSON.stringify(bystander.messages)).not.toContain('Team secret');

    const removed = await call(t, w.manager.token, 'DELETE', `/api/groups/${w.communityId}/${group._id}/members/${w.writer2.authorId}`);
    expect(removed.status).toBeLessThan(300);
    await member.next(
      (m) => m.type === 'canvas.stale' && m.viewId === viewId && member.messages.filter((x) => x.type === 'canvas.stale').length >= 2,
    );
    expect(await seen()).toBe(false);
    expect(bystander.messages.some((m) => m.type === 'canvas.stale')).toBe(false);
    member.close();
    bystander.close();
  });

  it('tells a member whose role changed to reload; a view setting change reaches every subscriber', async () => {
    const viewId = await viewWith(w, w.manager, 'public', 'Role live');
    const watcher = await Socket.as(w.writer2.token);
    await watcher.subscribe(viewId);
    expect(
      (await call(t, w.manager.token, 'PUT', `/api/authors/${w.communityId}/${w.writer2.authorId}/role`, { role: 'manager' })).status,
    ).toBe(200);
    expect(await watcher.next((m) => m.type === 'canvas.stale' && m.viewId === viewId)).toMatchObject({ reason: 'role' });
    expect((await loadCanvas(w, w.writer2, viewId)).me.role).toBe('manager');
    await call(t, w.manager.token, 'PUT', `/api/authors/${w.communityId}/${w.writer2.authorId}/role`, { role: 'writer' });

    await call(t, w.manager.token, 'PUT', `/api/views/${viewId}/viewsetting`, { viewSetting: allOff });
    expect(await watcher.next((m) => m.type === 'canvas.stale' && m.reason === 'viewSetting')).toMatchObject({ viewId });
    watcher.close();
  });
});

export type { ViewCanvasReply };
