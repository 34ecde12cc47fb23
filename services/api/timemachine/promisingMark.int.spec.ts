import { beforeAll, describe, expect, it } from 'vitest';
import type { CommunitySettings } from '../../../contracts/api/communities.ts';
import type { ObjectReply } from '../../../contracts/api/objects.ts';
import type { TimeMachineFrameReply, TimeMachineHistoryReply } from '../../../contracts/api/timemachine.ts';
import type { ViewCanvasReply } from '../../../contracts/api/views.ts';
import { auth, buildObjectsTestApp, classRoom, createContribution, textDoc, type ClassRoom } from '../../../tests/support/objects.ts';
import { useTestApp } from '../../../tests/support/suite.ts';

/**
 * Issue 14 §3: the canvas marks a note holding a promising idea, and the time
 * machine replays the mark with the one shaper of the canvas: not before the
 * idea was marked, from then on, and no more once it is deleted.
 */
const t = useTestApp(() => buildObjectsTestApp());
let room: ClassRoom;
let viewId = '';
let noteId = '';

const inject = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

const steps = async () => (await inject(room.b.token, 'GET', `/api/timemachine/${viewId}`)).json<TimeMachineHistoryReply>().steps.length;
const markAt = async (index: number): Promise<boolean | undefined> => {
  const reply = await inject(room.b.token, 'GET', `/api/timemachine/${viewId}/frame/${index}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<TimeMachineFrameReply>().refs.find((ref) => ref.to === noteId)?._to.promising;
};
const markOnCanvas = async (): Promise<boolean | undefined> =>
  (await inject(room.b.token, 'GET', `/api/views/${viewId}/canvas`)).json<ViewCanvasReply>().refs.find((ref) => ref.to === noteId)?._to
    .promising;

beforeAll(async () => {
  room = await classRoom(t);
  const settingsUrl = `/api/communities/${room.communityId}/settings`;
  const settings = (await inject(room.manager.token, 'GET', settingsUrl)).json<CommunitySettings>();
  settings.data.plugins.promisingnessidea = true;
  expect(
    (await inject(room.manager.token, 'PUT', settingsUrl, { data: settings.data, scaffoldIds: settings.scaffoldIds })).statusCode,
  ).toBe(200);
  viewId = (await inject(room.manager.token, 'POST', `/api/communities/${room.communityId}/views`, { title: 'Idées' })).json<{
    _id: string;
  }>()._id;
  noteId = await createContribution(t, { communityId: room.communityId, type: 'Note', authors: [room.a.authorId], actorId: room.a.userId });
  const loaded = (await inject(room.a.token, 'GET', `/api/objects/${noteId}`)).json<ObjectReply>();
  const saved = await inject(room.a.token, 'PUT', `/api/objects/${room.communityId}/${noteId}`, {
    revision: loaded.revision,
    title: 'Lumière',
    body: textDoc('Les plantes ont besoin de lumière.'),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const placed = await inject(room.a.token, 'POST', '/api/links', { from: viewId, to: noteId, type: 'contains', data: { x: 100, y: 100 } });
  expect(placed.statusCode, placed.body).toBeLessThan(300);
});

describe('the promising mark in the time machine', () => {
  it('is absent before the idea, present from it on, and gone after its deletion; the last frame equals the canvas', async () => {
    const before = await steps();
    expect(await markAt(before - 1)).toBe(false);

    const idea = await inject(room.b.token, 'POST', `/api/promisingideas/${room.communityId}/note/${noteId}`, {
      idea: 'besoin de lumière',
      color: 'yellow',
      reason: '',
    });
    expect(idea.statusCode, idea.body).toBe(201);
    const marked = await steps();
    expect(marked).toBeGreaterThan(before);
    expect(await markAt(marked - 1)).toBe(true);
    expect(await markOnCanvas()).toBe(true);
    // A frame before the idea still has no mark.
    expect(await markAt(before - 1)).toBe(false);

    const ideaId = idea.json<{ _id: string }>()._id;
    expect((await inject(room.b.token, 'DELETE', `/api/promisingideas/ideas/${ideaId}`)).statusCode).toBe(204);
    const unmarked = await steps();
    expect(unmarked).toBeGreaterThan(marked);
    expect(await markAt(unmarked - 1)).toBe(false);
    expect(await markOnCanvas()).toBe(false);
    expect(await markAt(marked - 1)).toBe(true);
  });
});
