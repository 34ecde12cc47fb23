import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkPage, describeBrowser, loginThroughUi, registerUser, useBrowserApp } from './harness.ts';
import { inFrench } from './frenchText.ts';

const solveWidget = async (page: Page) => {
  const register = page.getByTestId('register');
  expect(await register.isDisabled()).toBe(true);
  // The widget draws its own check mark over the native checkbox.
  await page.locator('altcha-widget input[type="checkbox"]').click({ force: true });
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-testid="register"]')?.disabled);
};

const fillSignup = async (page: Page, values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) await page.locator(`input[name="${name}"]`).fill(value);
};

const fieldError = (page: Page, field: string) => page.locator(`[data-field-error="${field}"]`);

describeBrowser('accounts in the browser', () => {
  const app = useBrowserApp();

  it('shows the guest home, the login choice page, the navbar dialogs and the help PDF', async () => {
    const page = await app.newPage();
    await page.goto(`${app.url}/somewhere/unknown`);
    await page.waitForURL(`${app.url}/`);
    await page.getByTestId('guest-login').waitFor();
    expect(await page.getByTestId('nav-settings').count()).toBe(0);
    expect(await page.getByTestId('nav-logout').count()).toBe(0);
    expect(await page.getByTestId('nav-admin').count()).toBe(0);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await checkPage(page, 'home-guest');

    await page.getByTestId('guest-login').click();
    await page.waitForURL(`${app.url}/login`);
    await page.getByTestId('login-version').waitFor();
    expect(await page.getByTestId('login-version').textContent()).toContain('6.11.14');
    await checkPage(page, 'login');

    await page.getByTestId('nav-version').click();
    const version = page.getByTestId('version-details');
    await version.waitFor();
    expect(await version.textContent()).toMatch(/Buildon \d+\.\d+\.\d+/);
    await checkPage(page, 'dialog-version');
    await page.keyboard.press('Escape');
    await version.waitFor({ state: 'detached' });

    await page.getByTestId('nav-whatsnew').click();
    await page.getByTestId('changelog').waitFor();
    // "Nouveautés" speaks to users, in French (issue 21 §13).
    expect(await page.getByTestId('changelog').textContent()).toContain('échafaudages');
    await checkPage(page, 'dialog-whatsnew');
    await page.keyboard.press('Escape');

    // Help: the pupils' and teachers' guides, illustrated, and the PDF (issue 21 §13).
    await page.getByTestId('nav-help').click();
    await page.getByTestId('help-menu').waitFor();
    expect(await page.getByTestId('help-pdf').getAttribute('href')).toBe('/help/buildon-guide.pdf');
    await page.getByTestId('help-pupils').click();
    const guide = page.getByTestId('guide');
    await guide.waitFor();
    expect(await guide.getAttribute('lang')).toBe('fr');
    expect(await guide.textContent()).toContain('Écrire avec un échafaudage');
    const images = guide.locator('img');
    expect(await images.count()).toBeGreaterThanOrEqual(4);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await checkPage(page, 'guide-pupils');
    await page.getByTestId('guide-other').click();
    await expect.poll(() => page.getByTestId('guide').getAttribute('data-guide')).toBe('teachers');
    expect(await page.getByTestId('guide').textContent()).toContain('Inscrire la classe');
    const pdf = await fetch(`${app.url}/help/buildon-guide.pdf`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await page.goto(`${app.url}/login/idul`);
    await page.locator('input[name="idul-userName"]').waitFor();
    await checkPage(page, 'login-idul');
  });

  it('registers through the real ALTCHA widget, logs out and logs back in', async () => {
    const page = await app.newPage();
    await page.goto(`${app.url}/signup`);
    await page.locator('altcha-widget').waitFor();
    await fillSignup(page, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', userName: 'a', password: 'abc' });
    await solveWidget(page);
    await page.getByTestId('register').click();
    // Client rules (the server's own) stop the request and speak per field.
    await fieldError(page, 'userName').waitFor();
    expect(await fieldError(page, 'userName').textContent()).toBe(inFrench('messages.userNameTooShort'));
    expect(await fieldError(page, 'password').textContent()).toBe('Le mot de passe doit compter au moins 8 caractères.');
    await checkPage(page, 'signup-errors');

    await fillSignup(page, { userName: 'ada', password: 'analytical1' });
    await page.getByTestId('register').click();
    await page.waitForURL(`${app.url}/`);
    await page.getByText('Bonjour, Ada !').waitFor();
    await page.getByTestId('community-area').waitFor();
    await page.getByTestId('nav-settings').waitFor();
    expect(await page.getByTestId('nav-admin').count()).toBe(0);
    await checkPage(page, 'home');

    await page.getByTestId('nav-logout').click();
    await page.getByTestId('guest-login').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('buildon.token'))).toBeNull();

    // A wrong password: the server's message in the general message area.
    await page.goto(`${app.url}/login`);
    await page.locator('input[name="login-userName"]').fill('ada');
    await page.locator('input[name="login-password"]').fill('wrong-password');
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('login-message').waitFor();
    expect(await page.getByTestId('login-message').textContent()).toBe(inFrench('messages.loginFailed'));
    await checkPage(page, 'login-failed');

    await page.locator('input[name="login-password"]').fill('analytical1');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${app.url}/`);
    await page.getByText('Bonjour, Ada !').waitFor();

    // The same user name again: the server's 409 message sits next to its field.
    const other = await app.newPage();
    await other.goto(`${app.url}/signup`);
    await other.locator('altcha-widget').waitFor();
    await fillSignup(other, { firstName: 'Ada', lastName: 'Bis', email: 'ada2@example.org', userName: 'ada', password: 'secret-pass-1' });
    await solveWidget(other);
    await other.getByTestId('register').click();
    await fieldError(other, 'userName').waitFor();
    expect(await fieldError(other, 'userName').textContent()).toBe(inFrench('messages.userNameTaken'));
  });

  it('switches the whole interface to English and back, and the account keeps the choice', async () => {
    const user = await registerUser(app.url, 'linguist');
    const page = await app.newPage();
    await loginThroughUi(page, app.url, user.userName, user.password);
    await page.getByTestId('nav-settings').click();
    await page.getByRole('heading', { level: 1, name: 'Paramètres' }).waitFor();

    // The interface switches first, then the account is told: read what the server keeps by polling.
    const savedLang = async () =>
      (
        (await (
          await fetch(`${app.url}/api/users/me`, {
            headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('buildon.token'))}` },
          })
        ).json()) as { lang: string }
      ).lang;
    await page.locator('button[data-lang="en"]').click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByTestId('nav-logout').textContent()).toBe('Log out');
    expect(await page.getByRole('heading', { name: 'Change password' }).count()).toBe(1);
    expect(await page.locator('button[data-lang="en"]').getAttribute('aria-pressed')).toBe('true');
    await checkPage(page, 'settings-en');
    await expect.poll(savedLang).toBe('en');

    // Another browser (fresh storage): the account brings English back.
    const elsewhere = await app.newPage();
    await loginThroughUi(elsewhere, app.url, user.userName, user.password);
    await elsewhere.getByText('Hello, Test!').waitFor();
    expect(await elsewhere.getByTestId('nav-settings').textContent()).toBe('Settings');

    await page.locator('button[data-lang="fr"]').click();
    await page.getByRole('heading', { level: 1, name: 'Paramètres' }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await expect.poll(savedLang).toBe('fr');

    // Each of the nine languages renders (no missing-key fallbacks to raw keys).
    for (const lang of ['es', 'cn', 'zh_CN', 'ja', 'fi', 'pt', 'it']) {
      await page.locator(`button[data-lang="${lang}"]`).click();
      await page.waitForFunction((l) => document.querySelector(`button[data-lang="${l}"]`)?.getAttribute('aria-pressed') === 'true', lang);
      expect(await page.locator('h1').textContent()).not.toContain('settings.');
    }
    await checkPage(page, 'settings-it');
    await page.locator('button[data-lang="fr"]').click();
    await page.getByRole('heading', { level: 1, name: 'Paramètres' }).waitFor();
    await expect.poll(savedLang).toBe('fr');

    // Quick clicks: the account ends with the last choice even when the first save is slow
    // (saves go one at a time; sent together, the slow one would land last).
    let held = true;
    await page.route('**/api/users/*/lang', async (route) => {
      if (held) {
        held = false;
        await new Promise((resolve) => setTimeout(resolve, 800));
      }
      await route.continue();
    });
    await page.locator('button[data-lang="es"]').click();
    await page.locator('button[data-lang="en"]').click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expect.poll(savedLang).toBe('en');
    await page.waitForTimeout(1000);
    expect(await savedLang()).toBe('en');
    await page.unroute('**/api/users/*/lang');
  });

  it('changes the password with its messages, then logs in with the new one', async () => {
    const user = await registerUser(app.url, 'changer', 'first-pass');
    const page = await app.newPage();
    await loginThroughUi(page, app.url, user.userName, user.password);
    await page.goto(`${app.url}/settings`);
    const message = page.getByTestId('password-message');

    await page.locator('input[name="oldPassword"]').fill('not-it');
    await page.locator('input[name="newPassword"]').fill('second-pass');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await message.waitFor();
    expect(await message.textContent()).toBe(inFrench('messages.incorrectPassword'));
    expect(page.url()).toBe(`${app.url}/settings`);

    await page.locator('input[name="oldPassword"]').fill('first-pass');
    await page.locator('input[name="newPassword"]').fill('ab');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await fieldError(page, 'newPassword').waitFor();
    expect(await fieldError(page, 'newPassword').textContent()).toBe('Le mot de passe doit compter au moins 8 caractères.');

    await page.locator('input[name="newPassword"]').fill('second-pass');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText(inFrench('messages.passwordChanged')).waitFor();
    await checkPage(page, 'settings-password-changed');

    // The new token replaced the old one: a reload stays signed in.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Paramètres' }).waitFor();

    await page.getByTestId('nav-logout').click();
    await page.getByTestId('guest-login').waitFor();
    await page.goto(`${app.url}/login/local`);
    await page.locator('input[name="local-userName"]').fill(user.userName);
    await page.locator('input[name="local-password"]').fill('first-pass');
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('login-message').waitFor();
    await loginThroughUi(page, app.url, user.userName, 'second-pass');
    await page.getByText('Bonjour, Test !').waitFor();
  });

  it('a 401 sends the user to /login?redirect=… and back after login', async () => {
    const user = await registerUser(app.url, 'roundtrip', 'pass-one');
    const page = await app.newPage();

    // Logged out: /settings asks for a login, then returns to /settings.
    await page.goto(`${app.url}/settings`);
    await page.waitForURL(`${app.url}/login?redirect=/settings`);
    await page.locator('input[name="login-userName"]').fill(user.userName);
    await page.locator('input[name="login-password"]').fill('pass-one');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${app.url}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Paramètres' }).waitFor();

    // Mid-session: the password changes elsewhere, so this browser's token
    // stops working; the next call gets a 401.
    const token = await page.evaluate(() => localStorage.getItem('buildon.token'));
    const changed = await fetch(`${app.url}/api/users/${user.id}/password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ oldPassword: 'pass-one', newPassword: 'pass-two' }),
    });
    expect(changed.status).toBe(200);
    await page.goto(`${app.url}/admintools`);
    await page.waitForURL(`${app.url}/login?redirect=/admintools`);
    expect(await page.evaluate(() => localStorage.getItem('buildon.token'))).toBeNull();
    await page.locator('input[name="login-userName"]').fill(user.userName);
    await page.locator('input[name="login-password"]').fill('pass-two');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${app.url}/admintools`);
    // Not an admin: the 403 page, and no admin links.
    await page.getByTestId('forbidden').waitFor();
  });
});
