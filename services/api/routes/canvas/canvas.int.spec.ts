import { describe, expect, it } from 'vitest';
import type { CreateContributionReply, Link, RiseAboveReply, ViewTreeReply } from '../../../../contracts/api/canvas.ts';
import { CanvasMessages } from '../../../../contracts/catalogs/canvas.ts';
import { CanvasServiceMessages } from '../../../../contracts/catalogs/canvasService.ts';
import type { CommunitySettings, ViewSummary } from '../../../../contracts/api/communities.ts';
import type { ViewCanvasReply } from '../../../../contracts/api/views.ts';
import { contributionStreamName } from '../../../../contracts/events/contribution.ts';
import { CommunityMessages } from '../../../../contracts/catalogs/community.ts';
import { handleCommand } from '../../../core/decider.ts';
import { batchDecider } from '../../../domain/contribution/batch.ts';
import { contributionDecider } from '../../../domain/contribution/contribution.decide.ts';
import {
  activate,
  call,
  canvasWorld,
  createContribution,
  loadCanvas,
  placedNote,
  viewWith,
  workspaceOf,
  useCanvasWorld,
} from '../../../../tests/support/canvas.ts';

const { t, w } = useCanvasWorld();

const refTo = (canvas: ViewCanvasReply, id: string) => canvas.refs.find((ref) => ref.to === id);

const setContext = async (changes: Record<string, unknown>) => {
  const current = await call<CommunitySettings>(t, w.admin.token, 'GET', `/api/communities/${w.communityId}/settings`);
  const data = { ...current.body.data, ...changes };
  const saved = await call(t, w.admin.token, 'PUT', `/api/communities/${w.communityId}/settings`, {
    data,
    scaffoldIds: current.body.scaffoldIds,
  });
  expect(saved.status).toBe(200);
};

describe('POST /api/contributions/:communityId', () => {
  it('creates an unsaved untitled note by the caller, protected, placed in the view but hidden until active', async () => {
    const reply = await createContribution(w, w.writer, { type: 'Note', placement: { viewId: w.welcomeViewId, x: 120, y: 130 } });
    expect(reply.contribution).toMatchObject({
      type: 'Note',
      status: 'unsaved',
      title: '',
      permission: 'protected',
      authors: [w.writer.authorId],
      group: null,
      communityId: w.communityId,
    });
    expect(reply.refs).toHaveLength(1);
    expect(reply.refs[0]).toMatchObject({ from: w.welcomeViewId, to: reply.contribution._id, type: 'contains', data: { x: 120, y: 130 } });
    expect(refTo(await loadCanvas(w, w.writer, w.welcomeViewId), reply.contribution._id)).toBeUndefined();
    await activate(t, reply.contribution._id);
    expect(refTo(await loadCanvas(w, w.writer, w.welcomeViewId), reply.contribution._id)).toBeDefined();
  });

  it("names new drawings, attachments and workspaces in their author's interface language (issue 21 §6)", async () => {
    const english = await t.register(`english${process.pid}`);
    await call(t, english.token, 'POST', '/api/authors', { userId: english.id, communityId: w.communityId, registrationKey: 'writer-key' });
    expect((await call(t, english.token, 'PUT', `/api/users/${english.id}/lang`, { lang: 'en' })).status).toBe(200);
    const author = { token: english.token, userId: english.id, authorId: '' };
    const drawing = await createContribution(w, author, { type: 'Drawing' });
    const attachment = await createContribution(w, author, { type: 'Attachment' });
    expect([drawing.contribution.title, attachment.contribution.title]).toEqual(['A drawing', 'An attachment']);
    const workspace = await call<{ viewId: string }>(t, english.token, 'POST', `/api/authors/${w.communityId}/me/workspace`);
    expect((await loadCanvas(w, author, workspace.body.viewId)).view.title).toBe(`Test english${process.pid}'s workspace`);
  });

  it('creates drawings, attachments and views with their defaults; views are registered', async () => {
    const drawing = await createContribution(w, w.writer, { type: 'Drawing', placement: { viewId: w.welcomeViewId, x: 500, y: 500 } });
    expect(drawing.contribution).toMatchObject({ status: 'unsaved', title: 'Un dessin', permission: 'protected' });
    expect(String(drawing.contribution.data.svg)).toContain('width="200"');
    expect(String(drawing.contribution.data.svg)).toContain('Layer 1');
    expect(drawing.refs[0]?.data.showInPlace).toBe(true);
    const attachment = await createContribution(w, w.writer, { type: 'Attachment' });
    expect(attachment.contribution).toMatchObject({
      status: 'unsaved',
      title: 'Une pièce jointe',
      permission: 'protected',
      data: { version: 0 },
    });
    const view = await createContribution(w, w.writer, { type: 'View', title: 'Our ideas' });
    expect(view.contribution).toMatchObject({ status: 'active', permission: 'public', title: 'Our ideas' });
    const views = await call<ViewSummary[]>(t, w.writer.token, 'GET', `/api/communities/${w.communityId}/views`);
    expect(views.body.map((v) => v._id)).toContain(view.contribution._id);
  });

  it('refuses a view without a title, naming the field', async () => {
    const reply = await call<{ errors: { field: string; message: string }[] }>(
      t,
      w.writer.token,
      'POST',
      `/api/contributions/${w.communityId}`,
      { type: 'View', title: '  ' },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      { field: 'title', message: CommunityMessages.titleRequired, messageCode: 'community.titleRequired' },
    ]);
  });

  it('refuses a body that names the community, the authors or the permission', async () => {
    for (const extra of [{ authors: [w.manager.authorId] }, { communityId: w.communityId }, { permission: 'public' }]) {
      const reply = await call(t, w.writer.token, 'POST', `/api/contributions/${w.communityId}`, { type: 'Note', ...extra });
      expect(reply.status).toBe(400);
    }
  });

  it('makes notes placed in a private view private; outsiders and anonymous callers are refused', async () => {
    const workspace = await workspaceOf(w, w.writer);
    const reply = await createContribution(w, w.writer, { type: 'Note', placement: { viewId: workspace, x: 10, y: 10 } });
    expect(reply.contribution.permission).toBe('private');
    expect((await call(t, w.outsider.token, 'POST', `/api/contributions/${w.communityId}`, { type: 'Note' })).status).toBe(403);
    expect((await call(t, null, 'POST', `/api/contributions/${w.communityId}`, { type: 'Note' })).status).toBe(401);
  });

  it('refuses placing in a view the caller cannot edit', async () => {
    const view = await viewWith(w, w.manager, 'protected');
    const reply = await call<{ message: string }>(t, w.writer.token, 'POST', `/api/contributions/${w.communityId}`, {
      type: 'Note',
      placement: { viewId: view, x: 10, y: 10 },
    });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe(CanvasMessages.cannotEditView);
  });

  it('builds on a parent: a buildson link and a ref at parent +50,+50 in every view holding the parent', async () => {
    const second = await viewWith(w, w.manager, 'public', 'Second');
    const { noteId: parentId } = await placedNote(w, w.writer, w.welcomeViewId, 700, 700, 'Parent');
    const paste = await call<Link>(t, w.writer.token, 'POST', '/api/links', {
      from: second,
      to: parentId,
      type: 'contains',
      data: { x: 300, y: 200 },
    });
    expect(paste.status).toBe(201);
    const child = await createContribution(w, w.writer2, { type: 'Note', buildsOn: parentId });
    expect(child.buildson).toMatchObject({ from: child.contribution._id, to: parentId, type: 'buildson' });
    const spots = Object.fromEntries(child.refs.map((ref) => [ref.from, ref.data]));
    expect(spots[w.welcomeViewId]).toEqual({ x: 750, y: 750 });
    expect(spots[second]).toEqual({ x: 350, y: 250 });
    await activate(t, child.contribution._id);
    const canvas = await loadCanvas(w, w.writer, second);
    expect(canvas.links).toContainEqual({ _id: child.buildson?._id, from: child.contribution._id, to: parentId, type: 'buildson' });
  });
});

describe('same community and inherited privacy', () => {
  it('refuses links between two communities, naming the field', async () => {
    const other = await canvasWorld(t);
    const { noteId: foreign } = await placedNote(other, other.admin, other.welcomeViewId, 100, 100, 'Elsewhere');
    const { noteId } = await placedNote(w, w.admin, w.welcomeViewId, 1600, 100);
    const reply = await call<{ errors: { field: string; message: string }[] }>(t, w.admin.token, 'POST', '/api/links', {
      from: noteId,
      to: foreign,
      type: 'buildson',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      { field: 'to', message: CanvasServiceMessages.otherCommunity, messageCode: 'canvasService.otherCommunity' },
    ]);
  });

  it("refuses a ref to another community's contribution in a view (a drop on the canvas), naming the field", async () => {
    const other = await canvasWorld(t);
    const { noteId: foreign } = await placedNote(other, other.admin, other.welcomeViewId, 100, 100, 'Dropped from elsewhere');
    for (const who of [w.admin, w.writer]) {
      const reply = await call<{ errors: { field: string; message: string }[] }>(t, who.token, 'POST', '/api/links', {
        from: w.welcomeViewId,
        to: foreign,
        type: 'contains',
        data: { x: 840, y: 760 },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([
        { field: 'to', message: CanvasServiceMessages.otherCommunity, messageCode: 'canvasService.otherCommunity' },
      ]);
    }
    const canvas = await loadCanvas(w, w.admin, w.welcomeViewId);
    expect(canvas.refs.some((ref) => ref.to === foreign)).toBe(false);
  });

  it('makes a build-on of a private note private', async () => {
    const workspace = await workspaceOf(w, w.writer);
    const { noteId } = await placedNote(w, w.writer, workspace, 200, 200, 'Private parent');
    const child = await createContribution(w, w.writer, { type: 'Note', buildsOn: noteId });
    expect(child.contribution.permission).toBe('private');
    expect(child.refs.map((ref) => ref.from)).toEqual([workspace]);
  });
});

describe('GET /api/views/:viewId/canvas', () => {
  it('shows a private note only to its author and managers, without leaking its title', async () => {
    const workspace = await workspaceOf(w, w.writer);
    const { noteId } = await placedNote(w, w.writer, workspace, 40, 40, 'Secret thoughts xyz');
    const pasted = await call(t, w.writer.token, 'POST', '/api/links', {
      from: w.welcomeViewId,
      to: noteId,
      type: 'contains',
      data: { x: 900, y: 900 },
    });
    expect(pasted.status).toBe(201);
    expect(refTo(await loadCanvas(w, w.writer, w.welcomeViewId), noteId)?._to.permission).toBe('private');
    expect(refTo(await loadCanvas(w, w.manager, w.welcomeViewId), noteId)).toBeDefined();
    const other = await call<ViewCanvasReply>(t, w.writer2.token, 'GET', `/api/views/${w.welcomeViewId}/canvas`);
    expect(other.body.refs.some((ref) => ref.to === noteId)).toBe(false);
    expect(other.raw).not.toContain('Secret thoughts xyz');
  });

  it('gives the per-reader target: names, by me, read state, and the effective view setting', async () => {
    const view = (
      await createContribution(w, w.manager, {
        type: 'View',
        title: 'Setting view',
        viewSetting: { buildson: false, references: true, showGroup: false, showAuthor: true, showTime: false, language: true },
      })
    ).contribution._id;
    const { noteId } = await placedNote(w, w.writer, view, 100, 100, 'Read me');
    let canvas = await loadCanvas(w, w.writer2, view);
    expect(canvas.viewSetting).toEqual({
      buildson: false,
      references: true,
      showGroup: false,
      showAuthor: true,
      showTime: false,
      language: true,
    });
    expect(canvas.editable).toBe(true);
    const ref = refTo(canvas, noteId);
    expect(ref?._to).toMatchObject({ title: 'Read me', read: 'unread', byMe: false, authors: [w.writer.authorId] });
    expect(ref?._to.authorNames[0]).toMatch(/^Test wri/);
    expect(refTo(await loadCanvas(w, w.writer, view), noteId)?._to.byMe).toBe(true);

    const read = await call(t, w.writer2.token, 'POST', `/api/records/read/${w.communityId}/${noteId}`);
    expect(read.status).toBe(200);
    canvas = await loadCanvas(w, w.writer2, view);
    expect(refTo(canvas, noteId)?._to.read).toBe('read');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { eventStore, projections } = t.infra.commandDeps;
    const retitled = await handleCommand(
      eventStore,
      contributionStreamName(noteId),
      batchDecider(contributionDecider),
      [{ type: 'RetitleContribution', data: { title: 'Read me again' } }],
      {
        metadata: { actorId: null, at: new Date().toISOString() },
      },
    );
    await projections.waitFor(retitled.lastPosition);
    expect(refTo(await loadCanvas(w, w.writer2, view), noteId)?._to.read).toBe('modified');
    expect((await loadCanvas(w, w.welcomeViewId === view ? w.writer : w.writer, w.welcomeViewId)).viewSetting).toEqual({
      buildson: true,
      references: false,
      showGroup: true,
      showAuthor: true,
      showTime: true,
      language: false,
    });
  });

  it('refuses outsiders (403) and private views of others (403); unknown views are 404', async () => {
    const workspace = await workspaceOf(w, w.writer);
    expect((await call(t, w.outsider.token, 'GET', `/api/views/${w.welcomeViewId}/canvas`)).status).toBe(403);
    expect((await call(t, w.writer2.token, 'GET', `/api/views/${workspace}/canvas`)).status).toBe(403);
    expect((await call(t, w.manager.token, 'GET', `/api/views/${workspace}/canvas`)).status).toBe(200);
    const missing = await call<{ message: string }>(t, w.writer.token, 'GET', `/api/views/${'0'.repeat(24)}/canvas`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(CanvasMessages.viewNotFound);
  });

  it('says read-only views are not editable', async () => {
    const view = await viewWith(w, w.manager, 'protected');
    expect((await loadCanvas(w, w.writer, view)).editable).toBe(false);
    expect((await loadCanvas(w, w.manager, view)).editable).toBe(true);
  });
});

describe('refs: POST/PUT/DELETE /api/links', () => {
  it('copies a ref to another view (paste) with its size; an exact collision lands +50,+50', async () => {
    const other = await viewWith(w, w.writer, 'public', 'Paste target');
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 1000, 1000, 'Copied');
    const first = await call<Link>(t, w.writer.token, 'POST', '/api/links', {
      from: other,
      to: noteId,
      type: 'contains',
      data: { x: 60, y: 60, width: 300, height: 200, showInPlace: true },
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({ x: 60, y: 60, width: 300, height: 200, showInPlace: true });
    const second = await call<Link>(t, w.writer.token, 'POST', '/api/links', {
      from: other,
      to: noteId,
      type: 'contains',
      data: { x: 60, y: 60 },
    });
    expect(second.body.data).toMatchObject({ x: 110, y: 110 });
    expect((await loadCanvas(w, w.writer2, other)).refs.filter((ref) => ref.to === noteId)).toHaveLength(2);
    expect(refTo(await loadCanvas(w, w.writer2, w.welcomeViewId), noteId)).toBeDefined();
  });

  it('refuses refs to unreadable contributions and links to them, and requires x and y', async () => {
    const workspace = await workspaceOf(w, w.writer);
    const { noteId } = await placedNote(w, w.writer, workspace, 300, 300, 'Mine only');
    const { noteId: publicNote } = await placedNote(w, w.writer2, w.welcomeViewId, 1200, 1200);
    expect(
      (await call(t, w.writer2.token, 'POST', '/api/links', { from: w.welcomeViewId, to: noteId, type: 'contains', data: { x: 1, y: 1 } }))
        .status,
    ).toBe(404);
    expect((await call(t, w.writer2.token, 'POST', '/api/links', { from: publicNote, to: noteId, type: 'references' })).status).toBe(404);
    const missing = await call<{ errors: { field: string }[] }>(t, w.writer2.token, 'POST', '/api/links', {
      from: w.welcomeViewId,
      to: publicNote,
      type: 'contains',
      data: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e) => e.field)).toEqual(['data.x', 'data.y']);
    // A link belongs to its source: only those who may edit the source link from it (issue 20 §9).
    expect(
      (await call(t, w.writer.token, 'POST', '/api/links', { from: publicNote, to: noteId, type: 'references', data: { text: 'quote' } }))
        .status,
    ).toBe(403);
    const reference = await call<Link>(t, w.writer.token, 'POST', '/api/links', {
      from: noteId,
      to: publicNote,
      type: 'references',
      data: { text: 'quote' },
    });
    expect(reference.status).toBe(201);
    expect(reference.body).toMatchObject({ type: 'references', data: { text: 'quote' } });
  });

  it('moves a ref with positions clamped to 2…1950', async () => {
    const { ref } = await placedNote(w, w.writer, w.welcomeViewId, 400, 400);
    const moved = await call<Link>(t, w.writer2.token, 'PUT', `/api/links/${ref._id}`, { data: { x: -50, y: 5000 } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ x: 2, y: 1950 });
  });

  it('refuses editing a read-only view with the spec message', async () => {
    const view = await viewWith(w, w.manager, 'protected');
    const { ref } = await placedNote(w, w.manager, view, 10, 10);
    for (const reply of [
      await call<{ message: string }>(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, { data: { x: 50 } }),
      await call<{ message: string }>(t, w.writer.token, 'DELETE', `/api/links/${ref._id}`),
      await call<{ message: string }>(t, w.writer.token, 'POST', '/api/links', {
        from: view,
        to: ref.to,
        type: 'contains',
        data: { x: 1, y: 1 },
      }),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body.message).toBe(CanvasMessages.cannotEditView);
    }
  });

  it('lets writers delete only refs to their own objects; managers any; freemode everyone', async () => {
    const { ref: teachers } = await placedNote(w, w.manager, w.welcomeViewId, 1300, 100, "Teacher's note");
    const refused = await call<{ message: string }>(t, w.writer.token, 'DELETE', `/api/links/${teachers._id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CanvasServiceMessages.notYourObject);
    const { ref: own } = await placedNote(w, w.writer, w.welcomeViewId, 1300, 200);
    expect((await call(t, w.writer.token, 'DELETE', `/api/links/${own._id}`)).status).toBe(200);
    await setContext({ freemode: true });
    try {
      const { ref: other } = await placedNote(w, w.writer2, w.welcomeViewId, 1300, 300);
      expect((await call(t, w.writer.token, 'DELETE', `/api/links/${other._id}`)).status).toBe(200);
    } finally {
      await setContext({ freemode: false });
    }
    expect((await call(t, w.manager.token, 'DELETE', `/api/links/${teachers._id}`)).status).toBe(200);
    expect(refTo(await loadCanvas(w, w.manager, w.welcomeViewId), teachers.to)).toBeUndefined();
  });

  it('fixes: the author or a manager; fixed refs cannot be moved', async () => {
    const { ref } = await placedNote(w, w.writer, w.welcomeViewId, 1400, 100);
    const refused = await call<{ message: string }>(t, w.writer2.token, 'PUT', `/api/links/${ref._id}`, {
      data: { fixed: true, draggable: false },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CanvasMessages.cannotFix);
    expect((await call(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, { data: { fixed: true, draggable: false } })).status).toBe(200);
    const move = await call<{ message: string }>(t, w.manager.token, 'PUT', `/api/links/${ref._id}`, { data: { x: 1500 } });
    expect(move.status).toBe(403);
    expect(move.body.message).toBe(CanvasServiceMessages.fixedInPlace);
    expect(
      (await call(t, w.manager.token, 'PUT', `/api/links/${ref._id}`, { data: { fixed: false, draggable: true, x: 1500 } })).status,
    ).toBe(200);
  });

  it('hard lock: lock control is for managers and the view author; only they unlock', async () => {
    const view = await viewWith(w, w.writer2, 'public', 'Writer2 view');
    const { ref } = await placedNote(w, w.writer, view, 100, 100);
    const refused = await call<{ message: string }>(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, {
      data: { fixed: true, locked: true },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CanvasMessages.cannotLock);
    expect(
      (await call(t, w.manager.token, 'PUT', `/api/links/${ref._id}`, { data: { fixed: true, locked: true, draggable: false } })).status,
    ).toBe(200);
    const unlock = await call<{ message: string }>(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, {
      data: { fixed: false, locked: false },
    });
    expect(unlock.status).toBe(403);
    expect(unlock.body.message).toBe(CanvasMessages.cannotLock);
    expect((await call(t, w.writer.token, 'DELETE', `/api/links/${ref._id}`)).status).toBe(403);
    expect(
      (await call(t, w.writer2.token, 'PUT', `/api/links/${ref._id}`, { data: { fixed: false, locked: false, draggable: true } })).status,
    ).toBe(200);
  });

  it('honours preventOverlap on moves', async () => {
    const view = await viewWith(w, w.writer, 'public', 'Overlap');
    await placedNote(w, w.writer, view, 300, 300);
    const { ref } = await placedNote(w, w.writer, view, 800, 800);
    await setContext({ features: { preventOverlap: true } });
    try {
      const moved = await call<Link>(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, { data: { x: 310, y: 310 } });
      expect(moved.body.data).toMatchObject({ x: 260, y: 260 });
    } finally {
      await setContext({ features: { preventOverlap: false } });
    }
  });

  it('changes several refs at once: one write, each change checked as one PUT, the refused ones answered with their message', async () => {
    const view = await viewWith(w, w.writer, 'public', 'Batch move');
    const a = await placedNote(w, w.writer, view, 100, 100);
    const b = await placedNote(w, w.writer, view, 300, 100);
    const fixed = await placedNote(w, w.writer, view, 500, 100);
    expect((await call(t, w.writer.token, 'PUT', `/api/links/${fixed.ref._id}`, { data: { fixed: true, draggable: false } })).status).toBe(
      200,
    );
    const elsewhere = await placedNote(w, w.writer, w.welcomeViewId, 1500, 1500);
    const url = `/api/views/${view}/refs/update`;
    const wrong = await call<{ errors: { field: string }[] }>(t, w.writer.token, 'POST', url, {
      changes: [{ linkId: elsewhere.ref._id, data: { x: 10 } }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]?.field).toBe('changes');
    const moves = [a, b, fixed].map(({ ref }, i) => ({ linkId: ref._id, data: { x: 900 + i * 200, y: 5000 } }));
    const done = await call<{ refs: Link[]; refused: { linkId: string; message: string }[] }>(t, w.writer.token, 'POST', url, {
      changes: moves,
    });
    expect(done.status).toBe(200);
    expect(done.body.refused).toEqual([
      { linkId: fixed.ref._id, message: CanvasServiceMessages.fixedInPlace, messageCode: 'canvasService.fixedInPlace' },
    ]);
    expect(done.body.refs.map((ref) => [ref._id, ref.data.x, ref.data.y])).toEqual([
      [a.ref._id, 900, 1950],
      [b.ref._id, 1100, 1950],
    ]);
    const refs = (await loadCanvas(w, w.writer, view)).refs;
    expect(refs.find((ref) => ref._id === fixed.ref._id)?.data).toMatchObject({ x: 500, y: 100 });
    expect(refs.find((ref) => ref._id === b.ref._id)?.data).toMatchObject({ x: 1100, y: 1950 });
    // Not an editor of the view: the whole request is refused.
    const outsider = await call<{ message: string }>(t, w.outsider.token, 'POST', url, {
      changes: [{ linkId: a.ref._id, data: { x: 10 } }],
    });
    expect(outsider.status).toBe(403);
  });

  it('honours preventOverlap within a batch (the refs moved before count)', async () => {
    const view = await viewWith(w, w.writer, 'public', 'Batch overlap');
    const a = await placedNote(w, w.writer, view, 800, 800);
    const b = await placedNote(w, w.writer, view, 1200, 800);
    await setContext({ features: { preventOverlap: true } });
    try {
      const done = await call<{ refs: Link[] }>(t, w.writer.token, 'POST', `/api/views/${view}/refs/update`, {
        changes: [
          { linkId: a.ref._id, data: { x: 300, y: 300 } },
          { linkId: b.ref._id, data: { x: 310, y: 310 } },
        ],
      });
      expect(done.body.refs.map((ref) => ({ x: ref.data.x, y: ref.data.y }))).toEqual([
        { x: 300, y: 300 },
        { x: 260, y: 260 },
      ]);
    } finally {
      await setContext({ features: { preventOverlap: false } });
    }
  });

  it('deletes several refs at once and answers the count; a ref of another view is refused', async () => {
    const view = await viewWith(w, w.writer, 'public', 'Batch');
    const a = await placedNote(w, w.writer, view, 100, 100);
    const b = await placedNote(w, w.writer, view, 300, 100);
    const elsewhere = await placedNote(w, w.writer, w.welcomeViewId, 1500, 1500);
    const wrong = await call<{ errors: { field: string }[] }>(t, w.writer.token, 'POST', `/api/views/${view}/refs/delete`, {
      linkIds: [a.ref._id, elsewhere.ref._id],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]?.field).toBe('linkIds');
    const done = await call<{ count: number }>(t, w.writer.token, 'POST', `/api/views/${view}/refs/delete`, {
      linkIds: [a.ref._id, b.ref._id],
    });
    expect(done.body).toEqual({ count: 2, unpacked: 0 });
    expect((await loadCanvas(w, w.writer, view)).refs).toHaveLength(0);
  });
});

describe('POST /api/views/:viewId/riseabove', () => {
  it('needs a name', async () => {
    const reply = await call<{ errors: { field: string; message: string }[] }>(
      t,
      w.writer.token,
      'POST',
      `/api/views/${w.welcomeViewId}/riseabove`,
      { title: ' ' },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      { field: 'title', message: CanvasMessages.riseaboveTitleRequired, messageCode: 'canvas.riseaboveTitleRequired' },
    ]);
  });

  it('moves the selection into a new inner view at offset 20 and places the rise-above at the corner +50', async () => {
    const view = await viewWith(w, w.writer, 'public', 'Rise');
    const a = await placedNote(w, w.writer, view, 200, 300, 'A');
    const b = await placedNote(w, w.writer, view, 260, 380, 'B');
    const stays = await placedNote(w, w.writer, view, 900, 900, 'C');
    const reply = await call<RiseAboveReply>(t, w.writer.token, 'POST', `/api/views/${view}/riseabove`, {
      title: 'Our theory',
      linkIds: [a.ref._id, b.ref._id],
    });
    expect(reply.status).toBe(201);
    expect(reply.body.moved).toBe(2);
    expect(reply.body.ref.data).toEqual({ x: 250, y: 350 });
    const outer = await loadCanvas(w, w.writer, view);
    expect(outer.refs.map((ref) => ref.to).sort()).toEqual([stays.noteId, reply.body.noteId].sort());
    expect(refTo(outer, reply.body.noteId)?._to).toMatchObject({ title: 'Our theory', riseaboveViewId: reply.body.viewId, type: 'Note' });
    const inner = await loadCanvas(w, w.writer, reply.body.viewId);
    expect(Object.fromEntries(inner.refs.map((ref) => [ref.to, { x: ref.data.x, y: ref.data.y }]))).toEqual({
      [a.noteId]: { x: 20, y: 20 },
      [b.noteId]: { x: 80, y: 100 },
    });
    const community = await call<{ views: string[] }>(t, w.writer.token, 'GET', `/api/communities/${w.communityId}`);
    expect(community.body.views).not.toContain(reply.body.viewId);
  });

  it('names the inner view after its rise-above note, for readers of the note only (issue 21 §5)', async () => {
    const view = await viewWith(w, w.writer, 'public', 'Rise named');
    const a = await placedNote(w, w.writer, view, 200, 300, 'A');
    const reply = await call<RiseAboveReply>(t, w.writer.token, 'POST', `/api/views/${view}/riseabove`, {
      title: 'Notre synthèse',
      linkIds: [a.ref._id],
    });
    const inner = await loadCanvas(w, w.writer2, reply.body.viewId);
    // KF6 keeps the raw title on the view; what people see is the note's title.
    expect(inner.view.title).toBe(`riseabove:${reply.body.noteId}`);
    expect(inner.riseabove).toEqual({ noteId: reply.body.noteId, title: 'Notre synthèse' });
    // A note its classmate may not read does not lend its title to the (public) inner view.
    await activate(t, reply.body.noteId, [{ type: 'ChangePermission', data: { permission: 'private', group: null } }]);
    expect((await loadCanvas(w, w.writer2, reply.body.viewId)).riseabove).toBeUndefined();
    expect((await loadCanvas(w, w.writer, reply.body.viewId)).riseabove?.title).toBe('Notre synthèse');
  });

  it('without a selection lands at a free spot; refused in read-only views', async () => {
    const view = await viewWith(w, w.writer, 'public', 'Rise empty');
    await placedNote(w, w.writer, view, 100, 100);
    const reply = await call<RiseAboveReply>(t, w.writer.token, 'POST', `/api/views/${view}/riseabove`, { title: 'Empty' });
    expect(reply.body.ref.data).toEqual({ x: 100, y: 140 });
    const readOnly = await viewWith(w, w.manager, 'protected');
    expect((await call(t, w.writer.token, 'POST', `/api/views/${readOnly}/riseabove`, { title: 'X' })).status).toBe(403);
  });
});

describe('view manager and workspace', () => {
  it('adds views by title (empty → 400), deletes (managers or authors), re-parents (managers) and lists the tree', async () => {
    expect((await call(t, w.writer.token, 'POST', `/api/communities/${w.communityId}/views`, { title: '' })).status).toBe(400);
    const parent = (await call<ViewSummary>(t, w.writer.token, 'POST', `/api/communities/${w.communityId}/views`, { title: 'Parent view' }))
      .body;
    const child = (await call<ViewSummary>(t, w.writer2.token, 'POST', `/api/communities/${w.communityId}/views`, { title: 'Child view' }))
      .body;
    const refused = await call<{ message: string }>(t, w.writer.token, 'PUT', `/api/views/${child._id}/parent`, { parentId: parent._id });
    expect(refused.status).toBe(403);
    expect((await call(t, w.manager.token, 'PUT', `/api/views/${child._id}/parent`, { parentId: parent._id })).status).toBe(200);
    expect((await call(t, w.manager.token, 'PUT', `/api/views/${parent._id}/parent`, { parentId: child._id })).status).toBe(400);
    const tree = (await call<ViewTreeReply>(t, w.writer.token, 'GET', `/api/communities/${w.communityId}/viewtree`)).body;
    const parentNode = tree.nodes.find((node) => node._id === parent._id);
    expect(parentNode?.children.map((node) => node._id)).toEqual([child._id]);
    expect(tree.nodes.some((node) => node._id === child._id)).toBe(false);

    expect((await call(t, w.writer.token, 'DELETE', `/api/views/${child._id}`)).status).toBe(403);
    const deleted = await call<ViewSummary>(t, w.writer2.token, 'DELETE', `/api/views/${child._id}`);
    expect(deleted.body.status).toBe('inactive');
    const community = await call<{ views: string[] }>(t, w.writer.token, 'GET', `/api/communities/${w.communityId}`);
    expect(community.body.views).not.toContain(child._id);
    expect((await call(t, w.writer.token, 'GET', `/api/views/${child._id}/canvas`)).status).toBe(404);
  });

  it('creates the personal workspace once, private and named after the author', async () => {
    const first = await call<{ viewId: string; created: boolean }>(
      t,
      w.writer2.token,
      'POST',
      `/api/authors/${w.communityId}/me/workspace`,
    );
    const again = await call<{ viewId: string; created: boolean }>(
      t,
      w.writer2.token,
      'POST',
      `/api/authors/${w.communityId}/me/workspace`,
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ viewId: first.body.viewId, created: false });
    const canvas = await loadCanvas(w, w.writer2, first.body.viewId);
    expect(canvas.view).toMatchObject({ permission: 'private' });
    expect(canvas.view.title).toMatch(/^Espace de travail de Test wrb/);
  });
});

describe('POST /api/records/read/:communityId/:contributionId', () => {
  it('marks only active, readable contributions', async () => {
    const unsaved: CreateContributionReply = await createContribution(w, w.writer, { type: 'Note' });
    expect((await call(t, w.writer.token, 'POST', `/api/records/read/${w.communityId}/${unsaved.contribution._id}`)).status).toBe(400);
    const workspace = await workspaceOf(w, w.writer);
    const { noteId } = await placedNote(w, w.writer, workspace, 500, 500);
    expect((await call(t, w.writer2.token, 'POST', `/api/records/read/${w.communityId}/${noteId}`)).status).toBe(404);
    expect((await call(t, w.outsider.token, 'POST', `/api/records/read/${w.communityId}/${noteId}`)).status).toBe(403);
  });
});
