import { beforeAll, describe, expect, it } from 'vitest';
import type { RiseAboveReply } from '../../contracts/api/canvas.ts';
import type { TimeMachineFrameReply } from '../../contracts/api/timemachine.ts';
import type { ViewLink, ViewRef } from '../../contracts/api/views.ts';
import type { PushServerMessage } from '../../contracts/push.ts';
import { activate, call, createContribution, loadCanvas, type Member, useCanvasWorld } from '../support/canvas.ts';
import { PushClient } from '../support/push.ts';

/**
 * One shaper (issue 22 §3): the same event history, seen by the same reader,
 * gives the same refs — every field of their `_to` — and the same arrows on the
 * loaded canvas, on a canvas kept live by push since before the history began,
 * and in the time machine's frame at the present instant. Three readers: the
 * author of a private note, a classmate who may not read it, and a manager.
 */

let base: string;

const { t, w } = useCanvasWorld();
beforeAll(async () => {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
});

type Scene = { refs: ViewRef[]; links: ViewLink[] };

const byId = (a: { _id: string }, b: { _id: string }): number => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
const scene = (refs: Iterable<ViewRef>, links: Iterable<ViewLink>): Scene => ({
  refs: [...refs].sort(byId),
  links: [...links].map(({ _id, from, to, type }) => ({ _id, from, to, type })).sort(byId),
});

/** A canvas kept by push messages alone, as the web client keeps it. */
class LiveCanvas {
  private readonly refs = new Map<string, ViewRef>();
  private readonly links = new Map<string, ViewLink>();
  private seen = 0;

  constructor(
    private readonly client: PushClient,
    private readonly viewId: string,
  ) {}

  static async open(who: Member, viewId: string): Promise<LiveCanvas> {
    const client = await PushClient.open(`${base}/api/socket`);
    client.send({ type: 'auth', token: who.token });
    await client.next((m) => m.type === 'ready');
    expect((await client.subscribe(viewId)).type).toBe('subscribed');
    return new LiveCanvas(client, viewId);
  }

  private apply(message: PushServerMessage): void {
    if ('viewId' in message && message.viewId !== this.viewId) return;
    if (message.type === 'ref.saved') this.refs.set(message.ref._id, message.ref);
    else if (message.type === 'ref.removed') this.refs.delete(message.linkId);
    else if (message.type === 'link.saved') this.links.set(message.link._id, message.link);
    else if (message.type === 'link.removed') this.links.delete(message.linkId);
    else if (message.type === 'read.changed') {
      for (const [id, ref] of this.refs) {
        if (ref.to === message.contributionId) this.refs.set(id, { ...ref, _to: { ...ref._to, read: message.read } });
      }
    }
  }

  /** What the live canvas shows now: every message received so far applied in order. */
  now(): Scene {
    for (; this.seen < this.client.messages.length; this.seen++) this.apply(this.client.messages[this.seen] as PushServerMessage);
    // An arrow shows between two refs shown (the client draws only those).
    const shown = new Set([...this.refs.values()].map((ref) => ref.to));
    return scene(
      this.refs.values(),
      [...this.links.values()].filter((link) => shown.has(link.from) && shown.has(link.to)),
    );
  }

  close(): void {
    this.client.close();
  }
}

const loaded = async (who: Member, viewId: string): Promise<Scene> => {
  const canvas = await loadCanvas(w, who, viewId);
  return scene(canvas.refs, canvas.links);
};

const timeMachineNow = async (who: Member, viewId: string): Promise<Scene> => {
  const reply = await call<TimeMachineFrameReply>(
    t,
    who.token,
    'GET',
    `/api/timemachine/${viewId}/at?time=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`,
  );
  expect(reply.status).toBe(200);
  return scene(reply.body.refs, reply.body.links);
};

describe('one shaper: canvas load, live push and time machine agree', () => {
  it('shows each reader the same refs, targets and arrows three ways', async () => {
    const { writer, writer2: classmate, manager } = w;
    const view = await createContribution(w, writer, { type: 'View', title: 'Our shared view' });
    const viewId = view.contribution._id;
    const readers = { writer, classmate, manager };
    const live = Object.fromEntries(
      await Promise.all(Object.entries(readers).map(async ([name, who]) => [name, await LiveCanvas.open(who, viewId)] as const)),
    ) as Record<keyof typeof readers, LiveCanvas>;

    // The history: a shared note, a private one, a classmate's build-on, a drawing, a move, a read, a rise-above.
    const shared = await createContribution(w, writer, { type: 'Note', title: 'Light needs air', placement: { viewId, x: 100, y: 100 } });
    await activate(t, shared.contribution._id);
    const secret = await createContribution(w, writer, { type: 'Note', title: 'My secret', placement: { viewId, x: 400, y: 100 } });
    await activate(t, secret.contribution._id, [{ type: 'ChangePermission', data: { permission: 'private', group: null } }]);
    const buildOn = await createContribution(w, classmate, {
      type: 'Note',
      title: 'Or is it heat?',
      buildsOn: shared.contribution._id,
      placement: { viewId, x: 100, y: 300 },
    });
    await activate(t, buildOn.contribution._id);
    const drawing = await createContribution(w, manager, { type: 'Drawing', placement: { viewId, x: 600, y: 400 } });
    await activate(t, drawing.contribution._id);
    const sharedRef = shared.refs[0];
    expect(sharedRef).toBeDefined();
    expect((await call(t, writer.token, 'PUT', `/api/links/${sharedRef?._id}`, { data: { x: 160, y: 120 } })).status).toBe(200);
    const read = await call(t, classmate.token, 'POST', `/api/records/read/${w.communityId}/${shared.contribution._id}`);
    expect(read.status).toBe(200);
    const rise = await call<RiseAboveReply>(t, manager.token, 'POST', `/api/views/${viewId}/riseabove`, {
      title: 'What plants need',
      linkIds: [drawing.refs[0]?._id],
    });
    expect(rise.status).toBe(201);

    for (const [name, who] of Object.entries(readers) as [keyof typeof readers, Member][]) {
      const canvas = await loaded(who, viewId);
      await expect.poll(() => live[name].now(), { timeout: 10_000 }).toEqual(canvas);
      expect(await timeMachineNow(who, viewId), `${name}: time machine at the present instant`).toEqual(canvas);

      // What each one sees, besides the three ways agreeing.
      const titles = canvas.refs.map((ref) => ref._to.title).sort();
      const mayReadSecret = name !== 'classmate';
      expect(titles).toEqual(['Light needs air', 'Or is it heat?', 'What plants need', ...(mayReadSecret ? ['My secret'] : [])].sort());
      const sharedTarget = canvas.refs.find((ref) => ref.to === shared.contribution._id)?._to;
      expect(sharedTarget?.read).toBe(name === 'classmate' ? 'read' : 'unread');
      expect(sharedTarget?.byMe).toBe(name === 'writer');
      expect(canvas.refs.find((ref) => ref._to.title === 'What plants need')?._to.riseaboveViewId).toBe(rise.body.viewId);
      expect(canvas.links.map((link) => link.type)).toEqual(['buildson']);
    }
    for (const canvas of Object.values(live)) canvas.close();
  });
});
