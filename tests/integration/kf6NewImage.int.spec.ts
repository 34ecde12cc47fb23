import { beforeAll, describe, expect, it } from 'vitest';
import { auth, buildObjectsTestApp, classRoom, createContribution, samplePng, type ClassRoom, type Member } from '../support/objects.ts';
import { builtLater, useTestApp } from '../support/suite.ts';

/**
 * The original's drawing-on-an-image save (issue 15 §2, fact sheet §10.1),
 * sent as its client sends it: `{data: <data URL>, file: {communityId, _id,
 * name, version, type}}`. Uploads here are limited to 1 MB, a community's
 * share to 2 MB.
 */
const t = useTestApp(() => buildObjectsTestApp({ config: { uploadLimitMb: 1, communityQuotaMb: 2 } }));
let built: ClassRoom | undefined;
const room = builtLater('the class', () => built);
beforeAll(async () => {
  built = await classRoom(t);
});

type Problem = { status: number; messageCode: string; errors?: { field: string; messageCode?: string }[] };
type Kf6Attachment = { _id: string; communityId: string; type: string; title: string; data: Record<string, unknown>; authors: string[] };

const KB = 1024;
const attachmentOf = (who: Member) =>
  createContribution(t, {
    communityId: room.communityId,
    type: 'Attachment',
    authors: [who.authorId],
    title: 'a photo',
    data: { version: 0 },
  });

/** A PNG of `size` bytes (a real header, padding after it). */
const png = (size = 0): Buffer => {
  const head = Buffer.from(samplePng(4, 4));
  return size > head.byteLength ? Buffer.concat([head, Buffer.alloc(size - head.byteLength)]) : head;
};
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

const newImage = (who: { token: string } | null, id: string, data: string, file: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/upload/newImage',
    ...(who ? { headers: auth(who.token) } : {}),
    payload: { data, file: { communityId: room.communityId, _id: id, name: 'photo.png', version: 1, type: 'image/png', ...file } },
  });

const fields = (body: string) => (JSON.parse(body) as Problem).errors?.map((error) => error.field) ?? [];

describe('POST /api/upload/newImage', () => {
  it("writes a new version of the attachment and answers the attachment in the original's shape", async () => {
    const id = await attachmentOf(room.a);
    const first = await newImage(room.a, id, dataUrl(png()));
    expect(first.statusCode, first.body).toBe(200);
    const reply = first.json<Kf6Attachment>();
    expect(reply).toMatchObject({ _id: id, communityId: room.communityId, type: 'Attachment', authors: [room.a.authorId] });
    expect(reply).toHaveProperty('status');
    expect(reply).toHaveProperty('permission');
    // The original's path traversal through `name` (fact sheet §12) does not come back: the name is made safe.
    const second = (await newImage(room.a, id, dataUrl(png()), { version: 2, name: '../../../etc/evil.png' })).json<Kf6Attachment>();
    expect(JSON.stringify(second.data)).not.toContain('../');
    expect(second.data).toMatchObject({ filename: 'evil.png', type: 'image/png' });
    expect(JSON.stringify(second)).not.toContain('blobKey');
    expect(JSON.stringify(second.data)).not.toBe(JSON.stringify(reply.data));
    // The bytes are served back as the image they are.
    const object = await t.app.inject({ method: 'GET', url: `/api/objects/${id}`, headers: auth(room.a.token) });
    const version = object.json<{ data: { version?: number } }>().data.version ?? 0;
    expect(version).toBeGreaterThanOrEqual(2);
    const file = await t.app.inject({ method: 'GET', url: `/api/attachments/${id}/${version}`, headers: auth(room.b.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\/png/);
    expect(Buffer.from(file.rawPayload).equals(png())).toBe(true);
  });

  it('refuses what is not an image, broken base64 and a missing attachment id with 400 naming the field', async () => {
    const id = await attachmentOf(room.a);
    const text = await newImage(room.a, id, dataUrl(Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'));
    expect(text.statusCode).toBe(400);
    expect(fields(text.body)).toContain('data');
    const broken = await newImage(room.a, id, 'data:image/png;base64,***not base64***');
    expect(broken.statusCode).toBe(400);
    expect(fields(broken.body)).toContain('data');
    const noId = await newImage(room.a, id, dataUrl(png()), { _id: undefined });
    expect(noId.statusCode).toBe(400);
    expect(noId.body).toContain('_id');
    const noteId = await createContribution(t, {
      communityId: room.communityId,
      type: 'Note',
      authors: [room.a.authorId],
      title: 'n',
      data: {},
    });
    const note = await newImage(room.a, noteId, dataUrl(png()));
    expect(note.statusCode).toBe(400);
    expect(fields(note.body)).toContain('file._id');
  });

  it('keeps the upload limit (413) and the community quota (413)', async () => {
    const id = await attachmentOf(room.c);
    const over = await newImage(room.c, id, dataUrl(png(1024 * KB + 1)));
    expect(over.statusCode).toBe(413);
    const wayOver = await newImage(room.c, id, dataUrl(png(3 * 1024 * KB)));
    expect(wayOver.statusCode).toBe(413);
    expect((await newImage(room.c, id, dataUrl(png(900 * KB)))).statusCode).toBe(200);
    expect((await newImage(room.c, id, dataUrl(png(900 * KB)))).statusCode).toBe(200);
    const full = await newImage(room.c, id, dataUrl(png(900 * KB)));
    expect(full.statusCode, full.body).toBe(413);
    expect(full.json<Problem>().messageCode).toBe('limits.communityQuotaFull');
  });

  it('is refused to a classmate who may not edit the attachment, to an outsider, anonymously; a wrong community id is a 400 naming it', async () => {
    const id = await attachmentOf(room.b);
    expect((await newImage(room.a, id, dataUrl(png()))).statusCode).toBe(403);
    expect((await newImage(room.outsider, id, dataUrl(png()))).statusCode).toBe(403);
    expect((await newImage(null, id, dataUrl(png()))).statusCode).toBe(401);
    const elsewhere = await newImage(room.manager, id, dataUrl(png()), { communityId: id });
    expect(elsewhere.statusCode).toBe(400);
    expect(fields(elsewhere.body)).toContain('file.communityId');
    expect((await newImage(room.manager, id, dataUrl(png()))).statusCode).toBe(200);
  });
});
