import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Author } from '../../../../contracts/api/communities.ts';
import { CsvMessages } from '../../../../contracts/messages.ts';
import { CommunityMessages } from '../../../../contracts/catalogs/community.ts';
import { join, multipartBody, seedCommunity, type SeededCommunity } from '../../../../tests/support/authors.ts';
import { bearer } from '../../../../tests/support/testApp.ts';
import { ConflictError } from '../../../core/errors.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

type User = { id: string; token: string };
type RowMessage = { index: number; msg: string };
type Validation = { valid: boolean; rows: number; errors: RowMessage[]; notices: RowMessage[]; message: string; messageCode: string };
type Submission = { created: number; enrolled: number; errors: RowMessage[]; notices: RowMessage[]; message: string; messageCode: string };
type Problem = { message: string; errors?: { field: string; message: string }[] };

const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/csv/${name}`, import.meta.url), 'utf8');

let admin: User;
let manager: User;
let writer: User;
let community: SeededCommunity;

const upload = (
  url: string,
  caller: User | null,
  file: { name: string; content: string | Buffer } | null,
  communityId = community.communityId,
) => {
  const body = multipartBody(file, communityId ? { communityId } : {});
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(caller ? bearer(caller.token) : {}) },
  });
};

const userCount = async () => (await t.infra.readStore.stats()).find((s) => s.name === 'users')?.count ?? 0;

const t = useTestApp();
beforeAll(async () => {
  admin = await t.admin();
  manager = await t.register('csvTeacher');
  community = await seedCommunity(t, manager, { title: 'CSV class' });
  writer = await t.register('csvWriter');
  await join(t, writer, community.communityId, community.registrationKey);
  // Accounts the files name: one with the same e-mail (enrolled), one with another (an error), one already a member.
  await t.infra.accounts.register({
    firstName: 'Ex',
    lastName: 'Same',
    email: 'existing.same@school.example',
    userName: 'existingSame',
    password: 'own-pass-9',
  });
  await t.infra.accounts.register({
    firstName: 'Ex',
    lastName: 'Other',
    email: 'owner@elsewhere.example',
    userName: 'existingOther',
    password: 'own-pass-9',
  });
  const member = await t.infra.accounts.register({
    firstName: 'Mem',
    lastName: 'Ber',
    email: 'member@school.example',
    userName: 'existingMember',
    password: 'own-pass-9',
  });
  await t.infra.authors.join(member, {
    userId: member._id,
    communityId: community.communityId,
    registrationKey: community.registrationKey,
  });
});

const memberNotice = {
  index: 40,
  msg: CsvMessages.alreadyMember('existingMember'),
  messages: [{ messageCode: 'csv.alreadyMember', params: { userName: 'existingMember' } }],
};

describe('POST /api/users/validate', () => {
  it('reports every bad row of a 38-row file with its file row and the messages joined by ", "', async () => {
    const response = await upload('/api/users/validate', manager, { name: 'class.csv', content: fixture('users-invalid.csv') });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json<Validation>();
    expect(reply.valid).toBe(false);
    expect(reply.rows).toBe(38);
    expect(reply.message).toBe(CommunityMessages.csvInvalid);
    expect(reply.messageCode).toBe('community.csvInvalid');
    expect(reply.errors).toEqual([
      { index: 24, msg: CsvMessages.firstNameMissing, messages: [{ messageCode: 'csv.firstNameMissing' }] },
      { index: 25, msg: CsvMessages.lastNameMissing, messages: [{ messageCode: 'csv.lastNameMissing' }] },
      { index: 26, msg: CsvMessages.emailMissing, messages: [{ messageCode: 'csv.emailMissing' }] },
      { index: 27, msg: CsvMessages.emailInvalid, messages: [{ messageCode: 'csv.emailInvalid' }] },
      { index: 28, msg: CsvMessages.userNameTooShort, messages: [{ messageCode: 'csv.userNameTooShort' }] },
      { index: 29, msg: CsvMessages.userNameTooLong, messages: [{ messageCode: 'csv.userNameTooLong' }] },
      { index: 30, msg: CsvMessages.userNameInvalid, messages: [{ messageCode: 'csv.userNameInvalid' }] },
      { index: 31, msg: CsvMessages.userNameInvalid, messages: [{ messageCode: 'csv.userNameInvalid' }] },
      {
        index: 32,
        msg: CsvMessages.userNameRepeated('tomdup'),
        messages: [{ messageCode: 'csv.userNameRepeated', params: { userName: 'tomdup' } }],
      },
      {
        index: 33,
        msg: CsvMessages.userNameRepeated('TomDup'),
        messages: [{ messageCode: 'csv.userNameRepeated', params: { userName: 'TomDup' } }],
      },
      { index: 34, msg: CsvMessages.passwordTooShort, messages: [{ messageCode: 'csv.passwordTooShort' }] },
      {
        index: 35,
        msg: CsvMessages.accountExists('existingSame'),
        messages: [{ messageCode: 'csv.accountExists', params: { userName: 'existingSame' } }],
      },
      {
        index: 36,
        msg: CsvMessages.accountExists('existingOther'),
        messages: [{ messageCode: 'csv.accountExists', params: { userName: 'existingOther' } }],
      },
      {
        index: 37,
        msg: [
          CsvMessages.firstNameMissing,
          CsvMessages.lastNameMissing,
          CsvMessages.emailInvalid,
          CsvMessages.userNameTooShort,
          CsvMessages.passwordTooShort,
        ].join(', '),
        messages: ['csv.firstNameMissing', 'csv.lastNameMissing', 'csv.emailInvalid', 'csv.userNameTooShort', 'csv.passwordTooShort'].map(
          (messageCode) => ({ messageCode }),
        ),
      },
    ]);
    expect(reply.notices).toEqual([memberNotice]);
  });

  it("refuses a file whose name does not end in csv: 'Please upload a csv file' on file", async () => {
    for (const name of ['class.txt', 'class.csv.exe']) {
      const response = await upload('/api/users/validate', manager, { name, content: fixture('users-fixed.csv') });
      expect(response.statusCode).toBe(400);
      expect(response.json<Problem>()).toMatchObject({
        message: CommunityMessages.csvOnly,
        errors: [{ field: 'file', message: CommunityMessages.csvOnly }],
      });
    }
    const noFile = await upload('/api/users/validate', manager, null);
    expect(noFile.json<Problem>().message).toBe(CommunityMessages.csvOnly);
  });

  it('needs the header row; names match in any case, a BOM and extra columns are fine', async () => {
    const headless = await upload('/api/users/validate', manager, {
      name: 'a.csv',
      content: 'Alice,Martin,a@b.example,alice,class-pass-1\n',
    });
    expect(headless.statusCode).toBe(400);
    expect(headless.json<Problem>().errors?.[0]?.field).toBe('file');
    const loose = await upload('/api/users/validate', manager, {
      name: 'a.CSV',
      content: '\uFEFFNotes,PASSWORD,USERNAME,EMAIL,LASTNAME,FIRSTNAME\nhi,class-pass-1,alice2,a@b.example,Martin,Alice\n',
    });
    expect(loose.json<Validation>()).toMatchObject({ valid: true, rows: 1, errors: [], message: CommunityMessages.csvValid });
    const empty = await upload('/api/users/validate', manager, {
      name: 'a.csv',
      content: 'firstName,lastName,email,username,password\n\n',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('checks the caller: anonymous 401, writer and outsider 403, unknown community 404, missing communityId 400', async () => {
    const file = { name: 'class.csv', content: fixture('users-fixed.csv') };
    expect((await upload('/api/users/validate', null, file)).statusCode).toBe(401);
    expect((await upload('/api/users/validate', writer, file)).statusCode).toBe(403);
    const outsider = await t.register('csvOutsider');
    expect((await upload('/api/users/validate', outsider, file)).statusCode).toBe(403);
    expect((await upload('/api/users/validate', manager, file, 'ffffffffffffffffffffffff')).statusCode).toBe(404);
    const noCommunity = await upload('/api/users/validate', manager, file, '');
    expect(noCommunity.statusCode).toBe(400);
    expect(noCommunity.json<Problem>().errors?.[0]?.field).toBe('communityId');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/validate',
      headers: bearer(manager.token),
      payload: { communityId: community.communityId },
    });
    expect(json.statusCode).toBe(400);
  });

  it('refuses a file over 2 MB (413)', async () => {
    const big = `firstName,lastName,email,username,password\n${'Alice,Martin,a@b.example,alice,class-pass-1\n'.repeat(60_000)}`;
    const response = await upload('/api/users/validate', manager, { name: 'big.csv', content: big });
    expect(response.statusCode).toBe(413);
  });
});

describe('POST /api/users/users: validate, fix, submit, log in', () => {
  it('refuses the invalid file whole, with the row errors, and writes nothing', async () => {
    const before = await userCount();
    const response = await upload('/api/users/users', manager, { name: 'class.csv', content: fixture('users-invalid.csv') });
    expect(response.statusCode).toBe(400);
    const problem = response.json<Problem>();
    expect(problem.message).toBe(CommunityMessages.csvInvalid);
    expect(problem.errors).toContainEqual({ field: 'row.24', message: CsvMessages.firstNameMissing, messageCode: 'csv.firstNameMissing' });
    // One field error per message of each refused row (row 37 has five).
    expect(problem.errors).toHaveLength(18);
    expect(await userCount()).toBe(before);
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/local', payload: { userName: 'amartin', password: 'class-pass-1' } })).statusCode,
    ).toBe(401);
  });

  it('validates the fixed file, then creates the new users; the students log in', async () => {
    const file = { name: 'class-fixed.csv', content: fixture('users-fixed.csv') };
    const check = (await upload('/api/users/validate', manager, file)).json<Validation>();
    expect(check).toMatchObject({ valid: true, rows: 38, errors: [], message: CommunityMessages.csvValid });
    expect(check.notices.map((n) => n.index)).toEqual([40]);

    const before = await userCount();
    const response = await upload('/api/users/users', manager, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Submission>()).toEqual({
      created: 37,
      enrolled: 0,
      errors: [],
      notices: [memberNotice],
      message: CommunityMessages.csvSubmitted,
      messageCode: 'community.csvSubmitted',
    });
    expect(await userCount()).toBe(before + 37);

    for (const [userName, password] of [
      ['amartin', 'class-pass-1'],
      ['mcurie', 'radium-1898'],
      ['zshort', 'zed-pass-22'],
      ['lastgood', 'class-pass-1'],
    ] as const) {
      const token = await t.login(userName, password);
      const me = await t.app.inject({ method: 'GET', url: `/api/authors/${community.communityId}/me`, headers: bearer(token) });
      expect(me.statusCode).toBe(200);
      expect(me.json<Author>()).toMatchObject({ role: 'writer', userName });
    }
    expect(await t.infra.accounts.findByUserName('mcurie')).toMatchObject({ firstName: 'Marie, Anne', provider: 'csv' });
    expect(await t.infra.accounts.findByUserName('mcurie')).toMatchObject({ createdInCommunity: community.communityId });

    const again = (await upload('/api/users/users', manager, file)).json<Submission>();
    expect(again).toMatchObject({ created: 0, enrolled: 0, errors: [], message: CommunityMessages.csvSubmitted });
    expect(again.notices).toHaveLength(38);
  });

  it('reports a row that fails while submitting, keeps the others, and answers csvSubmitFailed', async () => {
    const other = await seedCommunity(t, manager);
    const register = t.infra.accounts.register.bind(t.infra.accounts);
    const spy = vi.spyOn(t.infra.accounts, 'register').mockImplementation(async (input, options) => {
      if (input.userName === 'racer2') throw new ConflictError(msg('messages.userNameTaken'));
      return register(input, options);
    });
    try {
      const content =
        'firstName,lastName,email,username,password\nA,One,a1@x.example,racer1,class-pass-1\nB,Two,b2@x.example,racer2,class-pass-1\nC,Three,c3@x.example,racer3,class-pass-1\n';
      const reply = (await upload('/api/users/users', manager, { name: 'r.csv', content }, other.communityId)).json<Submission>();
      expect(reply).toEqual({
        created: 2,
        enrolled: 0,
        errors: [
          { index: 3, msg: 'racer2: The specified userName is already in use.', messages: [{ messageCode: 'messages.userNameTaken' }] },
        ],
        notices: [],
        message: CommunityMessages.csvSubmitFailed,
        messageCode: 'community.csvSubmitFailed',
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('is refused to writers (403) and anonymous callers (401)', async () => {
    const file = { name: 'class.csv', content: fixture('users-fixed.csv') };
    expect((await upload('/api/users/users', writer, file)).statusCode).toBe(403);
    expect((await upload('/api/users/users', null, file)).statusCode).toBe(401);
  });
});

describe('POST /api/users/rename', () => {
  it("renames this community's authors by user name and reports unknown users and empty names", async () => {
    const response = await upload('/api/users/rename', manager, { name: 'rename.csv', content: fixture('rename.csv') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      nModified: 3,
      ok: 1,
      errors: [
        { index: 5, msg: CsvMessages.firstNameMissing, messages: [{ messageCode: 'csv.firstNameMissing' }] },
        {
          index: 6,
          msg: CsvMessages.unknownUser('existingOther'),
          messages: [{ messageCode: 'csv.unknownUser', params: { userName: 'existingOther' } }],
        },
      ],
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/communities/${community.communityId}/authors`,
      headers: bearer(manager.token),
    });
    const byName = new Map(list.json<Author[]>().map((a) => [a.userName, a]));
    expect(byName.get('amartin')).toMatchObject({ firstName: 'Alicia', lastName: 'Martinez' });
    expect(byName.get('bleclerc')).toMatchObject({ firstName: 'Bruno', lastName: 'Leclerc-Roy' });
    expect(byName.get('droy')).toMatchObject({ firstName: 'David', lastName: 'Roy' });
    // The account keeps its own names.
    expect(await t.infra.accounts.findByUserName('amartin')).toMatchObject({ firstName: 'Alice', lastName: 'Martin' });
  });

  it('needs a csv name and a manager', async () => {
    expect(
      (await upload('/api/users/rename', manager, { name: 'rename.txt', content: fixture('rename.csv') })).json<Problem>().message,
    ).toBe(CommunityMessages.csvOnly);
    expect((await upload('/api/users/rename', writer, { name: 'rename.csv', content: fixture('rename.csv') })).statusCode).toBe(403);
    const missing = await upload('/api/users/rename', manager, { name: 'rename.csv', content: 'firstName,lastName\nA,B\n' });
    expect(missing.statusCode).toBe(400);
  });

  it('admins may use every CSV route without being members', async () => {
    const file = { name: 'class.csv', content: fixture('users-fixed.csv') };
    expect((await upload('/api/users/validate', admin, file)).statusCode).toBe(200);
  });
});
