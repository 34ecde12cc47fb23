import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection, UploadReply } from '../../../../contracts/api/objects.ts';
import { call, canvasWorld, createContribution, type CanvasWorld, type Member } from '../../../../tests/support/canvas.ts';
import { samplePng, uploadBody } from '../../../../tests/support/objects.ts';
import { bearer, buildTestApp, type TestApp } from '../../../../tests/support/testApp.ts';

type Problem = { message: string; errors?: { field: string; message: string }[] };

let t: TestApp;
let w: CanvasWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await canvasWorld(t);
});
afterAll(async () => t?.close());

const newOf = async (who: Member, type: 'Note' | 'Attachment') => (await createContribution(w, who, { type })).contribution._id;
const upload = (who: { token: string } | null, attachmentId: string, noteId?: string) => {
  const { payload, headers } = uploadBody(samplePng(20, 10), { filename: 'diagram.png' });
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/${w.communityId}/${attachmentId}${noteId ? `?noteId=${noteId}` : ''}`,
    headers: { ...(who ? bearer(who.token) : {}), ...headers },
    payload,
  });
};
const attachLinks = async (who: Member, noteId: string) =>
  (await call<Connection[]>(t, who.token, 'GET', `/api/links/from/${noteId}`)).body.filter((link) => link.type === 'attach');

describe('attach links (an upload from a note)', () => {
  it('links the note to the attachment once, so the attachments tab lists it after a reload', async () => {
    const noteId = await newOf(w.writer, 'Note');
    const attachmentId = await newOf(w.writer, 'Attachment');
    const first = await upload(w.writer, attachmentId, noteId);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<UploadReply>().version).toBe(1);
    expect((await upload(w.writer, attachmentId, noteId)).statusCode).toBe(201);
    const links = await attachLinks(w.writer, noteId);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ from: noteId, to: attachmentId, type: 'attach', other: { _id: attachmentId, type: 'Attachment', title: 'diagram.png' } });
  });

  it('needs write access to the note and a note of the same community (403 / 400 naming noteId), and nothing is uploaded then', async () => {
    const othersNote = await newOf(w.writer2, 'Note');
    const attachmentId = await newOf(w.writer, 'Attachment');
    expect((await upload(w.writer, attachmentId, othersNote)).statusCode).toBe(403);
    const view = await upload(w.writer, attachmentId, w.welcomeViewId);
    expect(view.statusCode).toBe(400);
    expect(view.json<Problem>().errors?.[0]?.field).toBe('noteId');
    const unknown = await upload(w.writer, attachmentId, 'aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Problem>().errors?.[0]?.field).toBe('noteId');
    expect((await upload(null, attachmentId, othersNote)).statusCode).toBe(401);
    const object = await call<{ data: { version: number } }>(t, w.writer.token, 'GET', `/api/objects/${attachmentId}`);
    expect(object.body.data.version).toBe(0);
    expect(await attachLinks(w.writer2, othersNote)).toEqual([]);
  });

  it('keeps uploads without a note as they were (no link)', async () => {
    const attachmentId = await newOf(w.writer, 'Attachment');
    expect((await upload(w.writer, attachmentId)).statusCode).toBe(201);
    const to = (await call<Connection[]>(t, w.writer.token, 'GET', `/api/links/to/${attachmentId}`)).body;
    expect(to.filter((link) => link.type === 'attach')).toEqual([]);
  });
});
