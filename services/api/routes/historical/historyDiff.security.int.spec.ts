import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoricalObject, HistoryEntry, ObjectReply } from '../../../../contracts/api/objects.ts';
import {
  auth,
  buildObjectsTestApp,
  classRoom,
  createContribution,
  createGroup,
  docOf,
  shiftableClock,
  type ClassRoom,
  type Member,
} from '../../../../tests/support/objects.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

/**
 * Issue 21 §7: a historical version names the version it is compared with
 * (`previousId`), the kind of change (`eventType`) and the names of the
 * authors and groups it mentions. The previous version obeys the rule of the
 * past (`mayReadPast`) like every other: a classmate comparing the first
 * public version of a note is never pointed at its private drafts.
 */

const clock = shiftableClock();
let room: ClassRoom;
let noteId = '';
let groupId = '';
const secret = 'brouillon-tres-secret';

const call = async <T>(who: Member, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => {
  const reply = await t.app.inject({ method, url, headers: auth(who.token), ...(payload ? { payload } : {}) });
  return { status: reply.statusCode, body: reply.json<T>(), raw: reply.body };
};
const save = async (title: string, words: string) => {
  const object = await call<ObjectReply>(room.a, 'GET', `/api/objects/${noteId}`);
  const reply = await call(room.a, 'PUT', `/api/objects/${room.communityId}/${noteId}`, {
    revision: object.body.revision,
    title,
    body: docOf({ type: 'text', text: words }),
    status: 'active',
  });
  expect(reply.status, reply.raw).toBe(200);
  clock.advance(1000);
};
const history = async (who: Member) => (await call<HistoryEntry[]>(who, 'GET', `/api/objects/${noteId}/history`)).body;
const version = (who: Member, id: string) => call<HistoricalObject>(who, 'GET', `/api/historicalobjects/${id}`);

const t = useTestApp(() => buildObjectsTestApp({ clock }));
beforeAll(async () => {
  room = await classRoom(t);
  groupId = await createGroup(t, room.communityId, room.a.authorId, [room.a.authorId]);
  clock.advance(1000);
  noteId = await createContribution(t, {
    communityId: room.communityId,
    type: 'Note',
    authors: [room.a.authorId],
    actorId: room.a.userId,
    permission: 'private',
    group: groupId,
  });
  clock.advance(1000);
  await save('Brouillon', `Un ${secret} que je garde.`);
  await save('Brouillon 2', 'Encore un brouillon, réécrit.');
  const shared = await call(room.a, 'PUT', `/api/objects/${room.communityId}/${noteId}/permission`, { permission: 'public', group: null });
  expect(shared.status, shared.raw).toBe(200);
  clock.advance(1000);
  await save('Idée partagée', 'Une idée pour toute la classe.');
});

describe('the previous version of a historical version (issue 21 §7)', () => {
  it('is the version just before for the author, with the kind of change and names', async () => {
    const entries = await history(room.a);
    expect(entries.map((e) => e.eventType)).toEqual([
      'ContributionCreated',
      'NoteContributed',
      'NoteSaved',
      'PermissionChanged',
      'NoteSaved',
    ]);
    const replies = await Promise.all(entries.map((e) => version(room.a, e._id)));
    expect(replies.map((r) => r.body.previousId)).toEqual([null, ...entries.slice(0, -1).map((e) => e._id)]);
    // The permission change names the group it left, and the author, by name.
    const permission = replies[3]?.body;
    expect(permission?.names).toEqual(
      expect.arrayContaining([
        { _id: room.a.authorId, name: `Test ${room.a.userName}` },
        { _id: groupId, name: expect.any(String) as string },
      ]),
    );
  });

  it("skips the classmate's view of the private era: the first public version has nothing before it", async () => {
    const entries = await history(room.b);
    expect(entries.map((e) => e.eventType)).toEqual(['PermissionChanged', 'NoteSaved']);
    const first = await version(room.b, entries[0]?._id ?? '');
    expect(first.status).toBe(200);
    expect(first.body.previousId).toBeNull();
    const last = await version(room.b, entries[1]?._id ?? '');
    expect(last.body.previousId).toBe(entries[0]?._id);
    // Following previousId never leads to a draft, nor names the private era's group.
    expect(first.raw + last.raw).not.toContain(secret);
    expect(first.raw + last.raw).not.toContain(groupId);
    const all = await history(room.a);
    for (const entry of all.slice(0, 3)) expect((await version(room.b, entry._id)).status).toBe(403);
  });

  it('refuses an outsider', async () => {
    const entries = await history(room.a);
    const outsider = await t.app.inject({
      method: 'GET',
      url: `/api/historicalobjects/${entries[0]?._id ?? ''}`,
      headers: auth(room.outsider.token),
    });
    expect(outsider.statusCode).toBe(403);
  });
});
