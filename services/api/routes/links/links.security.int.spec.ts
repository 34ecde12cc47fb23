import { describe, expect, it } from 'vitest';
import type { Link } from '../../../../contracts/api/canvas.ts';
import { CanvasMessages } from '../../../../contracts/catalogs/canvas.ts';
import { CanvasServiceMessages } from '../../../../contracts/catalogs/canvasService.ts';
import type { Connection } from '../../../../contracts/api/objects.ts';
import { call, placedNote, viewWith, type Member, useCanvasWorld } from '../../../../tests/support/canvas.ts';

/**
 * Issue 20 §9: a link belongs to the contribution it starts from (it is stored
 * in that contribution's stream and changes its connections). Creating,
 * changing or removing one needs the right to edit its `from`: a view's for a
 * ref (`contains`), the note's for a `buildson` or `references` link. Its `to`
 * only has to be readable. Managers may do all of it.
 */

type Problem = { message: string; errors?: { field: string; message: string }[] };

const link = (who: Member, body: Record<string, unknown>) => call<Link & Problem>(t, who.token, 'POST', '/api/links', body);
const linksFrom = async (who: Member, id: string) => (await call<Connection[]>(t, who.token, 'GET', `/api/links/from/${id}`)).body;

/** `run` is refused with `status` and `message`, and nothing is appended. */
const refused = async (run: () => Promise<{ status: number; body: Problem; raw: string }>, status: number, message: string) => {
  const head = await t.infra.eventStore.headPosition();
  const reply = await run();
  expect(reply.status, reply.raw).toBe(status);
  expect(reply.body.message).toBe(message);
  expect(await t.infra.eventStore.headPosition()).toBe(head);
};

const { t, w } = useCanvasWorld();

describe("issue 20 §9: no link from a classmate's read-only contribution", () => {
  it('refuses references and build-on links from a protected note of a classmate, and keeps its connections as they were', async () => {
    const { noteId: theirs } = await placedNote(w, w.writer, w.welcomeViewId, 40, 40, "Ann's note");
    const { noteId: mine } = await placedNote(w, w.writer2, w.welcomeViewId, 40, 240, "Bo's note");
    await refused(
      () => link(w.writer2, { from: theirs, to: mine, type: 'references', data: { text: 'as Bo says' } }),
      403,
      CanvasServiceMessages.cannotLinkFrom,
    );
    await refused(() => link(w.writer2, { from: theirs, to: mine, type: 'buildson' }), 403, CanvasServiceMessages.cannotLinkFrom);
    expect(await linksFrom(w.writer, theirs)).toEqual([]);
  });

  it("refuses a ref from a view the pupil may only read (the teacher's board)", async () => {
    const board = await viewWith(w, w.manager, 'protected', "The teacher's board");
    const { noteId: mine } = await placedNote(w, w.writer2, w.welcomeViewId, 240, 240, 'Put me on the board');
    await refused(
      () => link(w.writer2, { from: board, to: mine, type: 'contains', data: { x: 10, y: 10 } }),
      403,
      CanvasMessages.cannotEditView,
    );
  });

  it('refuses changing or removing a link from what the caller may not edit', async () => {
    const { noteId: theirs } = await placedNote(w, w.writer, w.welcomeViewId, 440, 40, 'Their reference');
    const { noteId: mine } = await placedNote(w, w.writer2, w.welcomeViewId, 440, 240, 'Mine, referenced');
    const made = await link(w.writer, { from: theirs, to: mine, type: 'references', data: { text: 'see Bo' } });
    expect(made.status, made.raw).toBe(201);
    // The `to` side does not own the link.
    await refused(
      () => call<Problem>(t, w.writer2.token, 'DELETE', `/api/links/${made.body._id}`),
      403,
      CanvasServiceMessages.cannotLinkFrom,
    );
    // PUT changes refs only, and only with the view's rules.
    const put = await call<Problem>(t, w.writer2.token, 'PUT', `/api/links/${made.body._id}`, { data: { x: 5 } });
    expect(put.status).toBe(400);
    expect(put.body.errors?.[0]?.field).toBe('id');
    const board = await viewWith(w, w.manager, 'protected', 'Another board');
    const onBoard = await link(w.manager, { from: board, to: theirs, type: 'contains', data: { x: 50, y: 50 } });
    expect(onBoard.status, onBoard.raw).toBe(201);
    await refused(
      () => call<Problem>(t, w.writer.token, 'PUT', `/api/links/${onBoard.body._id}`, { data: { x: 300 } }),
      403,
      CanvasMessages.cannotEditView,
    );
    await refused(() => call<Problem>(t, w.writer.token, 'DELETE', `/api/links/${onBoard.body._id}`), 403, CanvasMessages.cannotEditView);
    expect((await linksFrom(w.writer, theirs)).map((l) => l._id)).toEqual([made.body._id]);
  });

  it('an outsider links from nothing of the community', async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 640, 40, 'Inside');
    const head = await t.infra.eventStore.headPosition();
    const reply = await call(t, w.outsider.token, 'POST', '/api/links', { from: noteId, to: w.welcomeViewId, type: 'references' });
    expect(reply.status).toBe(403);
    expect(await t.infra.eventStore.headPosition()).toBe(head);
  });
});

describe('issue 20 §9: the legitimate links', () => {
  it("a pupil links from her own note to a classmate's note she may read, and removes her link", async () => {
    const { noteId: theirs } = await placedNote(w, w.writer, w.welcomeViewId, 40, 440, 'Readable to all');
    const { noteId: mine } = await placedNote(w, w.writer2, w.welcomeViewId, 240, 440, 'Building from here');
    const reference = await link(w.writer2, { from: mine, to: theirs, type: 'references', data: { text: 'quote' } });
    expect(reference.status, reference.raw).toBe(201);
    expect(reference.body).toMatchObject({ from: mine, to: theirs, type: 'references', data: { text: 'quote' } });
    const buildson = await link(w.writer2, { from: mine, to: theirs, type: 'buildson' });
    expect(buildson.status, buildson.raw).toBe(201);
    expect((await linksFrom(w.writer2, mine)).map((l) => l.type).sort()).toEqual(['buildson', 'references']);
    expect((await call(t, w.writer2.token, 'DELETE', `/api/links/${reference.body._id}`)).status).toBe(200);
  });

  it("links from a public note or a note of the caller's group, and a manager's links from anything", async () => {
    const created = await call<{ _id: string }>(t, w.manager.token, 'POST', `/api/groups/${w.communityId}`, { title: 'Pair' });
    expect(created.status, created.raw).toBe(201);
    const groupId = created.body._id;
    expect(
      (await call(t, w.manager.token, 'POST', `/api/groups/${w.communityId}/${groupId}/members`, { authorId: w.writer2.authorId })).status,
    ).toBe(200);
    const { noteId: grouped } = await placedNote(w, w.writer, w.welcomeViewId, 440, 440, 'Group note');
    expect(
      (
        await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${grouped}/permission`, {
          permission: 'private',
          group: groupId,
        })
      ).status,
    ).toBe(200);
    const { noteId: open } = await placedNote(w, w.writer, w.welcomeViewId, 640, 440, 'Public note');
    expect(
      (await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${open}/permission`, { permission: 'public', group: null }))
        .status,
    ).toBe(200);
    const { noteId: target } = await placedNote(w, w.writer2, w.welcomeViewId, 640, 640, 'Target');

    expect((await link(w.writer2, { from: grouped, to: target, type: 'references' })).status).toBe(201);
    expect((await link(w.writer2, { from: open, to: target, type: 'references' })).status).toBe(201);
    const { noteId: protectedNote } = await placedNote(w, w.writer, w.welcomeViewId, 840, 640, 'Protected, for the manager');
    const managers = await link(w.manager, { from: protectedNote, to: target, type: 'buildson' });
    expect(managers.status, managers.raw).toBe(201);
    expect((await call(t, w.manager.token, 'DELETE', `/api/links/${managers.body._id}`)).status).toBe(200);
  });
});
