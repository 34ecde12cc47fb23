import { describe, expect, it } from 'vitest';
import type { CreateContributionReply, Link } from '../../../../contracts/api/canvas.ts';
import { CanvasServiceMessages } from '../../../../contracts/catalogs/canvasService.ts';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import { ObjectMessages } from '../../../../contracts/catalogs/objects.ts';
import {
  call,
  createContribution,
  loadCanvas,
  placedNote,
  viewWith,
  workspaceOf,
  useCanvasWorld,
} from '../../../../tests/support/canvas.ts';

/** Issue 20 §3, §9, §10: what a classmate who may edit (or only read) a note may do to it. */

const { t, w } = useCanvasWorld();

const objectOf = async (token: string, id: string) => (await call<ObjectReply>(t, token, 'GET', `/api/objects/${id}`)).body;
const publicNote = async (title: string) => {
  const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 50, 50, title);
  expect(
    (await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${noteId}/permission`, { permission: 'public', group: null }))
      .status,
  ).toBe(200);
  return noteId;
};

describe('§3 co-authors, permission and group belong to the authors and managers', () => {
  it('a classmate who may edit a public note cannot make himself co-author, nor change its permission or group', async () => {
    const noteId = await publicNote('Our shared idea');
    const before = await t.infra.eventStore.headPosition();
    const asClassmate = await objectOf(w.writer2.token, noteId);
    expect(asClassmate).toMatchObject({ editable: true, owned: false });
    const join = await call<{ message: string }>(t, w.writer2.token, 'POST', `/api/objects/${w.communityId}/${noteId}/authors`, {
      authorId: w.writer2.authorId,
    });
    expect(join.status).toBe(403);
    expect(join.body.message).toBe(ObjectMessages.authorsOnly);
    const hide = await call(t, w.writer2.token, 'PUT', `/api/objects/${w.communityId}/${noteId}/permission`, {
      permission: 'private',
      group: null,
    });
    expect(hide.status).toBe(403);
    const drop = await call(t, w.writer2.token, 'DELETE', `/api/objects/${w.communityId}/${noteId}/authors/${w.writer.authorId}`);
    expect(drop.status).toBe(403);
    expect(await t.infra.eventStore.headPosition()).toBe(before);
    expect(await objectOf(w.writer.token, noteId)).toMatchObject({ authors: [w.writer.authorId], permission: 'public' });
  });

  it('the author adds a co-author and changes the permission; a manager changes them too; an editor still edits the text', async () => {
    const noteId = await publicNote('Growing idea');
    expect(await objectOf(w.writer.token, noteId)).toMatchObject({ owned: true });
    expect(
      (await call(t, w.writer.token, 'POST', `/api/objects/${w.communityId}/${noteId}/authors`, { authorId: w.writer2.authorId })).status,
    ).toBe(200);
    expect(await objectOf(w.writer2.token, noteId)).toMatchObject({ owned: true });
    expect(
      (
        await call(t, w.manager.token, 'PUT', `/api/objects/${w.communityId}/${noteId}/permission`, {
          permission: 'protected',
          group: null,
        })
      ).status,
    ).toBe(200);
    expect((await call(t, w.manager.token, 'DELETE', `/api/objects/${w.communityId}/${noteId}/authors/${w.writer2.authorId}`)).status).toBe(
      200,
    );

    const open = await publicNote('Open text');
    const loaded = await objectOf(w.writer2.token, open);
    const edit = await call(t, w.writer2.token, 'PUT', `/api/objects/${w.communityId}/${open}`, {
      revision: loaded.revision,
      title: 'Open text, improved',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'more' }] }] },
    });
    expect(edit.status).toBe(200);
  });
});

describe('§9 links from a contribution need write access to it', () => {
  it("a pupil cannot link from a classmate's read-only note, nor remove its links; from her own note she can", async () => {
    const { noteId: theirs } = await placedNote(w, w.writer, w.welcomeViewId, 300, 50, 'Their note');
    const { noteId: mine } = await placedNote(w, w.writer2, w.welcomeViewId, 300, 250, 'My note');
    const before = await t.infra.eventStore.headPosition();
    const refused = await call<{ message: string }>(t, w.writer2.token, 'POST', '/api/links', {
      from: theirs,
      to: mine,
      type: 'references',
      data: { text: 'x' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CanvasServiceMessages.cannotLinkFrom);
    expect((await call(t, w.writer2.token, 'POST', '/api/links', { from: theirs, to: mine, type: 'buildson' })).status).toBe(403);
    expect(await t.infra.eventStore.headPosition()).toBe(before);

    const allowed = await call<Link>(t, w.writer2.token, 'POST', '/api/links', {
      from: mine,
      to: theirs,
      type: 'references',
      data: { text: 'x' },
    });
    expect(allowed.status).toBe(201);
    // The author's own link from their note cannot be removed by the classmate, and is by the author.
    const authorsLink = await call<Link>(t, w.writer.token, 'POST', '/api/links', {
      from: theirs,
      to: mine,
      type: 'references',
      data: { text: 'y' },
    });
    expect(authorsLink.status).toBe(201);
    expect((await call(t, w.writer2.token, 'DELETE', `/api/links/${authorsLink.body._id}`)).status).toBe(403);
    expect((await call(t, w.writer.token, 'DELETE', `/api/links/${authorsLink.body._id}`)).status).toBe(200);
  });
});

describe('§10 a build-on is placed only where its author may add contributions', () => {
  it("beside the parent in views the pupil may edit, never in the teacher's read-only view", async () => {
    const teachersView = await viewWith(w, w.manager, 'protected', "The teacher's board");
    const { noteId: parent } = await placedNote(w, w.manager, teachersView, 200, 200, 'Question of the day');
    // The same question is also on the class's open view.
    const onWelcome = await call(t, w.manager.token, 'POST', '/api/links', {
      from: w.welcomeViewId,
      to: parent,
      type: 'contains',
      data: { x: 700, y: 700 },
    });
    expect(onWelcome.status).toBe(201);
    const workspace = await workspaceOf(w, w.writer);
    const reply: CreateContributionReply = await createContribution(w, w.writer, {
      type: 'Note',
      title: 'My answer',
      buildsOn: parent,
      placement: { viewId: workspace, x: 10, y: 10 },
    });
    const views = new Set(reply.refs.map((ref) => ref.from));
    expect(views).toEqual(new Set([workspace, w.welcomeViewId]));
    expect((await loadCanvas(w, w.manager, teachersView)).refs.some((ref) => ref.to === reply.contribution._id)).toBe(false);
    // The manager's own build-on does land beside the parent on the manager's view.
    const managers = await createContribution(w, w.manager, { type: 'Note', title: 'Hint', buildsOn: parent });
    expect(managers.refs.map((ref) => ref.from)).toContain(teachersView);
  });
});
