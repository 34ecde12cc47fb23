import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildObjectsTestApp, classRoom, shiftableClock, type ClassRoom } from '../../../tests/support/objects.ts';
import type { TestApp } from '../../../tests/support/testApp.ts';
import { timeMachineDriver } from '../../../tests/support/timemachine.ts';

let t: TestApp;
let room: ClassRoom;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const clock = shiftableClock();
  t = await buildObjectsTestApp({ clock });
  room = await classRoom(t);
  const d = timeMachineDriver(t, clock, room.communityId);
  ids.n1 = await d.createNote(room.a.authorId, room.a.userId);
  await d.contribute(ids.n1, '@mention first', 'Two words', room.a.userId);
  ids.n2 = await d.createNote(room.b.authorId, room.b.userId);
  await d.contribute(ids.n2, 'Plain, "quoted"', '=1+2 is\nthree', room.b.userId);
  ids.unsaved = await d.createNote(room.c.authorId, room.c.userId);
  ids.gone = await d.createNote(room.c.authorId, room.c.userId, { title: 'Removed' });
  await d.setStatus(ids.gone, 'inactive', room.c.userId);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const url = () => `/api/communities/${room.communityId}/kbdex.csv`;

describe('GET /api/communities/{communityId}/kbdex.csv', () => {
  it('managers get every active note with authors, date, word count and text, formulas neutralised', async () => {
    const response = await t.app.inject({ method: 'GET', url: url(), headers: auth(room.manager.token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="kbdex-/);
    const parsed = Papa.parse<Record<string, string>>(response.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    expect(parsed.data).toEqual([
      {
        id: ids.n1,
        title: "'@mention first",
        authors: `Test ${room.a.userName}`,
        created: expect.any(String) as string,
        wordCount: '2',
        text: 'Two words',
      },
      {
        id: ids.n2,
        title: 'Plain, "quoted"',
        authors: `Test ${room.b.userName}`,
        created: expect.any(String) as string,
        wordCount: '4',
        text: "'=1+2 is\nthree",
      },
    ]);
  });

  it('writers and outsiders 403, anonymous 401, unknown community 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(), headers: auth(room.a.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url(), headers: auth(room.outsider.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/communities/${'e'.repeat(24)}/kbdex.csv`,
      headers: auth(room.manager.token),
    });
    expect(unknown.statusCode).toBe(404);
  });
});
