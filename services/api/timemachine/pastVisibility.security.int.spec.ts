import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoricalObject, HistoryEntry, ObjectReply } from '../../../contracts/api/objects.ts';
import type { TimeMachineFrameReply, TimeMachineHistoryReply } from '../../../contracts/api/timemachine.ts';
import { call, placedNote, viewWith, type Member, useCanvasWorld } from '../../../tests/support/canvas.ts';
import { buildObjectsTestApp, shiftableClock } from '../../../tests/support/objects.ts';

/**
 * Issue 20 §4: one rule for every view of the past — a past state is shown
 * only to a reader who could read it then and can read it now — through the
 * time machine, `?at=`, the history tab and historical objects.
 */

const clock = shiftableClock();
const { t, w } = useCanvasWorld(() => buildObjectsTestApp({ clock }));

const setPermission = async (who: Member, noteId: string, permission: 'private' | 'protected' | 'public') =>
  expect((await call(t, who.token, 'PUT', `/api/objects/${w.communityId}/${noteId}/permission`, { permission, group: null })).status).toBe(
    200,
  );
const save = async (who: Member, noteId: string, title: string, text: string) => {
  const loaded = (await call<ObjectReply>(t, who.token, 'GET', `/api/objects/${noteId}`)).body;
  const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
  expect(
    (await call(t, who.token, 'PUT', `/api/objects/${w.communityId}/${noteId}`, { revision: loaded.revision, title, body })).status,
  ).toBe(200);
};
/** Every title and text the time machine shows `who` on `viewId`, over all its frames. */
const timeMachineText = async (who: Member, viewId: string): Promise<string> => {
  const history = await call<TimeMachineHistoryReply>(t, who.token, 'GET', `/api/timemachine/${viewId}`);
  expect(history.status).toBe(200);
  const frames: string[] = [JSON.stringify(history.body)];
  for (let index = 0; index < history.body.steps.length; index++) {
    frames.push((await call<TimeMachineFrameReply>(t, who.token, 'GET', `/api/timemachine/${viewId}/frame/${index}`)).raw);
  }
  return frames.join('\n');
};
const tick = () => clock.advance(60_000);

describe('a note public at first, made private later', () => {
  let noteId: string;
  let whilePublic: string;
  beforeAll(async () => {
    clock.pin();
    ({ noteId } = await placedNote(w, w.writer, w.welcomeViewId, 100, 100, 'Open thoughts'));
    tick();
    await save(w.writer, noteId, 'Open thoughts', 'something I later kept for myself');
    tick();
    whilePublic = new Date(clock.now().getTime()).toISOString();
    tick();
    await setPermission(w.writer, noteId, 'private');
    tick();
    clock.unpin();
  });

  it('is not in the time machine of a classmate, who sees neither its title nor its text', async () => {
    const seen = await timeMachineText(w.writer2, w.welcomeViewId);
    expect(seen).not.toContain('Open thoughts');
    expect(seen).not.toContain(noteId);
  });

  it('is not readable as of the past, nor in its history, nor through a historical object', async () => {
    expect((await call(t, w.writer2.token, 'GET', `/api/objects/${noteId}?at=${whilePublic}`)).status).toBe(403);
    expect((await call(t, w.writer2.token, 'GET', `/api/objects/${noteId}/history`)).status).toBe(403);
    const versions = (await call<HistoryEntry[]>(t, w.writer.token, 'GET', `/api/objects/${noteId}/history`)).body;
    expect(versions.length).toBeGreaterThan(1);
    for (const version of versions) {
      expect((await call(t, w.writer2.token, 'GET', `/api/historicalobjects/${version._id}`)).status).toBe(403);
    }
  });

  it('stays whole for its author and for a manager', async () => {
    expect(await timeMachineText(w.writer, w.welcomeViewId)).toContain('Open thoughts');
    expect(await timeMachineText(w.manager, w.welcomeViewId)).toContain('Open thoughts');
    const asOf = await call<ObjectReply>(t, w.manager.token, 'GET', `/api/objects/${noteId}?at=${whilePublic}`);
    expect(asOf.status).toBe(200);
    expect(JSON.stringify(asOf.body.data)).toContain('something I later kept for myself');
  });
});

describe('a note private at first, made public later', () => {
  let noteId: string;
  let whilePrivate: string;
  beforeAll(async () => {
    clock.pin();
    ({ noteId } = await placedNote(w, w.writer, w.welcomeViewId, 300, 100, 'Draft idea'));
    await setPermission(w.writer, noteId, 'private');
    tick();
    await save(w.writer, noteId, 'Draft idea', 'my private first draft');
    tick();
    whilePrivate = new Date(clock.now().getTime()).toISOString();
    tick();
    await save(w.writer, noteId, 'Shared idea', 'the version I chose to share');
    tick();
    await setPermission(w.writer, noteId, 'public');
    tick();
    clock.unpin();
  });

  it('shows the classmate only what came after it was made public', async () => {
    expect((await call(t, w.writer2.token, 'GET', `/api/objects/${noteId}?at=${whilePrivate}`)).status).toBe(403);
    const versions = (await call<HistoryEntry[]>(t, w.writer2.token, 'GET', `/api/objects/${noteId}/history`)).body;
    const texts: string[] = [];
    for (const version of versions) {
      const reply = await call<HistoricalObject>(t, w.writer2.token, 'GET', `/api/historicalobjects/${version._id}`);
      expect(reply.status).toBe(200);
      texts.push(JSON.stringify(reply.body.data));
    }
    expect(texts.join()).toContain('the version I chose to share');
    expect(texts.join()).not.toContain('my private first draft');
    const seen = await timeMachineText(w.writer2, w.welcomeViewId);
    expect(seen).toContain('Shared idea');
    expect(seen).not.toContain('my private first draft');
  });
});

describe('a demoted manager', () => {
  it('no longer sees in the past what only managers could see', async () => {
    const teacher = w.manager;
    const boardId = await viewWith(w, w.writer, 'public', 'Class board');
    clock.pin();
    const { noteId } = await placedNote(w, w.writer2, boardId, 100, 100, 'Secret to the teacher');
    await setPermission(w.writer2, noteId, 'private');
    tick();
    clock.unpin();
    expect(await timeMachineText(teacher, boardId)).toContain('Secret to the teacher');
    const authors = (await call<{ _id: string; userName: string }[]>(t, w.admin.token, 'GET', `/api/communities/${w.communityId}/authors`))
      .body;
    const teacherAuthor = authors.find((a) => a._id === teacher.authorId);
    expect(teacherAuthor).toBeDefined();
    expect((await call(t, w.admin.token, 'PUT', `/api/authors/${w.communityId}/${teacher.authorId}/role`, { role: 'writer' })).status).toBe(
      200,
    );
    expect(await timeMachineText(teacher, boardId)).not.toContain('Secret to the teacher');
    expect((await call(t, teacher.token, 'GET', `/api/objects/${noteId}/history`)).status).toBe(403);
  });
});

describe('historical object ids (§14)', () => {
  it('cannot be counted through and carry no storage key', async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 500, 500, 'Counted');
    await save(w.writer, noteId, 'Counted', 'one');
    await save(w.writer, noteId, 'Counted', 'two');
    const ids = (await call<HistoryEntry[]>(t, w.writer.token, 'GET', `/api/objects/${noteId}/history`)).body.map((v) => v._id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const numbers = ids.map((id) => BigInt(`0x${id}`));
    // Consecutive versions are not consecutive numbers (they used to be global positions).
    expect(numbers.slice(1).some((n, i) => n - (numbers[i] ?? 0n) !== 1n && (numbers[i] ?? 0n) - n !== 1n)).toBe(true);
    expect(ids.every((id) => !/^0{10}/.test(id))).toBe(true);
  });
});
