import { describe, expect, it } from 'vitest';
import type { ProblemDetails } from '../../../../contracts/errors.ts';
import type { RecordedEvent } from '../../../../contracts/events/event.ts';
import { communityStorageCollectionName, type CommunityStorageDocument } from '../../../../projections/storage/index.ts';
import frServer from '../../../../web/src/i18n/locales/server/fr.json' with { type: 'json' };
import {
  auth,
  buildObjectsTestApp,
  classRoom,
  createContribution,
  uploadBody,
  type ClassRoom,
  type Member,
} from '../../../../tests/support/objects.ts';
import { builtLater, useTestApp } from '../../../../tests/support/suite.ts';
import { beforeAll } from 'vitest';

/** Issue 17 §5: each community's share of the file storage (BUILDON_COMMUNITY_QUOTA_MB), here 1 MB. */
const t = useTestApp(() => buildObjectsTestApp({ config: { communityQuotaMb: 1 } }));
let rooms: { full?: ClassRoom; other?: ClassRoom; rush?: ClassRoom } = {};
const full = builtLater('the class filling its share', () => rooms.full);
const other = builtLater('another class', () => rooms.other);
const rush = builtLater('a class uploading all at once', () => rooms.rush);

beforeAll(async () => {
  rooms = { full: await classRoom(t), other: await classRoom(t), rush: await classRoom(t) };
});

const KB = 1024;

const attachment = (room: ClassRoom, author: Member) =>
  createContribution(t, {
    communityId: room.communityId,
    type: 'Attachment',
    authors: [author.authorId],
    title: 'A file',
    data: { version: 0 },
  });

/** `size` bytes of a file no sniffer recognises (stored as application/octet-stream). */
const upload = (room: ClassRoom, who: Member, id: string, size: number) => {
  const { payload, headers } = uploadBody(new Uint8Array(size).fill(7), { filename: 'releve.dat' });
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/${room.communityId}/${id}`,
    headers: { ...auth(who.token), ...headers },
    payload,
  });
};

const stored = async (room: ClassRoom) =>
  (await t.infra.readStore.collection<CommunityStorageDocument>(communityStorageCollectionName).get(room.communityId)) ?? {
    bytes: 0,
    files: 0,
  };

const uploadsSince = async (position: number): Promise<RecordedEvent[]> =>
  (await t.infra.eventStore.readAll({ after: position })).filter((event) => event.type === 'AttachmentUploaded');

describe('the community upload quota', () => {
  it('accepts uploads while they fit, counting every version, then refuses one over the share with 413 and the French message', async () => {
    const first = await attachment(full, full.a);
    expect((await upload(full, full.a, first, 400 * KB)).statusCode).toBe(201);
    // A new version is kept beside the first: it counts too.
    expect((await upload(full, full.a, first, 400 * KB)).statusCode).toBe(201);
    expect(await stored(full)).toMatchObject({ bytes: 800 * KB, files: 2 });

    const second = await attachment(full, full.b);
    const head = await t.infra.eventStore.headPosition();
    const refused = await upload(full, full.b, second, 300 * KB);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = refused.json<ProblemDetails>();
    expect(problem).toMatchObject({
      status: 413,
      messageCode: 'limits.communityQuotaFull',
      params: { used: 1, quota: 1 },
      errors: [{ field: 'file', messageCode: 'limits.communityQuotaFull' }],
    });
    const french = frServer.server.limits.communityQuotaFull.replace('{{used}}', '1').replace('{{quota}}', '1');
    expect(french).toBe(
      "La communauté n'a plus assez de place pour ce fichier (1 Mo utilisés sur 1 Mo) : il n'a pas été enregistré. Prévenez votre enseignant.",
    );
    // Nothing recorded for the refusal, and the count is unchanged.
    expect(await uploadsSince(head)).toEqual([]);
    expect(await stored(full)).toMatchObject({ bytes: 800 * KB, files: 2 });

    // What still fits is still accepted, up to the last byte.
    expect((await upload(full, full.b, second, 224 * KB)).statusCode).toBe(201);
    expect((await stored(full)).bytes).toBe(1024 * KB);
    expect((await upload(full, full.manager, second, 1)).statusCode).toBe(413);
  });

  it('leaves another community alone', async () => {
    const id = await attachment(other, other.c);
    expect((await upload(other, other.c, id, 900 * KB)).statusCode).toBe(201);
    expect((await stored(other)).bytes).toBe(900 * KB);
    expect((await upload(full, full.c, await attachment(full, full.c), 10 * KB)).statusCode).toBe(413);
  });

  it('holds a class uploading at once to the share: the uploads in flight count before they are recorded', async () => {
    const uploaders = [rush.a, rush.b, rush.c, rush.manager, rush.a, rush.b];
    const ids = await Promise.all(uploaders.map((who) => attachment(rush, who)));
    const answers = await Promise.all(uploaders.map((who, i) => upload(rush, who, ids[i] as string, 300 * KB)));
    const accepted = answers.filter((answer) => answer.statusCode === 201).length;
    expect(answers.filter((answer) => answer.statusCode !== 201).map((answer) => answer.statusCode)).toEqual(
      Array.from({ length: uploaders.length - accepted }, () => 413),
    );
    expect(accepted).toBe(3);
    expect((await stored(rush)).bytes).toBe(900 * KB);
  });

  it('keeps the count exact through a rebuild of the read models', async () => {
    const before = [await stored(full), await stored(other), await stored(rush)].map(({ bytes, files }) => ({ bytes, files }));
    await t.infra.runner.rebuild(['storage']);
    const after = [await stored(full), await stored(other), await stored(rush)].map(({ bytes, files }) => ({ bytes, files }));
    expect(after).toEqual(before);
  });
});
