/**
 * Browser-test harness: one server child process over a temp data dir, one
 * Debian Chromium driven by playwright-core, helpers for axe and screenshots.
 * Later issues reuse it: `const app = useBrowserApp()` inside a `describeBrowser`.
 */
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { solveRobotCheck } from '../support/altcha.ts';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';
import { ensureWebBuild } from '../support/webBuild.ts';

const root = join(import.meta.dirname, '../..');
export const chromiumPath = '/usr/bin/chromium';
export const screenshotDir = join(root, '.tmp/screenshots');

const hasChromium = existsSync(chromiumPath);
if (!hasChromium && !process.env.CI) console.log(`skipped: no Chromium at ${chromiumPath}`);

/**
 * `describe` for browser suites: skipped without Chromium on a workstation,
 * but run (and failing at launch) in CI, where a missing browser is a fault.
 */
export const describeBrowser = describe.skipIf(!hasChromium && !process.env.CI);

export { ensureWebBuild };

/** Runs the operator CLI against a data dir (e.g. `create-admin --user a --password b`). */
export const runCli = (dataDir: string, args: string[]): string =>
  execFileSync(process.execPath, ['--import', 'tsx', 'services/cli/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, BUILDON_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });

export type BrowserApp = {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly dataDir: string;
  readonly server: ServerProcess;
  /** A fresh context (own localStorage) and page, 1280×800 unless `options` say otherwise (e.g. a phone). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** The Content-Security-Policy violations Chromium reported so far, then forgotten (each suite fails on any left at its end). */
  takeCspViolations(): string[];
};

export type BrowserAppOptions = {
  /** An admin the operator CLI creates in the empty data dir before the server starts (before `prepare`). */
  admin?: { userName: string; password: string };
  /** Runs on the empty data dir before the server starts (e.g. create-admin). */
  prepare?: (dataDir: string) => void;
  /** Server settings beyond the harness's own (e.g. a small quota, `BUILDON_TOKEN_TTL: '20s'` to see tokens rotate), as environment variables. */
  env?: Record<string, string>;
};

/**
 * Starts the server (ALTCHA cost 1 so the widget solves at once) and Chromium
 * for the enclosing describe; stops both afterwards.
 */
export const useBrowserApp = (options: BrowserAppOptions = {}): BrowserApp => {
  let server: ServerProcess | null = null;
  let browser: Browser | null = null;
  const contexts: BrowserContext[] = [];
  // What the Content-Security-Policy refused on any page of the suite (issue 17 §1): the app must work under it.
  const cspViolations: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'buildon-e2e-'));

  beforeAll(async () => {
    ensureWebBuild();
    if (options.admin) runCli(dataDir, ['create-admin', '--user', options.admin.userName, '--password', options.admin.password]);
    options.prepare?.(dataDir);
    [server, browser] = await Promise.all([
      // Analytics jobs within a second (the default waits a minute between recomputations of a class).
      // Setup steps write a hundred notes as one pupil within seconds, far over the per-user limit of a
      // person at work (issue 17 §5); searches and uploads keep their real limits.
      startServer(dataDir, {
        BUILDON_ALTCHA_COST: '1',
        BUILDON_ANALYTICS_DEBOUNCE_MS: '500',
        BUILDON_WRITES_PER_MINUTE: '6000',
        ...options.env,
      }),
      chromium.launch({
        executablePath: chromiumPath,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      }),
    ]);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    expect(cspViolations, 'Content-Security-Policy violations reported by Chromium').toEqual([]);
  });

  const started = () => {
    if (!server || !browser) throw new Error('the browser app is not started (call inside the describe)');
    return { server, browser };
  };

  return {
    get url() {
      return started().server.url;
    },
    get server() {
      return started().server;
    },
    dataDir,
    async newPage(options: BrowserContextOptions = {}) {
      const context = await started().browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR', ...options });
      contexts.push(context);
      const page = await context.newPage();
      page.on('console', (message) => {
        // paper.js measures an imported SVG inside a hidden iframe of its own whose policy is
        // "default-src 'none'" (its images there are refused on purpose); Buildon's policy never says that.
        const text = message.text();
        if (message.type() === 'error' && text.includes('Content Security Policy') && !text.includes(`"default-src 'none'"`)) {
          cspViolations.push(`${page.url()} [${message.location().url}]: ${text.slice(0, 300)}`);
        }
      });
      // Generous: a loaded 2-core CI machine runs the browser 2–3× slower than an idle one.
      page.setDefaultTimeout(20_000);
      return page;
    },
    takeCspViolations: () => cspViolations.splice(0),
  };
};

/** No serious or critical axe violation on the current page. */
export const expectAccessible = async (page: Page): Promise<void> => {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${page.url()}`,
  ).toEqual([]);
};

/** Saves `<name>-1280.png` and `<name>-375.png` under .tmp/screenshots (git-ignored). */
export const screenshots = async (page: Page, name: string): Promise<void> => {
  mkdirSync(screenshotDir, { recursive: true });
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(screenshotDir, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(screenshotDir, `${name}-375.png`), fullPage: true });
  await page.setViewportSize(viewport);
};

/** Axe at both widths plus the two screenshots: the check every page gets. */
export const checkPage = async (page: Page, name: string): Promise<void> => {
  await expectAccessible(page);
  await screenshots(page, name);
  await page.setViewportSize({ width: 375, height: 740 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
};

export type ApiUser = { userName: string; password: string; token: string; id: string };

/** Registers a user through POST /api/users (fixtures; the UI flow has its own test). */
export const registerUser = async (url: string, userName: string, password = 'secret-pass-1'): Promise<ApiUser> => {
  const response = await fetch(`${url}/api/users`, {
    method: 'POST',
    signal: AbortSignal.timeout(30_000),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Test',
      lastName: userName,
      email: `${userName}@example.org`,
      userName,
      password,
      robotCheck: await solveRobotCheck(url),
    }),
  });
  if (response.status !== 201) throw new Error(`register ${userName}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: { _id: string } };
  return { userName, password, token: body.token, id: body.user._id };
};

/**
 * Starts the page's session with a token the test already holds, as a login
 * would leave it (for specs that open many pages: the login route allows 10
 * attempts a minute per account, and the login itself is tested elsewhere).
 */
export const useSession = async (page: Page, token: string) => {
  await page.addInitScript((value) => localStorage.setItem('buildon.token', value), token);
};

/**
 * A fresh page (see `app.newPage`) with the session of `token` (see `useSession`), opened at `path`
 * (e.g. `/view/${viewId}`): how most browser tests open a page as a given user.
 */
export const openPageAs = async (app: BrowserApp, token: string, path: string, options?: BrowserContextOptions): Promise<Page> => {
  const page = await app.newPage(options);
  await useSession(page, token);
  await page.goto(`${app.url}${path}`);
  return page;
};

/** Logs in through /login/local and waits to leave the login page. */
export const loginThroughUi = async (page: Page, url: string, userName: string, password: string, path = '/login/local') => {
  await page.goto(`${url}${path}`);
  await page.locator('input[name$="-userName"]').fill(userName);
  await page.locator('input[name$="-password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
};
