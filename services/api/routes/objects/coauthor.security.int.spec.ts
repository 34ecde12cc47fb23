import { beforeAll, describe, expect, it } from 'vitest';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import { ObjectMessages } from '../../../../contracts/catalogs/objects.ts';
import { call, placedNote, viewWith, type Member, useCanvasWorld } from '../../../../tests/support/canvas.ts';

/**
 * Issue 20 §3: the authors of a contribution, its permission and its group are
 * its authors' business and the managers'. A classmate who may edit it (a
 * public note, a note of his group, a public view) edits its text, but cannot
 * make himself co-author, remove an author, hide it, publish it or move it to
 * another group. Each attack goes through the HTTP API and leaves the event
 * log and the contribution as they were.
 */

type Problem = { message: string; code?: string };

let groupId: string;
let otherGroupId: string;

const body = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const objectOf = async (who: Member, id: string) => (await call<ObjectReply>(t, who.token, 'GET', `/api/objects/${id}`)).body;
const setPermission = (who: Member, id: string, permission: string, group: string | null) =>
  call<ObjectReply & Problem>(t, who.token, 'PUT', `/api/objects/${w.communityId}/${id}/permission`, { permission, group });
const addAuthor = (who: Member, id: string, authorId: string) =>
  call<ObjectReply & Problem>(t, who.token, 'POST', `/api/objects/${w.communityId}/${id}/authors`, { authorId });
const removeAuthor = (who: Member, id: string, authorId: string) =>
  call<ObjectReply & Problem>(t, who.token, 'DELETE', `/api/objects/${w.communityId}/${id}/authors/${authorId}`);
const group = async (title: string, members: Member[]) => {
  const created = await call<{ _id: string }>(t, w.manager.token, 'POST', `/api/groups/${w.communityId}`, { title });
  expect(created.status, created.raw).toBe(201);
  for (const member of members) {
    const added = await call(t, w.manager.token, 'POST', `/api/groups/${w.communityId}/${created.body._id}/members`, {
      authorId: member.authorId,
    });
    expect(added.status, added.raw).toBe(200);
  }
  return created.body._id;
};

/** Every attempt of `attacker` on `id`: each refused with 403 and the authors-only message, nothing appended, nothing changed. */
const expectAllRefused = async (attacker: Member, id: string) => {
  const before = await objectOf(w.writer, id);
  const head = await t.infra.eventStore.headPosition();
  const attempts = [
    await addAuthor(attacker, id, attacker.authorId),
    await removeAuthor(attacker, id, before.authors[0] as string),
    await setPermission(attacker, id, 'private', null),
    await setPermission(attacker, id, 'public', null),
    await setPermission(attacker, id, 'private', otherGroupId),
    await setPermission(attacker, id, before.permission, null),
  ];
  for (const attempt of attempts) {
    expect(attempt.status, attempt.raw).toBe(403);
    expect(attempt.body.message).toBe(ObjectMessages.authorsOnly);
  }
  expect(await t.infra.eventStore.headPosition()).toBe(head);
  const after = await objectOf(w.writer, id);
  expect({ authors: after.authors, permission: after.permission, group: after.group, revision: after.revision }).toEqual({
    authors: before.authors,
    permission: before.permission,
    group: before.group,
    revision: before.revision,
  });
};

const { t, w } = useCanvasWorld();
beforeAll(async () => {
  groupId = await group('Team Blue', [w.writer, w.writer2]);
  otherGroupId = await group('Team Red', [w.writer2]);
});

describe('issue 20 §3: a classmate who may edit a contribution does not own it', () => {
  it("a group member edits the group's note but cannot join its authors, hide, publish or regroup it", async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 40, 40, 'Our group hypothesis');
    expect((await setPermission(w.writer, noteId, 'private', groupId)).status).toBe(200);
    expect(await objectOf(w.writer2, noteId)).toMatchObject({ editable: true, owned: false, permission: 'private', group: groupId });

    await expectAllRefused(w.writer2, noteId);

    // Editing the text stays the group's right.
    const loaded = await objectOf(w.writer2, noteId);
    const saved = await call<ObjectReply>(t, w.writer2.token, 'PUT', `/api/objects/${w.communityId}/${noteId}`, {
      revision: loaded.revision,
      title: 'Our group hypothesis, revised',
      body: body('We add an experiment.'),
    });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body).toMatchObject({
      title: 'Our group hypothesis, revised',
      authors: [w.writer.authorId],
      permission: 'private',
      group: groupId,
    });
  });

  it('a classmate may edit a public note but not make it his and then hide it', async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 240, 40, 'Everyone may improve this');
    expect((await setPermission(w.writer, noteId, 'public', null)).status).toBe(200);
    expect(await objectOf(w.writer2, noteId)).toMatchObject({ editable: true, owned: false });
    await expectAllRefused(w.writer2, noteId);
  });

  it("a view's permission is its authors' business too: a writer may not close the community's public view", async () => {
    const view = await objectOf(w.writer2, w.welcomeViewId);
    expect(view).toMatchObject({ type: 'View', permission: 'public', editable: true, owned: false });
    const head = await t.infra.eventStore.headPosition();
    const close = await setPermission(w.writer2, w.welcomeViewId, 'private', null);
    expect(close.status).toBe(403);
    expect(close.body.message).toBe(ObjectMessages.authorsOnly);
    expect((await addAuthor(w.writer2, w.welcomeViewId, w.writer2.authorId)).status).toBe(403);
    expect(await t.infra.eventStore.headPosition()).toBe(head);
    expect((await objectOf(w.writer, w.welcomeViewId)).permission).toBe('public');

    // The author of a view decides for it.
    const own = await viewWith(w, w.writer2, 'public', "Bo's board");
    expect((await setPermission(w.writer2, own, 'protected', null)).status).toBe(200);
  });

  it('a readers-only classmate is refused the same way (the write rule already stops him)', async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 440, 40, 'Protected idea');
    expect(await objectOf(w.writer2, noteId)).toMatchObject({ editable: false, owned: false });
    const head = await t.infra.eventStore.headPosition();
    expect((await addAuthor(w.writer2, noteId, w.writer2.authorId)).status).toBe(403);
    expect((await setPermission(w.writer2, noteId, 'public', null)).status).toBe(403);
    expect(await t.infra.eventStore.headPosition()).toBe(head);
  });
});

describe('issue 20 §3: the legitimate uses', () => {
  it('the author changes the permission and adds a co-author, who then owns it too; a removed co-author no longer does', async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 40, 240, 'Shared work');
    expect(await objectOf(w.writer, noteId)).toMatchObject({ owned: true });
    const published = await setPermission(w.writer, noteId, 'public', null);
    expect(published.status, published.raw).toBe(200);
    expect(published.body.permission).toBe('public');

    const added = await addAuthor(w.writer, noteId, w.writer2.authorId);
    expect(added.status, added.raw).toBe(200);
    expect(added.body.authors).toEqual([w.writer.authorId, w.writer2.authorId]);
    expect(await objectOf(w.writer2, noteId)).toMatchObject({ owned: true });
    expect((await setPermission(w.writer2, noteId, 'protected', null)).status).toBe(200);

    expect((await removeAuthor(w.writer, noteId, w.writer2.authorId)).status).toBe(200);
    expect(await objectOf(w.writer2, noteId)).toMatchObject({ owned: false });
    const again = await setPermission(w.writer2, noteId, 'public', null);
    expect(again.status).toBe(403);
    expect((await objectOf(w.writer, noteId)).permission).toBe('protected');
  });

  it("a manager changes a pupil's note's group and authors; an admin too", async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 240, 240, 'Group work to move');
    expect((await setPermission(w.writer, noteId, 'private', groupId)).status).toBe(200);
    expect(await objectOf(w.manager, noteId)).toMatchObject({ owned: true });
    const moved = await setPermission(w.manager, noteId, 'private', otherGroupId);
    expect(moved.status, moved.raw).toBe(200);
    expect(moved.body).toMatchObject({ permission: 'private', group: otherGroupId });
    expect((await addAuthor(w.manager, noteId, w.writer2.authorId)).status).toBe(200);
    expect((await removeAuthor(w.admin, noteId, w.writer2.authorId)).status).toBe(200);
    expect((await setPermission(w.admin, noteId, 'protected', null)).status).toBe(200);
    expect(await objectOf(w.writer, noteId)).toMatchObject({ authors: [w.writer.authorId], permission: 'protected', group: null });
  });
});
