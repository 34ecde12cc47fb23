import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationListReply, NotifyReply } from '../../../../contracts/api/notifications.ts';
import type { PushServerMessage } from '../../../../contracts/push.ts';
import { call, createContribution, type Member, useCanvasWorld } from '../../../../tests/support/canvas.ts';
import { PushClient } from '../../../../tests/support/push.ts';
import type { RecordedEvent } from '../../../../contracts/events/event.ts';
import { Notifier, notifierCollection } from '../../notifications/notifier.ts';

type Problem = { status: number; errors?: { field: string }[] };

const { t, w } = useCanvasWorld();
let base = '';
beforeAll(async () => {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
});

const list = async (who: Member | { token: string }) => {
  const reply = await call<NotificationListReply>(t, who.token, 'GET', '/api/notifications');
  expect(reply.status, reply.raw).toBe(200);
  return reply.body;
};

/** Contributes a note as `who` through the editor's save (the real path: NoteContributed by that user). */
const contribute = async (who: Member, id: string, title: string) => {
  const object = await call<{ revision?: number }>(t, who.token, 'GET', `/api/objects/${id}`);
  const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `${title} body` }] }] };
  const saved = await call(t, who.token, 'PUT', `/api/objects/${w.communityId}/${id}`, {
    revision: object.body.revision ?? 0,
    title,
    body,
    status: 'active',
  });
  expect(saved.status, saved.raw).toBe(200);
};

const note = async (who: Member, title: string, buildsOn?: string, permission?: 'private') => {
  const created = await createContribution(w, who, {
    type: 'Note',
    title,
    placement: { viewId: w.welcomeViewId, x: 50, y: 50 },
    ...(buildsOn ? { buildsOn } : {}),
  });
  const id = created.contribution._id;
  if (permission) {
    const changed = await call(t, who.token, 'PUT', `/api/objects/${w.communityId}/${id}/permission`, { permission, group: null });
    expect(changed.status, changed.raw).toBe(200);
  }
  await contribute(who, id, title);
  return id;
};

const socketOf = async (token: string): Promise<PushClient> => {
  const client = await PushClient.open(`${base}/api/socket`);
  client.send({ type: 'auth', token });
  await client.next((m) => m.type === 'ready');
  return client;
};

describe('notifications (issue 18 §5)', () => {
  it('tells the pupil, live and in the list, that a classmate built on their note; never the classmate; a private build-on tells nobody', async () => {
    const mine = await note(w.writer, 'My theory');
    const pupilSocket = await socketOf(w.writer.token);
    const classmateSocket = await socketOf(w.writer2.token);
    const buildOn = await note(w.writer2, 'Building on it', mine);

    const live = await pupilSocket.next<Extract<PushServerMessage, { type: 'notification' }>>((m) => m.type === 'notification');
    expect(live.notification).toMatchObject({
      kind: 'buildon',
      contributionId: buildOn,
      noteId: mine,
      title: 'Building on it',
      read: false,
    });
    expect(live.unread).toBeGreaterThanOrEqual(1);

    const pupil = await list(w.writer);
    const first = pupil.notifications[0];
    expect(first).toMatchObject({ kind: 'buildon', contributionId: buildOn, noteId: mine, read: false });
    expect(first?.actorName).not.toBe('');
    expect(pupil.unread).toBe(pupil.notifications.filter((n) => !n.read).length);
    // The classmate acted: nothing for them, live or listed.
    expect((await list(w.writer2)).notifications.some((n) => n.contributionId === buildOn)).toBe(false);
    expect(classmateSocket.messages.some((m) => m.type === 'notification')).toBe(false);

    const before = (await list(w.writer)).total;
    await note(w.writer2, 'Secret build-on', mine, 'private');
    expect((await list(w.writer)).total).toBe(before);
    pupilSocket.close();
    classmateSocket.close();
  });

  it('tells a member added as co-author, and the authors of a note a manager comments on', async () => {
    const id = await note(w.writer, 'Shared work');
    const added = await call(t, w.writer.token, 'POST', `/api/objects/${w.communityId}/${id}/authors`, { authorId: w.writer2.authorId });
    expect(added.status, added.raw).toBe(200);
    await expect
      .poll(async () => (await list(w.writer2)).notifications.some((n) => n.kind === 'coauthor' && n.contributionId === id))
      .toBe(true);

    const commented = await call(t, w.manager.token, 'PUT', `/api/objects/${w.communityId}/${id}/savecomments`, { comments: 'Good start' });
    expect(commented.status, commented.raw).toBeLessThan(300);
    await expect
      .poll(async () => (await list(w.writer)).notifications.some((n) => n.kind === 'comment' && n.contributionId === id))
      .toBe(true);
  });

  it('tells the author of a note a classmate quoted (a reference from an active note)', async () => {
    const quoted = await note(w.writer, 'Quoted');
    const quoting = await note(w.writer2, 'Quoting');
    const linked = await call(t, w.writer2.token, 'POST', '/api/links', {
      from: quoting,
      to: quoted,
      type: 'references',
      data: { text: 'Quoted' },
    });
    expect(linked.status, linked.raw).toBeLessThan(300);
    await expect
      .poll(async () =>
        (await list(w.writer)).notifications.some((n) => n.kind === 'reference' && n.contributionId === quoting && n.noteId === quoted),
      )
      .toBe(true);
    expect((await list(w.writer2)).notifications.some((n) => n.kind === 'reference' && n.contributionId === quoting)).toBe(false);
  });

  it("tells the author of a note a manager annotated (visibly); a classmate's annotation or a private one tells nobody", async () => {
    const id = await note(w.writer, 'Annotated');
    const annotate = async (who: Member, permission: 'private' | 'protected') => {
      const reply = await call(t, who.token, 'POST', `/api/objects/${w.communityId}/${id}/annotations`, {
        ranges: [{ start: 0, end: 9 }],
        quote: 'Annotated',
        text: 'Pourquoi ?',
        permission,
      });
      expect(reply.status, reply.raw).toBeLessThan(300);
    };
    await annotate(w.writer2, 'protected');
    await annotate(w.manager, 'private');
    await annotate(w.manager, 'protected');
    await expect
      .poll(async () => (await list(w.writer)).notifications.filter((n) => n.kind === 'annotation' && n.contributionId === id).length)
      .toBe(1);
  });

  it('marks one read (only mine: 404 for anyone else) and all read, with the unread count', async () => {
    const mine = await note(w.writer, 'To be read');
    await note(w.writer2, 'Answer', mine);
    await expect.poll(async () => (await list(w.writer)).unread).toBeGreaterThan(0);
    const target = (await list(w.writer)).notifications.find((n) => !n.read);
    if (!target) throw new Error('no unread notification');
    const url = `/api/notifications/${encodeURIComponent(target._id)}/read`;
    for (const other of [w.writer2, w.manager, w.admin, w.outsider]) expect((await call(t, other.token, 'POST', url)).status).toBe(404);
    expect((await call(t, null, 'POST', url)).status).toBe(401);
    const one = await call<{ unread: number }>(t, w.writer.token, 'POST', url);
    expect(one.status, one.raw).toBe(200);
    expect((await list(w.writer)).notifications.find((n) => n._id === target._id)?.read).toBe(true);
    const all = await call<{ unread: number }>(t, w.writer.token, 'POST', '/api/notifications/read');
    expect(all.body.unread).toBe(0);
    expect((await list(w.writer)).unread).toBe(0);
    expect((await call(t, null, 'GET', '/api/notifications')).status).toBe(401);
  });

  it('pages newest first and checks its query', async () => {
    const page = await call<NotificationListReply>(t, w.writer.token, 'GET', '/api/notifications?limit=1&skip=0');
    expect(page.body.notifications.length).toBeLessThanOrEqual(1);
    const all = await list(w.writer);
    const ats = all.notifications.map((n) => n.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const bad = await call<Problem>(t, w.writer.token, 'GET', '/api/notifications?limit=0');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('limit');
  });

  it('KF6 notify: tells the authors linked to my contribution; 400 naming the field; members only', async () => {
    const mine = await note(w.writer, 'Linked');
    const answer = await note(w.writer2, 'My answer', mine);
    const url = `/api/notifications/notify/${w.communityId}`;
    const told = await call<NotifyReply>(t, w.writer2.token, 'POST', url, {
      author: w.writer2.authorId,
      contribution: answer,
      contextId: w.welcomeViewId,
    });
    expect(told.status, told.raw).toBe(200);
    expect(told.body.notified).toBe(1);
    await expect
      .poll(async () => (await list(w.writer)).notifications.some((n) => n.kind === 'edited' && n.contributionId === answer))
      .toBe(true);

    const notMe = await call<Problem>(t, w.writer2.token, 'POST', url, { author: w.writer.authorId, contribution: answer });
    expect(notMe.status).toBe(400);
    expect(notMe.body.errors?.[0]?.field).toBe('author');
    const missing = await call<Problem>(t, w.writer2.token, 'POST', url, { author: w.writer2.authorId });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('contribution');
    expect((await call(t, w.outsider.token, 'POST', url, { author: w.writer2.authorId, contribution: answer })).status).toBe(403);
    expect((await call(t, null, 'POST', url, { author: w.writer2.authorId, contribution: answer })).status).toBe(401);
    // A private note of the pupil is "not found" to the classmate.
    const secret = await note(w.writer, 'Secret', undefined, 'private');
    expect((await call(t, w.writer2.token, 'POST', url, { author: w.writer2.authorId, contribution: secret })).status).toBe(404);
  });
});

describe('the notifier across a restart (issue 18 §5)', () => {
  const notifierOf = (checkpointId: string, seen: RecordedEvent[], clock = t.infra.commandDeps.clock) => {
    const notifier = new Notifier({
      ...t.infra.commandDeps,
      clock,
      once: t.infra.onceStore,
      eventStore: t.infra.eventStore,
      projections: t.infra.runner,
      checkpointId,
    });
    notifier.handle = async (event) => void seen.push(event);
    return notifier;
  };

  it('goes on from where it stopped: a build-on written while it was down is still seen; a day-old one is history', async () => {
    const original = await note(w.writer, 'Before the restart');
    const first = notifierOf('restart-test', []);
    await first.start();
    await first.stop();

    // While this notifier is down, a classmate builds on the note.
    const buildOn = await note(w.writer2, 'While it was down', original);

    const seen: RecordedEvent[] = [];
    const again = notifierOf('restart-test', seen);
    await again.start();
    await expect.poll(() => seen.some((e) => e.type === 'LinkCreated' && JSON.stringify(e.data).includes(buildOn))).toBe(true);
    await again.stop();

    // The same events reached two days later (an archive imported, a long outage): nothing is news.
    await t.infra.readStore.collection(notifierCollection).put({ _id: 'late-test', position: 0 });
    const later = { now: () => new Date(Date.now() + 2 * 24 * 3600_000) };
    const stale: RecordedEvent[] = [];
    const late = notifierOf('late-test', stale, later);
    await late.start();
    const head = await t.infra.eventStore.headPosition();
    await expect
      .poll(
        async () =>
          ((await t.infra.readStore.collection<{ _id: string; position: number }>(notifierCollection).get('late-test'))?.position ?? 0) >=
          head,
      )
      .toBe(true);
    await late.stop();
    expect(stale).toEqual([]);
  });
});
