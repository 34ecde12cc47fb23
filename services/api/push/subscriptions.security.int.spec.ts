import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushServerMessage } from '../../../contracts/push.ts';
import { call, canvasWorld, placedNote, viewWith, type CanvasWorld } from '../../../tests/support/canvas.ts';
import { createCommunity, joinCommunity } from '../../../tests/support/communities.ts';
import { PushClient } from '../../../tests/support/push.ts';
import { buildTestApp, type TestApp } from '../../../tests/support/testApp.ts';

/**
 * Who may hold a live subscription to a view (spec part 1 §6; fact sheet §8 and §12: the
 * original's sockets had no authentication and joined any room by name). A subscription is
 * authorised exactly like the canvas load: the pupil (the view's author), a classmate (same
 * class) where the view's permission lets him read, never a manager of another class, never a
 * logged-in stranger. A refused socket receives nothing of the view.
 */

let t: TestApp;
let w: CanvasWorld;
let base: string;
/** A manager of another class only. */
let otherManager: { token: string; id: string };
let views: { public: string; protected: string; private: string };

beforeAll(async () => {
  t = await buildTestApp();
  w = await canvasWorld(t);
  const other = await createCommunity(t, w.admin.token);
  otherManager = await t.register(`othermgr${process.pid}`);
  await joinCommunity(t, otherManager.token, otherManager.id, other._id, 'manager-key');
  views = {
    public: w.welcomeViewId,
    protected: await viewWith(w, w.writer, 'protected', 'Pupil protected view'),
    private: await viewWith(w, w.writer, 'private', 'Pupil private view'),
  };
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const as = async (token: string): Promise<PushClient> => {
  const client = await PushClient.open(`${base}/api/socket`);
  client.send({ type: 'auth', token });
  await client.next((m) => m.type === 'ready');
  return client;
};

type Who = 'pupil' | 'classmate' | 'otherManager' | 'stranger';
const tokenOf = (who: Who): string =>
  ({ pupil: w.writer.token, classmate: w.writer2.token, otherManager: otherManager.token, stranger: w.outsider.token })[who];

/** 'subscribed', or the status of the refusal. */
const table: Record<keyof typeof views, Record<Who, 'subscribed' | 403>> = {
  public: { pupil: 'subscribed', classmate: 'subscribed', otherManager: 403, stranger: 403 },
  protected: { pupil: 'subscribed', classmate: 'subscribed', otherManager: 403, stranger: 403 },
  private: { pupil: 'subscribed', classmate: 403, otherManager: 403, stranger: 403 },
};

const refSaved = (client: PushClient, refId: string) => client.messages.some((m) => m.type === 'ref.saved' && m.ref._id === refId);

describe('websocket subscriptions: who may watch a view', () => {
  for (const [kind, row] of Object.entries(table) as [keyof typeof views, Record<Who, 'subscribed' | 403>][]) {
    for (const [who, expected] of Object.entries(row) as [Who, 'subscribed' | 403][]) {
      it(`${kind} view of the pupil: ${who} → ${expected}${expected === 403 ? ', and receives nothing of it' : ''}`, async () => {
        const client = await as(tokenOf(who));
        const reply = await client.subscribe(views[kind]);
        if (expected === 'subscribed') expect(reply).toMatchObject({ type: 'subscribed', viewId: views[kind] });
        else expect(reply).toMatchObject({ type: 'error', status: 403, viewId: views[kind] });
        // A change in the view: the pupil's own socket sees it; a refused one never does.
        const pupil = await as(w.writer.token);
        await pupil.subscribe(views[kind]);
        const { ref } = await placedNote(w, w.writer, views[kind], 40, 40, `Live ${kind} ${who}`);
        await pupil.next((m) => m.type === 'ref.saved' && m.ref._id === ref._id);
        if (expected === 'subscribed') await client.next((m) => m.type === 'ref.saved' && m.ref._id === ref._id);
        else {
          expect(refSaved(client, ref._id)).toBe(false);
          expect(client.messages.some((m) => m.type === 'presence')).toBe(false);
        }
        client.close();
        pupil.close();
      });
    }
  }

  it('answers 404 for an unknown view and for a contribution that is not a view (nothing to watch), and 400 for a malformed id', async () => {
    const client = await as(w.writer2.token);
    expect(await client.subscribe('0123456789abcdef01234567')).toMatchObject({ type: 'error', status: 404 });
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 60, 60, 'Not a view');
    expect(await client.subscribe(noteId)).toMatchObject({ type: 'error', status: 404 });
    client.send({ type: 'subscribe', viewId: '../../etc' });
    expect(await client.next((m) => m.type === 'error' && !('viewId' in m))).toMatchObject({ status: 400 });
    client.close();
  });

  it("drops a classmate watching the pupil's view when the pupil makes it private: nothing placed afterwards reaches him", async () => {
    const viewId = await viewWith(w, w.writer, 'protected', 'Soon private');
    const classmate = await as(w.writer2.token);
    expect(await classmate.subscribe(viewId)).toMatchObject({ type: 'subscribed' });
    const pupil = await as(w.writer.token);
    await pupil.subscribe(viewId);
    const changed = await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${viewId}/permission`, {
      permission: 'private',
      group: null,
    });
    expect(changed.status, changed.raw).toBe(200);
    await classmate.next((m: PushServerMessage) => m.type === 'error' && 'viewId' in m && m.viewId === viewId);
    const { ref } = await placedNote(w, w.writer, viewId, 80, 80, 'After the view closed');
    await pupil.next((m) => m.type === 'ref.saved' && m.ref._id === ref._id);
    expect(refSaved(classmate, ref._id)).toBe(false);
    expect(JSON.stringify(classmate.messages)).not.toContain('After the view closed');
    classmate.close();
    pupil.close();
  });

  it("a group's private view: its members watch it, a classmate outside the group may not, and one who leaves the group is dropped", async () => {
    const group = await call<{ _id: string }>(t, w.manager.token, 'POST', `/api/groups/${w.communityId}`, { title: 'Team live' });
    expect(group.status, group.raw).toBe(201);
    const members = `/api/groups/${w.communityId}/${group.body._id}/members`;
    expect((await call(t, w.manager.token, 'POST', members, { authorId: w.writer2.authorId })).status).toBe(200);
    const viewId = await viewWith(w, w.writer, 'protected', 'Team view');
    const shared = await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${viewId}/permission`, {
      permission: 'private',
      group: group.body._id,
    });
    expect(shared.status, shared.raw).toBe(200);
    const teammate = await as(w.writer2.token);
    expect(await teammate.subscribe(viewId)).toMatchObject({ type: 'subscribed' });
    const otherClass = await as(otherManager.token);
    expect(await otherClass.subscribe(viewId)).toMatchObject({ type: 'error', status: 403 });
    const left = await call(t, w.manager.token, 'DELETE', `${members}/${w.writer2.authorId}`);
    expect(left.status, left.raw).toBe(200);
    await teammate.next((m) => m.type === 'error' && 'viewId' in m && m.viewId === viewId);
    const pupil = await as(w.writer.token);
    await pupil.subscribe(viewId);
    const { ref } = await placedNote(w, w.writer, viewId, 120, 120, 'After leaving the team');
    await pupil.next((m) => m.type === 'ref.saved' && m.ref._id === ref._id);
    expect(refSaved(teammate, ref._id)).toBe(false);
    const again = await as(w.writer2.token);
    expect(await again.subscribe(viewId)).toMatchObject({ type: 'error', status: 403 });
    for (const client of [teammate, again, otherClass, pupil]) client.close();
  });

  it('drops a subscriber whose login is blocked in the class', async () => {
    const classmate = await as(w.writer2.token);
    expect(await classmate.subscribe(views.public)).toMatchObject({ type: 'subscribed' });
    const teacher = await as(w.manager.token);
    await teacher.subscribe(views.public);
    const blocked = await call(t, w.manager.token, 'POST', `/api/communities/${w.communityId}/blockWriters`, {
      registrationKey: 'writer-key',
      block: true,
    });
    expect(blocked.status, blocked.raw).toBe(200);
    try {
      await classmate.next((m) => m.type === 'error' && 'viewId' in m && m.viewId === views.public);
      const { ref } = await placedNote(w, w.manager, views.public, 90, 90, 'While blocked');
      await teacher.next((m) => m.type === 'ref.saved' && m.ref._id === ref._id);
      expect(refSaved(classmate, ref._id)).toBe(false);
    } finally {
      await call(t, w.manager.token, 'POST', `/api/communities/${w.communityId}/blockWriters`, {
        registrationKey: 'writer-key',
        block: false,
      });
      classmate.close();
      teacher.close();
    }
  });
});
