import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationsReply } from '../../../../contracts/api/admin.ts';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../../../tests/support/oidcProvider.ts';
import { bearer, buildTestApp, type TestApp } from '../../../../tests/support/testApp.ts';
import { createLogger } from '../../../app/logger.ts';

/**
 * OpenID Connect sign-in (issue 18 §1) against a real OpenID provider
 * (tests/support/oidcProvider.ts: the oidc-provider package on 127.0.0.1),
 * the person's part at the provider done over HTTP. The whole flow in
 * Chromium is tests/e2e/oidcSignIn.e2e.spec.ts.
 */
const publicUrl = 'http://buildon.test';
let provider: TestOidcProvider;
let t: TestApp;
const logged: string[] = [];

beforeAll(async () => {
  provider = await startOidcProvider();
  provider.register(publicUrl);
  t = await buildTestApp({
    oidc: provider.settings('Compte de l’école', publicUrl),
    logger: createLogger('debug', { write: (line: string) => void logged.push(line) }),
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

type Started = { location: string; cookie: string };

const cookieOf = (setCookie: string | string[] | undefined, name: string): string => {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith(`${name}=`)) ?? '';
  return line.split(';')[0] ?? '';
};

/** GET /auth/oidc: the provider's page, and the cookie this browser keeps meanwhile. */
const start = async (redirect = '/'): Promise<Started> => {
  const reply = await t.app.inject({ method: 'GET', url: `/auth/oidc?redirect=${encodeURIComponent(redirect)}` });
  expect(reply.statusCode).toBe(302);
  return { location: String(reply.headers.location), cookie: cookieOf(reply.headers['set-cookie'], 'buildon_oidc') };
};

const callback = (back: URL, cookie: string) =>
  t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: cookie ? { cookie } : {} });

const takeToken = (ticket: string) => t.app.inject({ method: 'POST', url: '/auth/oidc/session', headers: { cookie: ticket }, payload: {} });

/** The whole flow as `login`: the session's user. */
const signIn = async (login: string, redirect = '/') => {
  const started = await start(redirect);
  const back = await signInAtProvider(started.location, login);
  const reply = await callback(back, started.cookie);
  expect(reply.statusCode).toBe(302);
  expect(reply.headers.location).toBe(`/login/sso?redirect=${encodeURIComponent(redirect)}`);
  const session = await takeToken(cookieOf(reply.headers['set-cookie'], 'buildon_sso'));
  expect(session.statusCode).toBe(200);
  const { token } = session.json<{ token: string }>();
  const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
  expect(me.statusCode).toBe(200);
  return { token, user: me.json<{ _id: string; userName: string; email: string; firstName: string; lastName: string }>() };
};

describe('OpenID Connect sign-in (issue 18 §1)', () => {
  it('is listed with its label for the login page', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(reply.json()).toEqual({ providers: ['oidc'], institutional: false, labels: { oidc: 'Compte de l’école' } });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, the secrets sealed in an HttpOnly cookie', async () => {
    const { location, cookie } = await start();
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${publicUrl}/auth/oidc/callback`);
    // The cookie is sealed: neither the state nor the nonce reads in it.
    expect(cookie).not.toContain(url.searchParams.get('state'));
    const reply = await t.app.inject({ method: 'GET', url: '/auth/oidc' });
    expect(String(reply.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
  });

  it('creates an account at the first sign-in, then finds it by (issuer, sub) even when the e-mail changes', async () => {
    provider.accounts.set('sub-newcomer', {
      email: 'Lea.Tremblay@school.example',
      email_verified: true,
      given_name: 'Léa',
      family_name: 'Tremblay',
      preferred_username: 'lea.tremblay',
    });
    const first = await signIn('sub-newcomer', '/view/abc');
    expect(first.user).toMatchObject({
      userName: 'lea.tremblay',
      email: 'lea.tremblay@school.example',
      firstName: 'Léa',
      lastName: 'Tremblay',
    });
    provider.accounts.set('sub-newcomer', { email: 'lea@elsewhere.example', email_verified: true, given_name: 'Léa', family_name: 'T' });
    const again = await signIn('sub-newcomer');
    expect(again.user._id).toBe(first.user._id);
  });

  it('links an existing account by its verified e-mail', async () => {
    const marie = await t.register('marie');
    provider.accounts.set('sub-marie', { email: 'MARIE@example.org', email_verified: true, given_name: 'Marie', family_name: 'Curie' });
    const { user } = await signIn('sub-marie');
    expect(user._id).toBe(marie.id);
    expect(user.userName).toBe('marie');
  });

  it('shuts out whoever registered the account first: its password and sessions end when it is joined by e-mail', async () => {
    // Someone registers with the teacher's address before the school turns sign-in on (Buildon never verified it).
    const squatter = await t.register('lucie', 'squatter-pass1');
    const before = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${squatter.token}` } });
    expect(before.statusCode).toBe(200);
    provider.accounts.set('sub-lucie', { email: 'lucie@example.org', email_verified: true, given_name: 'Lucie', family_name: 'Aubrac' });
    const { user } = await signIn('sub-lucie');
    expect(user._id).toBe(squatter.id);
    const after = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${squatter.token}` } });
    expect(after.statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/auth/local', payload: { userName: 'lucie', password: 'squatter-pass1' } });
    expect(login.statusCode).toBe(401);
    // The teacher signs in through the provider again, as before.
    expect((await signIn('sub-lucie')).user._id).toBe(squatter.id);
  });

  it('never links an unverified e-mail to an existing account: a new account is made instead', async () => {
    const paul = await t.register('paul');
    provider.accounts.set('sub-paul', { email: 'paul@example.org', email_verified: false, given_name: 'Paul', family_name: 'Imposteur' });
    const { user } = await signIn('sub-paul');
    expect(user._id).not.toBe(paul.id);
    expect(user.userName).not.toBe('paul');
    // A verified e-mail of the same address later does not move this identity either: it is linked already.
    provider.accounts.set('sub-paul', { email: 'paul@example.org', email_verified: true, given_name: 'Paul', family_name: 'Imposteur' });
    expect((await signIn('sub-paul')).user._id).toBe(user._id);
  });

  it('refuses a replayed state: the same redirect twice signs in once', async () => {
    provider.accounts.set('sub-replay', { email: 'replay@school.example', email_verified: true, given_name: 'R', family_name: 'P' });
    const started = await start();
    const back = await signInAtProvider(started.location, 'sub-replay');
    const first = await callback(back, started.cookie);
    expect(first.headers.location).toBe('/login/sso?redirect=%2F');
    const replay = await callback(back, started.cookie);
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/login/sso?error=sso.badState');
    expect(cookieOf(replay.headers['set-cookie'], 'buildon_sso')).toBe('');
  });

  it('refuses a redirect without this browser’s cookie, or with another request’s state', async () => {
    provider.accounts.set('sub-csrf', { email: 'csrf@school.example', email_verified: true, given_name: 'C', family_name: 'S' });
    const started = await start();
    const back = await signInAtProvider(started.location, 'sub-csrf');
    expect((await callback(back, '')).headers.location).toBe('/login/sso?error=sso.badState');
    const other = await start();
    expect((await callback(back, other.cookie)).headers.location).toBe('/login/sso?error=sso.badState');
  });

  it('refuses an ID token whose nonce is not the one this browser sent', async () => {
    provider.accounts.set('sub-nonce', { email: 'nonce@school.example', email_verified: true, given_name: 'N', family_name: 'O' });
    const started = await start();
    const forged = new URL(started.location);
    forged.searchParams.set('nonce', 'a-nonce-of-someone-else');
    const back = await signInAtProvider(forged.href, 'sub-nonce');
    const reply = await callback(back, started.cookie);
    expect(reply.headers.location).toBe('/login/sso?error=sso.rejected');
    expect(cookieOf(reply.headers['set-cookie'], 'buildon_sso')).toBe('');
  });

  it('hands the token over once, to the browser that signed in', async () => {
    provider.accounts.set('sub-ticket', { email: 'ticket@school.example', email_verified: true, given_name: 'T', family_name: 'K' });
    const started = await start();
    const back = await signInAtProvider(started.location, 'sub-ticket');
    const ticket = cookieOf((await callback(back, started.cookie)).headers['set-cookie'], 'buildon_sso');
    expect((await takeToken(ticket)).statusCode).toBe(200);
    const again = await takeToken(ticket);
    expect(again.statusCode).toBe(401);
    expect(again.json<{ messageCode: string }>().messageCode).toBe('sso.badState');
    expect((await takeToken('')).statusCode).toBe(401);
  });

  it('comes back to the login page with the reason when the person cancels at the provider', async () => {
    const started = await start();
    const state = new URL(started.location).searchParams.get('state') ?? '';
    const reply = await callback(
      new URL(`${publicUrl}/auth/oidc/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(provider.issuer)}`),
      started.cookie,
    );
    expect(reply.headers.location).toBe('/login/sso?error=sso.denied');
  });

  it('never goes back to another site after signing in', async () => {
    provider.accounts.set('sub-open', { email: 'open@school.example', email_verified: true, given_name: 'O', family_name: 'R' });
    const started = await start('//evil.example/x');
    const back = await signInAtProvider(started.location, 'sub-open');
    expect((await callback(back, started.cookie)).headers.location).toBe('/login/sso?redirect=%2F');
  });

  it('names a missing state (400), and Admin tools lists the provider without its secret', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/auth/oidc/callback?code=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors?: { field: string }[] }>().errors?.[0]?.field).toContain('state');
    const admin = await t.admin();
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/integrations', headers: bearer(admin.token) });
    expect(list.body).not.toContain(provider.clientSecret);
    const line = list.json<Static<typeof IntegrationsReply>>().integrations.find((i) => i.name === 'oidc');
    expect(line).toMatchObject({ configured: true, reachable: true, detail: new URL(provider.issuer).host });
  });

  it("after Buildon's logout, sends the browser to the provider's sign-out page, which comes back to Buildon's home", async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/auth/oidc/logout' });
    expect(reply.statusCode).toBe(302);
    const url = new URL(String(reply.headers.location));
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${publicUrl}/`);
    // The provider knows that address for this client: its sign-out page answers (a confirmation form), not an error.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/logout|sign-out|signout/i);
  });

  it('logs neither the code, the state, the client secret nor a token', () => {
    const all = logged.join('\n');
    expect(all).toContain('/auth/oidc/callback');
    expect(all).not.toMatch(/[?&](code|state)=(?!\[redacted\])/);
    expect(all).not.toContain(provider.clientSecret);
    expect(all).not.toMatch(/eyJ[A-Za-z0-9_-]{20,}/);
  });
});
