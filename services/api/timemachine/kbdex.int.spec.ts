import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildObjectsTestApp, classRoom, shiftableClock, type ClassRoom } from '../../../tests/support/objects.ts';
import type { TestApp } from '../../../tests/support/testApp.ts';
import { timeMachineDriver } from '../../../tests/support/timemachine.ts';
import { pseudonymOf } from '../research/pseudonymOf.ts';

/** The study's secret, configured on this server (BUILDON_STUDY_SECRET): the key of its pseudonyms. */
const studySecret = 'study-kbdex';

let t: TestApp;
let room: ClassRoom;
let otherClass: ClassRoom;
const ids: Record<string, string> = {};
const times: Record<string, string> = {};

beforeAll(async () => {
  const clock = shiftableClock();
  clock.pin();
  t = await buildObjectsTestApp({ clock, config: { studySecret } });
  room = await classRoom(t);
  otherClass = await classRoom(t);
  const now = () => t.infra.commandDeps.clock.now().toISOString();
  const d = timeMachineDriver(t, clock, room.communityId);
  ids.ideas = await d.createView(room.manager.authorId, room.manager.userId, 'Nos idées');
  ids.plants = await d.createView(room.manager.authorId, room.manager.userId, 'Plantes');
  ids.n1 = await d.createNote(room.a.authorId, room.a.userId);
  clock.advance(60_000); // The draft stays open a minute: its time in the file is when it was contributed.
  await d.contribute(ids.n1, '@mention first', 'Two words', room.a.userId);
  times.n1 = now();
  await d.place(ids.ideas, ids.n1, 10, 10, room.a.userId);
  ids.n2 = await d.createNote(room.b.authorId, room.b.userId);
  await d.contribute(ids.n2, 'Plain, "quoted"', '=1+2 is\nthree', room.b.userId);
  times.n2 = now();
  await d.place(ids.plants, ids.n2, 10, 10, room.b.userId);
  times.before = now();
  clock.advance(60_000);
  await d.contribute(ids.n1, '@mention first', 'Changed later', room.a.userId);
  ids.secret = await d.createNote(room.manager.authorId, room.manager.userId, { permission: 'private' });
  await d.contribute(ids.secret, 'Teacher only', 'Private plan', room.manager.userId);
  ids.draft = await d.createNote(room.c.authorId, room.c.userId);
  ids.gone = await d.createNote(room.c.authorId, room.c.userId);
  await d.contribute(ids.gone, 'Removed', 'Gone now', room.c.userId);
  await d.setStatus(ids.gone, 'inactive', room.c.userId);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type KbdexRecord = { id: number; author: string; text: string; group: string; time: number | null; extra: string[] };

/**
 * KBDeX's own reading of data.csv (KRecordFileIO.load, 1.10.x), rule for
 * rule: an RFC 4180 CSV (Apache Commons CSV), the first row skipped as a
 * header, `Id` parsed as a long or else the row number, a row without an
 * author dropped, `Group` and `Time` (a long) read when present, further
 * columns ignored by KBDeX (kept here to check Buildon's).
 */
const loadAsKbdex = (file: string): KbdexRecord[] => {
  const table = Papa.parse<string[]>(file.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  const records: KbdexRecord[] = [];
  table.forEach((values, i) => {
    if (i === 0) return;
    if (values.length < 3) throw new Error(`row ${i} has ${values.length} cells`);
    const id = /^-?\d+$/.test(values[0] ?? '') ? Number(values[0]) : i;
    if (!values[1]) return;
    const time = values.length >= 5 && /^-?\d+$/.test(values[4] ?? '') ? Number(values[4]) : null;
    records.push({ id, author: values[1], text: values[2] ?? '', group: values[3] ?? '', time, extra: values.slice(5) });
  });
  return records;
};

const url = (query = '') => `/api/communities/${room.communityId}/kbdex.csv${query}`;
const get = (token: string | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: url(query), ...(token ? { headers: auth(token) } : {}) });
const rowsOf = async (query = '') => {
  const response = await get(room.manager.token, query);
  expect(response.statusCode).toBe(200);
  return loadAsKbdex(response.body);
};

describe('GET /api/communities/{communityId}/kbdex.csv: KBDeX reads it right', () => {
  it('each KBDeX column holds what KBDeX expects: a whole-number Id, the author, the text, the view, the contribution time in ms', async () => {
    const response = await get(room.manager.token);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="kbdex-/);
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Id,Author,Text,Group,Time,NoteId,Title,Authors,Permission,Status,Views',
    );
    expect(await rowsOf()).toEqual([
      {
        id: 1,
        author: `Test ${room.a.userName}`,
        text: 'Changed later',
        group: 'Nos idées',
        time: Date.parse(times.n1 as string),
        extra: [ids.n1, '@mention first', `Test ${room.a.userName}`, 'protected', 'active', 'Nos idées'],
      },
      {
        id: 2,
        author: `Test ${room.b.userName}`,
        // As written: no quote put before a leading "=", the CSV quoting keeps the line break and the comma.
        text: '=1+2 is\nthree',
        group: 'Plantes',
        time: Date.parse(times.n2 as string),
        extra: [ids.n2, 'Plain, "quoted"', `Test ${room.b.userName}`, 'protected', 'active', 'Plantes'],
      },
      {
        id: 3,
        author: `Test ${room.c.userName}`,
        text: 'Gone now',
        group: '',
        time: expect.any(Number) as number,
        extra: [ids.gone, 'Removed', `Test ${room.c.userName}`, 'protected', 'inactive', ''],
      },
    ]);
  });

  it('as of an instant, since an instant, chosen views, titles, private notes', async () => {
    expect((await rowsOf(`?at=${times.before}`)).map((row) => [row.text, row.group])).toEqual([
      ['Two words', 'Nos idées'],
      ['=1+2 is\nthree', 'Plantes'],
    ]);
    expect((await rowsOf(`?from=${times.n2}`)).map((row) => row.extra[0])).toEqual([ids.n2, ids.gone]);
    expect((await rowsOf(`?views=${ids.plants}`)).map((row) => row.extra[0])).toEqual([ids.n2]);
    expect((await rowsOf('?title=true'))[0]?.text).toBe('@mention first\nChanged later');
    const withPrivate = await rowsOf('?private=true');
    expect(withPrivate.map((row) => row.extra[0])).toEqual([ids.n1, ids.n2, ids.secret, ids.gone]);
    expect(withPrivate.map((row) => row.id)).toEqual([1, 2, 3, 4]);
  });

  it('bad options are 400 naming the field, never 500', async () => {
    for (const [query, field] of [
      ['?at=yesterday', 'at'],
      ['?from=2026-13-45T00:00:00Z', 'from'],
      ['?views=abc', 'views'],
      ['?title=perhaps', 'title'],
      [`?from=${times.before}&at=${times.n1}`, 'from'],
    ] as const) {
      const response = await get(room.manager.token, query);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json()), query).toContain(field);
    }
    expect((await get(room.manager.token, `?from=${times.before}&at=${times.n1}`)).json()).toMatchObject({
      messageCode: 'timeMachine.fromAfterAt',
    });
  });

  it('a pupil, a classmate, a manager of another class and a stranger are refused; anonymous 401; unknown community 404', async () => {
    const refusals = [];
    for (const token of [room.a.token, room.b.token, otherClass.manager.token, room.outsider.token]) {
      const response = await get(token);
      expect(response.statusCode).toBe(403);
      refusals.push(response.json<{ messageCode: string }>().messageCode);
    }
    // Translated by the client: « Cette action est réservée aux gestionnaires de cette communauté. », « Vous n'êtes pas membre de cette communauté. »
    expect(refusals).toEqual(['community.managerOnly', 'community.managerOnly', 'community.notMember', 'community.notMember']);
    expect((await get(undefined)).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/communities/${'e'.repeat(24)}/kbdex.csv`,
      headers: auth(room.manager.token),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET …/kbdex.csv?pseudonymise=true: a file that names no one', () => {
  const other = (query = '', token = otherClass.manager.token) =>
    t.app.inject({ method: 'GET', url: `/api/communities/${otherClass.communityId}/kbdex.csv${query}`, headers: auth(token) });
  /** Every real name of the class: user names, last names, full names. */
  const realNames = () => [otherClass.manager, otherClass.a, otherClass.b, otherClass.c].flatMap((m) => [m.userName, `Test ${m.userName}`]);
  let researcher: { token: string; userId: string; authorId: string };

  beforeAll(async () => {
    const clock = { advance: () => undefined };
    const d = timeMachineDriver(t, clock, otherClass.communityId);
    const { a, b, c, manager } = otherClass;
    ids.otherView = await d.createView(manager.authorId, manager.userId, `Ideas of ${a.userName}`);
    ids.o1 = await d.createNote(a.authorId, a.userId);
    await d.contribute(ids.o1, `Answer to ${b.userName}`, `I agree with Test ${b.userName}, and ${c.userName.toUpperCase()} too`, a.userId);
    await d.place(ids.otherView, ids.o1, 10, 10, a.userId);
    ids.o2 = await d.createNote(b.authorId, b.userId);
    await d.contribute(ids.o2, 'Building on', `Thanks ${a.userName}! Test it`, b.userId);
    // c becomes the class's researcher.
    const made = await t.app.inject({
      method: 'PUT',
      url: `/api/authors/${otherClass.communityId}/${c.authorId}/role`,
      headers: auth(manager.token),
      payload: { role: 'researcher' },
    });
    expect(made.statusCode, made.body).toBe(200);
    researcher = c;
  }, 60_000);

  it("writes each author as the research pseudonym and masks members' names in titles, texts and view titles", async () => {
    const response = await other('?pseudonymise=true&title=true');
    expect(response.statusCode).toBe(200);
    const rows = loadAsKbdex(response.body);
    const { a, b, c } = otherClass;
    // The study secret's pseudonyms: the research export's and the research API's (services/domain/research/pseudonyms.ts).
    const [pa, pb, pc] = [a, b, c].map((m) => pseudonymOf(studySecret, m.userId));
    expect(rows.map((row) => row.author)).toEqual([pa, pb]);
    // "Test bob…" is b's full name; "Test" alone, every member's first name here, would be [name].
    expect(rows[0]?.text).toBe(`Answer to ${pb}\nI agree with ${pb}, and ${pc} too`);
    expect(rows[0]?.group).toBe(`Ideas of ${pa}`);
    expect(rows[1]?.text).toBe(`Building on\nThanks ${pa}! [name] it`);
    // NoteId, Title, Authors, Permission, Status, Views.
    expect(rows[0]?.extra.slice(1, 3)).toEqual([`Answer to ${pb}`, pa]);
    // A grep of the whole file: no real name, no member id.
    const file = response.body.toLowerCase();
    for (const name of realNames()) expect(file, name).not.toContain(name.toLowerCase());
    for (const m of [otherClass.manager, a, b, c]) {
      expect(file).not.toContain(m.userId);
      expect(file).not.toContain(m.authorId);
    }
  });

  it('the same person has the same pseudonym in the file and in the research API', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: `/api/research/${otherClass.communityId}/events?after=0`,
      headers: auth(researcher.token),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const { events, pseudonymised } = reply.json<{ pseudonymised: boolean; events: { actor: string | null }[] }>();
    expect(pseudonymised).toBe(true);
    expect(events.map((event) => event.actor)).toContain(pseudonymOf(studySecret, otherClass.a.userId));
  });

  it('a researcher always gets the pseudonymised file, asked or not; a manager gets real names unless asking', async () => {
    const asked = (await other('?pseudonymise=true')).body;
    const byResearcher = await other('', researcher.token);
    expect(byResearcher.statusCode).toBe(200);
    expect(byResearcher.body).toBe(asked);
    expect((await other('?pseudonymise=false', researcher.token)).body).toBe(asked);
    const plain = (await other()).body;
    expect(plain).toContain(otherClass.b.userName);
    expect(plain).toContain(`Test ${otherClass.a.userName}`);
  });

  it('masks the names a member went by before a rename, not only the current ones', async () => {
    const { a, b } = otherClass;
    const admin = await t.admin('kbdex-admin');
    const rename = (firstName: string, lastName: string) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${b.userId}`, headers: auth(admin.token), payload: { firstName, lastName } });
    expect((await rename('Camille', 'Zébulon')).statusCode).toBe(200);
    const d = timeMachineDriver(t, { advance: () => undefined }, otherClass.communityId);
    const note = await d.createNote(a.authorId, a.userId);
    await d.contribute(note, 'Merci', 'Merci Camille Zébulon pour ton idée', a.userId);
    await d.place(ids.otherView as string, note, 50, 50, a.userId);
    // Renamed during the year: the class now knows b as Claude Martin.
    expect((await rename('Claude', 'Martin')).statusCode).toBe(200);
    const file = (await other('?pseudonymise=true')).body;
    expect(file).not.toMatch(/Camille|Zébulon/);
    expect(file).toContain(`Merci ${pseudonymOf(studySecret, b.userId)} pour ton idée`);
  });

  it('is refused to a pupil, a classmate, a manager of another class and a stranger, pseudonymised or not', async () => {
    for (const token of [otherClass.a.token, otherClass.b.token, room.manager.token, otherClass.outsider.token]) {
      expect((await other('?pseudonymise=true', token)).statusCode).toBe(403);
    }
    expect((await other('?pseudonymise=maybe')).statusCode).toBe(400);
  });
});
