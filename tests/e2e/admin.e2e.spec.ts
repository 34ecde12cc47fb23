import { beforeAll, expect, it } from 'vitest';
import { checkPage, describeBrowser, loginThroughUi, registerUser, useBrowserApp } from './harness.ts';
import { inFrench } from './frenchText.ts';

const admin = { userName: 'headteacher', password: 'admin-pass1' };

describeBrowser('admin screens in the browser', () => {
  // The operator CLI creates the admin in the data dir before the server starts.
  const app = useBrowserApp({ admin });

  beforeAll(async () => {
    // 56 pupils + the admin: two pages of 50.
    const names = Array.from({ length: 55 }, (_, i) => `pupil${String(i + 1).padStart(2, '0')}`);
    for (let i = 0; i < names.length; i += 8) {
      await Promise.all(names.slice(i, i + 8).map((name) => registerUser(app.url, name)));
    }
    await registerUser(app.url, 'student', 'student-pass');
  });

  it('shows a non-admin no admin links and a 403 page', async () => {
    const page = await app.newPage();
    await loginThroughUi(page, app.url, 'student', 'student-pass');
    await page.getByTestId('nav-settings').waitFor();
    expect(await page.getByTestId('nav-admin').count()).toBe(0);
    expect(await page.getByTestId('nav-admintools').count()).toBe(0);
    await page.goto(`${app.url}/admin`);
    await page.getByTestId('forbidden').waitFor();
    await checkPage(page, 'forbidden');
    await page.goto(`${app.url}/admintools`);
    await page.getByTestId('forbidden').waitFor();
    const search = await fetch(`${app.url}/api/users/search`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('buildon.token'))}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ query: {}, pagesize: 50, page: 1 }),
    });
    expect(search.status).toBe(403);
  });

  it('lets the admin filter, page through users and reset a password', async () => {
    const page = await app.newPage();
    await loginThroughUi(page, app.url, admin.userName, admin.password);
    await page.getByTestId('nav-admin').click();
    await page.waitForURL(`${app.url}/admin`);
    await page.getByTestId('users-table').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="user-count"]')?.textContent === '57 utilisateurs');
    // Rows and count come from two queries: wait for the rows too.
    await expect.poll(() => page.locator('[data-testid="users-table"] tbody tr').count()).toBe(50);
    await checkPage(page, 'admin-users');

    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(`${app.url}/admin?page=2`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="users-table"] tbody tr').length === 7);
    expect(await page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    await page.locator('input[name="filter"]').fill('pupil07');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL(`${app.url}/admin?filter=pupil07`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="users-table"] tbody tr').length === 1);
    // Rows and count come from two queries: wait for the count rather than read it once.
    await page.waitForFunction(() => document.querySelector('[data-testid="user-count"]')?.textContent === '1 utilisateur');

    const reset = page.getByTestId('reset-pupil07');
    await reset.locator('input').fill('fresh-pass7');
    await reset.getByRole('button').click();
    await reset.getByText(inFrench('community.resetSucceeded')).waitFor();
    await checkPage(page, 'admin-reset');

    const login = await fetch(`${app.url}/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'pupil07', password: 'fresh-pass7' }),
    });
    expect(login.status).toBe(200);
  });

  it('runs a projection rebuild from admin tools with a progress display', async () => {
    const page = await app.newPage();
    await loginThroughUi(page, app.url, admin.userName, admin.password);
    await page.getByTestId('nav-admintools').click();
    await page.getByTestId('storage-stats').waitFor();
    const head = Number((await page.getByTestId('head-position').textContent())?.replace(/\D/g, ''));
    expect(head).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="read-models"] tbody tr').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Reconstruire' }).click();
    const job = page.getByTestId('rebuild-job');
    await job.waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="rebuild-job"]')?.getAttribute('data-state') === 'completed',
      undefined,
      { timeout: 30_000 },
    );
    expect(await job.locator('progress').getAttribute('value')).toBe('100');
    await checkPage(page, 'admin-tools');
  });
});
