import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../../../contracts/catalogs/messages.ts';
import { userStreamName } from '../../../../contracts/events/user.ts';
import { bearer, buildTestApp, type TestApp } from '../../../../tests/support/testApp.ts';
import { argon2Hasher } from '../../accounts/passwords.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

const registration = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  userName: 'ada.lovelace',
  password: 'analytical-engine',
  ...overrides,
});

describe('accounts API', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The real argon2id hasher here: the stored hash must be argon2id.
    t = await buildTestApp({ passwords: argon2Hasher, loginRateLimit: { max: 5, timeWindow: 60_000 } });
  });
  afterAll(() => t.close());

  describe('POST /api/users', () => {
    it('registers with a solved robot check, returns a working token and never the password', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: registration({ robotCheck: await t.robotCheck() }),
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<{ token: string; user: Record<string, unknown> }>();
      expect(body.user).toMatchObject({
        userName: 'ada.lovelace',
        email: 'ada@example.org',
        role: 'user',
        lang: 'fr',
        name: 'Ada Lovelace',
      });
      expect(JSON.stringify(body)).not.toMatch(/analytical|password|hash/i);

      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(body.token) });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ _id: body.user._id, userName: 'ada.lovelace' });

      const { events } = await t.infra.eventStore.readStream(userStreamName(String(body.user._id)));
      // The registration, then the session its token opened (issue 17 §4).
      expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserSessionStarted']);
      expect(JSON.stringify(events[1]?.data)).not.toMatch(/password|hash/i);
      const data = events[0]?.data as { passwordHash: string };
      expect(data.passwordHash).toMatch(/^\$argon2id\$/);
      expect(JSON.stringify(events)).not.toContain('analytical');
    });

    it('refuses a registration without a robot check, naming the field', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/users', payload: registration({ userName: 'nobot' }) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: [{ field: 'robotCheck', message: Messages.robotCheckRequired }] });
    });

    it('refuses a forged or replayed robot-check solution', async () => {
      const forged = Buffer.from(JSON.stringify({ challenge: { parameters: {} }, solution: { counter: 1, derivedKey: '00' } })).toString(
        'base64',
      );
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: registration({ userName: 'forger', robotCheck: forged }),
      });
      expect(bad.statusCode).toBe(400);

      const solution = await t.robotCheck();
      const first = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: registration({ userName: 'first.user', robotCheck: solution }),
      });
      expect(first.statusCode).toBe(201);
      const replay = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: registration({ userName: 'second.user', robotCheck: solution }),
      });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ errors: [{ field: 'robotCheck' }] });
    });

    it.each([
      [{ userName: 'a' }, 'userName', 'userNameTooShort'],
      [{ userName: 'x'.repeat(51) }, 'userName', 'userNameTooLong'],
      [{ userName: '_underscore' }, 'userName', 'userNameInvalid'],
      [{ email: 'not-an-email' }, 'email', 'emailInvalid'],
      [{ firstName: ' ' }, 'firstName', 'firstNameRequired'],
      [{ password: 'abc' }, 'password', 'passwordTooShort'],
    ] as const)('answers 400 with the spec message and its code for %j', async (change, field, key) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: registration({ ...change, robotCheck: await t.robotCheck() }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json<{ errors: unknown[] }>().errors).toContainEqual({
        field,
        message: Messages[key],
        messageCode: `messages.${key}`,
      });
      expect(response.json()).toMatchObject({ message: Messages[key], messageCode: `messages.${key}` });
    });

    it('names a missing field in a 400, never a 500', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/users', payload: { firstName: 'x' } });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)).toEqual(
        expect.arrayContaining(['lastName', 'email', 'userName', 'password']),
      );
      const garbage = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { 'content-type': 'application/json' },
        payload: '{nope',
      });
      expect(garbage.statusCode).toBe(400);
    });

    it('refuses a userName taken in another case with 409 on the field', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: registration({ userName: 'ADA.LOVELACE', robotCheck: await t.robotCheck() }),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ errors: [{ field: 'userName', message: Messages.userNameTaken }] });
    });

    it('lets exactly one of two simultaneous registrations of a name win', async () => {
      const [a, b] = await Promise.all([
        t.app.inject({ method: 'POST', url: '/api/users', payload: registration({ userName: 'Twin', robotCheck: await t.robotCheck() }) }),
        t.app.inject({ method: 'POST', url: '/api/users', payload: registration({ userName: 'twin', robotCheck: await t.robotCheck() }) }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      expect(await t.infra.accounts.count({ filter: 'twin' })).toBe(1);
    });
  });

  describe('POST /auth/local', () => {
    it('logs in case-insensitively and refuses wrong credentials with one message', async () => {
      const token = await t.login('Ada.Lovelace', 'analytical-engine');
      expect(token.split('.')).toHaveLength(3);
      const wrong = await t.app.inject({ method: 'POST', url: '/auth/local', payload: { userName: 'ada.lovelace', password: 'nope' } });
      const unknown = await t.app.inject({ method: 'POST', url: '/auth/local', payload: { userName: 'ghost', password: 'nope' } });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json<{ message: string }>().message).toBe(Messages.loginFailed);
      expect(unknown.json<{ message: string }>().message).toBe(Messages.loginFailed);
    });

    it('rate-limits repeated attempts on one account', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/auth/local',
          payload: { userName: 'brute.target', password: `guess${i}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('GET /api/users/me', () => {
    it('answers 401 without a token or with a forged one', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
      const forged = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer('a.b.c') });
      expect(forged.statusCode).toBe(401);
    });
  });
});

describe('passwords, language and admin', () => {
  const t = useTestApp();

  describe('PUT /api/users/:id/password', () => {
    it('checks the old password, the new length, then changes it and ends older sessions', async () => {
      const { token, id } = await t.register('changer', 'old-pass-1');
      const wrongOld = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${id}/password`,
        headers: bearer(token),
        payload: { oldPassword: 'nope', newPassword: 'newer' },
      });
      expect(wrongOld.statusCode).toBe(403);
      expect(wrongOld.json<{ message: string }>().message).toBe(Messages.incorrectPassword);

      const tooShort = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${id}/password`,
        headers: bearer(token),
        payload: { oldPassword: 'old-pass-1', newPassword: 'ab' },
      });
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json()).toMatchObject({ errors: [{ field: 'newPassword' }] });

      const changed = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${id}/password`,
        headers: bearer(token),
        payload: { oldPassword: 'old-pass-1', newPassword: 'new-pass-1' },
      });
      expect(changed.statusCode).toBe(200);
      const body = changed.json<{ message: string; token: string }>();
      expect(body.message).toBe(Messages.passwordChanged);

      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(body.token) })).statusCode).toBe(200);
      await expect(t.login('changer', 'old-pass-1')).rejects.toThrow(/401/);
      expect(await t.login('changer', 'new-pass-1')).toBeTruthy();
    });

    it("refuses to change someone else's password", async () => {
      const me = await t.register('me.myself');
      const other = await t.register('someone.else');
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${other.id}/password`,
        headers: bearer(me.token),
        payload: { oldPassword: 'secret-pass-1', newPassword: 'hacked-pass-1' },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('PUT /api/users/:id/lang', () => {
    it('changes the interface language and refuses unknown ones', async () => {
      const { token, id } = await t.register('polyglot');
      const ok = await t.app.inject({ method: 'PUT', url: `/api/users/${id}/lang`, headers: bearer(token), payload: { lang: 'zh_CN' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ lang: 'zh_CN' });
      const bad = await t.app.inject({ method: 'PUT', url: `/api/users/${id}/lang`, headers: bearer(token), payload: { lang: 'klingon' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('lang');
    });
  });

  describe('admin routes', () => {
    it('answer 403 to non-admins', async () => {
      const { token, id } = await t.register('plain.user');
      const calls = [
        { method: 'POST' as const, url: '/api/users/search', payload: {} },
        { method: 'POST' as const, url: '/api/users/search/count', payload: {} },
        { method: 'PATCH' as const, url: `/api/users/${id}`, payload: { password: 'x1234' } },
        { method: 'PUT' as const, url: `/api/users/${id}`, payload: { role: 'admin' } },
        { method: 'GET' as const, url: '/api/admin/stats' },
      ];
      for (const call of calls) {
        const response = await t.app.inject({ ...call, headers: bearer(token) });
        expect(response.statusCode, call.url).toBe(403);
      }
    });

    it('search pages by 50 with a filter and counts', async () => {
      const admin = await t.admin();
      for (let i = 0; i < 55; i++) {
        await t.infra.accounts.register({
          firstName: 'Pupil',
          lastName: `N${i}`,
          email: `p${i}@school.org`,
          userName: `pupil${String(i).padStart(2, '0')}`,
          password: 'secret-pass-1',
        });
      }
      const count = await t.app.inject({
        method: 'POST',
        url: '/api/users/search/count',
        headers: bearer(admin.token),
        payload: { query: { filter: 'pupil' } },
      });
      expect(count.json()).toEqual({ count: 55 });
      const page1 = await t.app.inject({
        method: 'POST',
        url: '/api/users/search',
        headers: bearer(admin.token),
        payload: { query: { filter: 'PUPIL' }, page: 1, pagesize: 50 },
      });
      const page2 = await t.app.inject({
        method: 'POST',
        url: '/api/users/search',
        headers: bearer(admin.token),
        payload: { query: { filter: 'pupil' }, page: 2, pagesize: 50 },
      });
      expect(page1.json<unknown[]>()).toHaveLength(50);
      expect(page2.json<{ userName: string }[]>().map((u) => u.userName)).toEqual(['pupil50', 'pupil51', 'pupil52', 'pupil53', 'pupil54']);
      const tooBig = await t.app.inject({
        method: 'POST',
        url: '/api/users/search',
        headers: bearer(admin.token),
        payload: { pagesize: 5000 },
      });
      expect(tooBig.statusCode).toBe(400);
      const injection = await t.app.inject({
        method: 'POST',
        url: '/api/users/search',
        headers: bearer(admin.token),
        payload: { query: { filter: '.*' } },
      });
      expect(injection.json<unknown[]>()).toHaveLength(0);
      const rawMongo = await t.app.inject({
        method: 'POST',
        url: '/api/users/search',
        headers: bearer(admin.token),
        payload: { query: { $where: 'true' } },
      });
      expect(rawMongo.statusCode).toBe(400);
    });

    it('resets a password and blocks a login, ending the sessions', async () => {
      const admin = await t.admin();
      const pupil = await t.register('reset.me', 'first-pass-1');
      const reset = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${pupil.id}`,
        headers: bearer(admin.token),
        payload: { password: 'second-pass-2' },
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: 'succeeded.', messageCode: 'community.resetSucceeded' });
      expect(await t.login('reset.me', 'second-pass-2')).toBeTruthy();

      const token = await t.login('reset.me', 'second-pass-2');
      const block = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${pupil.id}`,
        headers: bearer(admin.token),
        payload: { blockLogin: true },
      });
      expect(block.json()).toMatchObject({ blockLogin: true });
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/auth/local',
        payload: { userName: 'reset.me', password: 'second-pass-2' },
      });
      expect(login.statusCode).toBe(403);
      expect(login.json<{ message: string }>().message).toBe(Messages.loginBlocked);

      await t.app.inject({ method: 'PUT', url: `/api/users/${pupil.id}`, headers: bearer(admin.token), payload: { blockLogin: false } });
      expect(await t.login('reset.me', 'second-pass-2')).toBeTruthy();
    });

    it('refuses a malformed id with 400 and an unknown one with 404', async () => {
      const admin = await t.admin();
      const malformed = await t.app.inject({
        method: 'PATCH',
        url: '/api/users/not-an-id',
        headers: bearer(admin.token),
        payload: { password: 'abcd' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('id');
      const unknown = await t.app.inject({
        method: 'PATCH',
        url: '/api/users/0123456789abcdef01234567',
        headers: bearer(admin.token),
        payload: { password: 'abcd' },
      });
      expect(unknown.statusCode).toBe(404);
    });
  });
});
