import { beforeAll, describe, expect, it } from 'vitest';
import type { CommunitySettings } from '../../../contracts/api/communities.ts';
import type { PushServerMessage } from '../../../contracts/push.ts';
import { activate, call, createContribution, placedNote, workspaceOf, useCanvasWorld } from '../../../tests/support/canvas.ts';
import { PushClient } from '../../../tests/support/push.ts';

let base: string;

const { t, w } = useCanvasWorld();
beforeAll(async () => {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
});

const Client = {
  open: (query = ''): Promise<PushClient> => PushClient.open(`${base}/api/socket${query}`),
  async as(token: string): Promise<PushClient> {
    const client = await Client.open();
    client.send({ type: 'auth', token });
    await client.next((m) => m.type === 'ready');
    return client;
  },
};

/**
 * The issue asks for 250 ms; int files run in parallel on a shared 2-core CI machine, so the test
 * allows 1 s (still far from any polling) and prints the figure, like the canvas browser test.
 */
const liveBudgetMs = 1000;

describe('websocket /api/socket', () => {
  it('pushes a move made over HTTP to another subscriber at once (issue: 250 ms), with presence of both', async () => {
    const { ref } = await placedNote(w, w.writer, w.welcomeViewId, 100, 600, 'Live');
    const mover = await Client.as(w.writer.token);
    const watcher = await Client.as(w.writer2.token);
    expect((await mover.subscribe(w.welcomeViewId)).type).toBe('subscribed');
    expect((await watcher.subscribe(w.welcomeViewId)).type).toBe('subscribed');
    const presence = await watcher.next<Extract<PushServerMessage, { type: 'presence' }>>(
      (m) => m.type === 'presence' && m.users.length === 2,
    );
    expect(presence.users.map((u) => u.userId).sort()).toEqual([w.writer.userId, w.writer2.userId].sort());

    const started = performance.now();
    const moved = await call(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, { data: { x: 333, y: 444 } });
    expect(moved.status).toBe(200);
    const saved = await watcher.next<Extract<PushServerMessage, { type: 'ref.saved' }>>(
      (m) => m.type === 'ref.saved' && m.ref._id === ref._id && m.ref.data.x === 333,
      liveBudgetMs,
    );
    const latency = performance.now() - started;
    console.log(`push latency (HTTP move → other socket): ${Math.round(latency)} ms`);
    expect(latency).toBeLessThan(liveBudgetMs);
    expect(saved).toMatchObject({
      viewId: w.welcomeViewId,
      cause: 'changed',
      ref: { data: { x: 333, y: 444 }, _to: { title: 'Live', byMe: false } },
    });
    // Who moved it, by the name the community shows (the note is the mover's own): a screen reader hears it (issue 25 §3).
    expect(saved.changedBy).toEqual({ authorId: w.writer.authorId, name: saved.ref._to.authorNames[0] });
    expect(saved.changedBy?.name).toBeTruthy();

    // Positions: the canvas read now shows the move; the subscription point came before it.
    const subscribed = watcher.messages.find((m) => m.type === 'subscribed');
    const canvas = await call(t, w.writer2.token, 'GET', `/api/views/${w.welcomeViewId}/canvas`);
    const canvasPosition = (canvas.body as { position?: number }).position ?? -1;
    expect(subscribed?.type === 'subscribed' && subscribed.position).toBeGreaterThan(0);
    expect(saved.position).toBeGreaterThan(subscribed?.type === 'subscribed' ? subscribed.position : Infinity);
    expect(canvasPosition).toBeGreaterThanOrEqual(saved.position ?? Infinity);

    mover.close();
    await watcher.next((m) => m.type === 'presence' && m.users.length === 1);
    watcher.close();
  });

  it('marks a note promising live when an idea is marked on it, and unmarks it when the idea is deleted (issue 14 §3)', async () => {
    const url = `/api/communities/${w.communityId}/settings`;
    const settings = (await call<CommunitySettings>(t, w.manager.token, 'GET', url)).body;
    settings.data.plugins.promisingnessidea = true;
    expect((await call(t, w.manager.token, 'PUT', url, { data: settings.data, scaffoldIds: settings.scaffoldIds })).status).toBe(200);
    const { noteId, ref } = await placedNote(w, w.writer, w.welcomeViewId, 900, 900, 'Lumière');
    const loaded = (await call<{ revision: number }>(t, w.writer.token, 'GET', `/api/objects/${noteId}`)).body;
    const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Les plantes ont besoin de lumière.' }] }] };
    const saved = await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${noteId}`, {
      revision: loaded.revision,
      title: 'Lumière',
      body,
    });
    expect(saved.status).toBe(200);
    const watcher = await Client.as(w.writer2.token);
    await watcher.subscribe(w.welcomeViewId);

    const idea = await call<{ _id: string }>(t, w.writer2.token, 'POST', `/api/promisingideas/${w.communityId}/note/${noteId}`, {
      idea: 'besoin de lumière',
      color: 'yellow',
      reason: '',
    });
    expect(idea.status).toBe(201);
    const marked = await watcher.next<Extract<PushServerMessage, { type: 'ref.saved' }>>(
      (m) => m.type === 'ref.saved' && m.ref._id === ref._id && m.ref._to.promising,
      liveBudgetMs * 5,
    );
    expect(marked.cause).toBe('target');
    const canvas = await call<{ refs: { _id: string; _to: { promising: boolean } }[] }>(
      t,
      w.writer.token,
      'GET',
      `/api/views/${w.welcomeViewId}/canvas`,
    );
    expect(canvas.body.refs.find((r) => r._id === ref._id)?._to.promising).toBe(true);

    expect((await call(t, w.writer2.token, 'DELETE', `/api/promisingideas/ideas/${idea.body._id}`)).status).toBe(204);
    await watcher.next<Extract<PushServerMessage, { type: 'ref.saved' }>>(
      (m) => m.type === 'ref.saved' && m.ref._id === ref._id && !m.ref._to.promising,
      liveBudgetMs * 5,
    );
    watcher.close();
  });

  it('shows a note when it becomes active, a removal, and my own read changes', async () => {
    const watcher = await Client.as(w.writer2.token);
    await watcher.subscribe(w.welcomeViewId);
    const created = await createContribution(w, w.writer, {
      type: 'Note',
      title: 'Soon visible',
      placement: { viewId: w.welcomeViewId, x: 1700, y: 1700 },
    });
    const refId = created.refs[0]?._id ?? '';
    await activate(t, created.contribution._id);
    const appeared = await watcher.next<Extract<PushServerMessage, { type: 'ref.saved' }>>(
      (m) => m.type === 'ref.saved' && m.ref._id === refId,
    );
    expect(appeared.cause).toBe('target');
    expect(watcher.messages.some((m) => m.type === 'ref.saved' && m.ref._id === refId && m.cause === 'placed')).toBe(false);

    await call(t, w.writer2.token, 'POST', `/api/records/read/${w.communityId}/${created.contribution._id}`);
    expect(await watcher.next((m) => m.type === 'read.changed' && m.contributionId === created.contribution._id)).toMatchObject({
      read: 'read',
    });

    expect((await call(t, w.manager.token, 'DELETE', `/api/links/${refId}`)).status).toBe(200);
    expect(await watcher.next((m) => m.type === 'ref.removed' && m.linkId === refId)).toMatchObject({ viewId: w.welcomeViewId });
    watcher.close();
  });

  it('brings the arrow of a build-on live when the build-on is contributed (issue 21 §2)', async () => {
    const watcher = await Client.as(w.writer2.token);
    await watcher.subscribe(w.welcomeViewId);
    const { noteId: parent } = await placedNote(w, w.writer2, w.welcomeViewId, 1500, 200, 'Parent idea');
    // As the editor does: the build-on is created unsaved beside its parent, then contributed.
    const buildOn = await createContribution(w, w.writer, { type: 'Note', title: 'Building on it', buildsOn: parent });
    const arrowId = buildOn.buildson?._id ?? '';
    expect(arrowId).not.toBe('');
    await activate(t, buildOn.contribution._id);
    const arrow = await watcher.next((m) => m.type === 'link.saved' && m.link._id === arrowId);
    expect(arrow).toMatchObject({ viewId: w.welcomeViewId, link: { from: buildOn.contribution._id, to: parent, type: 'buildson' } });
    // An outsider's view of it: a private build-on brings no arrow to another writer.
    const hidden = await createContribution(w, w.writer, { type: 'Note', title: 'Private thought', buildsOn: parent });
    await activate(t, hidden.contribution._id, [{ type: 'ChangePermission', data: { permission: 'private', group: null } }]);
    const { ref: marker } = await placedNote(w, w.writer, w.welcomeViewId, 1500, 900, 'Marker after');
    await watcher.next((m) => m.type === 'ref.saved' && m.ref._id === marker._id);
    expect(watcher.messages.some((m) => m.type === 'link.saved' && m.link._id === hidden.buildson?._id)).toBe(false);
    watcher.close();
  });

  it('never pushes a private note to another writer', async () => {
    const watcher = await Client.as(w.writer2.token);
    await watcher.subscribe(w.welcomeViewId);
    const workspace = await workspaceOf(w, w.writer);
    const { noteId } = await placedNote(w, w.writer, workspace, 10, 10, 'Hidden push');
    const pasted = await call<{ _id: string }>(t, w.writer.token, 'POST', '/api/links', {
      from: w.welcomeViewId,
      to: noteId,
      type: 'contains',
      data: { x: 1800, y: 10 },
    });
    // A later public move proves the hub has handled the paste before we look.
    const { ref } = await placedNote(w, w.writer, w.welcomeViewId, 1800, 400, 'Marker');
    await watcher.next((m) => m.type === 'ref.saved' && m.ref._id === ref._id);
    expect(JSON.stringify(watcher.messages)).not.toContain('Hidden push');
    expect(watcher.messages.some((m) => m.type === 'ref.saved' && m.ref._id === pasted.body._id)).toBe(false);
    watcher.close();
  });

  it("refuses an outsider's subscription and a writer peeking into a private view", async () => {
    const workspace = await workspaceOf(w, w.writer);
    const outsider = await Client.as(w.outsider.token);
    expect(await outsider.subscribe(w.welcomeViewId)).toMatchObject({ type: 'error', status: 403 });
    const peeker = await Client.as(w.writer2.token);
    expect(await peeker.subscribe(workspace)).toMatchObject({ type: 'error', status: 403, viewId: workspace });
    // Not subscribed: a change there reaches nobody but its subscribers.
    const owner = await Client.as(w.writer.token);
    await owner.subscribe(workspace);
    const { ref } = await placedNote(w, w.writer, workspace, 600, 600, 'Private place');
    await owner.next((m) => m.type === 'ref.saved' && m.ref._id === ref._id);
    expect(peeker.messages.some((m) => m.type === 'ref.saved')).toBe(false);
    for (const client of [outsider, peeker, owner]) client.close();
  });

  it('ignores a token in the URL (it would reach access logs); refuses bad tokens and requests before auth', async () => {
    const viaQuery = await Client.open(`?token=${encodeURIComponent(w.writer.token)}`);
    viaQuery.send({ type: 'subscribe', viewId: w.welcomeViewId });
    expect(await viaQuery.next((m) => m.type === 'error')).toMatchObject({ status: 401 });
    expect(await viaQuery.closed).toBe(4401);
    expect(viaQuery.messages.some((m) => m.type === 'ready' || m.type === 'subscribed')).toBe(false);

    const bad = await Client.open();
    bad.send({ type: 'auth', token: 'not-a-token' });
    expect(await bad.next((m) => m.type === 'error')).toMatchObject({ status: 401 });
    expect(await bad.closed).toBe(4401);

    const early = await Client.open();
    early.send({ type: 'subscribe', viewId: w.welcomeViewId });
    expect(await early.next((m) => m.type === 'error')).toMatchObject({ status: 401 });
    expect(await early.closed).toBe(4401);
  });
});
