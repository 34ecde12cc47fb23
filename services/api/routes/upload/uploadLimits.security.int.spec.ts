import { dataOf } from '../../../../contracts/contributionData.ts';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import { auth, buildObjectsTestApp, classRoom, createContribution, uploadBody, type ClassRoom } from '../../../../tests/support/objects.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

/** Issue 20 §12: an over-limit upload is 413 and nothing is stored; a malformed body is 400, never 500. */

let room: ClassRoom;
const t = useTestApp(() => buildObjectsTestApp({ config: { uploadLimitMb: 1 } }));
beforeAll(async () => {
  room = await classRoom(t);
});

const attachment = () =>
  createContribution(t, { communityId: room.communityId, type: 'Attachment', authors: [room.a.authorId], actorId: room.a.userId });
const post = (id: string, payload: Buffer | string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/upload/${room.communityId}/${id}`, payload, headers: { ...auth(room.a.token), ...headers } });
const storedBlobs = () => {
  try {
    return readdirSync(join(t.dataDir, 'blobs'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
};
const versionOf = async (id: string) => {
  const reply = (await t.app.inject({ method: 'GET', url: `/api/objects/${id}`, headers: auth(room.a.token) })).json<ObjectReply>();
  return dataOf(reply, 'Attachment')?.version ?? 0;
};

describe('uploads at and over the limit', () => {
  for (const size of [1024 * 1024 + 1, 1024 * 1024 + 64 * 1024, 3 * 1024 * 1024]) {
    it(`${size} bytes: 413, nothing stored, the attachment unchanged`, async () => {
      const id = await attachment();
      const blobs = storedBlobs();
      const head = await t.infra.eventStore.headPosition();
      const { payload, headers } = uploadBody(new Uint8Array(size), { filename: 'big.bin' });
      const reply = await post(id, payload, headers);
      expect(reply.statusCode, reply.body).toBe(413);
      expect(storedBlobs()).toBe(blobs);
      expect(await t.infra.eventStore.headPosition()).toBe(head);
      expect(await versionOf(id)).toBe(0);
    });
  }

  it('exactly the limit is stored whole', async () => {
    const id = await attachment();
    const { payload, headers } = uploadBody(new Uint8Array(1024 * 1024).fill(7), { filename: 'exact.bin' });
    const reply = await post(id, payload, headers);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await versionOf(id)).toBe(1);
  });
});

describe('malformed multipart bodies', () => {
  const cases: [string, () => { payload: Buffer | string; headers: Record<string, string> }][] = [
    ['no boundary', () => ({ payload: 'hello', headers: { 'content-type': 'multipart/form-data' } })],
    [
      'a body cut off in the middle of the file',
      () => {
        const { payload, headers } = uploadBody(new Uint8Array(5_000).fill(1), { filename: 'cut.bin' });
        return { payload: payload.subarray(0, 3_000), headers };
      },
    ],
    [
      'a boundary that never appears',
      () => ({ payload: 'just some bytes\r\n', headers: { 'content-type': 'multipart/form-data; boundary=nothere' } }),
    ],
    [
      'headers without a blank line',
      () => ({
        payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n--b--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      }),
    ],
    ['a JSON body', () => ({ payload: '{"file":"x"}', headers: { 'content-type': 'application/json' } })],
    [
      'raw bytes (application/octet-stream)',
      () => ({ payload: Buffer.from([1, 2, 3]), headers: { 'content-type': 'application/octet-stream' } }),
    ],
    [
      'a form (application/x-www-form-urlencoded)',
      () => ({ payload: 'file=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    ],
    ['multipart/mixed', () => ({ payload: '--b\r\n\r\nx\r\n--b--\r\n', headers: { 'content-type': 'multipart/mixed; boundary=b' } })],
    ['no content type', () => ({ payload: '', headers: {} })],
    [
      'no file part',
      () => ({
        payload: '--b\r\nContent-Disposition: form-data; name="other"\r\n\r\nv\r\n--b--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      }),
    ],
  ];
  for (const [name, build] of cases) {
    it(`${name}: 400, nothing stored`, async () => {
      const id = await attachment();
      const blobs = storedBlobs();
      const { payload, headers } = build();
      const reply = await post(id, payload, headers);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json<{ errors?: { field: string }[] }>().errors?.map((e) => e.field)).toEqual(['file']);
      expect(storedBlobs()).toBe(blobs);
      expect(await versionOf(id)).toBe(0);
    });
  }
});

describe('an upload the store cannot record', () => {
  it('leaves no file behind when the event is not appended', async () => {
    const id = await attachment();
    const blobs = storedBlobs();
    const append = vi.spyOn(t.infra.eventStore, 'append').mockRejectedValueOnce(new Error('disk full'));
    try {
      const { payload, headers } = uploadBody(new Uint8Array(2_000).fill(3), { filename: 'lost.bin' });
      const reply = await post(id, payload, headers);
      expect(reply.statusCode).toBe(500);
      expect(append).toHaveBeenCalled();
    } finally {
      append.mockRestore();
    }
    expect(storedBlobs()).toBe(blobs);
    expect(await versionOf(id)).toBe(0);
    // The same upload once the store works again is stored whole.
    const { payload, headers } = uploadBody(new Uint8Array(2_000).fill(3), { filename: 'lost.bin' });
    expect((await post(id, payload, headers)).statusCode).toBe(201);
    expect(storedBlobs()).toBeGreaterThan(blobs);
  });
});

describe('the other attachment routes keep their content types', () => {
  it('a comment sent as raw bytes is still 415, and its JSON is still read (a missing time is named)', async () => {
    const id = await attachment();
    const url = `/api/attachments/${id}/comments`;
    const bytes = await t.app.inject({
      method: 'POST',
      url,
      payload: Buffer.from('x'),
      headers: { ...auth(room.a.token), 'content-type': 'application/octet-stream' },
    });
    expect(bytes.statusCode, bytes.body).toBe(415);
    const json = await t.app.inject({ method: 'POST', url, payload: { comment: 'bien' }, headers: auth(room.a.token) });
    expect(json.statusCode, json.body).toBe(400);
    expect(json.json<{ errors?: { field: string }[] }>().errors?.map((e) => e.field)).toEqual(['time']);
  });
});

describe('over a real socket', () => {
  it('an over-limit file streamed in chunks is 413 and nothing is stored; a file under the limit is 201', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const send = async (size: number) => {
      const id = await attachment();
      const { payload, headers } = uploadBody(new Uint8Array(size).fill(9), { filename: 'streamed.bin' });
      // Sent in 64 KB pieces, as a browser's upload arrives, not as one buffer.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < payload.byteLength; at += 64 * 1024) controller.enqueue(payload.subarray(at, at + 64 * 1024));
          controller.close();
        },
      });
      const reply = await fetch(`${address}/api/upload/${room.communityId}/${id}`, {
        method: 'POST',
        body,
        duplex: 'half',
        headers: { ...headers, authorization: `Bearer ${room.a.token}` },
      } as RequestInit & { duplex: 'half' });
      await reply.arrayBuffer();
      return { id, status: reply.status };
    };
    const blobs = storedBlobs();
    const big = await send(2 * 1024 * 1024);
    expect(big.status).toBe(413);
    expect(storedBlobs()).toBe(blobs);
    expect(await versionOf(big.id)).toBe(0);
    const small = await send(512 * 1024);
    expect(small.status).toBe(201);
    expect(await versionOf(small.id)).toBe(1);
  });
});
