import { beforeAll, describe, expect, it } from 'vitest';
import type { Author } from '../../../../contracts/api/communities.ts';
import { userStreamName } from '../../../../contracts/events/user.ts';
import { CsvMessages } from '../../../../contracts/messages.ts';
import { CommunityMessages } from '../../../../contracts/catalogs/community.ts';
import { Messages } from '../../../../contracts/catalogs/messages.ts';
import { join, multipartBody, seedCommunity, type SeededCommunity } from '../../../../tests/support/authors.ts';
import { createCommunity } from '../../../../tests/support/communities.ts';
import { bearer, buildTestApp } from '../../../../tests/support/testApp.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

/**
 * Issue 20 §1, §2, §6, §8: each attack through the HTTP API, refused, beside
 * the legitimate use it must not break.
 */

type User = { id: string; token: string };
type Problem = { message: string; errors?: { field: string; message: string }[] };

let admin: User;
/** Teacher A manages class A; teacher B manages class B. */
let teacherA: User;
let teacherB: User;
let classA: SeededCommunity;
let classB: SeededCommunity;

const csv = (rows: string[]) => `firstName,lastName,email,username,password\n${rows.join('\n')}\n`;
const uploadCsv = (url: string, caller: User, communityId: string, content: string) => {
  const body = multipartBody({ name: 'class.csv', content }, { communityId });
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(caller.token) } });
};
const authorIdOf = async (communityId: string, userName: string) => {
  const authors = (
    await t.app.inject({ method: 'GET', url: `/api/communities/${communityId}/authors`, headers: bearer(admin.token) })
  ).json<Author[]>();
  const author = authors.find((a) => a.userName === userName);
  if (!author) throw new Error(`${userName} is not in ${communityId}`);
  return author._id;
};
const resetPassword = (caller: User, communityId: string, authorId: string, password: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/authors/${communityId}/${authorId}/password`,
    headers: bearer(caller.token),
    payload: { password },
  });
const login = (userName: string, password: string) => t.app.inject({ method: 'POST', url: '/auth/local', payload: { userName, password } });

const t = useTestApp();
beforeAll(async () => {
  admin = await t.admin('secAdmin', 'admin-pass-1');
  teacherA = await t.register('teacherA');
  teacherB = await t.register('teacherB');
  classA = await seedCommunity(t, teacherA);
  classB = await seedCommunity(t, teacherB);
});

describe('§1 account takeover by a manager of another class', () => {
  it("a CSV row naming another class's account does not enrol it and reveals nothing about it", async () => {
    const pupilB = await t.register('pupilOfB');
    await join(t, pupilB, classB.communityId, classB.registrationKey);
    for (const url of ['/api/users/validate', '/api/users/users']) {
      const reply = await uploadCsv(
        url,
        teacherA,
        classA.communityId,
        csv(['Some,One,pupilofb@example.org,pupilOfB,any-pass-77', 'New,Pupil,new@school.example,newPupilA,fresh-pass-7']),
      );
      const text = reply.body;
      expect(text).toContain(CsvMessages.accountExists('pupilOfB'));
      // Nothing about the account: neither its e-mail nor its community.
      expect(text).not.toContain('pupilofb@example.org');
      expect(text).not.toContain(classB.communityId);
      expect(text).not.toContain(classB.title);
    }
    const members = (
      await t.app.inject({ method: 'GET', url: `/api/communities/${classA.communityId}/authors`, headers: bearer(teacherA.token) })
    ).json<Author[]>();
    expect(members.map((m) => m.userName)).not.toContain('pupilOfB');
  });

  it("a manager cannot reset the password of another teacher, an admin or another class's pupil, even one who joined their class", async () => {
    // Teacher B and a pupil of B join class A with its key: now members of A too.
    const pupilB = await t.register('sharedPupil');
    await join(t, pupilB, classB.communityId, classB.registrationKey);
    await join(t, pupilB, classA.communityId, classA.registrationKey);
    await join(t, teacherB, classA.communityId, classA.registrationKey);
    const otherAdmin = await t.admin('otherAdmin', 'admin-pass-2');
    await join(t, otherAdmin, classA.communityId, classA.registrationKey);
    for (const userName of ['sharedPupil', 'teacherB', 'otherAdmin']) {
      const reply = await resetPassword(teacherA, classA.communityId, await authorIdOf(classA.communityId, userName), 'taken-over-99');
      expect(reply.statusCode, `${userName}: ${reply.body}`).toBe(403);
      expect(reply.json<Problem>().message).toBe(CommunityMessages.resetNotOwnPupil);
      expect((await login(userName, 'taken-over-99')).statusCode).toBe(401);
    }
    // A co-manager of class A is not a pupil either.
    const coManager = await t.register('coManagerA');
    await join(t, coManager, classA.communityId, classA.managerRegistrationKey);
    expect(
      (await resetPassword(teacherA, classA.communityId, await authorIdOf(classA.communityId, 'coManagerA'), 'taken-over-99')).statusCode,
    ).toBe(403);
  });

  it("a manager resets their own pupil's password: the old sessions end, the event names who did it", async () => {
    const created = await uploadCsv(
      '/api/users/users',
      teacherA,
      classA.communityId,
      csv(['Lou,Petit,lou@school.example,louPetit,first-pass-1']),
    );
    expect(created.statusCode, created.body).toBe(200);
    const oldToken = (await login('louPetit', 'first-pass-1')).json<{ token: string }>().token;
    const authorId = await authorIdOf(classA.communityId, 'louPetit');
    const reply = await resetPassword(teacherA, classA.communityId, authorId, 'second-pass-2');
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await login('louPetit', 'second-pass-2')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(oldToken) })).statusCode).toBe(401);
    // The audit trail: the event says a manager did it, and which user.
    const user = await t.infra.accounts.findByUserName('louPetit');
    const events = (await t.infra.eventStore.readStream(userStreamName(user?._id ?? ''))).events;
    const reset = events.find((e) => e.type === 'UserPasswordChanged');
    expect(reset?.data).toMatchObject({ by: 'manager' });
    expect(reset?.metadata.actorId).toBe(teacherA.id);
  });

  it('a pupil who registered and joined only this class may be reset too; an admin resets anyone', async () => {
    const pupil = await t.register('selfJoined');
    await join(t, pupil, classA.communityId, classA.registrationKey);
    expect(
      (await resetPassword(teacherA, classA.communityId, await authorIdOf(classA.communityId, 'selfJoined'), 'reset-pass-3')).statusCode,
    ).toBe(200);
    expect(
      (await resetPassword(admin, classA.communityId, await authorIdOf(classA.communityId, 'teacherB'), 'admin-set-44')).statusCode,
    ).toBe(200);
    expect((await login('teacherB', 'admin-set-44')).statusCode).toBe(200);
  });
});

describe('§2 registration keys', () => {
  it('wrong keys are limited per account (429 with Retry-After), and the right key works after the wait', async () => {
    const limited = await buildTestApp({ keyGuessLimit: { max: 10, windowMs: 1_500 } });
    try {
      const owner = await limited.register('keyOwner');
      const target = await seedCommunity(limited, owner);
      const guesser = await limited.register('keyGuesser');
      const tryKey = (registrationKey: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/authors',
          headers: bearer(guesser.token),
          payload: { userId: guesser.id, communityId: target.communityId, registrationKey },
        });
      for (let i = 0; i < 10; i++) expect((await tryKey(`guess-${i}-key`)).statusCode).toBe(400);
      const refused = await tryKey(target.registrationKey);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another account from the same address is refused too (per address).
      const friend = await limited.register('keyFriend');
      const fromFriend = await limited.app.inject({
        method: 'POST',
        url: '/api/authors',
        headers: bearer(friend.token),
        payload: { userId: friend.id, communityId: target.communityId, registrationKey: 'other-guess' },
      });
      expect(fromFriend.statusCode).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      expect((await tryKey(target.registrationKey)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('right keys never count: a class of 35 joins from one address', async () => {
    const limited = await buildTestApp({ keyGuessLimit: { max: 10, windowMs: 60_000 } });
    try {
      const owner = await limited.register('classOwner');
      const target = await seedCommunity(limited, owner);
      for (let i = 0; i < 35; i++) {
        const pupil = await limited.register(`joiner${i}`);
        await join(limited, pupil, target.communityId, target.registrationKey);
      }
    } finally {
      await limited.close();
    }
  });

  it('keys shorter than 6 characters are refused on creation and on change', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/communities',
      headers: bearer(admin.token),
      payload: { title: 'Short keys', registrationKey: 'abc', managerRegistrationKey: 'long-enough-key' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json<Problem>().errors).toEqual([
      { field: 'registrationKey', message: CommunityMessages.registrationKeyTooShort, messageCode: 'community.registrationKeyTooShort' },
    ]);
    const community = await createCommunity(t, admin.token);
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/communities/${community._id}`,
      headers: bearer(admin.token),
      payload: { managerRegistrationKey: 'key' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json<Problem>().errors?.[0]?.field).toBe('managerRegistrationKey');
  });
});

describe('§6 password policy (NIST SP 800-63B)', () => {
  const register = async (userName: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { firstName: 'P', lastName: 'P', email: `${userName}@example.org`, userName, password, robotCheck: await t.robotCheck() },
    });

  it('registration refuses short passwords, the user name and common passwords; accepts a passphrase without composition rules', async () => {
    const cases: [string, string, 'passwordTooShort' | 'passwordIsUserName' | 'passwordTooCommon'][] = [
      ['shortPw', 'abc1234', 'passwordTooShort'],
      ['NameIsPw', 'nameispw', 'passwordIsUserName'],
      ['commonPw', 'password1', 'passwordTooCommon'],
      ['commonPw2', 'iloveyou', 'passwordTooCommon'],
    ];
    for (const [userName, password, key] of cases) {
      const reply = await register(userName, password);
      expect(reply.statusCode, userName).toBe(400);
      expect(reply.json<Problem>().errors).toContainEqual({ field: 'password', message: Messages[key], messageCode: `messages.${key}` });
    }
    expect((await register('passphrase', 'horses eat apples')).statusCode).toBe(201);
  });

  it('applies to password changes, manager resets and every CSV row', async () => {
    const me = await t.register('changer', 'changer-pass-1');
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.id}/password`,
      headers: bearer(me.token),
      payload: { oldPassword: 'changer-pass-1', newPassword: 'qwertyuiop' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json<Problem>().errors).toEqual([
      { field: 'newPassword', message: Messages.passwordTooCommon, messageCode: 'messages.passwordTooCommon' },
    ]);

    await uploadCsv('/api/users/users', teacherA, classA.communityId, csv(['Mia,Roy,mia@school.example,miaRoy,mia-first-1']));
    const reset = await resetPassword(teacherA, classA.communityId, await authorIdOf(classA.communityId, 'miaRoy'), 'miaroy');
    expect(reset.statusCode).toBe(400);
    expect(reset.json<Problem>().errors?.[0]?.field).toBe('password');

    const rows = await uploadCsv(
      '/api/users/validate',
      teacherA,
      classA.communityId,
      csv([
        'A,B,a@s.example,pupilOne,abc',
        'C,D,c@s.example,pupilTwo,pupiltwo',
        'E,F,e@s.example,pupilThree,password123',
        'G,H,g@s.example,pupilFour,good-pass-44',
      ]),
    );
    expect(rows.json<{ errors: { index: number; msg: string }[] }>().errors).toEqual([
      { index: 2, msg: CsvMessages.passwordTooShort, messages: [{ messageCode: 'csv.passwordTooShort' }] },
      { index: 3, msg: Messages.passwordIsUserName, messages: [{ messageCode: 'messages.passwordIsUserName' }] },
      { index: 4, msg: Messages.passwordTooCommon, messages: [{ messageCode: 'messages.passwordTooCommon' }] },
    ]);
  });
});

describe('§8 registration does not reveal e-mail addresses', () => {
  it('an e-mail already used by an account is answered exactly like a fresh one', async () => {
    await t.register('emailOwner');
    const register = async (userName: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { firstName: 'E', lastName: 'M', email, userName, password: 'mail-pass-12', robotCheck: await t.robotCheck() },
      });
    const taken = await register('emailProbe1', 'emailowner@example.org');
    const fresh = await register('emailProbe2', 'nobody-ever@example.org');
    expect(taken.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    expect(Object.keys(taken.json<object>()).sort()).toEqual(Object.keys(fresh.json<object>()).sort());
    // The user name stays a clear message: people need it.
    const sameName = await register('emailOwner', 'x@example.org');
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json<Problem>().message).toBe(Messages.userNameTaken);
  });
});
