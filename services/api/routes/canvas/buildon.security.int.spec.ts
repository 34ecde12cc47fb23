import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateContributionReply, Link } from '../../../../contracts/api/canvas.ts';
import { CanvasMessages } from '../../../../contracts/catalogs/canvas.ts';
import type { Scaffold } from '../../../../contracts/api/communities.ts';
import {
  activate,
  call,
  loadCanvas,
  placedNote,
  viewWith,
  workspaceOf,
  type Member,
  useCanvasWorld,
} from '../../../../tests/support/canvas.ts';

/**
 * Issue 20 §10: a build-on is placed beside its parent only in the views its
 * author may add contributions to (the view write rule: public views, their
 * own, their group's; managers everywhere), never in a view they may only
 * read. When none of the parent's views is open to them, it is still created
 * (with its build-on link) and lands in the view they are working in, if they
 * may add to it. The same holds for a build-on made from a template.
 */

type Problem = { message: string; errors?: { field: string; message: string }[] };

let templateId: string;

/**
 * A build-on, made active once created (the canvas shows active contributions
 * only), so that checking a canvas for it can fail.
 */
const activated = async (reply: { status: number; body: CreateContributionReply & Problem; raw: string }) => {
  if (reply.status === 201) await activate(t, reply.body.contribution._id);
  return reply;
};
const buildOn = async (who: Member, body: Record<string, unknown>) =>
  activated(
    await call<CreateContributionReply & Problem>(t, who.token, 'POST', `/api/contributions/${w.communityId}`, { type: 'Note', ...body }),
  );
const fromTemplate = async (who: Member, body: Record<string, unknown>) =>
  activated(
    await call<CreateContributionReply & Problem>(t, who.token, 'POST', `/api/contributions/${w.communityId}/fromtemplate`, {
      templateId,
      ...body,
    }),
  );
const refsTo = async (who: Member, viewId: string, id: string) => (await loadCanvas(w, who, viewId)).refs.filter((ref) => ref.to === id);
/** A question of the teacher on the teacher's board (a protected view: pupils read it, only managers add to it). */
const question = async (title: string) => {
  const board = await viewWith(w, w.manager, 'protected', `Board: ${title}`);
  const { noteId } = await placedNote(w, w.manager, board, 200, 200, title);
  return { board, parent: noteId };
};
const alsoOn = async (viewId: string, noteId: string, x: number, y: number) => {
  const placed = await call<Link>(t, w.manager.token, 'POST', '/api/links', { from: viewId, to: noteId, type: 'contains', data: { x, y } });
  expect(placed.status, placed.raw).toBe(201);
};

const { t, w } = useCanvasWorld();
beforeAll(async () => {
  const scaffolds = (await call<Scaffold[]>(t, w.writer.token, 'GET', `/api/communities/${w.communityId}/scaffolds`)).body;
  const scaffold = scaffolds[0];
  if (!scaffold) throw new Error('no default scaffold');
  expect((await call(t, w.manager.token, 'PUT', `/api/scaffolds/${scaffold._id}/template`, { isTemplate: true })).status).toBe(200);
  templateId = scaffold._id;
});

describe('issue 20 §10: a build-on never lands in a view its author may only read', () => {
  it("is created but placed nowhere when the parent is only on the teacher's board and the pupil works there", async () => {
    const { board, parent } = await question('Why do leaves fall?');
    const reply = await buildOn(w.writer, { buildsOn: parent, workingViewId: board });
    expect(reply.status, reply.raw).toBe(201);
    expect(reply.body.refs).toEqual([]);
    expect(reply.body.buildson).toMatchObject({ from: reply.body.contribution._id, to: parent, type: 'buildson' });
    expect(await refsTo(w.manager, board, reply.body.contribution._id)).toEqual([]);
  });

  it("lands in the view the pupil works in when none of the parent's views is open to them", async () => {
    const { board, parent } = await question('What is a cell?');
    const reply = await buildOn(w.writer, { buildsOn: parent, workingViewId: w.welcomeViewId });
    expect(reply.status, reply.raw).toBe(201);
    expect(reply.body.refs.map((ref) => ref.from)).toEqual([w.welcomeViewId]);
    expect(await refsTo(w.writer, w.welcomeViewId, reply.body.contribution._id)).toHaveLength(1);
    expect(await refsTo(w.manager, board, reply.body.contribution._id)).toEqual([]);
  });

  it('lands beside the parent in the views the pupil may add to only, and the working view is then not used', async () => {
    const { board, parent } = await question('How do bees talk?');
    await alsoOn(w.welcomeViewId, parent, 900, 900);
    const workspace = await workspaceOf(w, w.writer);
    const reply = await buildOn(w.writer, { buildsOn: parent, workingViewId: workspace });
    expect(reply.status, reply.raw).toBe(201);
    expect(reply.body.refs.map((ref) => ref.from)).toEqual([w.welcomeViewId]);
    const [beside] = reply.body.refs;
    expect(beside?.data.x).toBeGreaterThan(900);
    expect(beside?.data.y).toBeGreaterThan(900);
    expect(await refsTo(w.manager, board, reply.body.contribution._id)).toEqual([]);
    expect(await refsTo(w.writer, workspace, reply.body.contribution._id)).toEqual([]);
  });

  it('refuses an explicit placement in the read-only view, appending nothing', async () => {
    const { board, parent } = await question('Where does rain come from?');
    const head = await t.infra.eventStore.headPosition();
    const reply = await buildOn(w.writer, { buildsOn: parent, placement: { viewId: board, x: 10, y: 10 } });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe(CanvasMessages.cannotEditView);
    expect(await t.infra.eventStore.headPosition()).toBe(head);
  });

  it('refuses a working view that is not a view of the community (400 on workingViewId), appending nothing', async () => {
    const { parent } = await question('What is light?');
    const head = await t.infra.eventStore.headPosition();
    const reply = await buildOn(w.writer, { buildsOn: parent, workingViewId: parent });
    expect(reply.status).toBe(400);
    expect(reply.body.errors?.[0]?.field).toBe('workingViewId');
    expect(await t.infra.eventStore.headPosition()).toBe(head);
  });

  it("a build-on from a template without a view is not placed on the teacher's board either", async () => {
    const { board, parent } = await question('Why is the sea salty?');
    await alsoOn(w.welcomeViewId, parent, 1200, 200);
    const reply = await fromTemplate(w.writer, { buildsOn: parent });
    expect(reply.status, reply.raw).toBe(201);
    expect(reply.body.refs.map((ref) => ref.from)).toEqual([w.welcomeViewId]);
    expect(await refsTo(w.writer, w.welcomeViewId, reply.body.contribution._id)).toHaveLength(1);
    expect(await refsTo(w.manager, board, reply.body.contribution._id)).toEqual([]);
  });
});

describe('issue 20 §10: build-ons where the author may add', () => {
  it("beside the parent in the pupil's group view, and in every view for a manager", async () => {
    const created = await call<{ _id: string }>(t, w.manager.token, 'POST', `/api/groups/${w.communityId}`, { title: 'Table 3' });
    expect(created.status, created.raw).toBe(201);
    expect(
      (await call(t, w.manager.token, 'POST', `/api/groups/${w.communityId}/${created.body._id}/members`, { authorId: w.writer.authorId }))
        .status,
    ).toBe(200);
    const groupView = await viewWith(w, w.manager, 'public', 'Table 3 board');
    expect(
      (
        await call(t, w.manager.token, 'PUT', `/api/objects/${w.communityId}/${groupView}/permission`, {
          permission: 'private',
          group: created.body._id,
        })
      ).status,
    ).toBe(200);
    const { board, parent } = await question('What floats?');
    await alsoOn(groupView, parent, 300, 300);

    const pupils = await buildOn(w.writer, { buildsOn: parent });
    expect(pupils.status, pupils.raw).toBe(201);
    expect(pupils.body.refs.map((ref) => ref.from)).toEqual([groupView]);

    const managers = await buildOn(w.manager, { buildsOn: parent });
    expect(managers.status, managers.raw).toBe(201);
    expect(new Set(managers.body.refs.map((ref) => ref.from))).toEqual(new Set([board, groupView]));
  });

  it('from a template, beside the parent in a view the pupil may edit', async () => {
    const { noteId: parent } = await placedNote(w, w.writer2, w.welcomeViewId, 1500, 300, 'A classmate idea');
    const reply = await fromTemplate(w.writer, { buildsOn: parent });
    expect(reply.status, reply.raw).toBe(201);
    expect(reply.body.refs.map((ref) => ref.from)).toEqual([w.welcomeViewId]);
  });
});
