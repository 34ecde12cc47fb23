import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationsReply } from '../../../../contracts/api/admin.ts';
import { hasSlapd, slapdPath, startSlapd, type TestDirectory } from '../../../../tests/support/slapd.ts';
import { bearer, buildTestApp, type TestApp } from '../../../../tests/support/testApp.ts';
import { createLogger } from '../../../app/logger.ts';
import { ldapSettings } from '../../../integrations/ldap/ldapSettings.ts';

/**
 * LDAP sign-in (issue 18 §2) at the original's `POST /auth/idul`, against a
 * real OpenLDAP (`slapd`, tests/support/slapd.ts) this suite starts and seeds.
 */
if (!hasSlapd) console.log(`skipped: no slapd at ${slapdPath}`);
const describeLdap = describe.skipIf(!hasSlapd && !process.env.CI);

let directory: TestDirectory;
let t: TestApp;
const logged: string[] = [];

const idul = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/auth/idul', payload: { username, password } });
const me = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json<{
    _id: string;
    userName: string;
    email: string;
  }>();

describeLdap('LDAP sign-in (issue 18 §2)', () => {
  beforeAll(async () => {
    directory = await startSlapd();
    directory.add({
      uid: 'ntremblay',
      password: 'pw-ntremblay',
      mail: 'nathalie.tremblay@school.example',
      givenName: 'Nathalie',
      sn: 'Tremblay',
    });
    directory.add({ uid: 'marie', password: 'pw-marie', mail: 'marie@example.org', givenName: 'Marie', sn: 'Curie' });
    directory.add({ uid: 'nomail', password: 'pw-nomail', givenName: 'Sans', sn: 'Courriel' });
    t = await buildTestApp({
      ldap: ldapSettings(directory.env('IDUL Université')),
      loginRateLimit: { max: 1_000, timeWindow: 60_000 },
      logger: createLogger('debug', { write: (line: string) => void logged.push(line) }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await directory?.stop();
  });

  it('is offered as the institutional login with its label', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(reply.json()).toEqual({ providers: [], institutional: true, labels: { ldap: 'IDUL Université' } });
  });

  it('creates the account at the first sign-in, then finds the same one', async () => {
    const first = await idul('ntremblay', 'pw-ntremblay');
    expect(first.statusCode, first.body).toBe(200);
    const user = await me(first.json<{ token: string }>().token);
    expect(user).toMatchObject({ userName: 'ntremblay', email: 'nathalie.tremblay@school.example' });
    const again = await idul('NTremblay', 'pw-ntremblay');
    expect((await me(again.json<{ token: string }>().token))._id).toBe(user._id);
  });

  it("links an existing account by the directory's e-mail", async () => {
    const marie = await t.register('marie');
    const reply = await idul('marie', 'pw-marie');
    expect((await me(reply.json<{ token: string }>().token))._id).toBe(marie.id);
  });

  it('refuses a wrong password, an unknown user and an empty password alike (401)', async () => {
    for (const [username, password] of [
      ['ntremblay', 'wrong'],
      ['nobody', 'pw-ntremblay'],
      ['ntremblay', ''],
    ] as const) {
      const reply = await idul(username, password);
      expect(reply.statusCode, `${username}/${password}`).toBe(401);
      expect(reply.json<{ messageCode: string }>().messageCode).toBe('sso.ldapLoginFailed');
    }
  });

  it('escapes the typed user name: a filter injection matches nobody', async () => {
    for (const username of ['*', 'n*', '*)(uid=*', 'ntremblay)(|(uid=*', 'ntremblay\\']) {
      const reply = await idul(username, 'pw-ntremblay');
      expect(reply.statusCode, username).toBe(401);
    }
  });

  it('refuses an entry without e-mail with the reason', async () => {
    const reply = await idul('nomail', 'pw-nomail');
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ messageCode: string }>().messageCode).toBe('sso.noEmail');
  });

  it('never joins an existing account by e-mail when the operator says the directory’s mail is not verified', async () => {
    directory.add({ uid: 'paul', password: 'pw-paul', mail: 'paul@example.org', givenName: 'Paul', sn: 'Imposteur' });
    const wary = await buildTestApp({
      ldap: ldapSettings({ ...directory.env('IDUL'), BUILDON_LDAP_MAIL_VERIFIED: 'false' }),
      loginRateLimit: { max: 1_000, timeWindow: 60_000 },
    });
    try {
      const paul = await wary.register('paul');
      const reply = await wary.app.inject({ method: 'POST', url: '/auth/idul', payload: { username: 'paul', password: 'pw-paul' } });
      expect(reply.statusCode, reply.body).toBe(200);
      const signedIn = (
        await wary.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(reply.json<{ token: string }>().token) })
      ).json<{ _id: string }>();
      expect(signedIn._id).not.toBe(paul.id);
      // The local account keeps its own password.
      expect(await wary.login('paul', 'secret-pass-1')).toBeTruthy();
    } finally {
      await wary.close();
    }
  });

  it('answers 503 when the directory is down, and Admin tools shows it without the bind password', async () => {
    const admin = await t.admin();
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/integrations', headers: bearer(admin.token) })).json<
        Static<typeof IntegrationsReply>
      >();
    expect((await list()).integrations.find((i) => i.name === 'ldap')).toMatchObject({
      configured: true,
      reachable: true,
      detail: new URL(directory.url).host,
    });
    await directory.stop();
    const reply = await idul('ntremblay', 'pw-ntremblay');
    expect(reply.statusCode).toBe(503);
    expect(reply.json<{ messageCode: string }>().messageCode).toBe('sso.unavailable');
    const line = (await list()).integrations.find((i) => i.name === 'ldap');
    expect(line).toMatchObject({ configured: true, reachable: false });
    expect(line?.lastError).not.toBeNull();
    expect(JSON.stringify(await list())).not.toContain(directory.bindPassword);
    const all = logged.join('\n');
    expect(all).not.toContain(directory.bindPassword);
    expect(all).not.toContain('pw-ntremblay');
  });
});
