import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOidcProvider } from '../support/oidcProvider.ts';
import { checkPage, describeBrowser, registerUser, screenshots, useBrowserApp, type ApiUser } from './harness.ts';

/**
 * Issue 18 §1 in the browser: the login page shows "Continuer avec <label>"
 * when BUILDON_OIDC_* name a provider; the whole redirect flow runs in
 * Chromium against a real OpenID provider (oidc-provider on 127.0.0.1, its
 * development sign-in and consent pages): Buildon → provider → Buildon's
 * callback → /login/sso → the page asked for, signed in as the account whose
 * e-mail the provider verified. A failed sign-in comes back to a French message.
 */
const provider = await startOidcProvider();
afterAll(async () => provider.close());

describeBrowser('OpenID Connect sign-in in the browser', () => {
  const app = useBrowserApp({ env: provider.env('Compte de l’école') });
  let marie: ApiUser;

  beforeAll(async () => {
    provider.register(app.url);
    marie = await registerUser(app.url, 'marie');
    provider.accounts.set('marie.curie', {
      email: 'marie@example.org',
      email_verified: true,
      given_name: 'Marie',
      family_name: 'Curie',
    });
  });

  it('signs in through the provider from the login page and lands on the page asked for', async () => {
    const page = await app.newPage();
    await page.goto(`${app.url}/login?redirect=/settings`);
    const button = page.getByTestId('sign-in-oidc');
    await button.waitFor();
    expect(await button.textContent()).toBe('Continuer avec Compte de l’école');
    await checkPage(page, 'login-oidc');

    await button.click();
    await page.waitForURL((u) => u.origin === provider.issuer);
    await page.locator('input[name="login"]').fill('marie.curie');
    await page.locator('input[name="password"]').fill('whatever');
    await page.locator('button[type="submit"]').click();
    // The provider asks for consent once for this client.
    await page.waitForURL((u) => u.origin !== provider.issuer || !u.pathname.endsWith('/submit'));
    if (new URL(page.url()).origin === provider.issuer) await page.locator('button[type="submit"]').click();

    await page.waitForURL(`${app.url}/settings`);
    const token = await page.evaluate(() => localStorage.getItem('buildon.token'));
    expect(token).toBeTruthy();
    const me = await fetch(`${app.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { _id: string })._id).toBe(marie.id);
    // The token was handed over once: the cookie that carried it is gone.
    expect((await page.context().cookies()).filter((c) => c.name.startsWith('buildon_'))).toEqual([]);

    // Logging out of Buildon also offers to sign out at the provider, then comes home: on a shared
    // classroom computer the next pupil's "Continuer avec …" asks for their own name again.
    await page.goto(`${app.url}/logout`);
    await page.waitForURL((u) => u.origin === provider.issuer);
    await screenshots(page, 'oidc-provider-logout');
    await page.locator('button[name="logout"][value="yes"]').click();
    await page.waitForURL(`${app.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('buildon.token'))).toBeNull();
    expect(await fetch(`${app.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status)).toBe(401);
    await page.goto(`${app.url}/login`);
    await page.getByTestId('sign-in-oidc').click();
    await page.waitForURL((u) => u.origin === provider.issuer);
    await page.locator('input[name="login"]').waitFor();
  });

  it('shows why a sign-in failed, in French, with the way back', async () => {
    const page = await app.newPage();
    await page.goto(`${app.url}/login/sso?error=sso.badState`);
    const error = page.getByTestId('sso-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('Cette connexion a expiré ou a déjà servi');
    await screenshots(page, 'login-sso-error');
    await page.getByRole('link', { name: 'Retour à la connexion' }).click();
    await page.waitForURL(`${app.url}/login`);
  });
});
