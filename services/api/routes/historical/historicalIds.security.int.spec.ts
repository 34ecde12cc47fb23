import { beforeAll, describe, expect, it } from 'vitest';
import { contributionStreamName } from '../../../../contracts/events/contribution.ts';
import type { HistoricalObject, HistoryEntry } from '../../../../contracts/api/objects.ts';
import {
  auth,
  buildObjectsTestApp,
  classRoom,
  createContribution,
  samplePng,
  uploadBody,
  type ClassRoom,
} from '../../../../tests/support/objects.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

/**
 * Issue 20 §14: historical object ids used to be the event's global position
 * (000…0005, 000…0006: anyone could count through every version of every
 * community), and an attachment's versions carried their storage key. Now a
 * version's id comes from its event's random id, and no reply names a key.
 */

let room: ClassRoom;
const t = useTestApp(() => buildObjectsTestApp());
beforeAll(async () => {
  room = await classRoom(t);
});

const get = <T>(token: string, url: string) =>
  t.app
    .inject({ method: 'GET', url, headers: auth(token) })
    .then((reply) => ({ status: reply.statusCode, body: reply.json<T>(), raw: reply.body }));

/** An attachment uploaded twice: three versions (created, two uploads) and two stored files. */
const attachmentWithTwoUploads = async () => {
  const id = await createContribution(t, {
    communityId: room.communityId,
    type: 'Attachment',
    authors: [room.a.authorId],
    actorId: room.a.userId,
    permission: 'public',
  });
  for (const [width, height] of [
    [4, 3],
    [8, 6],
  ] as const) {
    const { payload, headers } = uploadBody(samplePng(width, height), { filename: `photo-${width}.png` });
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/upload/${room.communityId}/${id}`,
      payload,
      headers: { ...headers, ...auth(room.a.token) },
    });
    expect(reply.statusCode, reply.body).toBe(201);
  }
  return id;
};

const storageKeys = async () => {
  const keys: string[] = [];
  for await (const key of t.infra.blobStore.list()) keys.push(key);
  return keys;
};

describe('historical objects (issue 20 §14)', () => {
  it('a classmate reads every version of an attachment, and no reply names a storage key', async () => {
    const id = await attachmentWithTwoUploads();
    const keys = (await storageKeys()).filter((key) => key.includes(id));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    const history = await get<HistoryEntry[]>(room.b.token, `/api/objects/${id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.length).toBeGreaterThanOrEqual(3);
    const replies = [history.raw];
    for (const entry of history.body) {
      const version = await get<HistoricalObject>(room.b.token, `/api/historicalobjects/${entry._id}`);
      expect(version.status, version.raw).toBe(200);
      expect(version.body.dataId).toBe(id);
      replies.push(version.raw);
    }
    // The legitimate use: the last version lists both uploads (number, name, type), which GET /api/attachments/{id}/{version} serves.
    const last = JSON.parse(replies.at(-1) ?? '{}') as HistoricalObject;
    const versions = (last.data.data as { versions?: { version: number; filename: string; mime: string }[] }).versions ?? [];
    expect(versions.map(({ version, filename, mime }) => ({ version, filename, mime }))).toEqual([
      { version: 1, filename: 'photo-4.png', mime: 'image/png' },
      { version: 2, filename: 'photo-8.png', mime: 'image/png' },
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/api/attachments/${id}/1`, headers: auth(room.b.token) })).statusCode).toBe(200);
    for (const reply of replies) {
      expect(reply).not.toContain('blobKey');
      for (const key of keys) expect(reply).not.toContain(key);
      expect(reply).not.toContain(t.dataDir);
    }
  });

  it('ids are random: not consecutive, not the events’ positions, and a position as an id opens nothing', async () => {
    const id = await attachmentWithTwoUploads();
    const ids = (await get<HistoryEntry[]>(room.b.token, `/api/objects/${id}/history`)).body.map((entry) => entry._id);
    expect(ids.every((value) => /^[0-9a-f]{24}$/.test(value))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const { events } = await t.infra.eventStore.readStream(contributionStreamName(id));
    const positionIds = events.map((event) => event.globalPosition.toString(16).padStart(24, '0'));
    expect(ids.some((value) => positionIds.includes(value))).toBe(false);
    const numbers = ids.map((value) => BigInt(`0x${value}`));
    // Consecutive positions differ by small numbers; random ids by astronomically large ones.
    for (let i = 1; i < numbers.length; i++) {
      const gap = (numbers[i] ?? 0n) - (numbers[i - 1] ?? 0n);
      expect(gap < 0n ? -gap : gap).toBeGreaterThan(1_000_000n);
    }
    // An old, sequential id (a version's global position) is not a way in: 404, for a reader too.
    for (const positionId of positionIds) expect((await get(room.b.token, `/api/historicalobjects/${positionId}`)).status).toBe(404);
  });
});
