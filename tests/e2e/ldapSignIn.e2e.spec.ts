import { afterAll, describe, expect, it } from 'vitest';
import { hasSlapd, slapdPath, startSlapd, type TestDirectory } from '../support/slapd.ts';
import { checkPage, describeBrowser, screenshots, useBrowserApp } from './harness.ts';

/**
 * Issue 18 §2 in the browser: with BUILDON_LDAP_* naming a directory (a slapd
 * this suite starts and seeds), the login page shows the institutional card with
 * the configured label; its form signs a pupil in with the directory's password,
 * and a wrong one is refused in French.
 */
if (!hasSlapd) console.log(`skipped: no slapd at ${slapdPath}`);
const directory: TestDirectory | null = hasSlapd || process.env.CI ? await startSlapd() : null;
afterAll(async () => directory?.stop());

(directory ? describeBrowser : describe.skip)('LDAP sign-in in the browser', () => {
  const app = useBrowserApp({ env: directory?.env('Connexion IDUL') ?? {} });

  it('signs in through the institutional card with the directory password', async () => {
    directory?.add({ uid: 'hugo', password: 'pw-hugo-123', mail: 'hugo@school.example', givenName: 'Hugo', sn: 'Lefebvre' });
    const page = await app.newPage();
    await page.goto(`${app.url}/login`);
    const card = page.getByRole('link', { name: 'Connexion IDUL' });
    await card.waitFor();
    await checkPage(page, 'login-ldap');
    await card.click();
    await page.locator('input[name="idul-userName"]').fill('hugo');
    await page.locator('input[name="idul-password"]').fill('not-his-password');
    await page.locator('form button[type="submit"]').click();
    await page.getByText('Identifiant institutionnel ou mot de passe incorrect.').waitFor();
    await screenshots(page, 'login-ldap-refused');

    await page.locator('input[name="idul-password"]').fill('pw-hugo-123');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const token = await page.evaluate(() => localStorage.getItem('buildon.token'));
    const me = await fetch(`${app.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ userName: 'hugo', email: 'hugo@school.example', firstName: 'Hugo' });
  });
});
