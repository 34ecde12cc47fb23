import { describe, expect, it } from 'vitest';
import type { Link } from '../../../../contracts/api/canvas.ts';
import { CanvasServiceMessages } from '../../../../contracts/catalogs/canvasService.ts';
import type { Connection, UploadReply } from '../../../../contracts/api/objects.ts';
import { call, createContribution, type Member, useCanvasWorld } from '../../../../tests/support/canvas.ts';
import { samplePng, uploadBody } from '../../../../tests/support/objects.ts';
import { bearer } from '../../../../tests/support/testApp.ts';

type Problem = { message: string; errors?: { field: string; message: string }[] };

const { t, w } = useCanvasWorld();

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
    expect(links[0]).toMatchObject({
      from: noteId,
      to: attachmentId,
      type: 'attach',
      other: { _id: attachmentId, type: 'Attachment', title: 'diagram.png' },
    });
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

// ---- Removing an attachment from a note (the attachments tab's "Retirer"): `DELETE /api/links/{id}`
// on the note's `attach` link, allowed to those who may edit the note. A `LinkDeleted` in the note's
// stream; the attachment stays.

/** A note of `author` with an uploaded attachment linked to it; the attach link's id. */
const attachedNote = async (author: Member) => {
  const noteId = await newOf(author, 'Note');
  const attachmentId = await newOf(author, 'Attachment');
  const uploaded = await upload(author, attachmentId, noteId);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const [link] = await attachLinks(author, noteId);
  expect(link).toBeDefined();
  return { noteId, attachmentId, linkId: link?._id ?? '' };
};
const remove = (who: { token: string } | null, linkId: string) =>
  call<Link & { message?: string }>(t, who?.token ?? null, 'DELETE', `/api/links/${linkId}`);

describe('removing an attach link (DELETE /api/links/{id})', () => {
  it('lets the note author remove it once: the listing drops it, the attachment and its file stay, a LinkDeleted is in the note stream', async () => {
    const { noteId, attachmentId, linkId } = await attachedNote(w.writer);

    const removed = await remove(w.writer, linkId);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ _id: linkId, from: noteId, to: attachmentId, type: 'attach' });
    expect(await attachLinks(w.writer, noteId)).toEqual([]);
    expect(
      (await call<Connection[]>(t, w.writer.token, 'GET', `/api/links/to/${attachmentId}`)).body.filter((l) => l.type === 'attach'),
    ).toEqual([]);

    const again = await remove(w.writer, linkId);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(CanvasServiceMessages.linkNotFound);

    // The attachment itself stays, readable by its own permission (an inline image keeps working).
    const object = await call<{ status: string; data: { version: number } }>(t, w.writer.token, 'GET', `/api/objects/${attachmentId}`);
    expect(object.status).toBe(200);
    expect(object.body).toMatchObject({ status: 'active', data: { version: 1 } });
    for (const who of [w.writer, w.writer2]) {
      const file = await t.app.inject({ method: 'GET', url: `/api/attachments/${attachmentId}/1`, headers: bearer(who.token) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
    }

    const stream = await t.infra.eventStore.readStream(`contribution-${noteId}`);
    expect(stream.events.at(-1)).toMatchObject({ type: 'LinkDeleted', data: { linkId, from: noteId } });
  });

  it('refuses a classmate who is not an author (403), an outsider (403) and an anonymous caller (401); the link stays', async () => {
    const { noteId, linkId } = await attachedNote(w.writer);
    const classmate = await remove(w.writer2, linkId);
    expect(classmate.status).toBe(403);
    expect(classmate.body.message).toBe(CanvasServiceMessages.cannotRemoveAttachment);
    expect((await remove(w.outsider, linkId)).status).toBe(403);
    expect((await remove(null, linkId)).status).toBe(401);
    expect((await attachLinks(w.writer, noteId)).map((link) => link._id)).toEqual([linkId]);
  });

  it("lets a manager remove a writer's attach link, and a co-author remove it", async () => {
    const byManager = await attachedNote(w.writer);
    expect((await remove(w.manager, byManager.linkId)).status).toBe(200);
    expect(await attachLinks(w.writer, byManager.noteId)).toEqual([]);

    const shared = await attachedNote(w.writer);
    const added = await call(t, w.writer.token, 'POST', `/api/objects/${w.communityId}/${shared.noteId}/authors`, {
      authorId: w.writer2.authorId,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await remove(w.writer2, shared.linkId)).status).toBe(200);
  });

  it('allows removal when the note shows the attachment inline: the body keeps it and the file still loads', async () => {
    const { noteId, attachmentId, linkId } = await attachedNote(w.writer);
    const body = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'See ' },
            { type: 'attachmentRef', attrs: { attachmentId } },
          ],
        },
      ],
    };
    const saved = await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${noteId}`, {
      revision: 0,
      title: 'With a picture',
      body,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    expect((await remove(w.writer, linkId)).status).toBe(200);
    const note = await call<{ data: { body: unknown } }>(t, w.writer2.token, 'GET', `/api/objects/${noteId}`);
    expect(JSON.stringify(note.body.data.body)).toContain(attachmentId);
    const file = await t.app.inject({ method: 'GET', url: `/api/attachments/${attachmentId}/1`, headers: bearer(w.writer2.token) });
    expect(file.statusCode).toBe(200);
  });

  it('answers 400 naming id for a malformed id and 404 for an unknown link', async () => {
    const bad = await call<{ errors?: { field: string }[] }>(t, w.writer.token, 'DELETE', '/api/links/not-an-id');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('id');
    expect((await remove(w.writer, 'aaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
  });
});
