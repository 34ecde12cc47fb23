import { beforeAll, describe, expect, it } from 'vitest';
import type { Author, Registration } from '../../../../contracts/api/communities.ts';
import { CommunityMessages } from '../../../../contracts/catalogs/community.ts';
import { Messages } from '../../../../contracts/catalogs/messages.ts';
import { join, seedCommunity, setArchived, type SeededCommunity } from '../../../../tests/support/authors.ts';
import { bearer } from '../../../../tests/support/testApp.ts';
import { authorIdFor } from '../../communities/authorId.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

type User = { id: string; token: string };
type Problem = { status: number; message: string; errors?: { field: string; message: string }[] };

let admin: User;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: User | null, payload?: object) =>
  t.app.inject({ method, url, ...(user ? { headers: bearer(user.token) } : {}), ...(payload ? { payload } : {}) });

const expectProblem = (response: { statusCode: number; json: () => unknown }, status: number, message: string, field?: string) => {
  expect(response.statusCode).toBe(status);
  const problem = response.json() as Problem;
  expect(problem.message).toBe(message);
  if (field) expect(problem.errors?.map((e) => e.field)).toContain(field);
};

const noKeys = (text: string, community: SeededCommunity) => {
  expect(text).not.toContain(community.registrationKey);
  expect(text).not.toContain(community.managerRegistrationKey);
};

const t = useTestApp();
beforeAll(async () => {
  admin = await t.admin();
});

describe('POST /api/authors (join)', () => {
  let community: SeededCommunity;
  let student: User;

  beforeAll(async () => {
    community = await seedCommunity(t, admin, { title: 'Join class' });
    student = await t.register('joinStudent');
  });

  it('answers 401 without a token', async () => {
    const response = await call('POST', '/api/authors', null, {
      userId: student.id,
      communityId: community.communityId,
      registrationKey: 'x',
    });
    expect(response.statusCode).toBe(401);
  });

  it("refuses a wrong or empty key: 'Le code ne correspond pas.' on registrationKey", async () => {
    for (const registrationKey of ['nope', '', ` ${community.registrationKey}`]) {
      const response = await call('POST', '/api/authors', student, {
        userId: student.id,
        communityId: community.communityId,
        registrationKey,
      });
      expectProblem(response, 400, CommunityMessages.joinWrongKey, 'registrationKey');
    }
  });

  it('joins as a writer with the registration key; names and e-mail come from the user', async () => {
    const author = await join(t, student, community.communityId, community.registrationKey);
    expect(author).toMatchObject({
      _id: authorIdFor(community.communityId, student.id),
      communityId: community.communityId,
      userId: student.id,
      role: 'writer',
      userName: 'joinStudent',
      firstName: 'Test',
      lastName: 'joinStudent',
      email: 'joinstudent@example.org',
      blockLogin: false,
    });
  });

  it("refuses a second join: 409 'Vous êtes déjà inscrit.'", async () => {
    const response = await call('POST', '/api/authors', student, {
      userId: student.id,
      communityId: community.communityId,
      registrationKey: community.managerRegistrationKey,
    });
    expectProblem(response, 409, CommunityMessages.joinAlreadyMember);
  });

  it('lets exactly one of two simultaneous joins through', async () => {
    const racer = await t.register('racer');
    const payload = { userId: racer.id, communityId: community.communityId, registrationKey: community.registrationKey };
    const replies = await Promise.all([call('POST', '/api/authors', racer, payload), call('POST', '/api/authors', racer, payload)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('joins as a manager with the manager key (the writer key is tried first)', async () => {
    const teacher = await t.register('joinTeacher');
    expect((await join(t, teacher, community.communityId, community.managerRegistrationKey)).role).toBe('manager');
    const same = await seedCommunity(t, admin, { registrationKey: 'same', managerRegistrationKey: 'same' });
    expect((await join(t, teacher, same.communityId, 'same')).role).toBe('writer');
  });

  it("refuses another user's id to a non-admin (403), allows it to an admin", async () => {
    const other = await t.register('joinedByAdmin');
    const asStudent = await call('POST', '/api/authors', student, {
      userId: other.id,
      communityId: community.communityId,
      registrationKey: community.registrationKey,
    });
    expect(asStudent.statusCode).toBe(403);
    const asAdmin = await call('POST', '/api/authors', admin, {
      userId: other.id,
      communityId: community.communityId,
      registrationKey: community.registrationKey,
    });
    expect(asAdmin.statusCode).toBe(201);
    expect(asAdmin.json<Author>().userId).toBe(other.id);
  });

  it('answers 404 "L\'utilisateur n\'existe pas." for an unknown user, 404 for an unknown community', async () => {
    const noUser = await call('POST', '/api/authors', admin, {
      userId: 'ffffffffffffffffffffffff',
      communityId: community.communityId,
      registrationKey: community.registrationKey,
    });
    expectProblem(noUser, 404, CommunityMessages.joinNoUser);
    const noCommunity = await call('POST', '/api/authors', student, {
      userId: student.id,
      communityId: 'ffffffffffffffffffffffff',
      registrationKey: 'x',
    });
    expect(noCommunity.statusCode).toBe(404);
  });

  it('refuses to join an archived community (403)', async () => {
    const archived = await seedCommunity(t, admin);
    await setArchived(t, archived.communityId, true);
    const response = await call('POST', '/api/authors', student, {
      userId: student.id,
      communityId: archived.communityId,
      registrationKey: archived.registrationKey,
    });
    expectProblem(response, 403, CommunityMessages.archived);
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const response = await call('POST', '/api/authors', student, {
      userId: 'nope',
      communityId: community.communityId,
      registrationKey: 'x',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/users/myRegistrations and PUT /api/users/myRegistrations/order', () => {
  it('lists my memberships by order then title, blocked and archived ones included, without keys', async () => {
    const owner = await t.register('regOwner');
    const me = await t.register('regMember');
    const zeta = await seedCommunity(t, owner, { title: 'Zeta' });
    const alpha = await seedCommunity(t, owner, { title: 'alpha' });
    const beta = await seedCommunity(t, owner, { title: 'Beta' });
    for (const c of [zeta, alpha, beta]) await join(t, me, c.communityId, c.registrationKey);
    await setArchived(t, beta.communityId, true);
    const block = await call('POST', `/api/communities/${zeta.communityId}/blockWriters`, owner, {
      registrationKey: zeta.registrationKey,
      block: true,
    });
    expect(block.statusCode).toBe(200);

    const response = await call('GET', '/api/users/myRegistrations', me);
    expect(response.statusCode).toBe(200);
    const list = response.json<Registration[]>();
    expect(list.map((r) => r.community.title)).toEqual(['alpha', 'Beta', 'Zeta']);
    expect(list.map((r) => [r.community.archived, r.blockLogin])).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
    expect(list[0]?.community).toMatchObject({ _id: alpha.communityId, title: 'alpha', archived: false });
    expect(Object.keys(list[0]?.community ?? {}).sort()).toEqual(['_id', 'archived', 'created', 'title']);
    for (const c of [zeta, alpha, beta]) noKeys(response.body, c);
    expect((await call('GET', '/api/users/myRegistrations', null)).statusCode).toBe(401);
  });

  it('saves the order of my own memberships (admins only)', async () => {
    const first = await seedCommunity(t, admin, { title: 'Order A' });
    const second = await seedCommunity(t, admin, { title: 'Order B' });
    const authorA = authorIdFor(first.communityId, admin.id);
    const authorB = authorIdFor(second.communityId, admin.id);
    const response = await call('PUT', '/api/users/myRegistrations/order', admin, {
      orders: [
        { authorId: authorA, order: 5 },
        { authorId: authorB, order: 0 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const titles = response.json<Registration[]>().map((r) => r.community.title);
    expect(titles.indexOf('Order B')).toBeLessThan(titles.indexOf('Order A'));
    expect(titles.at(-1)).toBe('Order A');

    const foreign = await call('PUT', '/api/users/myRegistrations/order', admin, {
      orders: [{ authorId: authorIdFor(first.communityId, 'ffffffffffffffffffffffff'), order: 1 }],
    });
    expect(foreign.statusCode).toBe(403);
    const writer = await t.register('orderWriter');
    await join(t, writer, first.communityId, first.registrationKey);
    const notAdmin = await call('PUT', '/api/users/myRegistrations/order', writer, {
      orders: [{ authorId: authorIdFor(first.communityId, writer.id), order: 2 }],
    });
    expect(notAdmin.statusCode).toBe(403);
  });
});

describe('author lists, writer search and paging', () => {
  let community: SeededCommunity;
  let manager: User;
  let writer: User;

  beforeAll(async () => {
    manager = await t.register('listManager');
    community = await seedCommunity(t, manager, { title: 'Big class' });
    writer = await t.register('listWriter');
    await join(t, writer, community.communityId, community.registrationKey);
    // 55 more writers, joined through the use case (faster than 55 robot checks).
    for (let i = 0; i < 55; i++) {
      const user = await t.infra.accounts.register({
        firstName: i === 7 ? 'Zoé' : 'Pupil',
        lastName: `N${i}`,
        email: i === 9 ? 'special+a.b@school.example' : `p${i}@school.example`,
        userName: `pupil${String(i).padStart(2, '0')}`,
        password: 'class-pass-1',
      });
      await t.infra.authors.join(user, {
        userId: user._id,
        communityId: community.communityId,
        registrationKey: community.registrationKey,
      });
    }
  });

  it('GET /api/authors/{communityId}/me answers my membership', async () => {
    const response = await call('GET', `/api/authors/${community.communityId}/me`, writer);
    expect(response.statusCode).toBe(200);
    expect(response.json<Author>()).toMatchObject({ userId: writer.id, role: 'writer' });
    noKeys(response.body, community);
  });

  it('GET /api/communities/{communityId}/authors lists every member for members, no keys', async () => {
    const response = await call('GET', `/api/communities/${community.communityId}/authors`, writer);
    expect(response.statusCode).toBe(200);
    const members = response.json<Author[]>();
    expect(members).toHaveLength(57);
    noKeys(response.body, community);
    // A writer sees only their own e-mail address; managers see everyone's.
    expect(members.filter((member) => member.email !== '').map((member) => member.userId)).toEqual([writer.id]);
    const asManager = (await call('GET', `/api/communities/${community.communityId}/authors`, manager)).json<Author[]>();
    expect(asManager.every((member) => member.email.includes('@'))).toBe(true);
    const outsider = await t.register('listOutsider');
    expect((await call('GET', `/api/communities/${community.communityId}/authors`, outsider)).statusCode).toBe(403);
  });

  it('GET /api/authors/{communityId}/managers: managers only', async () => {
    const response = await call('GET', `/api/authors/${community.communityId}/managers`, manager);
    expect(response.statusCode).toBe(200);
    expect(response.json<Author[]>().map((a) => a.userName)).toEqual(['listManager']);
    expect((await call('GET', `/api/authors/${community.communityId}/managers`, writer)).statusCode).toBe(403);
  });

  it('pages the writers 50 at a time, sorted by user name, and counts them', async () => {
    const url = `/api/authors/search/writer/${community.communityId}`;
    const page1 = (await call('POST', url, manager, { page: 1, pagesize: 50 })).json<Author[]>();
    const page2 = (await call('POST', url, manager, { page: 2, pagesize: 50 })).json<Author[]>();
    expect(page1).toHaveLength(50);
    expect(page2).toHaveLength(6);
    const names = [...page1, ...page2].map((a) => a.userName);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).not.toContain('listManager');
    expect(names[0]).toBe('listWriter');
    const count = await call('POST', `/api/authors/search/count/${community.communityId}`, manager, {});
    expect(count.json()).toEqual({ count: 56 });
    expect((await call('POST', url, manager, { pagesize: 51 })).statusCode).toBe(400);
  });

  it('filters by a case-insensitive substring of user name, names or e-mail, never as a pattern', async () => {
    const url = `/api/authors/search/writer/${community.communityId}`;
    const search = async (filter: string) =>
      (await call('POST', url, manager, { query: { filter } })).json<Author[]>().map((a) => a.userName);
    expect(await search('PUPIL0')).toHaveLength(10);
    expect(await search('zoé')).toEqual(['pupil07']);
    expect(await search('n12')).toEqual(['pupil12']);
    expect(await search('+a.b@')).toEqual(['pupil09']);
    expect(await search('.*')).toEqual([]);
    expect(await search('(')).toEqual([]);
    expect(await search('listmanager')).toEqual([]);
    const count = await call('POST', `/api/authors/search/count/${community.communityId}`, manager, { query: { filter: 'pupil1' } });
    expect(count.json()).toEqual({ count: 10 });
  });

  it('refuses writers and outsiders (403) and anonymous callers (401)', async () => {
    const url = `/api/authors/search/writer/${community.communityId}`;
    expect((await call('POST', url, writer, {})).statusCode).toBe(403);
    expect((await call('POST', `/api/authors/search/count/${community.communityId}`, writer, {})).statusCode).toBe(403);
    expect((await call('POST', url, null, {})).statusCode).toBe(401);
  });
});

describe('PUT /api/authors/{communityId}/{authorId}/role', () => {
  let community: SeededCommunity;
  let owner: User;
  let manager: User;
  let writer: User;
  const role = (caller: User | null, userId: string, value: 'manager' | 'writer', c = community) =>
    call('PUT', `/api/authors/${c.communityId}/${authorIdFor(c.communityId, userId)}/role`, caller, { role: value });

  beforeAll(async () => {
    owner = await t.register('roleOwner');
    community = await seedCommunity(t, owner);
    manager = await t.register('roleManager');
    writer = await t.register('roleWriter');
    await join(t, manager, community.communityId, community.managerRegistrationKey);
    await join(t, writer, community.communityId, community.registrationKey);
  });

  it('lets a writer change no role (403)', async () => {
    expect((await role(writer, writer.id, 'manager')).statusCode).toBe(403);
    expect((await role(null, writer.id, 'manager')).statusCode).toBe(401);
  });

  it("promotes a writer, then refuses again: 'The author is already manager.'", async () => {
    const response = await role(manager, writer.id, 'manager');
    expect(response.statusCode).toBe(200);
    expect(response.json<Author>().role).toBe('manager');
    expectProblem(await role(manager, writer.id, 'manager'), 409, CommunityMessages.alreadyManager);
  });

  it("demotes a manager, then refuses again: 'The author is not a manager.'", async () => {
    expect((await role(manager, writer.id, 'writer')).json<Author>().role).toBe('writer');
    expectProblem(await role(manager, writer.id, 'writer'), 409, CommunityMessages.notManager);
  });

  it("refuses to demote yourself or the owner: 'You cannot make yourself a writer.'", async () => {
    expectProblem(await role(manager, manager.id, 'writer'), 400, CommunityMessages.cannotMakeYourselfWriter);
    expectProblem(await role(manager, owner.id, 'writer'), 400, CommunityMessages.cannotMakeYourselfWriter);
    expectProblem(await role(admin, owner.id, 'writer'), 400, CommunityMessages.cannotMakeYourselfWriter);
  });

  it('refuses to demote the last manager: "manager\'s length is zero."', async () => {
    const orphan = await seedCommunity(t, admin, { ownerJoins: false });
    const only = await t.register('onlyManager');
    await join(t, only, orphan.communityId, orphan.managerRegistrationKey);
    expectProblem(await role(admin, only.id, 'writer', orphan), 400, CommunityMessages.managersEmpty);
  });

  it('answers 404 for an author of another community', async () => {
    const other = await seedCommunity(t, owner);
    const response = await call('PUT', `/api/authors/${other.communityId}/${authorIdFor(community.communityId, writer.id)}/role`, owner, {
      role: 'manager',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT /api/authors/{communityId}/{authorId}/password', () => {
  let community: SeededCommunity;
  let manager: User;
  let writer: User;
  const reset = (caller: User, userId: string, password: string) =>
    call('PUT', `/api/authors/${community.communityId}/${authorIdFor(community.communityId, userId)}/password`, caller, { password });

  beforeAll(async () => {
    manager = await t.register('pwManager');
    community = await seedCommunity(t, manager);
    writer = await t.register('pwWriter', 'old-pass-1');
    await join(t, writer, community.communityId, community.registrationKey);
  });

  it("resets a writer's password: 'succeeded.', the old session ends, the new password logs in", async () => {
    const response = await reset(manager, writer.id, 'fresh-pass-1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CommunityMessages.resetSucceeded, messageCode: 'community.resetSucceeded' });
    expect((await call('GET', '/api/users/me', writer)).statusCode).toBe(401);
    writer = { id: writer.id, token: await t.login('pwWriter', 'fresh-pass-1') };
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/local', payload: { userName: 'pwWriter', password: 'old-pass-1' } })).statusCode,
    ).toBe(401);
  });

  it('needs at least 8 characters', async () => {
    expectProblem(await reset(manager, writer.id, 'abc'), 400, Messages.passwordTooShort, 'password');
  });

  it("refuses a manager's or an admin's password to a manager, allows it to an admin", async () => {
    const colleague = await t.register('pwColleague');
    await join(t, colleague, community.communityId, community.managerRegistrationKey);
    expect((await reset(manager, colleague.id, 'new-pass-99')).statusCode).toBe(403);
    const otherAdmin = await t.admin('pwAdmin', 'admin-pass');
    await join(t, otherAdmin, community.communityId, community.registrationKey);
    expect((await reset(manager, otherAdmin.id, 'new-pass-99')).statusCode).toBe(403);
    expect((await reset(admin, colleague.id, 'new-pass-99')).statusCode).toBe(200);
  });

  it('refuses writers (403)', async () => {
    const other = await t.register('pwOther');
    await join(t, other, community.communityId, community.registrationKey);
    expect((await reset(writer, other.id, 'new-pass-99')).statusCode).toBe(403);
  });
});

describe('POST /api/communities/{communityId}/blockWriters', () => {
  it('blocks every writer (not managers) after the key is typed; blocked writers keep their other communities', async () => {
    const manager = await t.register('blockManager');
    const community = await seedCommunity(t, manager);
    const elsewhere = await seedCommunity(t, manager);
    const writers: User[] = [];
    for (const name of ['blockW1', 'blockW2', 'blockW3']) {
      const user = await t.register(name);
      await join(t, user, community.communityId, community.registrationKey);
      writers.push(user);
    }
    const [w1] = writers as [User];
    await join(t, w1, elsewhere.communityId, elsewhere.registrationKey);
    const url = `/api/communities/${community.communityId}/blockWriters`;

    expectProblem(
      await call('POST', url, manager, { registrationKey: 'wrong', block: true }),
      400,
      CommunityMessages.keyMismatch,
      'registrationKey',
    );
    expectProblem(
      await call('POST', url, manager, { registrationKey: community.managerRegistrationKey, block: true }),
      400,
      CommunityMessages.keyMismatch,
    );
    expect((await call('POST', url, w1, { registrationKey: community.registrationKey, block: true })).statusCode).toBe(403);

    const blocked = await call('POST', url, manager, { registrationKey: community.registrationKey, block: true });
    expect(blocked.json()).toEqual({ modified: 3 });
    expectProblem(await call('GET', `/api/authors/${community.communityId}/me`, w1), 403, CommunityMessages.blocked);
    expect((await call('GET', `/api/communities/${community.communityId}/authors`, w1)).statusCode).toBe(403);
    expect((await call('GET', `/api/authors/${community.communityId}/me`, manager)).statusCode).toBe(200);
    // Still logs in, still uses the other community.
    const token = await t.login('blockW1', 'secret-pass-1');
    expect((await call('GET', `/api/authors/${elsewhere.communityId}/me`, { id: w1.id, token })).statusCode).toBe(200);
    // Blocking again changes nothing.
    expect((await call('POST', url, manager, { registrationKey: community.registrationKey, block: true })).json()).toEqual({ modified: 0 });

    // A writer promoted while blocked stays blocked until the unblock, which frees every blocked member.
    const w2 = writers[1] as User;
    expect(
      (
        await call('PUT', `/api/authors/${community.communityId}/${authorIdFor(community.communityId, w2.id)}/role`, manager, {
          role: 'manager',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/authors/${community.communityId}/me`, w2)).statusCode).toBe(403);

    const unblocked = await call('POST', url, manager, { registrationKey: community.registrationKey, block: false });
    expect(unblocked.json()).toEqual({ modified: 3 });
    expect((await call('GET', `/api/authors/${community.communityId}/me`, w1)).statusCode).toBe(200);
    expect((await call('GET', `/api/authors/${community.communityId}/me`, w2)).statusCode).toBe(200);
  });
});

describe('POST /api/users/renameAllUser/{communityId}', () => {
  it("renames this community's authors by id; other communities and the user's profile are untouched", async () => {
    const manager = await t.register('renameManager');
    const community = await seedCommunity(t, manager);
    const other = await seedCommunity(t, manager);
    const student = await t.register('renameStudent');
    await join(t, student, community.communityId, community.registrationKey);
    await join(t, student, other.communityId, other.registrationKey);
    const here = authorIdFor(community.communityId, student.id);
    const there = authorIdFor(other.communityId, student.id);
    const url = `/api/users/renameAllUser/${community.communityId}`;

    const response = await call('POST', url, manager, {
      userData: { [here]: { FirstName: 'Ada', LastName: 'Lovelace' }, [there]: { FirstName: 'No', LastName: 'Way' } },
    });
    expect(response.json()).toEqual({ recordsModified: 1 });
    expect((await call('GET', `/api/authors/${community.communityId}/me`, student)).json<Author>()).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect((await call('GET', `/api/authors/${other.communityId}/me`, student)).json<Author>()).toMatchObject({
      firstName: 'Test',
      lastName: 'renameStudent',
    });
    expect((await call('GET', '/api/users/me', student)).json()).toMatchObject({ firstName: 'Test', lastName: 'renameStudent' });
    // The same names again change nothing.
    expect((await call('POST', url, manager, { userData: { [here]: { FirstName: 'Ada', LastName: 'Lovelace' } } })).json()).toEqual({
      recordsModified: 0,
    });
    expectProblem(
      await call('POST', url, manager, { userData: { [here]: { FirstName: ' ', LastName: 'X' } } }),
      400,
      'First name not filled in',
    );
    expect((await call('POST', url, student, { userData: {} })).statusCode).toBe(403);
  });

  it('refuses a key that is not an author id with a 400 naming userData, and writes nothing (found by the route fuzzer, issue 17 §2)', async () => {
    const manager = await t.register('renameKeyManager');
    const community = await seedCommunity(t, manager);
    const before = await t.infra.eventStore.headPosition();
    // Was a 500: the key matched no pattern, so its value (no FirstName) reached the name check unvalidated.
    const response = await call('POST', `/api/users/renameAllUser/${community.communityId}`, manager, {
      userData: { at: { LastName: '' } },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<Problem>().errors?.map((e) => e.field)).toContain('userData');
    expect(await t.infra.eventStore.headPosition()).toBe(before);
  });
});
