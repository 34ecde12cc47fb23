import { dataOf } from '../../../../contracts/contributionData.ts';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ObjectReply, UploadReply, VideoComment } from '../../../../contracts/api/objects.ts';
import {
  auth,
  buildObjectsTestApp,
  classRoom,
  createContribution,
  forgedSignature,
  samplePng,
  sampleJpeg,
  shiftableClock,
  uploadBody,
  type ClassRoom,
  type Member,
} from '../../../../tests/support/objects.ts';
import type { TestApp } from '../../../../tests/support/testApp.ts';

const clock = shiftableClock();
let t: TestApp;
let room: ClassRoom;

beforeAll(async () => {
  // A 1 MB limit keeps the over-limit test small.
  t = await buildObjectsTestApp({ clock, config: { uploadLimitMb: 1 } });
  room = await classRoom(t);
});
afterAll(async () => {
  await t?.close();
});

const attachment = (author: Member, permission: 'private' | 'protected' | 'public' = 'protected', title = 'an Attachment') =>
  createContribution(t, {
    communityId: room.communityId,
    type: 'Attachment',
    authors: [author.authorId],
    title,
    permission,
    data: { version: 0 },
  });

const upload = (who: { token: string }, id: string, content: Uint8Array | string, options: Parameters<typeof uploadBody>[1] = {}) => {
  const { payload, headers } = uploadBody(content, options);
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/${room.communityId}/${id}`,
    headers: { ...auth(who.token), ...headers },
    payload,
  });
};

const download = (who: { token: string } | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? auth(who.token) : {} });

const mp4 = () => new Uint8Array([0, 0, 0, 0x18, ...[...'ftypisom'].map((c) => c.charCodeAt(0)), 0, 0, 0, 0, 1, 2, 3, 4]);

describe('POST /api/upload/:communityId/:attachmentId', () => {
  it('names an attachment after its file when it still has its initial title, in any language (issue 21 §6)', async () => {
    for (const [title, expected] of [
      ['Une pièce jointe', 'releve.png'],
      ['An attachment', 'releve.png'],
      ['Relevés de la classe', 'Relevés de la classe'],
    ]) {
      const id = await attachment(room.a, 'protected', title);
      expect((await upload(room.a, id, samplePng(8, 8), { filename: 'releve.png', contentType: 'image/png' })).statusCode).toBe(201);
      const object = (await t.app.inject({ method: 'GET', url: `/api/objects/${id}`, headers: auth(room.a.token) })).json<ObjectReply>();
      expect(object.title, title).toBe(expected);
    }
  });

  it('stores the file under a generated key, sniffs its type from the content, reads the image size, and activates the attachment', async () => {
    const id = await attachment(room.a);
    const response = await upload(room.a, id, samplePng(640, 480), { filename: '../../../etc/passwd.png', contentType: 'text/plain' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<UploadReply>()).toMatchObject({
      _id: id,
      version: 1,
      filename: 'passwd.png',
      mime: 'image/png',
      width: 640,
      height: 480,
      size: samplePng(640, 480).byteLength,
      url: `/api/attachments/${id}/1`,
    });
    const object = (await t.app.inject({ method: 'GET', url: `/api/objects/${id}`, headers: auth(room.b.token) })).json<ObjectReply>();
    expect(object).toMatchObject({
      status: 'active',
      title: 'passwd.png',
      data: { version: 1, type: 'image/png', width: 640, height: 480, filename: 'passwd.png' },
    });
    const keys: string[] = [];
    for await (const key of t.infra.blobStore.list()) keys.push(key);
    expect(keys.some((key) => key.includes('passwd') || key.includes('..'))).toBe(false);
    expect(keys.some((key) => key.startsWith(`attachments/${id}/`))).toBe(true);
  });

  it('keeps every version on re-upload', async () => {
    const id = await attachment(room.a);
    expect((await upload(room.a, id, samplePng(10, 10), { filename: 'one.png' })).statusCode).toBe(201);
    const second = await upload(room.a, id, sampleJpeg(30, 20), { filename: 'two.jpg' });
    expect(second.json<UploadReply>()).toMatchObject({ version: 2, mime: 'image/jpeg', width: 30, height: 20 });
    const v1 = await download(room.b, `/api/attachments/${id}/1`);
    const v2 = await download(room.b, `/api/attachments/${id}/2`);
    expect(v1.headers['content-type']).toBe('image/png');
    expect(new Uint8Array(v1.rawPayload)).toEqual(samplePng(10, 10));
    expect(new Uint8Array(v2.rawPayload)).toEqual(sampleJpeg(30, 20));
    const object = (await t.app.inject({ method: 'GET', url: `/api/objects/${id}`, headers: auth(room.b.token) })).json<ObjectReply>();
    expect((dataOf(object, 'Attachment')?.versions ?? []).map((v) => v.version)).toEqual([1, 2]);
    expect(JSON.stringify(object)).not.toContain('blobKey');
    expect((await download(room.b, `/api/attachments/${id}/3`)).statusCode).toBe(404);
  });

  it('corrects a declared type that disagrees with the content: HTML sent as an image is served as a text download', async () => {
    const id = await attachment(room.a);
    const response = await upload(room.a, id, '<html><script>alert(1)</script></html>', { filename: 'cat.png', contentType: 'image/png' });
    expect(response.json<UploadReply>().mime).toBe('text/plain');
    const file = await download(room.b, `/api/attachments/${id}/1`);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="cat.png"/);
    // The app's own policy (issue 17 §1) must not replace the file's sandbox: an uploaded page never runs as Buildon.
    expect(file.headers['content-security-policy']).toMatch(/^default-src 'none';.*sandbox$/);
  });

  it('serves images inline and other files as downloads, always with nosniff', async () => {
    const image = await attachment(room.a);
    await upload(room.a, image, samplePng(2, 2), { filename: 'été.png' });
    const shown = await download(room.b, `/api/attachments/${image}/1`);
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.headers['content-disposition']).toBe(`inline; filename="_t_.png"; filename*=UTF-8''${encodeURIComponent('été.png')}`);
    const pdf = await attachment(room.a);
    await upload(room.a, pdf, '%PDF-1.7\nbinary', { filename: 'report.pdf' });
    const downloaded = await download(room.b, `/api/attachments/${pdf}/1`);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses a file over the configured limit with 413 and a clear message', async () => {
    const id = await attachment(room.a);
    const response = await upload(room.a, id, new Uint8Array(1024 * 1024 + 10), { filename: 'big.bin' });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toBe('The file is larger than the upload limit of 1 MB.');
    expect((await t.app.inject({ method: 'GET', url: `/api/objects/${id}`, headers: auth(room.a.token) })).json<ObjectReply>().status).toBe(
      'unsaved',
    );
  });

  it('answers 400 naming the field file when there is no file, or it is empty', async () => {
    const id = await attachment(room.a);
    const wrongField = await upload(room.a, id, samplePng(1, 1), { field: 'other' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('file');
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/api/upload/${room.communityId}/${id}`,
      headers: auth(room.a.token),
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    const empty = await upload(room.a, id, '');
    expect(empty.statusCode).toBe(400);
  });

  it('checks the write rule and the type', async () => {
    const id = await attachment(room.a);
    expect((await upload(room.c, id, samplePng(1, 1))).statusCode).toBe(403);
    expect((await upload(room.outsider, id, samplePng(1, 1))).statusCode).toBe(403);
    const note = await createContribution(t, { communityId: room.communityId, type: 'Note', authors: [room.a.authorId] });
    expect((await upload(room.a, note, samplePng(1, 1))).statusCode).toBe(400);
  });
});

describe('GET /api/attachments/:id/:version', () => {
  it('streams to readers only', async () => {
    const id = await attachment(room.a, 'private');
    await upload(room.a, id, samplePng(1, 1));
    expect((await download(room.a, `/api/attachments/${id}/1`)).statusCode).toBe(200);
    expect((await download(room.c, `/api/attachments/${id}/1`)).statusCode).toBe(403);
    expect((await download(room.outsider, `/api/attachments/${id}/1`)).statusCode).toBe(403);
    expect((await download(null, `/api/attachments/${id}/1`)).statusCode).toBe(401);
  });
});

describe('video playback links and time-tagged comments', () => {
  it('gives readers a signed link that works without a token and expires after 600 s', async () => {
    const id = await attachment(room.a);
    await upload(room.a, id, mp4(), { filename: 'lesson.mp4' });
    // The link is valid to the whole second: with a running clock, a second boundary passing between
    // two requests (or real time spent in them) would decide the 599 s check and the 600 s count.
    clock.pin();
    onTestFinished(() => clock.unpin());
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/attachments/${id}/playback`,
      headers: auth(room.b.token),
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    const { url, expires } = response.json<{ url: string; expires: number }>();
    expect(expires - Math.floor(clock.now().getTime() / 1000)).toBe(600);
    const played = await download(null, url);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('video/mp4');
    expect((await download(null, forgedSignature(url))).statusCode).toBe(403);
    expect((await download(null, url.replace(/expires=\d+/, `expires=${expires + 1000}`))).statusCode).toBe(403);
    clock.advance(599_000);
    expect((await download(null, url)).statusCode).toBe(200);
    clock.advance(2_000);
    const expired = await download(null, url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json<{ message: string }>().message).toBe('This playback link has expired or is not valid.');
  });

  it('refuses playback links to non-readers', async () => {
    const id = await attachment(room.a, 'private');
    await upload(room.a, id, mp4());
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/attachments/${id}/playback`, headers: auth(room.c.token), payload: {} })).statusCode,
    ).toBe(403);
  });

  it('records comments {id, authorId, time, comment} and lists them by time', async () => {
    const id = await attachment(room.a);
    await upload(room.a, id, mp4());
    const post = (who: Member, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/attachments/${id}/comments`, headers: auth(who.token), payload });
    const late = await post(room.b, { time: 42.5, comment: 'Here it changes' });
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json<VideoComment>()).toMatchObject({ authorId: room.b.authorId, time: 42.5, comment: 'Here it changes' });
    expect((await post(room.a, { time: 3, comment: 'Intro' })).statusCode).toBe(201);
    const list = (await t.app.inject({ method: 'GET', url: `/api/attachments/${id}/comments`, headers: auth(room.c.token) })).json<
      VideoComment[]
    >();
    expect(list.map((c) => [c.time, c.comment])).toEqual([
      [3, 'Intro'],
      [42.5, 'Here it changes'],
    ]);
    expect((await post(room.a, { time: 1, comment: '  ' })).statusCode).toBe(400);
    expect((await post(room.a, { time: -1, comment: 'x' })).statusCode).toBe(400);
    const image = await attachment(room.a);
    await upload(room.a, image, samplePng(1, 1));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/attachments/${image}/comments`,
          headers: auth(room.a.token),
          payload: { time: 1, comment: 'x' },
        })
      ).statusCode,
    ).toBe(409);
  });
});
