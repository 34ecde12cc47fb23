import { noteBodyOf } from '../../../../contracts/contributionData.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateContributionReply } from '../../../../contracts/api/canvas.ts';
import type { Scaffold } from '../../../../contracts/api/communities.ts';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import type { Template } from '../../../../contracts/api/templates.ts';
import { call, loadCanvas, placedNote, viewWith, useCanvasWorld } from '../../../../tests/support/canvas.ts';

type Problem = { message: string; errors?: { field: string; message: string }[] };

let scaffolds: Scaffold[];

const { t, w } = useCanvasWorld();
beforeAll(async () => {
  scaffolds = (await call<Scaffold[]>(t, w.writer.token, 'GET', `/api/communities/${w.communityId}/scaffolds`)).body;
});

const setTemplate = (token: string | null, scaffoldId: string, isTemplate: boolean) =>
  call<Template & Problem>(t, token, 'PUT', `/api/scaffolds/${scaffoldId}/template`, { isTemplate });
const fromTemplate = (token: string | null, body: Record<string, unknown>) =>
  call<CreateContributionReply & Problem>(t, token, 'POST', `/api/contributions/${w.communityId}/fromtemplate`, body);

describe('templates', () => {
  it('managers mark a scaffold as a template; writers, outsiders and anonymous callers cannot', async () => {
    const scaffold = scaffolds[0];
    if (!scaffold) throw new Error('no default scaffold');
    expect((await setTemplate(w.writer.token, scaffold._id, true)).status).toBe(403);
    expect((await setTemplate(w.outsider.token, scaffold._id, true)).status).toBe(403);
    expect((await setTemplate(null, scaffold._id, true)).status).toBe(401);
    expect((await setTemplate(w.manager.token, w.welcomeViewId, true)).status).toBe(404);
    const marked = await setTemplate(w.manager.token, scaffold._id, true);
    expect(marked.status, marked.raw).toBe(200);
    expect(marked.body).toMatchObject({ _id: scaffold._id, isTemplate: true, supports: scaffold.supports });
    const listed = await call<Template[]>(t, w.writer.token, 'GET', `/api/communities/${w.communityId}/templates`);
    expect(listed.body.map((tpl) => tpl._id)).toEqual([scaffold._id]);
    expect((await call(t, w.outsider.token, 'GET', `/api/communities/${w.communityId}/templates`)).status).toBe(403);
  });

  it('makes a new note from a template in one request: supports in the body, build-on to the note, ref at +100,+100 in the view', async () => {
    const scaffold = scaffolds[0];
    if (!scaffold) throw new Error('no default scaffold');
    await setTemplate(w.manager.token, scaffold._id, true);
    const parent = await placedNote(w, w.writer, w.welcomeViewId, 400, 300, 'Why is the sky blue?');
    const reply = await fromTemplate(w.writer2.token, { templateId: scaffold._id, viewId: w.welcomeViewId, buildsOn: parent.noteId });
    expect(reply.status, reply.raw).toBe(201);
    const noteId = reply.body.contribution._id;
    expect(reply.body.contribution).toMatchObject({ type: 'Note', status: 'unsaved', data: { template: scaffold._id } });
    expect(reply.body.refs).toHaveLength(1);
    expect(reply.body.refs[0]).toMatchObject({ from: w.welcomeViewId, to: noteId, type: 'contains', data: { x: 500, y: 400 } });
    expect(reply.body.buildson).toMatchObject({ from: noteId, to: parent.noteId, type: 'buildson' });

    // The body holds one support node per support of the template, in order; the editor loads it as is.
    const object = (await call<ObjectReply>(t, w.writer2.token, 'GET', `/api/objects/${noteId}`)).body;
    const supportIds: string[] = [];
    const walk = (node: { type?: string; attrs?: { supportId?: string }; content?: unknown[] }) => {
      if (node.type === 'support' && node.attrs?.supportId) supportIds.push(node.attrs.supportId);
      node.content?.forEach((child) => walk(child as typeof node));
    };
    walk(noteBodyOf(object) as Parameters<typeof walk>[0]);
    expect(supportIds).toEqual(scaffold.supports.map((s) => s._id));

    // Contributing it turns the supports into links, like any note.
    const saved = await call<ObjectReply>(t, w.writer2.token, 'PUT', `/api/objects/${w.communityId}/${noteId}`, {
      revision: object.revision,
      title: 'My answer',
      body: noteBodyOf(object),
      status: 'active',
    });
    expect(saved.status, saved.raw).toBe(200);
    const links = await call<{ type: string; to: string }[]>(t, w.writer2.token, 'GET', `/api/links/from/${noteId}`);
    expect(
      links.body
        .filter((l) => l.type === 'supports')
        .map((l) => l.to)
        .sort(),
    ).toEqual(scaffold.supports.map((s) => s._id).sort());
    const canvas = await loadCanvas(w, w.writer, w.welcomeViewId);
    expect(canvas.links.some((l) => l.from === noteId && l.to === parent.noteId && l.type === 'buildson')).toBe(true);
  });

  it('refuses a scaffold that is not a template, a view of another kind, and a read-only view, naming the field', async () => {
    const plain = scaffolds[1];
    if (!plain) throw new Error('no second scaffold');
    const template = scaffolds[0] as Scaffold;
    await setTemplate(w.manager.token, template._id, true);
    const notTemplate = await fromTemplate(w.writer.token, { templateId: plain._id, viewId: w.welcomeViewId });
    expect(notTemplate.status).toBe(400);
    expect(notTemplate.body.errors?.[0]?.field).toBe('templateId');
    const badView = await fromTemplate(w.writer.token, { templateId: template._id, viewId: template._id });
    expect(badView.status).toBe(400);
    expect(badView.body.errors?.[0]?.field).toBe('viewId');
    const privateView = await viewWith(w, w.writer2, 'private');
    expect((await fromTemplate(w.writer.token, { templateId: template._id, viewId: privateView })).status).toBe(403);
    expect((await fromTemplate(w.outsider.token, { templateId: template._id, viewId: w.welcomeViewId })).status).toBe(403);
    expect((await fromTemplate(null, { templateId: template._id })).status).toBe(401);
  });

  it('without a view, places the note beside its parent in every view holding it', async () => {
    const template = scaffolds[0] as Scaffold;
    await setTemplate(w.manager.token, template._id, true);
    const parent = await placedNote(w, w.writer, w.welcomeViewId, 800, 800, 'Parent');
    const reply = await fromTemplate(w.writer.token, { templateId: template._id, buildsOn: parent.noteId });
    expect(reply.status, reply.raw).toBe(201);
    expect(reply.body.refs.map((r) => r.from)).toEqual([w.welcomeViewId]);
    expect(reply.body.refs[0]?.data).toMatchObject({ x: 900, y: 900 });
  });
});
