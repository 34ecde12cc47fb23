import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TimeMachineDeltaStep,
  TimeMachineFrameReply,
  TimeMachineHistoryReply,
  TimeMachineStepsReply,
} from '../../../contracts/api/timemachine.ts';
import type { ViewLink, ViewRef } from '../../../contracts/api/views.ts';
import { auth, buildObjectsTestApp, classRoom, shiftableClock, type ClassRoom, type Member } from '../../../tests/support/objects.ts';
import type { TestApp } from '../../../tests/support/testApp.ts';
import { readModelCanvas, shown, timeMachineDriver, type ShownCanvas } from '../../../tests/support/timemachine.ts';
import { applyStep, revertStep } from './replay.ts';

type Snapshot = { time: string; position: number; canvas: Map<string, ShownCanvas> };

let t: TestApp;
let room: ClassRoom;
let viewId: string;
const clock = shiftableClock();
const snapshots: Snapshot[] = [];
const ids: Record<string, string> = {};
let readers: { name: string; member: Member; isManager: boolean }[];

const get = async <T>(token: string | null, url: string): Promise<{ status: number; body: T }> => {
  const response = await t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
  return { status: response.statusCode, body: response.json<T>() };
};

const history = async (member: Member) => {
  const reply = await get<TimeMachineHistoryReply>(member.token, `/api/timemachine/${viewId}`);
  expect(reply.status).toBe(200);
  return reply.body;
};
const frame = async (member: Member, index: number) => {
  const reply = await get<TimeMachineFrameReply>(member.token, `/api/timemachine/${viewId}/frame/${index}`);
  expect(reply.status).toBe(200);
  return reply.body;
};
const allSteps = async (member: Member): Promise<TimeMachineDeltaStep[]> => {
  const steps: TimeMachineDeltaStep[] = [];
  for (;;) {
    const reply = await get<TimeMachineStepsReply>(member.token, `/api/timemachine/${viewId}/steps?from=${steps.length}&count=7`);
    expect(reply.status).toBe(200);
    steps.push(...reply.body.steps);
    if (steps.length >= reply.body.total) return steps;
  }
};

/** Records what each reader's live canvas shows now, with the instant and log position. */
const record = async () => {
  const canvas = new Map<string, ShownCanvas>();
  for (const reader of readers) {
    canvas.set(reader.name, await readModelCanvas(t, viewId, { authorId: reader.member.authorId, isManager: reader.isManager }));
  }
  snapshots.push({ time: t.infra.commandDeps.clock.now().toISOString(), position: await t.infra.eventStore.headPosition(), canvas });
};

const sortedFrame = (refs: Map<string, ViewRef>, links: Map<string, ViewLink>) => ({
  refs: [...refs.values()].sort((a, b) => a.created.localeCompare(b.created) || a._id.localeCompare(b._id)),
  links: [...links.values()].sort((a, b) => a._id.localeCompare(b._id)),
});

beforeAll(async () => {
  t = await buildObjectsTestApp({ clock });
  room = await classRoom(t);
  readers = [
    { name: 'a', member: room.a, isManager: false },
    { name: 'b', member: room.b, isManager: false },
    { name: 'c', member: room.c, isManager: false },
    { name: 'manager', member: room.manager, isManager: true },
  ];
  const d = timeMachineDriver(t, clock, room.communityId);
  const { a, b, c, manager } = room;
  viewId = await d.createView(manager.authorId, manager.userId);
  await record();

  // Placements by three users.
  ids.n1 = await d.createNote(a.authorId, a.userId, { title: 'Idea of Alice' });
  ids.r1 = await d.place(viewId, ids.n1, 100, 100, a.userId);
  await record();
  ids.n2 = await d.createNote(b.authorId, b.userId, { title: 'Idea of Bob' });
  ids.r2 = await d.place(viewId, ids.n2, 300, 100, b.userId);
  await record();
  // A note placed while unsaved: invisible until contributed.
  ids.n3 = await d.createNote(c.authorId, c.userId);
  ids.r3 = await d.place(viewId, ids.n3, 500, 100, c.userId);
  await record();

  // Twenty moves (the unsaved one too: nobody sees them).
  const movers = [a, b, c];
  const refs = [ids.r1, ids.r2, ids.r3];
  for (let i = 0; i < 20; i++) {
    await d.move(viewId, refs[i % 3] as string, 100 + i * 10, 200 + (i % 5) * 15, (movers[i % 3] as Member).userId);
    await record();
  }
  // Midway, the time machine is opened (its replay is then extended, not rebuilt).
  await history(room.a);

  await d.contribute(ids.n3, 'Carol at last', 'Now it is saved', c.userId);
  await record();

  // A private note of Alice: never visible to Bob while private.
  ids.p = await d.createNote(a.authorId, a.userId, { title: 'Secret of Alice', permission: 'private' });
  ids.rp = await d.place(viewId, ids.p, 700, 300, a.userId);
  await record();
  await d.move(viewId, ids.rp, 710, 310, a.userId);
  await record();
  await d.retitle(ids.p, 'Secret renamed', a.userId);
  await record();

  // A build-on note created unsaved, placed, then contributed.
  ids.n4 = await d.createNote(b.authorId, b.userId);
  ids.l4 = await d.buildOn(ids.n4, ids.n1, b.userId);
  ids.r4 = await d.place(viewId, ids.n4, 150, 400, b.userId);
  await record();
  await d.contribute(ids.n4, 'Building on Alice', 'I agree', b.userId);
  await record();

  // A rename, a deletion of a ref, a note made inactive.
  await d.retitle(ids.n1, 'Idea of Alice, revised', a.userId);
  await record();
  await d.unplace(viewId, ids.r2, b.userId);
  await record();
  await d.setStatus(ids.n4, 'inactive', b.userId);
  await record();
  // A second ref of the same note, then a body-only save (no visible change).
  ids.r1b = await d.place(viewId, ids.n1, 900, 900, c.userId);
  await record();
  await d.contribute(ids.n3, 'Carol at last', 'Edited body only', c.userId);
  await record();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/timemachine/{viewId}', () => {
  it('every recorded moment: the frame in force equals what the live canvas showed (ids, positions, titles, arrows)', async () => {
    for (const reader of readers) {
      const h = await history(reader.member);
      for (const snapshot of snapshots) {
        // The frame of the last step at or before the recorded log position …
        let index = -1;
        for (const step of h.steps) if (step.position <= snapshot.position) index = step.index;
        const byIndex = await frame(reader.member, index);
        expect(shown(byIndex), `${reader.name} at ${snapshot.position}`).toEqual(snapshot.canvas.get(reader.name));
        // … and the frame "as of" the recorded instant.
        const at = await get<TimeMachineFrameReply>(
          reader.member.token,
          `/api/timemachine/${viewId}/at?time=${encodeURIComponent(snapshot.time)}`,
        );
        expect(at.status).toBe(200);
        expect(at.body.index).toBe(index);
        expect(shown(at.body)).toEqual(snapshot.canvas.get(reader.name));
      }
    }
  });

  it("Alice's private note is invisible to Bob at every frame and visible to Alice", async () => {
    const bob = await history(room.b);
    for (let i = -1; i < bob.steps.length; i++) {
      const f = await frame(room.b, i);
      expect(f.refs.map((ref) => ref.to)).not.toContain(ids.p);
    }
    expect(bob.steps.map((step) => step.contributionId)).not.toContain(ids.p);
    const alice = await history(room.a);
    const secret = alice.steps.filter((step) => step.contributionId === ids.p);
    expect(secret.map((step) => [step.kind, step.title])).toEqual([
      ['created', 'Secret of Alice'],
      ['modified', 'Secret of Alice'],
      ['modified', 'Secret renamed'],
    ]);
    expect(alice.steps.length).toBeGreaterThan(bob.steps.length);
  });

  it('a note placed while unsaved appears when it becomes active, with its title and author then', async () => {
    const h = await history(room.b);
    const carol = h.steps.filter((step) => step.contributionId === ids.n3);
    expect(carol[0]).toMatchObject({ kind: 'created', title: 'Carol at last', refId: ids.r3, actorName: `Test ${room.c.userName}` });
    // Its seven moves while unsaved are not steps; its body-only edit neither.
    expect(carol).toHaveLength(1);
    const appeared = await frame(room.b, carol[0]?.index ?? -2);
    const ref = appeared.refs.find((r) => r._id === ids.r3);
    expect(ref?._to.authorNames).toEqual([`Test ${room.c.userName}`]);
    expect(ref?.data).toMatchObject({ x: 100 + 17 * 10, y: 200 + (17 % 5) * 15 });
  });

  it('steps: labels, kinds, global order, start 6 s before the first; the header', async () => {
    const h = await history(room.a);
    expect(h.view._id).toBe(viewId);
    expect(h.me._id).toBe(room.a.authorId);
    expect(h.readOnly).toBe(false);
    expect(h.steps.map((s) => s.index)).toEqual(h.steps.map((_, i) => i));
    for (let i = 1; i < h.steps.length; i++) expect(h.steps[i]!.position).toBeGreaterThanOrEqual(h.steps[i - 1]!.position);
    expect(Date.parse(h.steps[0]!.time) - Date.parse(h.startsAt!)).toBe(6_000);
    expect(h.endsAt).toBe(h.steps[h.steps.length - 1]!.time);
    const rename = h.steps.find((s) => s.contributionId === ids.n1 && s.title === 'Idea of Alice, revised');
    expect(rename).toMatchObject({ kind: 'modified', actorName: `Test ${room.a.userName}` });
    expect(h.steps.find((s) => s.refId === ids.r2 && s.kind === 'deleted')).toMatchObject({ title: 'Idea of Bob' });
    expect(h.steps.find((s) => s.refId === ids.r4 && s.kind === 'deleted')).toMatchObject({ title: 'Building on Alice' });
    // The build-on arrow appears with the note that builds on.
    const f = await frame(
      room.a,
      h.steps.findIndex((s) => s.refId === ids.r4 && s.kind === 'created'),
    );
    expect(f.links).toEqual([{ _id: ids.l4, from: ids.n4, to: ids.n1, type: 'buildson' }]);
    const empty = await frame(room.a, -1);
    expect(empty).toMatchObject({ index: -1, refs: [], links: [], time: h.startsAt });
  });

  it('folding the steps forward gives every frame; back-step after step returns the previous frame exactly', async () => {
    for (const reader of [room.a, room.b]) {
      const steps = await allSteps(reader);
      const refs = new Map<string, ViewRef>();
      const links = new Map<string, ViewLink>();
      const frames = [sortedFrame(refs, links)];
      for (const step of steps) {
        applyStep(refs, links, step);
        const server = await frame(reader, step.index);
        expect(sortedFrame(refs, links)).toEqual({ refs: server.refs, links: server.links });
        frames.push(sortedFrame(refs, links));
      }
      for (let i = steps.length - 1; i >= 0; i--) {
        revertStep(refs, links, steps[i]!);
        expect(sortedFrame(refs, links)).toEqual(frames[i]);
      }
      expect(refs.size + links.size).toBe(0);
    }
  });

  it('seeking to random frames equals sequential replay', async () => {
    const h = await history(room.manager);
    const sequential: TimeMachineFrameReply[] = [];
    for (let i = -1; i < h.steps.length; i++) sequential.push(await frame(room.manager, i));
    let seed = 7;
    for (let k = 0; k < 60; k++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const index = (seed % (h.steps.length + 1)) - 1;
      expect(await frame(room.manager, index)).toEqual(sequential[index + 1]);
    }
  });

  it('an extended replay equals one rebuilt from scratch', async () => {
    const before = await history(room.a);
    t.infra.timeMachine.clear();
    expect(await history(room.a)).toEqual(before);
  });

  it('"at" before the first step is the empty frame; a bad time is a 400', async () => {
    const early = await get<TimeMachineFrameReply>(room.a.token, `/api/timemachine/${viewId}/at?time=2001-01-01T00:00:00Z`);
    expect(early.body).toMatchObject({ index: -1, refs: [] });
    const bad = await get<{ errors: { field: string }[] }>(room.a.token, `/api/timemachine/${viewId}/at?time=yesterday`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]?.field).toBe('time');
    const beyond = await get(room.a.token, `/api/timemachine/${viewId}/frame/100000`);
    expect(beyond.status).toBe(404);
  });

  it('the last frame equals the live canvas route (GET /api/views/{viewId}/canvas) for every reader', async () => {
    for (const reader of readers) {
      const live = await get<Parameters<typeof shown>[0]>(reader.member.token, `/api/views/${viewId}/canvas`);
      expect(live.status).toBe(200);
      const h = await history(reader.member);
      expect(shown(await frame(reader.member, h.steps.length - 1)), reader.name).toEqual(shown(live.body));
    }
  });

  it('authorisation: anonymous 401, outsider 403, unknown view 404', async () => {
    for (const url of [
      `/api/timemachine/${viewId}`,
      `/api/timemachine/${viewId}/frame/0`,
      `/api/timemachine/${viewId}/at?time=2030-01-01T00:00:00Z`,
      `/api/timemachine/${viewId}/steps`,
    ]) {
      expect((await get(null, url)).status).toBe(401);
      expect((await get(room.outsider.token, url)).status).toBe(403);
    }
    expect((await get(room.a.token, `/api/timemachine/${'0'.repeat(24)}`)).status).toBe(404);
  });
});
