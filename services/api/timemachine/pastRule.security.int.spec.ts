import { dataOf } from '../../../contracts/contributionData.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoricalObject, HistoryEntry, ObjectReply } from '../../../contracts/api/objects.ts';
import type { TimeMachineFrameReply, TimeMachineHistoryReply, TimeMachineStepsReply } from '../../../contracts/api/timemachine.ts';
import type { ViewCanvasReply } from '../../../contracts/api/views.ts';
import { activate, call, createContribution, placedNote, viewWith, type Member, useCanvasWorld } from '../../../tests/support/canvas.ts';
import { buildObjectsTestApp, samplePng, shiftableClock, uploadBody } from '../../../tests/support/objects.ts';
import { bearer } from '../../../tests/support/testApp.ts';

/**
 * Issue 20 §4 through the HTTP API: every view of the past — the time
 * machine (history, frames, steps, "as of"), `GET /api/objects/{id}?at=`, the
 * history tab, historical objects and the bytes of attachments (with a token
 * or a signed link) — shows a past state only to a reader who could read it
 * then and can read it now (services/api/past/mayReadPast.ts). Three
 * scenarios: work made private after it was shared, work made public after it
 * was private, and a manager demoted to writer; authors and managers keep
 * their whole history.
 */

const clock = shiftableClock();
const { t, w } = useCanvasWorld(() => buildObjectsTestApp({ clock }));

const tick = () => clock.advance(60_000);
const instant = () => clock.now().toISOString();

const setPermission = async (who: Member, id: string, permission: 'private' | 'protected' | 'public') => {
  const reply = await call(t, who.token, 'PUT', `/api/objects/${w.communityId}/${id}/permission`, { permission, group: null });
  expect(reply.status, reply.raw).toBe(200);
};
/** A note private from its first moment (set before it becomes active), placed on `viewId`. */
const privateNote = async (who: Member, viewId: string, x: number, y: number, noteTitle: string) => {
  const id = (await createContribution(w, who, { type: 'Note', title: noteTitle, placement: { viewId, x, y } })).contribution._id;
  await setPermission(who, id, 'private');
  await activate(t, id);
  return id;
};
const saveNote = async (who: Member, id: string, title: string, text: string) => {
  const loaded = (await call<ObjectReply>(t, who.token, 'GET', `/api/objects/${id}`)).body;
  const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
  const reply = await call(t, who.token, 'PUT', `/api/objects/${w.communityId}/${id}`, { revision: loaded.revision, title, body });
  expect(reply.status, reply.raw).toBe(200);
};
const drawing = async (who: Member, viewId: string, title: string, colour: string) => {
  const id = (await createContribution(w, who, { type: 'Drawing', title, placement: { viewId, x: 600, y: 100 } })).contribution._id;
  const loaded = (await call<ObjectReply>(t, who.token, 'GET', `/api/objects/${id}`)).body;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><path d="M10,10l50,50" stroke="${colour}" /></svg>`;
  const reply = await call(t, who.token, 'PUT', `/api/objects/${w.communityId}/${id}`, {
    revision: loaded.revision,
    title,
    svg,
    status: 'active',
  });
  expect(reply.status, reply.raw).toBe(200);
  return id;
};
const attachment = async (who: Member, viewId: string, title: string) =>
  (await createContribution(w, who, { type: 'Attachment', title, placement: { viewId, x: 900, y: 100 } })).contribution._id;
const upload = async (who: Member, id: string, width: number, height: number) => {
  const body = uploadBody(samplePng(width, height), { filename: `${title(id)}-${width}.png`, contentType: 'image/png' });
  const reply = await t.app.inject({
    method: 'POST',
    url: `/api/upload/${w.communityId}/${id}`,
    headers: { ...bearer(who.token), ...body.headers },
    payload: body.payload,
  });
  expect(reply.statusCode, reply.body).toBe(201);
};
const title = (id: string) => `file${id.slice(-4)}`;
const bytes = async (who: Member | null, url: string) =>
  (await t.app.inject({ method: 'GET', url, ...(who ? { headers: bearer(who.token) } : {}) })).statusCode;
const playback = (who: Member, id: string, version?: number) =>
  call<{ url: string; expires: number }>(t, who.token, 'POST', `/api/attachments/${id}/playback`, version === undefined ? {} : { version });

/** Everything the time machine answers `who` on `viewId`: history, every frame, the steps and frames "as of" `times`. */
const timeMachine = async (who: Member, viewId: string, times: string[] = []): Promise<string> => {
  const history = await call<TimeMachineHistoryReply>(t, who.token, 'GET', `/api/timemachine/${viewId}`);
  expect(history.status, history.raw).toBe(200);
  const seen = [history.raw];
  for (let index = -1; index < history.body.steps.length; index++) {
    const frame = await call<TimeMachineFrameReply>(t, who.token, 'GET', `/api/timemachine/${viewId}/frame/${index}`);
    expect(frame.status).toBe(200);
    seen.push(frame.raw);
  }
  const steps = await call<TimeMachineStepsReply>(t, who.token, 'GET', `/api/timemachine/${viewId}/steps?from=0&count=1000`);
  expect(steps.status).toBe(200);
  seen.push(steps.raw);
  for (const time of times) {
    seen.push((await call(t, who.token, 'GET', `/api/timemachine/${viewId}/at?time=${encodeURIComponent(time)}`)).raw);
  }
  return seen.join('\n');
};
/** The ids of every version of `id`, as its author (who sees them all) lists them. */
const versionIds = async (author: Member, id: string) => {
  const reply = await call<HistoryEntry[]>(t, author.token, 'GET', `/api/objects/${id}/history`);
  expect(reply.status).toBe(200);
  return reply.body.map((v) => v._id);
};
const historicalText = async (who: Member, historicalId: string) => {
  const reply = await call<HistoricalObject>(t, who.token, 'GET', `/api/historicalobjects/${historicalId}`);
  return { status: reply.status, text: reply.status === 200 ? JSON.stringify(reply.body.data) : '' };
};

describe('work shared first, made private later', () => {
  const secretText = 'thoughts I later kept for myself';
  const colour = '#a1b2c3';
  let noteId: string;
  let drawingId: string;
  let fileId: string;
  let whileShared: string;
  let canvasImageUrl: string;
  let playbackUrl: string;
  beforeAll(async () => {
    clock.pin();
    ({ noteId } = await placedNote(w, w.writer, w.welcomeViewId, 100, 100, 'Shared thoughts'));
    tick();
    await saveNote(w.writer, noteId, 'Shared thoughts', secretText);
    drawingId = await drawing(w.writer, w.welcomeViewId, 'Shared sketch', colour);
    fileId = await attachment(w.writer, w.welcomeViewId, 'Shared photo');
    await upload(w.writer, fileId, 41, 31);
    tick();
    whileShared = instant();
    // What a classmate holds while the work is shared: the canvas's signed image link and a playback link.
    const canvas = (await call<ViewCanvasReply>(t, w.writer2.token, 'GET', `/api/views/${w.welcomeViewId}/canvas`)).body;
    canvasImageUrl = canvas.refs.find((r) => r.to === fileId)?._to.attachment?.url ?? '';
    expect(canvasImageUrl).toContain('sig=');
    playbackUrl = (await playback(w.writer2, fileId)).body.url;
    expect(await bytes(null, canvasImageUrl)).toBe(200);
    expect(await bytes(null, playbackUrl)).toBe(200);
    expect(await timeMachine(w.writer2, w.welcomeViewId)).toContain(colour);
    tick();
    for (const id of [noteId, drawingId, fileId]) await setPermission(w.writer, id, 'private');
    tick();
    clock.unpin();
  });

  it('the time machine shows a classmate nothing of them: no title, no text, no drawing, no file, no ref', async () => {
    const seen = await timeMachine(w.writer2, w.welcomeViewId, [whileShared]);
    for (const hidden of [noteId, drawingId, fileId, 'Shared thoughts', 'Shared sketch', 'Shared photo', secretText, colour]) {
      expect(seen).not.toContain(hidden);
    }
  });

  it('?at=, the history tab and every historical object refuse the classmate', async () => {
    for (const id of [noteId, drawingId, fileId]) {
      expect((await call(t, w.writer2.token, 'GET', `/api/objects/${id}?at=${whileShared}`)).status).toBe(403);
      expect((await call(t, w.writer2.token, 'GET', `/api/objects/${id}/history`)).status).toBe(403);
      const ids = await versionIds(w.writer, id);
      expect(ids.length).toBeGreaterThan(1);
      for (const version of ids) expect((await historicalText(w.writer2, version)).status).toBe(403);
    }
  });

  it('the file is refused to the classmate, with a token and through the links given while it was shared', async () => {
    expect(await bytes(w.writer2, `/api/attachments/${fileId}/1`)).toBe(403);
    expect(await bytes(null, canvasImageUrl)).toBe(403);
    expect(await bytes(null, playbackUrl)).toBe(403);
    expect((await playback(w.writer2, fileId)).status).toBe(403);
  });

  it('stays whole for the author and for a manager', async () => {
    for (const who of [w.writer, w.manager]) {
      const seen = await timeMachine(who, w.welcomeViewId, [whileShared]);
      for (const shown of ['Shared thoughts', 'Shared sketch', 'Shared photo', colour]) expect(seen).toContain(shown);
      const asOf = await call<ObjectReply>(t, who.token, 'GET', `/api/objects/${noteId}?at=${whileShared}`);
      expect(asOf.status).toBe(200);
      expect(JSON.stringify(asOf.body.data)).toContain(secretText);
      for (const version of await versionIds(w.writer, noteId)) expect((await historicalText(who, version)).status).toBe(200);
      expect(await bytes(who, `/api/attachments/${fileId}/1`)).toBe(200);
      expect(await bytes(null, (await playback(who, fileId)).body.url)).toBe(200);
    }
  });
});

describe('work private first, made public later', () => {
  const draft = 'my private first draft';
  const shared = 'the version I chose to share';
  let noteId: string;
  let fileId: string;
  let viewId: string;
  let movedNoteId: string;
  let annotationId: string;
  let whilePrivate: string;
  let afterPublic: string;
  beforeAll(async () => {
    clock.pin();
    noteId = await privateNote(w.writer, w.welcomeViewId, 300, 300, 'Draft idea');
    tick();
    await saveNote(w.writer, noteId, 'Draft idea', draft);
    // A margin note on the private draft, visible to every reader of the note.
    const start = draft.indexOf('first draft');
    const margin = await call<{ _id: string }>(t, w.writer.token, 'POST', `/api/objects/${w.communityId}/${noteId}/annotations`, {
      ranges: [{ start, end: start + 'first draft'.length }],
      quote: 'first draft',
      text: 'a margin note on the draft',
      permission: 'protected',
    });
    expect(margin.status, margin.raw).toBe(201);
    annotationId = margin.body._id;
    // Two files uploaded while private: the first was never public.
    fileId = await attachment(w.writer, w.welcomeViewId, 'Work in progress');
    await setPermission(w.writer, fileId, 'private');
    await upload(w.writer, fileId, 51, 21);
    tick();
    await upload(w.writer, fileId, 52, 22);
    // A private view arranged before it is opened to the class.
    viewId = await viewWith(w, w.writer, 'private', 'Opened later');
    ({ noteId: movedNoteId } = await placedNote(w, w.writer, viewId, 10, 10, 'Arranged in private'));
    // (A note written in a private view starts private: this one is opened to all, the view not yet.)
    await setPermission(w.writer, movedNoteId, 'public');
    tick();
    whilePrivate = instant();
    tick();
    await saveNote(w.writer, noteId, 'Shared idea', shared);
    tick();
    await setPermission(w.writer, noteId, 'public');
    await setPermission(w.writer, fileId, 'public');
    tick();
    afterPublic = instant();
    tick();
    clock.unpin();
    // Moved while private, then opened: the classmate sees it where it was at the opening.
    const refs = (await call<ViewCanvasReply>(t, w.writer.token, 'GET', `/api/views/${viewId}/canvas`)).body.refs;
    const ref = refs.find((r) => r.to === movedNoteId);
    expect((await call(t, w.writer.token, 'PUT', `/api/links/${ref?._id}`, { data: { x: 77, y: 88 } })).status).toBeLessThan(300);
    await setPermission(w.writer, viewId, 'public');
  });

  it('?at= shows the classmate the note from its publication on, not before', async () => {
    expect((await call(t, w.writer2.token, 'GET', `/api/objects/${noteId}?at=${whilePrivate}`)).status).toBe(403);
    const after = await call<ObjectReply>(t, w.writer2.token, 'GET', `/api/objects/${noteId}?at=${afterPublic}`);
    expect(after.status).toBe(200);
    expect(JSON.stringify(after.body.data)).toContain(shared);
  });

  it('the history tab lists only public versions, and the private ones are refused by id', async () => {
    const listed = (await call<HistoryEntry[]>(t, w.writer2.token, 'GET', `/api/objects/${noteId}/history`)).body.map((v) => v._id);
    expect(listed.length).toBeGreaterThan(0);
    const all = await versionIds(w.writer, noteId);
    expect(listed.length).toBeLessThan(all.length);
    const texts: string[] = [];
    for (const version of all) {
      const { status, text } = await historicalText(w.writer2, version);
      expect(status).toBe(listed.includes(version) ? 200 : 403);
      texts.push(text);
    }
    expect(texts.join()).toContain(shared);
    expect(texts.join()).not.toContain(draft);
  });

  it("an annotation written on the private draft shows the classmate no version from the note's private time", async () => {
    expect((await call(t, w.writer2.token, 'GET', `/api/objects/${annotationId}?at=${whilePrivate}`)).status).toBe(403);
    for (const version of await versionIds(w.writer, annotationId)) expect((await historicalText(w.writer2, version)).status).toBe(403);
    expect((await call(t, w.writer2.token, 'GET', `/api/objects/${annotationId}`)).status).toBe(200);
    expect((await call(t, w.writer.token, 'GET', `/api/objects/${annotationId}?at=${whilePrivate}`)).status).toBe(200);
  });

  it('the time machine shows the note from its publication, and a view opened later from its opening', async () => {
    const seen = await timeMachine(w.writer2, w.welcomeViewId, [whilePrivate]);
    expect(seen).toContain('Shared idea');
    expect(seen).not.toContain(draft);
    expect(seen).not.toContain('Draft idea');
    const asOfThen = (
      await call<TimeMachineFrameReply>(t, w.writer2.token, 'GET', `/api/timemachine/${w.welcomeViewId}/at?time=${whilePrivate}`)
    ).body;
    expect(asOfThen.refs.some((r) => r.to === noteId || r.to === fileId)).toBe(false);
    const opened = (await call<TimeMachineStepsReply>(t, w.writer2.token, 'GET', `/api/timemachine/${viewId}/steps`)).body.steps;
    expect(opened.map((s) => s.kind)).toEqual(['created']);
    expect(opened[0]?.after?.data).toMatchObject({ x: 77, y: 88 });
    const forAuthor = (await call<TimeMachineStepsReply>(t, w.writer.token, 'GET', `/api/timemachine/${viewId}/steps`)).body.steps;
    expect(forAuthor.map((s) => s.kind)).toEqual(['created', 'modified', 'modified']);
  });

  it('the file uploaded and replaced while private is refused to the classmate, the published one served', async () => {
    const listed =
      dataOf((await call<ObjectReply>(t, w.writer2.token, 'GET', `/api/objects/${fileId}`)).body, 'Attachment')?.versions ?? [];
    expect(listed.map((v) => v.version)).toEqual([2]);
    expect(await bytes(w.writer2, `/api/attachments/${fileId}/1`)).toBe(403);
    expect(await bytes(w.writer2, `/api/attachments/${fileId}/2`)).toBe(200);
    expect((await playback(w.writer2, fileId, 1)).status).toBe(403);
    expect(await bytes(null, (await playback(w.writer2, fileId)).body.url)).toBe(200);
    // Its author keeps both.
    const own = dataOf((await call<ObjectReply>(t, w.writer.token, 'GET', `/api/objects/${fileId}`)).body, 'Attachment')?.versions ?? [];
    expect(own.map((v) => v.version)).toEqual([1, 2]);
    expect(await bytes(w.writer, `/api/attachments/${fileId}/1`)).toBe(200);
  });
});

describe('a manager demoted to writer', () => {
  let teacher: Member;
  let boardId: string;
  let secretId: string;
  let laterPublicId: string;
  let closedViewId: string;
  let beforeDemotion: string;
  beforeAll(async () => {
    teacher = w.manager;
    boardId = await viewWith(w, w.writer, 'public', 'Class board');
    closedViewId = await viewWith(w, w.writer2, 'private', 'Pupil corner');
    await placedNote(w, w.writer2, closedViewId, 10, 10, 'In the corner');
    clock.pin();
    secretId = await privateNote(w.writer2, boardId, 100, 100, 'Secret to the teacher');
    tick();
    await saveNote(w.writer2, secretId, 'Secret to the teacher', 'only my teacher may know');
    laterPublicId = await privateNote(w.writer, boardId, 300, 100, 'Rough notes');
    tick();
    await saveNote(w.writer, laterPublicId, 'Rough notes', 'rough text for the teacher');
    tick();
    beforeDemotion = instant();
    tick();
    await saveNote(w.writer, laterPublicId, 'Clean notes', 'clean text for all');
    await setPermission(w.writer, laterPublicId, 'public');
    tick();
    clock.unpin();
    // While a manager: everything.
    const seen = await timeMachine(teacher, boardId);
    for (const shown of ['Secret to the teacher', 'Rough notes', 'Clean notes']) expect(seen).toContain(shown);
    expect((await call(t, teacher.token, 'GET', `/api/timemachine/${closedViewId}`)).status).toBe(200);
    const demoted = await call(t, w.admin.token, 'PUT', `/api/authors/${w.communityId}/${teacher.authorId}/role`, { role: 'writer' });
    expect(demoted.status, demoted.raw).toBe(200);
  });

  it('no longer sees in the time machine what only managers could read', async () => {
    const seen = await timeMachine(teacher, boardId, [beforeDemotion]);
    for (const hidden of [secretId, 'Secret to the teacher', 'only my teacher may know', 'Rough notes', 'rough text for the teacher']) {
      expect(seen).not.toContain(hidden);
    }
    expect(seen).toContain('Clean notes');
  });

  it('cannot replay a view closed to writers', async () => {
    for (const url of [``, `/frame/0`, `/steps`, `/at?time=${beforeDemotion}`]) {
      expect((await call(t, teacher.token, 'GET', `/api/timemachine/${closedViewId}${url}`)).status).toBe(403);
    }
  });

  it('is refused the manager-only past through ?at=, the history tab and historical objects', async () => {
    expect((await call(t, teacher.token, 'GET', `/api/objects/${secretId}?at=${beforeDemotion}`)).status).toBe(403);
    expect((await call(t, teacher.token, 'GET', `/api/objects/${secretId}/history`)).status).toBe(403);
    for (const version of await versionIds(w.writer2, secretId)) expect((await historicalText(teacher, version)).status).toBe(403);
    // The note public now: from its publication on only.
    expect((await call(t, teacher.token, 'GET', `/api/objects/${laterPublicId}?at=${beforeDemotion}`)).status).toBe(403);
    const texts: string[] = [];
    for (const version of await versionIds(w.writer, laterPublicId)) texts.push((await historicalText(teacher, version)).text);
    expect(texts.join()).toContain('clean text for all');
    expect(texts.join()).not.toContain('rough text for the teacher');
  });

  it('a manager still sees the whole past', async () => {
    const seen = await timeMachine(w.admin, boardId, [beforeDemotion]);
    for (const shown of ['Secret to the teacher', 'Rough notes', 'Clean notes']) expect(seen).toContain(shown);
    const asOf = await call<ObjectReply>(t, w.admin.token, 'GET', `/api/objects/${laterPublicId}?at=${beforeDemotion}`);
    expect(asOf.status).toBe(200);
    expect(JSON.stringify(asOf.body.data)).toContain('rough text for the teacher');
  });
});
