import { readFileSync } from 'node:fs';
import type { Page, WebSocket as PageSocket } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import { call, createCommunity, joinCommunity, ok, waitForLive } from './api.ts';
import { checkPage, describeBrowser, loginThroughUi, openPageAs, registerUser, useBrowserApp, type ApiUser } from './harness.ts';
import { inFrench } from './frenchText.ts';

/**
 * Issue 17 §3 and §4 in the browser: the admin reads and filters the audit trail and downloads it as CSV;
 * a user sees their sessions and ends another (that browser is sent to the login page, saying why);
 * an admin ends a user's sessions; and a short-lived token is rotated with the live socket following it.
 */

const admin = { userName: 'securityadmin', password: 'admin-pass-42' };
const keys = { registrationKey: 'eleves-5b', managerRegistrationKey: 'profs-5b' };
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const endedText = inFrench('errors.sessionEnded');

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('buildon.token'));

/** The page leaves for /login by itself and tells why. */
const sentToLogin = async (page: Page) => {
  await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
  await page.getByTestId('login-notice').getByText(endedText).waitFor();
  expect(await tokenOf(page)).toBeNull();
};

describeBrowser('audit trail and sessions in the browser (issue 17 §3, §4)', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let adminToken: string;
  let pupil: ApiUser;

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, { title: 'Sciences 5e B', ...keys });
    adminToken = (await ok<{ token: string }>(app.url, '/auth/local', '', 'POST', admin)).token;
    pupil = await registerUser(app.url, 'lea-audit', 'lea-pass-1');
    await joinCommunity(app.url, pupil, community._id, keys.registrationKey);
    const other = await registerUser(app.url, 'hugo-audit', 'hugo-pass-1');
    // Two audited admin actions on two users: password resets.
    for (const user of [pupil, other]) {
      await ok(app.url, `/api/users/${user.id}`, adminToken, 'PATCH', { password: `reset-${user.userName}-9` });
    }
    // The reset ended the registration's token: the pupil signs in again.
    const password = `reset-${pupil.userName}-9`;
    pupil = {
      ...pupil,
      password,
      token: (await ok<{ token: string }>(app.url, '/auth/local', '', 'POST', { userName: pupil.userName, password })).token,
    };
  });

  it('the admin filters the audit trail by action, actor and days, and downloads the filtered CSV', async () => {
    const page = await openPageAs(app, adminToken, '/admintools');
    const table = page.getByTestId('audit-table');
    await table.waitFor();
    await expect.poll(async () => Number((await page.getByTestId('audit-count').textContent())?.match(/\d+/)?.[0] ?? 0)).toBeGreaterThan(3);

    await page.getByLabel('Action', { exact: true }).selectOption('user.passwordReset');
    await page.getByTestId('audit-count').getByText('2 événements').waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    expect(await table.locator('tbody tr[data-action="user.passwordReset"]').count()).toBe(2);
    // Newest first: hugo's reset came second.
    expect(await table.locator('tbody tr').first().textContent()).toContain('hugo-audit');
    expect(await table.locator('tbody tr').first().textContent()).toContain('Mot de passe réinitialisé');
    expect(await table.locator('tbody tr').first().textContent()).toContain('par : un administrateur');

    // Only this actor's actions (a click on the name).
    await table
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /securityadmin/ })
      .click();
    await page.getByTestId('audit-actor-filter').waitFor();
    await page.getByTestId('audit-count').getByText('2 événements').waitFor();

    // A day range after today: nothing.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await page.getByLabel('Du', { exact: true }).fill(day);
    await page.getByText('Aucun événement ne correspond à ces filtres.').waitFor();
    await page.getByLabel('Du', { exact: true }).fill('');
    await page.getByTestId('audit-count').getByText('2 événements').waitFor();
    await checkPage(page, 'audit-filtered');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger en CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('buildon-audit.csv');
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('at,action,actorId,actorName,targetType,targetId,targetLabel,communityId,communityTitle,details');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(',user.passwordReset,'))).toBe(true);
    expect(csv).not.toContain('reset-lea-audit-9');
    await page.getByText('Fichier CSV téléchargé.').waitFor();
  });

  it('refuses the audit trail to a non-admin: the page and the API', async () => {
    const page = await openPageAs(app, pupil.token, '/admintools');
    await page.getByTestId('forbidden').waitFor();
    for (const path of ['/api/admin/audit', '/api/admin/audit.csv']) {
      const refused = await call<{ messageCode?: string }>(app.url, path, pupil.token);
      expect(refused.status).toBe(403);
      expect(refused.json.messageCode).toBe('messages.adminOnly');
    }
  });

  it('a user sees their sessions and ends another one: that browser, on a live view, is sent to the login page', async () => {
    // The same pupil on a second computer (Firefox), on the class's view with its live channel.
    const elsewhere = await app.newPage({ userAgent: firefox });
    await loginThroughUi(elsewhere, app.url, pupil.userName, pupil.password);
    await elsewhere.goto(`${app.url}/view/${community.views[0] ?? ''}`);
    await waitForLive(elsewhere);

    const page = await app.newPage();
    await loginThroughUi(page, app.url, pupil.userName, pupil.password);
    await page.goto(`${app.url}/settings`);
    const sessions = page.getByTestId('session');
    await sessions.first().waitFor();
    const current = page.locator('[data-testid="session"][data-current="true"]');
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toContain('Cette session');
    expect(await current.textContent()).toContain('Chrome');
    const firefoxRow = sessions.filter({ hasText: 'Firefox' });
    expect(await firefoxRow.count()).toBe(1);
    expect(await firefoxRow.textContent()).toContain('Dernière activité');
    await checkPage(page, 'settings-sessions');

    await firefoxRow.getByRole('button', { name: /Mettre fin/ }).click();
    await page.getByRole('status').getByText('Session terminée.').waitFor();
    await expect.poll(() => sessions.filter({ hasText: 'Firefox' }).count()).toBe(0);
    // The other browser made no request: its socket was closed and the app found out.
    await sentToLogin(elsewhere);
    await checkPage(elsewhere, 'session-ended-login');
    // This one goes on.
    await page.reload();
    await page.locator('[data-testid="session"][data-current="true"]').waitFor();

    // Two more sessions elsewhere; then every other session ends at once.
    const credentials = { userName: pupil.userName, password: pupil.password };
    const extra = [
      (await ok<{ token: string }>(app.url, '/auth/local', '', 'POST', credentials)).token,
      (await ok<{ token: string }>(app.url, '/auth/local', '', 'POST', credentials)).token,
    ];
    await page.reload();
    await expect.poll(() => sessions.count()).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'Mettre fin à toutes les autres sessions' }).click();
    await page
      .getByRole('status')
      .getByText(/autres sessions terminées\./)
      .waitFor();
    await expect.poll(() => sessions.count()).toBe(1);
    for (const token of extra) expect((await call(app.url, '/api/users/me', token)).status).toBe(401);
    expect(new URL(page.url()).pathname).toBe('/settings');
  });

  it("an admin ends all of a user's sessions from the users page: the user's browser is logged out", async () => {
    const user = await registerUser(app.url, 'zoe-audit', 'zoe-pass-1');
    await joinCommunity(app.url, user, community._id, keys.registrationKey);
    const pupilPage = await openPageAs(app, user.token, `/view/${community.views[0] ?? ''}`);
    await waitForLive(pupilPage);

    const page = await openPageAs(app, adminToken, '/admin?filter=zoe-audit');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('end-sessions-zoe-audit').click();
    await page.getByRole('status').getByText('Sessions terminées').waitFor();
    await sentToLogin(pupilPage);
    expect((await call(app.url, '/api/users/me', user.token)).status).toBe(401);
    const audit = await ok<{ entries: { action: string; targetId: string | null }[] }>(
      app.url,
      '/api/admin/audit?action=user.sessionsEnded',
      adminToken,
    );
    expect(audit.entries[0]?.targetId).toBe(user.id);
  });
});

describeBrowser('a short-lived token is rotated and the live socket follows it (issue 17 §4)', () => {
  // 20-second tokens: the client refreshes each after 15 s.
  const app = useBrowserApp({ admin, env: { BUILDON_TOKEN_TTL: '20s' } });

  it('refreshes the token before it expires and re-authenticates the live socket with it; the view stays live', async () => {
    const community = await createCommunity(app.url, admin, { title: 'Rotation', ...keys });
    const pupil = await registerUser(app.url, 'rotating-pupil', 'rot-pass-1');
    await joinCommunity(app.url, pupil, community._id, keys.registrationKey);
    const page = await app.newPage();
    const authSent: string[] = [];
    // Each socket with the token it authenticated with (the page's one shared socket: the bell's notifications use it too).
    const sockets: { socket: PageSocket; token?: string }[] = [];
    page.on('websocket', (socket) => {
      const entry: { socket: PageSocket; token?: string } = { socket };
      sockets.push(entry);
      socket.on('framesent', ({ payload }) => {
        const message = JSON.parse(String(payload)) as { type: string; token?: string };
        if (message.type === 'auth' && message.token) {
          authSent.push(message.token);
          entry.token = message.token;
        }
      });
    });
    await loginThroughUi(page, app.url, pupil.userName, pupil.password);
    // The home page's socket (its bell) goes with the home page; the view's page is the one followed.
    await page.getByTestId('nav-notifications').waitFor();
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    const fromView = sockets.length;
    await page.goto(`${app.url}/view/${community.views[0] ?? ''}`);
    await waitForLive(page);
    const first = await tokenOf(page);
    expect(new Set(authSent)).toEqual(new Set([first]));

    // Past the first token's life: it was replaced, and the socket re-authenticated with the new one.
    await expect.poll(() => tokenOf(page), { timeout: 25_000, interval: 500 }).not.toBe(first);
    const second = await tokenOf(page);
    await expect.poll(() => authSent.at(-1), { timeout: 10_000 }).toBe(second);
    await waitForLive(page);
    expect(sockets.length).toBeGreaterThanOrEqual(2);
    // Every socket that authenticated with the first token is closed.
    const withFirst = sockets.slice(fromView).filter((entry) => entry.token === first);
    expect(withFirst.length).toBeGreaterThan(0);
    expect(withFirst.every((entry) => entry.socket.isClosed())).toBe(true);
    // The old token is refused, the new one works, and the page never went to the login page.
    expect((await call(app.url, '/api/users/me', first ?? '')).status).toBe(401);
    expect((await call(app.url, '/api/users/me', second ?? '')).status).toBe(200);
    await page.waitForTimeout(21_000 - 15_000);
    expect(new URL(page.url()).pathname).toBe(`/view/${community.views[0] ?? ''}`);
  });
});
